// /v1/locations: region search by zip and accent-free name (limit 10, KV-cached), nearest regions, the in-process
// geocoder (address → region, point → regions within a straight-line distance) and popular cities.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { regions } from '../../functions/_api/db/schema/regions';
import { createHarness } from '#harness';
import { useHarness } from '../support/use-harness';
import { createImage } from '../support/fixtures';
import { addPopularCity, countDriverCalls, createRegion, inWorkerd } from '../support/discovery-fixtures';
import { ok, refused, visitorClient, type ErrorBody, type JsonOf, type QueryOf, type TypedClient } from '../support/typed-client';

const h = useHarness();
type Region = { id: number; name: string; zip: string | null; state: string; country_code: string };
const R: Record<string, Region & { lat: number; lon: number }> = {};

beforeAll(async () => {
  const add = async (key: string, name: string, zips: string[], lat: number, lon: number, population: number, countryCode = 'CH', state = 'ZH') => {
    const r = await createRegion(h.db, { name, zips, lat, lon, population, countryCode, state });
    R[key] = { id: r.id, name, zip: zips[0] ?? null, state, country_code: countryCode, lat, lon };
  };
  await add('zurich', 'Zürich', ['8001', '8002', '8004'], 47.3769, 8.5417, 400_000);
  await add('adliswil', 'Adliswil', ['8134'], 47.31, 8.525, 19_000);
  await add('zumikon', 'Zumikon', ['8126'], 47.33, 8.62, 5_000);
  await add('winterthur', 'Winterthur', ['8400', '8404'], 47.5056, 8.7241, 110_000);
  await add('zug', 'Zug', ['6300'], 47.1662, 8.5155, 30_000, 'CH', 'ZG');
  await add('stgallen', 'St. Gallen', ['9000'], 47.4245, 9.3767, 75_000, 'CH', 'SG');
  await add('koeln', 'Köln', ['50667'], 50.9375, 6.9603, 1_000_000, 'DE', 'Nordrhein-Westfalen');
  // Twelve places sharing a prefix, far from the others, to prove the limit.
  for (let i = 1; i <= 12; i++) await add(`testdorf${i}`, `Testdorf ${String(i).padStart(2, '0')}`, [], 44.5, 5 + i / 100, 100 * i, 'FR', 'Drôme');
});

/**
 * Region search as a visitor; a locale goes in the x-locale header (request-prefs reads the header as it reads
 * ?locale=, which the route's type does not declare).
 */
const search = (query: QueryOf<TypedClient['locations']['regions']['$get']>, locale?: string) =>
  visitorClient(h).locations.regions.$get({ query }, { headers: locale ? { 'x-locale': locale } : {} });
const found = async (query: QueryOf<TypedClient['locations']['regions']['$get']>, locale?: string) => (await ok(search(query, locale))).body.data;
const errorsOf = async (query: QueryOf<TypedClient['locations']['regions']['$get']>) => {
  const res = await refused(search(query));
  expect(res.status).toBe(400);
  return res.body.errors;
};
const geocode = visitorClient(h).locations.geocode;
/** Raw on purpose: for bodies the route's type forbids (a field missing, of the wrong type or unknown). */
const post = async (path: string, body: unknown) => {
  const res = await h.json('POST', path, body);
  return { status: res.status, body: (await res.json()) as ErrorBody };
};
const names = (data: { name: string }[]) => data.map((r) => r.name);

