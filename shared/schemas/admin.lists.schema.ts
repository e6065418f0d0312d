// Input of the admin's list calls (/v1/admin/lists): cuisines, diets and allergens with a name in every locale.
// Shared with the admin lists form, so the browser says the same thing at the same field before sending.
import * as v from 'valibot';
import { LOCALES, type Locale } from '../locales';

export const LIST_KINDS = ['cuisine', 'diet', 'allergen'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export const LIST_NAME_MAX = 60;
export const LIST_KEY_MAX = 40;
export const LIST_POSITION_MAX = 1000;

const LOCALE_NAMES: Record<Locale, string> = { de: 'German', 'de-ch': 'Swiss German', en: 'English', fr: 'French', it: 'Italian' };

/** A missing name reads like an empty one: "Please enter the French name." at names.fr. */
const localeName = (locale: Locale) => {
  const missing = `Please enter the ${LOCALE_NAMES[locale]} name.`;
  return v.pipe(v.optional(v.string(missing), ''), v.trim(), v.minLength(1, missing), v.maxLength(LIST_NAME_MAX, `A name can be at most ${LIST_NAME_MAX} characters long.`));
};

export const listNames = v.strictObject(Object.fromEntries(LOCALES.map((l) => [l, localeName(l)])) as Record<Locale, ReturnType<typeof localeName>>);

const position = v.optional(
  v.pipe(
    v.number('The position must be a number.'),
    v.integer('The position must be a whole number.'),
    v.minValue(0, 'The position must be at least 0.'),
    v.maxValue(LIST_POSITION_MAX, `The position must be at most ${LIST_POSITION_MAX}.`),
  ),
);

export const listKind = v.picklist(LIST_KINDS, `Choose the list: ${LIST_KINDS.join(', ')}.`);

export const listItemCreateBody = v.strictObject({
  kind: listKind,
  /** Stable forever: menus, courses and bookings keep it, so it cannot be edited later. */
  key: v.pipe(
    v.string('Please enter a key.'),
    v.trim(),
    v.minLength(1, 'Please enter a key.'),
    v.maxLength(LIST_KEY_MAX, `The key can be at most ${LIST_KEY_MAX} characters long.`),
    v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes, e.g. "gluten-free".'),
  ),
  names: listNames,
  position,
});
export type ListItemCreateInput = v.InferOutput<typeof listItemCreateBody>;

export const listItemUpdateBody = v.strictObject({ names: listNames, position });
export type ListItemUpdateInput = v.InferOutput<typeof listItemUpdateBody>;
