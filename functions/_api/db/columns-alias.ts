// D1's raw() result collapses columns that share a name, which shifts every value after a duplicate in a joined
// select. Joined selects therefore give each column a unique alias with `as()`, keeping Drizzle's value mapping.
import { sql, type Column } from 'drizzle-orm';

export const as = <C extends Column>(column: C, alias: string) => sql<C['_']['data']>`${column}`.mapWith(column).as(alias);