describe('region search by text', () => {
  it('finds regions by zip prefix, one row per region with the matched zip, in zip order', async () => {
    const { status, body } = await ok(search({ text: '8' }));
    expect(status).toBe(200);
    expect(names(body.data)).toEqual(['Zürich', 'Zumikon', 'Adliswil', 'Winterthur']);
    expect(body.data[0]).toEqual({ id: R.zurich!.id, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' });
    expect(body.data.map((r) => r.zip)).toEqual(['8001', '8126', '8134', '8400']);
  });

  it('returns the matched postal code rather than the main one', async () => {
    expect(await found({ text: '8004' })).toEqual([{ id: R.zurich!.id, name: 'Zürich', zip: '8004', state: 'ZH', country_code: 'CH' }]);
    expect((await found({ text: '840' }))[0]!.zip).toBe('8400');
  });

  it('narrows a zip with a following name and accepts a country prefix', async () => {
    expect(names(await found({ text: '8004 zür' }))).toEqual(['Zürich']);
    expect(await found({ text: '8004 winter' })).toEqual([]);
    expect(names(await found({ text: 'CH-6300' }))).toEqual(['Zug']);
  });

  it('finds names accent- and case-insensitively by prefix, most populous first, with the main zip', async () => {
    expect(await found({ text: 'zurich' })).toEqual([{ id: R.zurich!.id, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' }]);
    expect(names(await found({ text: 'ZÜR' }))).toEqual(['Zürich']);
    expect(names(await found({ text: 'zu' }))).toEqual(['Zürich', 'Zug', 'Zumikon']);
    expect(names(await found({ text: 'koln' }))).toEqual(['Köln']);
    expect(names(await found({ text: 'st. gal' }))).toEqual(['St. Gallen']);
    expect(await found({ text: 'gallen' })).toEqual([]);
  });

  it('returns at most 10 regions, fewer when asked, and refuses a limit above 10', async () => {
    const all = await found({ text: 'testdorf' });
    expect(all).toHaveLength(10);
    expect(all[0]!.name).toBe('Testdorf 12');
    expect(await found({ text: 'testdorf', limit: '3' })).toHaveLength(3);
    for (const bad of ['11', '0', 'x', '-1']) expect((await errorsOf({ text: 'testdorf', limit: bad })).limit, bad).toBeDefined();
  });

  it('answers bad queries with field errors', async () => {
    expect((await errorsOf({})).text).toBeDefined();
    expect((await errorsOf({ lat: '47.3' })).lon).toBeDefined();
    expect((await errorsOf({ lat: 'abc', lon: '8' })).lat).toBeDefined();
    expect((await errorsOf({ lat: '91', lon: '8' })).lat).toBeDefined();
    expect((await errorsOf({ lat: '47', lon: '181' })).lon).toBeDefined();
    expect((await errorsOf({ text: 'x'.repeat(101) })).text).toBeDefined();
  });
});

describe('region by id', () => {
  it('names the one region of a page that knows only its id (menus near me opened from a link)', async () => {
    expect(await found({ id: String(R.winterthur!.id) })).toEqual([{ id: R.winterthur!.id, name: 'Winterthur', zip: '8400', state: 'ZH', country_code: 'CH' }]);
    // The id wins over any text or point sent along.
    expect(names(await found({ id: String(R.zug!.id), text: 'zürich' }))).toEqual(['Zug']);
    expect(await found({ id: '999999999' })).toEqual([]);
  });

  it('refuses an id that is not a whole number', async () => {
    for (const bad of ['x', '-1', '1.5', '1'.repeat(13)]) expect((await errorsOf({ id: bad })).id, bad).toBeDefined();
  });
});

describe('region search by coordinates', () => {
  it('lists the nearest regions first', async () => {
    const { status, body } = await ok(search({ lat: '47.37', lon: '8.54' }));
    expect(status).toBe(200);
    // A 25 km box finds five; too few for the limit of 10, so one wider box (150 km) adds St. Gallen (~63 km).
    expect(names(body.data)).toEqual(['Zürich', 'Adliswil', 'Zumikon', 'Winterthur', 'Zug', 'St. Gallen']);
    expect(Object.keys(body.data[0]!).sort()).toEqual(['country_code', 'id', 'name', 'state', 'zip']);
    expect(names(await found({ lat: '47.37', lon: '8.54', limit: '2' }))).toEqual(['Zürich', 'Adliswil']);
  });

  it('returns nothing far from every region', async () => {
    expect(await found({ lat: '-45', lon: '-120' })).toEqual([]);
  });
});

describe('region cache', () => {
  it('serves a repeated query from KV, keyed by normalised text and locale', async () => {
    const first = await found({ text: 'winterthur' }, 'en');
    expect(names(first)).toEqual(['Winterthur']);
    expect(await h.env.KV.get('regions:v1:en:text:10:winterthur', 'json')).toEqual(first);

    await h.db.update(regions).set({ name: 'Winterthur (renamed)' }).where(eq(regions.id, R.winterthur!.id));
    try {
      // Same query, and the same query typed differently: still the cached answer, not the changed row.
      expect(names(await found({ text: 'winterthur' }, 'en'))).toEqual(['Winterthur']);
      expect(names(await found({ text: ' WINTERTHUR ' }, 'en'))).toEqual(['Winterthur']);
      // Another locale, another limit or another text is another key: read fresh from the database.
      expect(names(await found({ text: 'winterthur' }, 'de'))).toEqual(['Winterthur (renamed)']);
      expect(names(await found({ text: 'winterthur', limit: '5' }, 'en'))).toEqual(['Winterthur (renamed)']);
      expect(names(await found({ text: 'winterthu' }, 'en'))).toEqual(['Winterthur (renamed)']);
    } finally {
      await h.db.update(regions).set({ name: 'Winterthur' }).where(eq(regions.id, R.winterthur!.id));
    }
  });

  it.skipIf(inWorkerd)('answers a cached query without touching the database', async () => {
    const counter = countDriverCalls(h);
    const miss = await counter.during(() => found({ text: 'adlis' }, 'it'));
    expect(names(miss.result)).toEqual(['Adliswil']);
    expect(miss.calls).toEqual(['execute']);
    const hit = await counter.during(() => found({ text: 'adlis' }, 'it'));
    expect(hit.result).toEqual(miss.result);
    expect(hit.calls).toEqual([]);
  });

  it('caches coordinate lookups under the rounded point', async () => {
    const first = await found({ lat: '47.50561', lon: '8.72412', limit: '1' }, 'fr');
    expect(names(first)).toEqual(['Winterthur']);
    expect(await h.env.KV.get('regions:v1:fr:near:1:47.506,8.724', 'json')).toEqual(first);
    await h.env.KV.put('regions:v1:fr:near:1:47.506,8.724', JSON.stringify([{ id: 1, name: 'From KV', zip: null, state: '', country_code: 'CH' }]));
    expect(names(await found({ lat: '47.5056', lon: '8.7241', limit: '1' }, 'fr'))).toEqual(['From KV']);
    expect(names(await found({ lat: '47.5056', lon: '8.7241', limit: '1' }, 'it'))).toEqual(['Winterthur']);
  });

  it('falls back to the database when KV fails', async () => {
    const broken = {
      get: async () => {
        throw new Error('KV down');
      },
      put: async () => {
        throw new Error('KV down');
      },
      delete: async () => {
        throw new Error('KV down');
      },
    };
    const h2 = await createHarness({ KV: broken as never });
    try {
      // In workerd both harnesses share one D1 database: keep this region far from the others.
      await createRegion(h2.db, { name: 'Kvlosstadt', zips: ['3999'], lat: 60, lon: 20 });
      const out = await ok(visitorClient(h2).locations.regions.$get({ query: { text: 'kvloss' } }));
      expect(out.status).toBe(200);
      expect(names(out.body.data)).toEqual(['Kvlosstadt']);
    } finally {
      await h2.close();
    }
  });
});

describe('geocoding an address', () => {
  it('uses the postal code in the text', async () => {
    const address = (text: string) => geocode.address.$post({ json: { address: text } });
    const { status, body } = await ok(address('Bahnhofstrasse 1, 8004 Zürich'));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: R.zurich!.id, name: 'Zürich', zip: '8004', country_code: 'CH', matched_by: 'zip', lat: 47.3769, lon: 8.5417 });
    expect((await ok(address('Hohe Strasse 1, D-50667 Köln'))).body.data.name).toBe('Köln');
  });

  it('falls back to a place name, preferring the longest match', async () => {
    const address = async (text: string) => (await ok(geocode.address.$post({ json: { address: text } }))).body.data;
    expect(await address('Marktgasse 5, Winterthur')).toMatchObject({ name: 'Winterthur', zip: '8400', matched_by: 'name' });
    expect((await address('Rosenbergstrasse 10, St. Gallen')).name).toBe('St. Gallen');
    expect((await address('somewhere in zurich.')).name).toBe('Zürich');
    // A long address still considers every single word (candidates are capped for D1's 100 bound parameters).
    const long = `c/o ${Array.from({ length: 40 }, (_, i) => `wort${i}`).join(' ')}, Winterthur`;
    expect((await address(long)).name).toBe('Winterthur');
  });

  it('answers 404 when nothing matches and 400 for a bad body', async () => {
    const address = (text: string) => refused(geocode.address.$post({ json: { address: text } }));
    expect((await address('Nowhere Lane 1, 1234 Atlantis')).status).toBe(404);
    // Raw on purpose: no address at all, and a field the body does not take.
    const empty = await post('/v1/locations/geocode/address', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.address).toBeDefined();
    expect((await post('/v1/locations/geocode/address', { address: 'Zug', extra: 1 })).status).toBe(400);
    expect((await address('x'.repeat(301))).body.errors.address).toBeDefined();
  });
});

describe('regions within a driving distance', () => {
  const within = (json: JsonOf<typeof geocode.locations.$post>, geojson?: string) =>
    geocode.locations.$post({ json, query: geojson === undefined ? {} : { geojson } });
  /** The answer is a list, or with geojson=1 a FeatureCollection: each test says which it expects. */
  const listWithin = async (json: JsonOf<typeof geocode.locations.$post>) => {
    const { status, body } = await ok(within(json));
    if (!('data' in body)) throw new Error(`expected the list, got ${JSON.stringify(body)}`);
    return { status, body };
  };

  it('lists regions within 30 km by default, nearest first, labelled as straight-line distances', async () => {
    const { status, body } = await listWithin({ lat: 47.37, lon: 8.54 });
    expect(status).toBe(200);
    expect(body.distance_method).toBe('straight_line');
    expect(body.driving_distance).toBe(30);
    expect(names(body.data)).toEqual(['Zürich', 'Adliswil', 'Zumikon', 'Winterthur', 'Zug']);
    const d = body.data.map((r) => r.distance_km);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(d[0]).toBeLessThan(1);
    expect(d[4]).toBeGreaterThan(20);
    expect(d[4]).toBeLessThan(30);
  });

  it('honours driving_distance', async () => {
    expect(names((await listWithin({ lat: 47.37, lon: 8.54, driving_distance: 10 })).body.data)).toEqual(['Zürich', 'Adliswil', 'Zumikon']);
    expect(names((await listWithin({ lat: 47.37, lon: 8.54, driving_distance: 70 })).body.data)).toContain('St. Gallen');
  });

  it('returns a GeoJSON FeatureCollection of points with geojson=1', async () => {
    const { status, body } = await ok(within({ lat: 47.37, lon: 8.54, driving_distance: 10 }, '1'));
    expect(status).toBe(200);
    if (!('features' in body)) throw new Error(`expected a FeatureCollection, got ${JSON.stringify(body)}`);
    expect(body.type).toBe('FeatureCollection');
    expect(body.distance_method).toBe('straight_line');
    expect(body.features).toHaveLength(3);
    expect(body.features[0]).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [8.5417, 47.3769] },
      properties: { id: R.zurich!.id, name: 'Zürich', zip: '8001', country_code: 'CH' },
    });
  });

  it('validates the body and the flag', async () => {
    expect((await refused(within({ lat: 100, lon: 8 }))).body.errors.lat).toBeDefined();
    expect((await refused(within({ lat: 47, lon: 8, driving_distance: 0 }))).body.errors.driving_distance).toBeDefined();
    expect((await refused(within({ lat: 47, lon: 8, driving_distance: 301 }))).status).toBe(400);
    expect((await refused(within({ lat: 47, lon: 8 }, 'yes'))).body.errors.geojson).toBeDefined();
    // Raw on purpose: a text latitude and a field the body does not take.
    expect((await post('/v1/locations/geocode/locations', { lat: '47', lon: 8 })).body.errors.lat).toBeDefined();
    expect((await post('/v1/locations/geocode/locations', { lat: 47, lon: 8, radius: 3 })).status).toBe(400);
  });
});

