// GET /v1/lists: current vocabularies in the request's locale; retired entries are not offered.
import { beforeAll, describe, expect, it } from 'vitest';
import { listItems } from '../../functions/_api/db/schema/lists';
import { useHarness } from '../support/use-harness';
import { ok, visitorClient } from '../support/typed-client';

const h = useHarness();
beforeAll(async () => {
  await h.db.insert(listItems).values([
    { kind: 'cuisine', key: 'swiss', names: { en: 'Swiss', de: 'Schweizerisch', fr: 'Suisse' }, position: 1 },
    { kind: 'cuisine', key: 'old', names: { en: 'Retired' }, position: 2, retiredAt: new Date('2026-01-01') },
    { kind: 'diet', key: 'vegan', names: { en: 'Vegan', de: 'Vegan' } },
    { kind: 'allergen', key: 'gluten', names: { en: 'Gluten', it: 'Glutine' } },
  ]);
});

describe('GET /v1/lists', () => {
  const lists = (headers?: Record<string, string>) => ok(visitorClient(h).lists.$get(undefined, { headers }));
  // Raw on purpose: the locale query parameter is read by request-prefs for every route, not by this route's validator,
  // so the route's type has no query to send it in.
  const bodyIn = async (query: string, headers?: Record<string, string>) =>
    (await (await h.request(`/v1/lists?${query}`, { headers })).json()) as Awaited<ReturnType<typeof lists>>['body'];
  const listsIn = async (query: string) => (await bodyIn(query)).data;

  it('lists current entries with names in the locale, falling back from de-ch to de to en', async () => {
    const en = (await lists()).body;
    expect(en.data).toEqual({ cuisine: [{ key: 'swiss', name: 'Swiss' }], diet: [{ key: 'vegan', name: 'Vegan' }], allergy: [{ key: 'gluten', name: 'Gluten' }] });
    const ch = await listsIn('locale=de-ch');
    expect(ch.cuisine![0]!.name).toBe('Schweizerisch');
    expect(ch.allergy![0]!.name).toBe('Gluten');
    const it_ = (await lists({ 'x-locale': 'it' })).body;
    expect(it_.data.allergy![0]!.name).toBe('Glutine');
    // The language cookie is for pages rendered at the edge: a cacheable answer varies by its headers only.
    const cookie = await lists({ cookie: 'locale=de-ch', 'accept-language': 'it' });
    expect(cookie.headers.get('vary')).toBe('x-locale, accept-language');
    expect(cookie.body.data.allergy![0]!.name).toBe('Glutine');
  });

  it("takes the locale query parameter in the seed's spellings (de_DE, de_CH, en_US, fr_FR, it_IT) as well as the short codes", async () => {
    const names = listsIn;
    expect((await names('locale=de_CH')).cuisine![0]!.name).toBe('Schweizerisch');
    expect(await names('locale=de_CH')).toEqual(await names('locale=de-ch'));
    expect(await names('locale=de_DE')).toEqual(await names('locale=de'));
    expect((await names('locale=fr_FR')).cuisine![0]!.name).toBe('Suisse');
    expect((await names('locale=it_IT')).allergy![0]!.name).toBe('Glutine');
    expect(await names('locale=en_US')).toEqual(await names('locale=en'));
    // An unknown spelling is ignored like an unknown code: the headers decide.
    expect(await bodyIn('locale=xx_YY', { 'x-locale': 'fr' })).toEqual({ data: await names('locale=fr') });
  });
});
