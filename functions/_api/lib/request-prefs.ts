// The visitor's locale and display currency for a request: explicit query parameter, then the client's header,
// then (for locale) Accept-Language.
import type { Context } from 'hono';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, isCurrency, isLocale, localeFromAcceptLanguage, type Currency, type Locale } from './locales';

export function requestLocale(c: Context): Locale {
  for (const v of [c.req.query('locale'), c.req.header('x-locale')]) {
    if (isLocale(v)) return v.toLowerCase() as Locale;
  }
  return localeFromAcceptLanguage(c.req.header('accept-language')) ?? DEFAULT_LOCALE;
}

export function requestCurrency(c: Context): Currency {
  for (const v of [c.req.query('currency'), c.req.header('x-currency')]) {
    const up = v?.toUpperCase();
    if (isCurrency(up)) return up;
  }
  return DEFAULT_CURRENCY;
}
