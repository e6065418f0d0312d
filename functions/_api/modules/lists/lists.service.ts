// The vocabularies chefs pick from and visitors filter by: cuisines, diets and allergens with names in one locale.
import { and, asc, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { listItems, type LocaleNames } from '../../db/schema/lists';
import type { Locale } from '#shared/locales';

export type ListItem = { key: string; name: string };
/** Keyed like the filters of menus near a region (allergens are "allergy" there too). */
export type Lists = { cuisine: ListItem[]; diet: ListItem[]; allergy: ListItem[] };

/** The name in the locale, else de for de-ch, else English, else the key. */
export function localName(names: LocaleNames, key: string, locale: Locale): string {
  return names[locale] ?? (locale === 'de-ch' ? names.de : undefined) ?? names.en ?? key;
}

export async function activeLists(db: DB, locale: Locale): Promise<Lists> {
  const rows = await db
    .select({ kind: listItems.kind, key: listItems.key, names: listItems.names })
    .from(listItems)
    .where(isNull(listItems.retiredAt))
    .orderBy(asc(listItems.kind), asc(listItems.position), asc(listItems.key));
  const out: Lists = { cuisine: [], diet: [], allergy: [] };
  for (const r of rows) {
    const bucket = r.kind === 'allergen' ? out.allergy : r.kind === 'cuisine' ? out.cuisine : r.kind === 'diet' ? out.diet : null;
    bucket?.push({ key: r.key, name: localName(r.names, r.key, locale) });
  }
  return out;
}

/**
 * The current diet and allergen items among these keys (a booking's or a guest's answer), as one statement that can
 * run in a batch. One JSON parameter per list keeps it far below D1's 100 bound parameters.
 */
export function dietaryKeysQuery(db: DB, diets: readonly string[], allergens: readonly string[]) {
  const keys = { diets: JSON.stringify(diets), allergens: JSON.stringify(allergens) };
  return db
    .select({ kind: listItems.kind, key: listItems.key, names: listItems.names })
    .from(listItems)
    .where(
      and(
        isNull(listItems.retiredAt),
        sql`((${listItems.kind} = 'diet' and ${listItems.key} in (select value from json_each(${keys.diets})))
          or (${listItems.kind} = 'allergen' and ${listItems.key} in (select value from json_each(${keys.allergens}))))`,
      ),
    );
}
