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

/** How serious a guest's allergy is (the guest allergy passport): a dislike, an intolerance, or anaphylaxis. */
export const ALLERGY_LEVELS = ['preference', 'intolerance', 'severe'] as const;
export type AllergyLevel = (typeof ALLERGY_LEVELS)[number];
export type GuestNeeds = { diets: readonly string[]; allergies: readonly { key: string; level: AllergyLevel }[] };

/**
 * The guests' own answers counted ("3 vegetarian, 1 severe tree-nut allergy") and held against the menu with the
 * same rule as the customer's entries (dietaryConflicts): each allergy level of an allergen is one line, the most
 * serious first, and an allergen a course contains is a conflict at every level.
 */
export function passportSummary<C>(answers: readonly GuestNeeds[], menu: MenuDietary<C>) {
  const dietCounts = new Map<string, number>();
  const allergyCounts = new Map<string, number>();
  for (const a of answers) {
    for (const d of new Set(a.diets)) dietCounts.set(d, (dietCounts.get(d) ?? 0) + 1);
    for (const al of a.allergies) allergyCounts.set(`${al.level}:${al.key}`, (allergyCounts.get(`${al.level}:${al.key}`) ?? 0) + 1);
  }
  const lines = [...allergyCounts].map(([k, count]) => {
    const [level, key] = k.split(':') as [AllergyLevel, string];
    return { key, level, guests: count };
  });
  const checked = dietaryConflicts({ diets: [...dietCounts.keys()], allergens: lines }, menu);
  const rank = (l: AllergyLevel) => ALLERGY_LEVELS.indexOf(l);
  return {
    answered: answers.length,
    diets: checked.diets.map((d) => ({ ...d, count: dietCounts.get(d.key)! })).sort((x, y) => y.count - x.count || x.key.localeCompare(y.key)),
    allergies: checked.allergens
      .map((a, i) => ({ key: a.key, level: lines[i]!.level, count: a.guests, conflict: a.conflict, courses: a.courses }))
      .sort((x, y) => rank(y.level) - rank(x.level) || y.count - x.count || x.key.localeCompare(y.key)),
    hasConflict: checked.hasConflict,
  };
}
