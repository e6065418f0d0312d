// Case-insensitive "contains" search for SQL LIKE, with LIKE's own wildcards (% and _) in the text taken literally.
// lower() folds ASCII only, so "zürich" does not find "ZÜRICH"; names rarely differ only in an accented capital.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export function containsText(expr: SQL | SQLiteColumn, text: string): SQL {
  return sql`lower(${expr}) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`;
}