describe('popular cities', () => {
  it('lists popular cities in order with the seed\'s image.url.t1024_2x1 (no data wrapper), and null for a hidden image', async () => {
    const img = await createImage(h.db, { t1024_2x1: 'img/city', t512_1x1: 'img/city-sq' }, { kind: 'city' });
    const hidden = await createImage(h.db, { t1024_2x1: 'img/hidden' }, { kind: 'city', status: 'hidden' });
    await addPopularCity(h.db, R.winterthur!.id, 'Winterthur', hidden.id, 2);
    await addPopularCity(h.db, R.zurich!.id, 'Zurich', img.id, 1);
    const { status, body } = await ok(visitorClient(h).locations.$get());
    expect(status).toBe(200);
    expect(body.data.map((c) => c.display_name)).toEqual(['Zurich', 'Winterthur']);
    expect(body.data[0]).toMatchObject({ id: expect.any(Number), display_name: 'Zurich', region_id: R.zurich!.id });
    expect(body.data[0]!.image).toEqual({ id: img.id, url: { t1024_2x1: `/v1/images/${img.id}/t1024_2x1` } });
    expect(body.data[0]!.image?.url.t1024_2x1).toBe(`/v1/images/${img.id}/t1024_2x1`);
    expect(body.data[1]!.image).toBeNull();
  });
});
