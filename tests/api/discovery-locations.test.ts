// /v1/locations: region search by zip and accent-free name (limit 10, KV-cached), nearest regions, the in-process
// geocoder (address → region, point → regions within a straight-line distance) and popular cities.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { regions } from '../../functions/_api/db/schema/regions';
import { createHarness } from '#harness';
import { useHarness } from '../support/use-harness';
import { createImage } from '../support/fixtures';
import { addPopularCity, countDriverCalls, createRegion, inWorkerd } from '../support/discovery-fixtures';

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

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await h.request(path, { headers });
  return { status: res.status, body: (await res.json()) as any };
};
const post = async (path: string, body: unknown) => {
  const res = await h.json('POST', path, body);
  return { status: res.status, body: (await res.json()) as any };
};
const names = (data: Region[]) => data.map((r) => r.name);

describe('region search by text', () => {
  it('finds regions by zip prefix, one row per region with the matched zip, in zip order', async () => {
    const { status, body } = await get('/v1/locations/regions?text=8');
    expect(status).toBe(200);
    expect(names(body.data)).toEqual(['Zürich', 'Zumikon', 'Adliswil', 'Winterthur']);
    expect(body.data[0]).toEqual({ id: R.zurich!.id, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' });
    expect(body.data.map((r: Region) => r.zip)).toEqual(['8001', '8126', '8134', '8400']);
  });

  it('returns the matched postal code rather than the main one', async () => {
    const { body } = await get('/v1/locations/regions?text=8004');
    expect(body.data).toEqual([{ id: R.zurich!.id, name: 'Zürich', zip: '8004', state: 'ZH', country_code: 'CH' }]);
    expect((await get('/v1/locations/regions?text=840')).body.data[0].zip).toBe('8400');
  });

  it('narrows a zip with a following name and accepts a country prefix', async () => {
    expect(names((await get('/v1/locations/regions?text=' + encodeURIComponent('8004 zür'))).body.data)).toEqual(['Zürich']);
    expect((await get('/v1/locations/regions?text=' + encodeURIComponent('8004 winter'))).body.data).toEqual([]);
    expect(names((await get('/v1/locations/regions?text=CH-6300')).body.data)).toEqual(['Zug']);
  });

  it('finds names accent- and case-insensitively by prefix, most populous first, with the main zip', async () => {
    const zurich = await get('/v1/locations/regions?text=zurich');
    expect(zurich.body.data).toEqual([{ id: R.zurich!.id, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' }]);
    expect(names((await get('/v1/locations/regions?text=' + encodeURIComponent('ZÜR'))).body.data)).toEqual(['Zürich']);
    expect(names((await get('/v1/locations/regions?text=zu')).body.data)).toEqual(['Zürich', 'Zug', 'Zumikon']);
    expect(names((await get('/v1/locations/regions?text=koln')).body.data)).toEqual(['Köln']);
    expect(names((await get('/v1/locations/regions?text=' + encodeURIComponent('st. gal'))).body.data)).toEqual(['St. Gallen']);
    expect((await get('/v1/locations/regions?text=gallen')).body.data).toEqual([]);
  });

  it('returns at most 10 regions, fewer when asked, and refuses a limit above 10', async () => {
    const all = await get('/v1/locations/regions?text=testdorf');
    expect(all.body.data).toHaveLength(10);
    expect(all.body.data[0].name).toBe('Testdorf 12');
    expect((await get('/v1/locations/regions?text=testdorf&limit=3')).body.data).toHaveLength(3);
    for (const bad of ['11', '0', 'x', '-1']) {
      const res = await get(`/v1/locations/regions?text=testdorf&limit=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.errors.limit).toBeDefined();
    }
  });

  it('answers bad queries with field errors', async () => {
    const none = await get('/v1/locations/regions');
    expect(none.status).toBe(400);
    expect(none.body.errors.text).toBeDefined();
    const latOnly = await get('/v1/locations/regions?lat=47.3');
    expect(latOnly.status).toBe(400);
    expect(latOnly.body.errors.lon).toBeDefined();
    expect((await get('/v1/locations/regions?lat=abc&lon=8')).body.errors.lat).toBeDefined();
    expect((await get('/v1/locations/regions?lat=91&lon=8')).body.errors.lat).toBeDefined();
    expect((await get('/v1/locations/regions?lat=47&lon=181')).body.errors.lon).toBeDefined();
    expect((await get('/v1/locations/regions?text=' + 'x'.repeat(101))).body.errors.text).toBeDefined();
  });
});

describe('region search by coordinates', () => {
  it('lists the nearest regions first', async () => {
    const { status, body } = await get('/v1/locations/regions?lat=47.37&lon=8.54');
    expect(status).toBe(200);
    // A 25 km box finds five; too few for the limit of 10, so one wider box (150 km) adds St. Gallen (~63 km).
    expect(names(body.data)).toEqual(['Zürich', 'Adliswil', 'Zumikon', 'Winterthur', 'Zug', 'St. Gallen']);
    expect(Object.keys(body.data[0]).sort()).toEqual(['country_code', 'id', 'name', 'state', 'zip']);
    expect(names((await get('/v1/locations/regions?lat=47.37&lon=8.54&limit=2')).body.data)).toEqual(['Zürich', 'Adliswil']);
  });

  it('returns nothing far from every region', async () => {
    expect((await get('/v1/locations/regions?lat=-45&lon=-120')).body.data).toEqual([]);
  });
});

describe('region cache', () => {
  it('serves a repeated query from KV, keyed by normalised text and locale', async () => {
    const first = await get('/v1/locations/regions?text=winterthur&locale=en');
    expect(names(first.body.data)).toEqual(['Winterthur']);
    expect(await h.env.KV.get('regions:v1:en:text:10:winterthur', 'json')).toEqual(first.body.data);

    await h.db.update(regions).set({ name: 'Winterthur (renamed)' }).where(eq(regions.id, R.winterthur!.id));
    try {
      // Same query, and the same query typed differently: still the cached answer, not the changed row.
      expect(names((await get('/v1/locations/regions?text=winterthur&locale=en')).body.data)).toEqual(['Winterthur']);
      expect(names((await get('/v1/locations/regions?text=%20WINTERTHUR%20', { 'x-locale': 'en' })).body.data)).toEqual(['Winterthur']);
      // Another locale, another limit or another text is another key: read fresh from the database.
      expect(names((await get('/v1/locations/regions?text=winterthur&locale=de')).body.data)).toEqual(['Winterthur (renamed)']);
      expect(names((await get('/v1/locations/regions?text=winterthur&locale=en&limit=5')).body.data)).toEqual(['Winterthur (renamed)']);
      expect(names((await get('/v1/locations/regions?text=winterthu&locale=en')).body.data)).toEqual(['Winterthur (renamed)']);
    } finally {
      await h.db.update(regions).set({ name: 'Winterthur' }).where(eq(regions.id, R.winterthur!.id));
    }
  });

  it.skipIf(inWorkerd)('answers a cached query without touching the database', async () => {
    const counter = countDriverCalls(h);
    const miss = await counter.during(() => get('/v1/locations/regions?text=adlis&locale=it'));
    expect(names(miss.result.body.data)).toEqual(['Adliswil']);
    expect(miss.calls).toEqual(['execute']);
    const hit = await counter.during(() => get('/v1/locations/regions?text=adlis&locale=it'));
    expect(hit.result.body).toEqual(miss.result.body);
    expect(hit.calls).toEqual([]);
  });

  it('caches coordinate lookups under the rounded point', async () => {
    const first = await get('/v1/locations/regions?lat=47.50561&lon=8.72412&limit=1&locale=fr');
    expect(names(first.body.data)).toEqual(['Winterthur']);
    expect(await h.env.KV.get('regions:v1:fr:near:1:47.506,8.724', 'json')).toEqual(first.body.data);
    await h.env.KV.put('regions:v1:fr:near:1:47.506,8.724', JSON.stringify([{ id: 1, name: 'From KV', zip: null, state: '', country_code: 'CH' }]));
    expect(names((await get('/v1/locations/regions?lat=47.5056&lon=8.7241&limit=1&locale=fr')).body.data)).toEqual(['From KV']);
    expect(names((await get('/v1/locations/regions?lat=47.5056&lon=8.7241&limit=1&locale=it')).body.data)).toEqual(['Winterthur']);
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
      const out = await h2.request('/v1/locations/regions?text=kvloss');
      expect(out.status).toBe(200);
      expect(((await out.json()) as { data: Region[] }).data.map((r) => r.name)).toEqual(['Kvlosstadt']);
    } finally {
      await h2.close();
    }
  });
});

describe('geocoding an address', () => {
  it('uses the postal code in the text', async () => {
    const { status, body } = await post('/v1/locations/geocode/address', { address: 'Bahnhofstrasse 1, 8004 Zürich' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: R.zurich!.id, name: 'Zürich', zip: '8004', country_code: 'CH', matched_by: 'zip', lat: 47.3769, lon: 8.5417 });
    expect((await post('/v1/locations/geocode/address', { address: 'Hohe Strasse 1, D-50667 Köln' })).body.data.name).toBe('Köln');
  });

  it('falls back to a place name, preferring the longest match', async () => {
    const win = await post('/v1/locations/geocode/address', { address: 'Marktgasse 5, Winterthur' });
    expect(win.body.data).toMatchObject({ name: 'Winterthur', zip: '8400', matched_by: 'name' });
    expect((await post('/v1/locations/geocode/address', { address: 'Rosenbergstrasse 10, St. Gallen' })).body.data.name).toBe('St. Gallen');
    expect((await post('/v1/locations/geocode/address', { address: 'somewhere in zurich.' })).body.data.name).toBe('Zürich');
    // A long address still considers every single word (candidates are capped for D1's 100 bound parameters).
    const long = `c/o ${Array.from({ length: 40 }, (_, i) => `wort${i}`).join(' ')}, Winterthur`;
    expect((await post('/v1/locations/geocode/address', { address: long })).body.data.name).toBe('Winterthur');
  });

  it('answers 404 when nothing matches and 400 for a bad body', async () => {
    expect((await post('/v1/locations/geocode/address', { address: 'Nowhere Lane 1, 1234 Atlantis' })).status).toBe(404);
    const empty = await post('/v1/locations/geocode/address', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.address).toBeDefined();
    expect((await post('/v1/locations/geocode/address', { address: 'Zug', extra: 1 })).status).toBe(400);
    expect((await post('/v1/locations/geocode/address', { address: 'x'.repeat(301) })).body.errors.address).toBeDefined();
  });
});

describe('regions within a driving distance', () => {
  it('lists regions within 30 km by default, nearest first, labelled as straight-line distances', async () => {
    const { status, body } = await post('/v1/locations/geocode/locations', { lat: 47.37, lon: 8.54 });
    expect(status).toBe(200);
    expect(body.distance_method).toBe('straight_line');
    expect(body.driving_distance).toBe(30);
    expect(names(body.data)).toEqual(['Zürich', 'Adliswil', 'Zumikon', 'Winterthur', 'Zug']);
    const d = body.data.map((r: { distance_km: number }) => r.distance_km);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    expect(d[0]).toBeLessThan(1);
    expect(d[4]).toBeGreaterThan(20);
    expect(d[4]).toBeLessThan(30);
  });

  it('honours driving_distance', async () => {
    expect(names((await post('/v1/locations/geocode/locations', { lat: 47.37, lon: 8.54, driving_distance: 10 })).body.data)).toEqual(['Zürich', 'Adliswil', 'Zumikon']);
    expect(names((await post('/v1/locations/geocode/locations', { lat: 47.37, lon: 8.54, driving_distance: 70 })).body.data)).toContain('St. Gallen');
  });

  it('returns a GeoJSON FeatureCollection of points with geojson=1', async () => {
    const { status, body } = await post('/v1/locations/geocode/locations?geojson=1', { lat: 47.37, lon: 8.54, driving_distance: 10 });
    expect(status).toBe(200);
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
    expect((await post('/v1/locations/geocode/locations', { lat: 100, lon: 8 })).body.errors.lat).toBeDefined();
    expect((await post('/v1/locations/geocode/locations', { lat: '47', lon: 8 })).body.errors.lat).toBeDefined();
    expect((await post('/v1/locations/geocode/locations', { lat: 47, lon: 8, driving_distance: 0 })).body.errors.driving_distance).toBeDefined();
    expect((await post('/v1/locations/geocode/locations', { lat: 47, lon: 8, driving_distance: 301 })).status).toBe(400);
    expect((await post('/v1/locations/geocode/locations', { lat: 47, lon: 8, radius: 3 })).status).toBe(400);
    expect((await post('/v1/locations/geocode/locations?geojson=yes', { lat: 47, lon: 8 })).body.errors.geojson).toBeDefined();
  });
});

describe('popular cities', () => {
  it('lists popular cities in order with the seed\'s image.url.t1024_2x1 (no data wrapper), and null for a hidden image', async () => {
    const img = await createImage(h.db, { t1024_2x1: 'img/city', t512_1x1: 'img/city-sq' }, { kind: 'city' });
    const hidden = await createImage(h.db, { t1024_2x1: 'img/hidden' }, { kind: 'city', status: 'hidden' });
    await addPopularCity(h.db, R.winterthur!.id, 'Winterthur', hidden.id, 2);
    await addPopularCity(h.db, R.zurich!.id, 'Zurich', img.id, 1);
    const { status, body } = await get('/v1/locations');
    expect(status).toBe(200);
    expect(body.data.map((c: { display_name: string }) => c.display_name)).toEqual(['Zurich', 'Winterthur']);
    expect(body.data[0]).toMatchObject({ id: expect.any(Number), display_name: 'Zurich', region_id: R.zurich!.id });
    expect(body.data[0].image).toEqual({ id: img.id, url: { t1024_2x1: `/v1/images/${img.id}/t1024_2x1` } });
    expect(body.data[0].image.url.t1024_2x1).toBe(`/v1/images/${img.id}/t1024_2x1`);
    expect(body.data[1].image).toBeNull();
  });
});
