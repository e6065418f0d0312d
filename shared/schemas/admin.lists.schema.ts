// Input of the admin's list calls (/v1/admin/lists): cuisines, diets and allergens with a name in every locale.
// Shared with the admin lists form, so the browser says the same thing at the same field before sending.
import * as v from 'valibot';
import { LOCALES, type Locale } from '../locales';
import { label, msg, type ValidationKey } from '../validation-messages';
import { oneOf, wholeNumber } from './fields';

export const LIST_KINDS = ['cuisine', 'diet', 'allergen'] as const;
export type ListKind = (typeof LIST_KINDS)[number];
export const LIST_NAME_MAX = 60;
export const LIST_KEY_MAX = 40;
export const LIST_POSITION_MAX = 1000;

const NAME_MISSING: Record<Locale, ValidationKey> = {
  de: 'validation.adminlist.namede',
  'de-ch': 'validation.adminlist.namedech',
  en: 'validation.adminlist.nameen',
  fr: 'validation.adminlist.namefr',
  it: 'validation.adminlist.nameit',
};

/** A missing name reads like an empty one: "Please enter the French name." at names.fr. */
const localeName = (locale: Locale) => {
  const missing = msg(NAME_MISSING[locale]);
  return v.pipe(v.optional(v.string(missing), ''), v.trim(), v.minLength(1, missing), v.maxLength(LIST_NAME_MAX, msg('validation.adminlist.nametoolong', { max: LIST_NAME_MAX })));
};

export const listNames = v.strictObject(Object.fromEntries(LOCALES.map((l) => [l, localeName(l)])) as Record<Locale, ReturnType<typeof localeName>>);

const position = v.optional(wholeNumber('validation.field.position', 0, LIST_POSITION_MAX));

export const listKind = v.picklist(LIST_KINDS, oneOf(LIST_KINDS, 'validation.adminlist.kind'));

export const listItemCreateBody = v.strictObject({
  kind: listKind,
  /** Stable forever: menus, courses and bookings keep it, so it cannot be edited later. */
  key: v.pipe(
    v.string(msg('validation.adminlist.key')),
    v.trim(),
    v.minLength(1, msg('validation.adminlist.key')),
    v.maxLength(LIST_KEY_MAX, msg('validation.text.toolong', { ...label('validation.field.key'), max: LIST_KEY_MAX })),
    v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, msg('validation.adminlist.keyformat')),
  ),
  names: listNames,
  position,
});
export type ListItemCreateInput = v.InferOutput<typeof listItemCreateBody>;

export const listItemUpdateBody = v.strictObject({ names: listNames, position });
export type ListItemUpdateInput = v.InferOutput<typeof listItemUpdateBody>;
