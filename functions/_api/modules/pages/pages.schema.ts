// Query and path schemas of the editorial reads (content pages and FAQ).
import * as v from 'valibot';
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, parseLocale, type Locale } from '#shared/locales';

const LOCALE_SPELLINGS = [...LOCALES, ...LOCALES.map((l) => LOCALE_INFO[l].ogLocale)].join(', ');

/** `locale=EN`, `en`, `de-CH`, `de_CH` (the seed's spelling), `fr_FR`… → a supported locale; anything else is a field error. */
export const localeParam = v.optional(
  v.pipe(
    v.string(),
    v.check((s) => parseLocale(s) !== null, `Use one of: ${LOCALE_SPELLINGS}.`),
    v.transform((s) => parseLocale(s) as Locale),
  ),
);

/** Page urls are slugs such as "termsconditions" or "legal-notice". */
export const pageParams = v.object({
  url: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'Unknown page.')),
});

export const pageQuery = v.object({ locale: localeParam });

/**
 * Editorial content defaults to English (seed: "locale (default EN)"): the query parameter wins, then the
 * client's x-locale header; the browser's Accept-Language is not used, so a page's language is always explicit.
 */
export function contentLocale(param: Locale | undefined, header: string | undefined): Locale {
  if (param) return param;
  return parseLocale(header) ?? DEFAULT_LOCALE;
}
