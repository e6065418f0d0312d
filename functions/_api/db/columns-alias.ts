// D1's raw() result collapses columns that share a name, which shifts every value after a duplicate in a joined
// select. Joined selects therefore give each column a unique alias with `as()`, keeping Drizzle's value mapping.
import { sql, type Column, type SQL } from 'drizzle-orm';

/** A column's value as a select reads it: null too unless the column is declared not null. */
type ValueOf<C extends Column> = C['_']['notNull'] extends true ? C['_']['data'] : C['_']['data'] | null;

const aliased = <T>(column: Column, alias: string) => (sql`${column}`.mapWith(column) as SQL<T>).as(alias);

export const as = <C extends Column>(column: C, alias: string) => aliased<ValueOf<C>>(column, alias);
/** `as()` for a column of a left-joined table: null when the join found no row, whatever the column declares. */
export const asJoined = <C extends Column>(column: C, alias: string) => aliased<C['_']['data'] | null>(column, alias);
