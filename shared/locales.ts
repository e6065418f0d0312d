// Locales and currencies the product supports, shared by the API and the web client.
export const LOCALES = ['de', 'de-ch', 'en', 'fr', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Seed §3 "Locale: short code, label, country" and §9 locale alternates. `ogLocale` is the seed's spelling of the
 * locale (de_DE, de_CH, en_US, fr_FR, it_IT): og:locale and the `locale` parameter of the alternate links; `hreflang`
 * is the same locale as a valid BCP 47 tag for the hreflang attribute.
 */
export const LOCALE_INFO: Record<Locale, { label: string; country: string; hreflang: string; ogLocale: string }> = {
  de: { label: 'Deutsch', country: 'DE', hreflang: 'de-DE', ogLocale: 'de_DE' },
  'de-ch': { label: 'Deutsch (Schweiz)', country: 'CH', hreflang: 'de-CH', ogLocale: 'de_CH' },
  en: { label: 'English', country: 'US', hreflang: 'en-US', ogLocale: 'en_US' },
  fr: { label: 'Français', country: 'FR', hreflang: 'fr-FR', ogLocale: 'fr_FR' },
  it: { label: 'Italiano', country: 'IT', hreflang: 'it-IT', ogLocale: 'it_IT' },
};

export const CURRENCIES = ['CHF', 'EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CHF';

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v.toLowerCase());
export const isCurrency = (v: unknown): v is Currency => typeof v === 'string' && (CURRENCIES as readonly string[]).includes(v);

/**
 * A supported locale from a language tag in any spelling the product meets: its short codes (`de`, `de-ch`), the
 * seed's (`de_DE`, `de_CH`, `en_US`, `fr_FR`, `it_IT`), BCP 47 (`de-CH`, `fr-FR`), Swiss German (`gsw`), and other
 * regions of a supported language (`fr_CH` → fr); null for anything else.
 */
export function parseLocale(value: string | null | undefined): Locale | null {
  const tag = value?.trim().toLowerCase().replace(/_/g, '-');
  if (!tag) return null;
  if (isLocale(tag)) return tag as Locale;
  if (tag === 'gsw' || tag.startsWith('gsw-') || tag.startsWith('de-ch-')) return 'de-ch';
  const base = tag.split('-')[0];
  return isLocale(base) ? (base as Locale) : null;
}

/** Picks the best supported locale from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=');
      return { tag: tag ?? '', q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const locale = parseLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** Cookie the client sets when the visitor picks a language, so that pages rendered at the edge use it too. */
export const LOCALE_COOKIE = 'locale';

export function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * A request's locale: the `locale` query parameter, then the client's `X-Locale` header, then, for a page (HTML), the
 * language the visitor picked (cookie), then the browser's Accept-Language, then the default. The API leaves the
 * cookie out: its cacheable answers vary by those headers only (`Vary`), and the client always sends `X-Locale`.
 * `query` is the `locale` parameter when the caller has already parsed the query (Hono).
 */
export function localeOfRequest(request: Request, kind: 'api' | 'page', query = new URL(request.url).searchParams.get('locale')): Locale {
  const candidates = [query ?? null, request.headers.get('x-locale')];
  if (kind === 'page') candidates.push(cookieValue(request.headers.get('cookie'), LOCALE_COOKIE) ?? null);
  for (const v of candidates) {
    const locale = parseLocale(v);
    if (locale) return locale;
  }
  return localeFromAcceptLanguage(request.headers.get('accept-language')) ?? DEFAULT_LOCALE;
}
