// Dietary rules that the server and the web client both run, so both say the same thing: which allergens a diet
// rules out (a menu tagged with the diet cannot contain them), and a customer's needs held against a menu (the
// conflicts the chef sees on a booking are the ones the customer is warned of before booking). Pure functions over
// list keys; names are added by whoever shows them.

/**
 * Allergens (keys of the 14 EU allergens) that a diet excludes. Only diets the allergen list can check are here:
 * meat is no allergen, so a vegetarian menu with a beef course cannot be caught by this rule, only one with fish.
 */
export const DIET_EXCLUDES: Readonly<Record<string, readonly string[]>> = {
  vegan: ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'],
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  'gluten-free': ['gluten'],
};

export type CourseAllergens = { name: string; allergens: readonly string[] };

export type DietContradiction = {
  diet: string;
  /** The excluded allergens the menu contains, in DIET_EXCLUDES order. */
  allergens: string[];
  /** The courses that contain them, by position. */
  courses: number[];
};

/** The diet tags a menu's own courses contradict; empty when the tags are consistent. */
export function dietContradictions(diets: readonly string[], courses: readonly CourseAllergens[]): DietContradiction[] {
  const out: DietContradiction[] = [];
  for (const diet of diets) {
    const excluded = DIET_EXCLUDES[diet];
    if (!excluded) continue;
    const allergens = excluded.filter((a) => courses.some((c) => c.allergens.includes(a)));
    if (!allergens.length) continue;
    const courseIdx = courses.flatMap((c, i) => (c.allergens.some((a) => allergens.includes(a)) ? [i] : []));
    out.push({ diet, allergens, courses: courseIdx });
  }
  return out;
}

export type DietaryNeedsInput = { diets: readonly string[]; allergens: readonly { key: string; guests: number }[] };
export type MenuDietary<C> = { diets: readonly string[]; courses: readonly (C & { allergens: readonly string[] })[] };

/**
 * The customer's diets and allergens against the menu: a diet the menu is not marked for, and an allergen that one
 * of its courses contains (with those courses), are conflicts.
 */
export function dietaryConflicts<C>(needs: DietaryNeedsInput, menu: MenuDietary<C>) {
  const menuDiets = new Set(menu.diets);
  const diets = needs.diets.map((key) => ({ key, menu_has_diet: menuDiets.has(key) }));
  const allergens = needs.allergens.map((a) => {
    const courses = menu.courses.filter((c) => c.allergens.includes(a.key));
    return { key: a.key, guests: a.guests, conflict: courses.length > 0, courses };
  });
  return { diets, allergens, hasConflict: diets.some((d) => !d.menu_has_diet) || allergens.some((a) => a.conflict) };
}
