// GET /v1/lists: current vocabularies in the request's locale; retired entries are not offered.
import { beforeAll, describe, expect, it } from 'vitest';
import { listItems } from '../../functions/_api/db/schema/lists';
import { useHarness } from '../support/use-harness';

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
  it('lists current entries with names in the locale, falling back from de-ch to de to en', async () => {
    const en = (await (await h.request('/v1/lists')).json()) as { data: Record<string, { key: string; name: string }[]> };
    expect(en.data).toEqual({ cuisine: [{ key: 'swiss', name: 'Swiss' }], diet: [{ key: 'vegan', name: 'Vegan' }], allergy: [{ key: 'gluten', name: 'Gluten' }] });
    const ch = (await (await h.request('/v1/lists?locale=de-ch')).json()) as typeof en;
    expect(ch.data.cuisine![0]!.name).toBe('Schweizerisch');
    expect(ch.data.allergy![0]!.name).toBe('Gluten');
    const it_ = (await (await h.request('/v1/lists', { headers: { 'x-locale': 'it' } })).json()) as typeof en;
    expect(it_.data.allergy![0]!.name).toBe('Glutine');
    // The language cookie is for pages rendered at the edge: a cacheable answer varies by its headers only.
    const cookie = await h.request('/v1/lists', { headers: { cookie: 'locale=de-ch', 'accept-language': 'it' } });
    expect(cookie.headers.get('vary')).toBe('x-locale, accept-language');
    expect(((await cookie.json()) as typeof en).data.allergy![0]!.name).toBe('Glutine');
  });

  it("takes the locale query parameter in the seed's spellings (de_DE, de_CH, en_US, fr_FR, it_IT) as well as the short codes", async () => {
    const names = async (query: string) => ((await (await h.request(`/v1/lists?${query}`)).json()) as { data: Record<string, { name: string }[]> }).data;
    expect((await names('locale=de_CH')).cuisine![0]!.name).toBe('Schweizerisch');
    expect(await names('locale=de_CH')).toEqual(await names('locale=de-ch'));
    expect(await names('locale=de_DE')).toEqual(await names('locale=de'));
    expect((await names('locale=fr_FR')).cuisine![0]!.name).toBe('Suisse');
    expect((await names('locale=it_IT')).allergy![0]!.name).toBe('Glutine');
    expect(await names('locale=en_US')).toEqual(await names('locale=en'));
    // An unknown spelling is ignored like an unknown code: the headers decide.
    expect((await (await h.request('/v1/lists?locale=xx_YY', { headers: { 'x-locale': 'fr' } })).json()) as unknown).toEqual({ data: await names('locale=fr') });
  });
});
