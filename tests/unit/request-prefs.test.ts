// The locale and currency lookup reads the query as Hono's c.req.query(key) does (lib/request-prefs.ts queryParam),
// without decoding the parameters that cannot be the one asked for.
import { getQueryParam } from 'hono/utils/url';
import { describe, expect, it } from 'vitest';
import { queryParam } from '../../functions/_api/lib/request-prefs';

const base = 'http://localhost/v1/menus/near/1';

describe('queryParam', () => {
  it('reads the first value of a name, decoded, as c.req.query(name) does', () => {
    const cases: [string, string | undefined][] = [
      ['', undefined],
      ['?', undefined],
      ['?locale', ''],
      ['?locale=', ''],
      ['?a=1&locale=fr&locale=it', 'fr'],
      ['?loc%61le=fr&locale=it', 'fr'], // an escaped name is the name
      ['?resolve=chef%2Cdiets&locale=de+ch', 'de ch'],
      ['?resolve=chef%2Cdiets', undefined],
      ['?locale=de#locale=fr', 'de'],
      ['#?locale=fr', undefined],
      ['?xlocale=de&locale_x=1&localex=2', undefined],
      ['?locale%3Dx=1', undefined],
      ['?a=b=c&locale=d=e', 'd=e'],
      ['?locale=%E0%A4%A', '%E0%A4%A'], // a broken escape stays as it came
    ];
    for (const [query, expected] of cases) {
      expect(queryParam(base + query, 'locale'), query).toBe(expected);
      expect(queryParam(base + query, 'locale'), query).toBe(getQueryParam(base + query, 'locale'));
    }
  });

  it('agrees with Hono on generated query strings full of escapes, plus signs and repeated names', () => {
    const pieces = ['locale', 'currency', 'a', '=', '&', '%', '%2C', '%6C', '+', 'de', '#', '?', 'x', '%3D', '%26', 'loc', 'ale', '%61'];
    let seed = 17;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++) {
      let url = `${base}?`;
      for (let n = Math.floor(next() * 12); n > 0; n--) url += pieces[Math.floor(next() * pieces.length)];
      for (const key of ['locale', 'currency']) expect(queryParam(url, key), url).toBe(getQueryParam(url, key));
    }
  });
});
