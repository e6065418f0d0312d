// Case-insensitive "contains" search for SQL LIKE, with LIKE's own wildcards (% and _) in the text taken literally.
// lower() folds ASCII only, so "zürich" does not find "ZÜRICH"; names rarely differ only in an accented capital.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The LIKE pattern that finds `text` anywhere, ignoring ASCII case. */
export const containsPattern = (text: string) => `%${escapeLike(text.toLowerCase())}%`;

/** `expr` matches a pattern of containsPattern() (a value, or a placeholder for one). */
export const likePattern = (expr: SQL | SQLiteColumn, pattern: unknown): SQL => sql`lower(${expr}) like ${pattern} escape '\\'`;

export const containsText = (expr: SQL | SQLiteColumn, text: string): SQL => likePattern(expr, containsPattern(text));
