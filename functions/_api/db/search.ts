// Admin free-text search through trigram full-text indexes kept by triggers: accounts' names and e-mail in
// `user_search` (migrations/0004_user_search.sql) and chefs' uri and shown location in `chef_search`
// (migrations/0005_chef_search.sql), so a substring search reads an index, not a whole table. Both fold case and
// diacritics ("zurich" finds "Zürich", "MULLER" finds "Müller").
import { and, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { containsText } from './like';

/** A trigram index finds substrings of three characters or more; shorter ones match nothing through it. */
const TRIGRAM = 3;
const MAX_WORDS = 5;

/** `users` or an alias of it (the booking's customer or chef). */
type Account = Record<'id' | 'firstname' | 'lastname' | 'email', SQLiteColumn>;
/** The `chefs` table's columns that the chef search reads. */
type Chef = Record<'id' | 'uri' | 'displayLocation', SQLiteColumn>;

const searchWords = (text: string | undefined) => (text ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
const indexable = (word: string) => [...word].length >= TRIGRAM;

/** An FTS5 query in which every word is a quoted phrase (so operators and wildcards in it are plain text), all ANDed. */
const ftsQuery = (words: string[]) => words.map((w) => `"${w.replace(/"/g, '""')}"`).join(' ');

/** The rows of an index that contain every word (in any of its columns). */
const indexed = (index: 'user_search' | 'chef_search', words: string[]): SQL => sql`select rowid from ${sql.raw(index)} where ${sql.raw(index)} match ${ftsQuery(words)}`;

/**
 * The words of `text`: each one found by `lookup` (through an index) when it is long enough, the others by LIKE over
 * `columns`. Undefined when there is nothing to search for. Short words (the index cannot find them) filter the
 * rows the index found. A search made only of short words has nothing to look up in an index, so it is LIKE over
 * the columns themselves: a table scan, kept because it still finds every match (only such rare searches pay for
 * it). LIKE folds ASCII case only and keeps diacritics: "zu" does not find "Zürich", "zur" does.
 */
function matchWords(text: string | undefined, lookup: (words: string[]) => SQL[], columns: SQLiteColumn[]): SQL | undefined {
  const words = searchWords(text);
  if (!words.length) return undefined;
  const long = words.filter(indexable);
  const like = (word: string) => or(...columns.map((col) => containsText(col, word)));
  return and(...(long.length ? lookup(long) : []), ...words.filter((w) => !indexable(w)).map(like));
}

/** Every word of `text` occurs in the account's first name, last name or e-mail. */
export function matchAccountWords(text: string | undefined, account: Account): SQL | undefined {
  return matchWords(text, (words) => [sql`${account.id} in (${indexed('user_search', words)})`], [account.firstname, account.lastname, account.email]);
}

/**
 * Every word of `text` occurs in the chef's account (first name, last name, e-mail) or profile (uri, shown location).
 * A word may be in either, so each one is its own lookup: the chefs it finds through `chef_search`, plus the chefs of
 * the accounts it finds through `user_search` (by the unique chefs.user_id), as one set of chef ids.
 */
export function matchChefWords(text: string | undefined, chef: Chef, account: Account): SQL | undefined {
  return matchWords(
    text,
    (words) => words.map((w) => sql`${chef.id} in (${indexed('chef_search', [w])} union select c.id from chefs c where c.user_id in (${indexed('user_search', [w])}))`),
    [account.firstname, account.lastname, account.email, chef.uri, chef.displayLocation],
  );
}
