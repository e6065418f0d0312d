// Plural forms in the i18n files, for the web client, the server's texts and the i18n check alike. A text that
// depends on a count is an object of CLDR plural categories instead of a string:
//   "guestcount": { "one": "{{count}} guest", "other": "{{count}} guests" }
// and t('…guestcount', { count }) picks the form with Intl.PluralRules for the locale (French says "1 convive" and
// "0 convive"), falling back to "other".

export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

/** An object of plural forms: only CLDR category keys, always with "other". */
export function isPluralForms(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'other' in value &&
    Object.keys(value).every((k) => (PLURAL_CATEGORIES as readonly string[]).includes(k))
  );
}

const rules = new Map<string, Intl.PluralRules>();

/** The CLDR category of a count in a locale ("one", "other"…). */
export function pluralCategory(locale: string, count: number): string {
  const tag = locale === 'de-ch' ? 'de-CH' : locale;
  let r = rules.get(tag);
  if (!r) {
    r = new Intl.PluralRules(tag);
    rules.set(tag, r);
  }
  return r.select(count);
}

/**
 * The key to look up for `key` with these params: `key.<category>` when the text has plural forms and a numeric
 * `count` is given (`key.other` when the locale's category is missing), else `key` itself.
 */
export function pluralKey(key: string, value: unknown, locale: string, params?: Record<string, string | number>): string {
  if (!isPluralForms(value)) return key;
  const count = Number(params?.count);
  const category = Number.isFinite(count) ? pluralCategory(locale, count) : 'other';
  return `${key}.${category in value ? category : 'other'}`;
}
