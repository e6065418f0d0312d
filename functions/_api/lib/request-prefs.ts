// The visitor's locale and display currency for a request: explicit query parameter, then the client's header,
// then (for locale) Accept-Language.
import type { Context } from 'hono';
import { tryDecodeURIComponent } from 'hono/utils/url';
import { DEFAULT_CURRENCY, isCurrency, localeOfRequest, type Currency, type Locale } from '#shared/locales';

const decodePart = (part: string): string => tryDecodeURIComponent(part.includes('+') ? part.replace(/\+/g, ' ') : part);

/**
 * The first value of the query parameter `key` in `url`, as `c.req.query(key)` reads it (a name or value decoded
 * from %-escapes and `+`, a name without `=` is ''), decoding only what can be `key`. Hono's lookup decodes every
 * name and value of the query once any of them holds a %-escape, as menus near's comma lists do: 1.9 µs a lookup
 * there, and every answer with prices or names looks up its locale and currency this way.
 */
export function queryParam(url: string, key: string): string | undefined {
  const hash = url.indexOf('#', 8);
  const end = hash < 0 ? url.length : hash;
  let at = url.indexOf('?', 8);
  if (at < 0 || at > end) return undefined;
  while (at < end) {
    const start = at + 1;
    let next = url.indexOf('&', start);
    if (next < 0 || next > end) next = end;
    let eq = url.indexOf('=', start);
    if (eq < 0 || eq > next) eq = next;
    const name = url.slice(start, eq);
    if (name === key || ((name.includes('%') || name.includes('+')) && decodePart(name) === key)) return eq === next ? '' : decodePart(url.slice(eq + 1, next));
    at = next;
  }
  return undefined;
}

export const requestLocale = (c: Context): Locale => localeOfRequest(c.req.raw, 'api', queryParam(c.req.url, 'locale') ?? null);

export function requestCurrency(c: Context): Currency {
  for (const v of [queryParam(c.req.url, 'currency'), c.req.header('x-currency')]) {
    const up = v?.toUpperCase();
    if (isCurrency(up)) return up;
  }
  return DEFAULT_CURRENCY;
}
