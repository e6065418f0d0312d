// Reference vocabularies: cuisines, diets and the 14 EU allergens, named in every locale.
import type { DB } from '../../functions/_api/db/client';
import { listItems, type LocaleNames } from '../../functions/_api/db/schema/lists';
import { deCh } from './text';

type Entry = readonly [key: string, en: string, de: string, fr: string, it: string];

export const CUISINES: readonly Entry[] = [
  ['swiss', 'Swiss', 'Schweizerisch', 'Suisse', 'Svizzera'],
  ['italian', 'Italian', 'Italienisch', 'Italienne', 'Italiana'],
  ['french', 'French', 'Französisch', 'Française', 'Francese'],
  ['mediterranean', 'Mediterranean', 'Mediterran', 'Méditerranéenne', 'Mediterranea'],
  ['japanese', 'Japanese', 'Japanisch', 'Japonaise', 'Giapponese'],
  ['thai', 'Thai', 'Thailändisch', 'Thaïlandaise', 'Thailandese'],
  ['indian', 'Indian', 'Indisch', 'Indienne', 'Indiana'],
  ['lebanese', 'Lebanese', 'Libanesisch', 'Libanaise', 'Libanese'],
  ['mexican', 'Mexican', 'Mexikanisch', 'Mexicaine', 'Messicana'],
  ['spanish', 'Spanish', 'Spanisch', 'Espagnole', 'Spagnola'],
  ['greek', 'Greek', 'Griechisch', 'Grecque', 'Greca'],
  ['vegan', 'Vegan cuisine', 'Vegane Küche', 'Cuisine végane', 'Cucina vegana'],
  ['fusion', 'Fusion', 'Fusionsküche', 'Fusion', 'Fusion'],
  ['bbq', 'BBQ & grill', 'BBQ & Grill', 'Barbecue & grillades', 'Barbecue e griglia'],
  ['peruvian', 'Peruvian', 'Peruanisch', 'Péruvienne', 'Peruviana'],
  ['korean', 'Korean', 'Koreanisch', 'Coréenne', 'Coreana'],
  ['chinese', 'Chinese', 'Chinesisch', 'Chinoise', 'Cinese'],
  ['vietnamese', 'Vietnamese', 'Vietnamesisch', 'Vietnamienne', 'Vietnamita'],
  ['german', 'German', 'Deutsch', 'Allemande', 'Tedesca'],
  ['austrian', 'Austrian', 'Österreichisch', 'Autrichienne', 'Austriaca'],
  ['moroccan', 'Moroccan', 'Marokkanisch', 'Marocaine', 'Marocchina'],
  ['nordic', 'Nordic', 'Nordisch', 'Nordique', 'Nordica'],
];

export const DIETS: readonly Entry[] = [
  ['vegetarian', 'Vegetarian', 'Vegetarisch', 'Végétarien', 'Vegetariano'],
  ['vegan', 'Vegan', 'Vegan', 'Végan', 'Vegano'],
  ['pescatarian', 'Pescatarian', 'Pescetarisch', 'Pescétarien', 'Pescetariano'],
  ['gluten-free', 'Gluten-free', 'Glutenfrei', 'Sans gluten', 'Senza glutine'],
  ['lactose-free', 'Lactose-free', 'Laktosefrei', 'Sans lactose', 'Senza lattosio'],
  ['halal', 'Halal', 'Halal', 'Halal', 'Halal'],
  ['kosher', 'Kosher', 'Koscher', 'Casher', 'Kosher'],
  ['low-carb', 'Low carb', 'Low Carb', 'Pauvre en glucides', 'Low carb'],
  ['keto', 'Keto', 'Ketogen', 'Cétogène', 'Chetogenica'],
];

/** The 14 allergens of EU Regulation 1169/2011, Annex II (also the Swiss list). */
export const ALLERGENS: readonly Entry[] = [
  ['gluten', 'Gluten', 'Gluten', 'Gluten', 'Glutine'],
  ['crustaceans', 'Crustaceans', 'Krebstiere', 'Crustacés', 'Crostacei'],
  ['eggs', 'Eggs', 'Eier', 'Œufs', 'Uova'],
  ['fish', 'Fish', 'Fisch', 'Poisson', 'Pesce'],
  ['peanuts', 'Peanuts', 'Erdnüsse', 'Arachides', 'Arachidi'],
  ['soy', 'Soy', 'Soja', 'Soja', 'Soia'],
  ['milk', 'Milk (lactose)', 'Milch (Laktose)', 'Lait (lactose)', 'Latte (lattosio)'],
  ['nuts', 'Tree nuts', 'Schalenfrüchte (Nüsse)', 'Fruits à coque', 'Frutta a guscio'],
  ['celery', 'Celery', 'Sellerie', 'Céleri', 'Sedano'],
  ['mustard', 'Mustard', 'Senf', 'Moutarde', 'Senape'],
  ['sesame', 'Sesame', 'Sesam', 'Sésame', 'Sesamo'],
  ['sulphites', 'Sulphites', 'Sulfite', 'Sulfites', 'Solfiti'],
  ['lupin', 'Lupin', 'Lupinen', 'Lupin', 'Lupini'],
  ['molluscs', 'Molluscs', 'Weichtiere', 'Mollusques', 'Molluschi'],
];

export type ListKind = 'cuisine' | 'diet' | 'allergen';

const names = ([, en, de, fr, it]: Entry): LocaleNames => ({ de, 'de-ch': deCh(de), en, fr, it });

export function listRows() {
  const rows: { kind: ListKind; key: string; names: LocaleNames; position: number }[] = [];
  const add = (kind: ListKind, entries: readonly Entry[]) =>
    entries.forEach((e, i) => rows.push({ kind, key: e[0], names: names(e), position: i + 1 }));
  add('cuisine', CUISINES);
  add('diet', DIETS);
  add('allergen', ALLERGENS);
  return rows;
}

export const listInsert = (db: DB) => db.insert(listItems).values(listRows()).onConflictDoNothing();

/** "kind:key" → id of the list items in the database. */
export async function listIds(db: DB): Promise<Map<string, number>> {
  const rows = await db.select({ id: listItems.id, kind: listItems.kind, key: listItems.key }).from(listItems);
  return new Map(rows.map((r) => [`${r.kind}:${r.key}`, r.id]));
}
