// The visitor's locale and display currency for a request: explicit query parameter, then the client's header,
// then (for locale) Accept-Language.
import type { Context } from 'hono';
import { DEFAULT_CURRENCY, isCurrency, localeOfRequest, type Currency, type Locale } from '#shared/locales';

export const requestLocale = (c: Context): Locale => localeOfRequest(c.req.raw, 'api', c.req.query('locale') ?? null);

export function requestCurrency(c: Context): Currency {
  for (const v of [c.req.query('currency'), c.req.header('x-currency')]) {
    const up = v?.toUpperCase();
    if (isCurrency(up)) return up;
  }
  return DEFAULT_CURRENCY;
}
