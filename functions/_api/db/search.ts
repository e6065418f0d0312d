// Admin free-text search over accounts: names and e-mail through the trigram full-text index `user_search`
// (migrations/0004_user_search.sql: an FTS5 table over users kept by triggers), so a substring search reads the index,
// not the whole users table. The index folds case and diacritics ("zurich" finds "Zürich", "MULLER" finds "Müller").
import { and, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { containsText } from './like';

/** A trigram index finds substrings of three characters or more; shorter ones match nothing through it. */
const TRIGRAM = 3;
const MAX_WORDS = 5;

/** `users` or an alias of it (the booking's customer or chef). */
type Account = Record<'id' | 'firstname' | 'lastname' | 'email', SQLiteColumn>;

const searchWords = (text: string | undefined) => (text ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
const indexable = (word: string) => [...word].length >= TRIGRAM;

/** An FTS5 query in which every word is a quoted phrase (so operators and wildcards in it are plain text), all ANDed. */
const ftsQuery = (words: string[]) => words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ');

/** The account's id is among the rows of the index that contain every word (in any of firstname, lastname, email). */
const inIndex = (userId: SQLiteColumn, words: string[]): SQL =>
  sql`${userId} in (select rowid from user_search where user_search match ${ftsQuery(words)})`;

/**
 * Every word of `text` must occur in the account's first name, last name or e-mail, or in one of `alsoIn` (columns of
 * the same row, e.g. the chef's uri). Undefined when there is nothing to search for. Words of three characters or
 * more go through the index; shorter words (the index cannot find them) are LIKE filters on the rows the index
 * found. A search made only of short words has nothing to look up in the index, so it is LIKE over the columns
 * themselves: a table scan, kept because it still finds every match (only such rare searches pay for it). LIKE folds
 * ASCII case only and keeps diacritics: "zu" does not find "Zürich", "zur" does.
 */
export function matchAccountWords(text: string | undefined, account: Account, alsoIn: SQLiteColumn[] = []): SQL | undefined {
  const words = searchWords(text);
  if (!words.length) return undefined;
  const like = (word: string) => or(...[account.firstname, account.lastname, account.email, ...alsoIn].map((col) => containsText(col, word)));
  if (!alsoIn.length) {
    const long = words.filter(indexable);
    return and(long.length ? inIndex(account.id, long) : undefined, ...words.filter((w) => !indexable(w)).map(like));
  }
  // A word may match the account or another column, so each one is its own index lookup.
  return and(...words.map((w) => (indexable(w) ? or(inIndex(account.id, [w]), ...alsoIn.map((col) => containsText(col, w))) : like(w))));
}
