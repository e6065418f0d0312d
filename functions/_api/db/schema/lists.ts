// Admin-managed vocabularies: cuisines, diets and allergens, each with a name in every locale.
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, instant } from './columns';

export type LocaleNames = Partial<Record<'de' | 'de-ch' | 'en' | 'fr' | 'it', string>>;

export const listItems = sqliteTable(
  'list_items',
  {
    id: id(),
    /** cuisine | diet | allergen */
    kind: text('kind').notNull(),
    /** Stable key used in URLs and filters (seed: filter option key). */
    key: text('key').notNull(),
    names: text('names', { mode: 'json' }).$type<LocaleNames>().notNull(),
    position: integer('position').notNull().default(0),
    /** Retired entries stay on existing menus but are not offered for new ones. */
    retiredAt: instant('retired_at'),
  },
  (t) => [uniqueIndex('list_items_kind_key').on(t.kind, t.key)],
);
