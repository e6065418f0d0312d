// Column helpers shared by every schema file: instants are UTC epoch milliseconds, flags are 0/1 integers.
import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

export const id = () => integer('id').primaryKey({ autoIncrement: true });
export const instant = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const flag = (name: string) => integer(name, { mode: 'boolean' }).notNull().default(false);
export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
export const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
