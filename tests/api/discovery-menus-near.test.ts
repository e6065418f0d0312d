// GET /v1/menus/near/{regionId}: visibility, search, cuisine/diet/allergen filters with faceted counts, the
// availability of a day, guest count and place, resolve/stacks/paging, prices, validation and the round-trip budget.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { listItems } from '../../functions/_api/db/schema/lists';
import { menus } from '../../functions/_api/db/schema/menus';
import { settings } from '../../functions/_api/db/schema/system';
import { NEAR_PAGE_VERSION } from '#shared/near-page';
import { useHarness } from '../support/use-harness';
import { createChef, createImage, createMenu } from '../support/fixtures';
import { blockDay, countDriverCalls, createBooking, createRegion, listItem, serveRegion, tagMenu, inWorkerd } from '../support/discovery-fixtures';
import { ok, refused, visitorClient, type Answer, type QueryOf, type TypedClient } from '../support/typed-client';

const h = useHarness();
let region: number;
let emptyRegion: number;
const M: Record<string, number> = {};
let chefA: { id: number; uri: string };
let chefB: { id: number; uri: string };
let img: { id: number };
let counter: ReturnType<typeof countDriverCalls> | null = null;

beforeAll(async () => {
  if (h.runtime === 'node') counter = countDriverCalls(h);
  region = (await createRegion(h.db, { name: 'Nearville', zips: ['7001'] })).id;
  const other = (await createRegion(h.db, { name: 'Farville', zips: ['7002'] })).id;
  emptyRegion = (await createRegion(h.db, { name: 'Emptyville', zips: ['7003'] })).id;

  // Vocabularies, with positions deciding the facet order.
  await listItem(h.db, 'cuisine', 'italian', { en: 'Italian', de: 'Italienisch', fr: 'Italienne' }, 1);
  await listItem(h.db, 'cuisine', 'french', { en: 'French', de: 'Französisch' }, 2);
  await listItem(h.db, 'cuisine', 'thai', { en: 'Thai' }, 3);
  await listItem(h.db, 'diet', 'vegetarian', { en: 'Vegetarian', de: 'Vegetarisch' }, 1);
  await listItem(h.db, 'diet', 'vegan', { en: 'Vegan' }, 2);
  await listItem(h.db, 'diet', 'gluten-free', { en: 'Gluten-free' }, 3);
  await listItem(h.db, 'allergen', 'gluten', { en: 'Gluten' }, 1);
  await listItem(h.db, 'allergen', 'milk', { en: 'Milk (lactose)' }, 2);
  await listItem(h.db, 'allergen', 'nuts', { en: 'Tree nuts' }, 3);

  const a = await createChef(h.db, { user: { firstname: 'Anna', lastname: 'Alpin' } });
  const b = await createChef(h.db, { user: { firstname: 'Bruno', lastname: 'Bianchi' } });
  const paused = await createChef(h.db, { status: ChefStatus.Paused });
  const banned = await createChef(h.db, { status: ChefStatus.Banned });
  const elsewhere = await createChef(h.db);
  chefA = a.chef;
  chefB = b.chef;
  await serveRegion(h.db, a.chef.id, region);
  await serveRegion(h.db, b.chef.id, region, other);
  await serveRegion(h.db, paused.chef.id, region);
  await serveRegion(h.db, banned.chef.id, region);
  await serveRegion(h.db, elsewhere.chef.id, other);
  img = await createImage(h.db, { t512_1x1: 'img/1', t512_2x1: 'img/2', t1024_2x1: 'img/3' });
  const hidden = await createImage(h.db, { t512_1x1: 'img/h' }, { status: 'hidden' });

  M.tuscan = (await createMenu(h.db, a.chef.id, { name: 'Tuscan Feast', description: 'Handmade pasta', minGuests: 2, maxGuests: 12, atCustomer: true, atChef: false, reviewAvg: 4.8, reviewCount: 5, imageId: img.id })).id;
  M.paris = (await createMenu(h.db, a.chef.id, { name: 'Paris Bistro', description: 'Classic 100% butter', minGuests: 4, maxGuests: 8, atCustomer: true, atChef: true, reviewAvg: 4.5, imageId: hidden.id })).id;
  M.roman = (await createMenu(h.db, b.chef.id, { name: 'Roman Vegan', minGuests: 6, maxGuests: 20, atCustomer: false, atChef: true, reviewAvg: 4.2, pricePerPerson: 12000, currency: 'EUR' })).id;
  M.draft = (await createMenu(h.db, b.chef.id, { name: 'Draft Italian', status: 'draft' })).id;
  M.archived = (await createMenu(h.db, b.chef.id, { name: 'Archived Italian', status: 'archived' })).id;
  M.paused = (await createMenu(h.db, paused.chef.id, { name: 'Paused Italian' })).id;
  M.banned = (await createMenu(h.db, banned.chef.id, { name: 'Banned Italian' })).id;
  M.elsewhere = (await createMenu(h.db, elsewhere.chef.id, { name: 'Elsewhere Italian' })).id;

  await tagMenu(h.db, M.tuscan, 'cuisine', 'italian');
  await tagMenu(h.db, M.tuscan, 'diet', 'vegetarian');
  await tagMenu(h.db, M.tuscan, 'allergen', 'milk', 'gluten');
  await tagMenu(h.db, M.paris, 'cuisine', 'french');
  await tagMenu(h.db, M.paris, 'diet', 'vegetarian', 'vegan');
  await tagMenu(h.db, M.paris, 'allergen', 'nuts');
  await tagMenu(h.db, M.roman, 'cuisine', 'italian');
  await tagMenu(h.db, M.roman, 'diet', 'vegetarian', 'vegan');
  for (const key of ['draft', 'archived', 'paused', 'banned', 'elsewhere']) await tagMenu(h.db, M[key]!, 'cuisine', 'italian');
});

type NearCall = TypedClient['menus']['near'][':regionId']['$get'];
type NearBody = Answer<NearCall>;
/**
 * Menus near a region as a visitor: the query as the route types it, the display locale and currency in the headers
 * the client sends them in (the route's type does not declare request-prefs' ?locale= and ?currency=).
 */
const nearCall = (query: QueryOf<NearCall> = {}, headers: Record<string, string> = {}, regionId = region) =>
  visitorClient(h).menus.near[':regionId'].$get({ param: { regionId: String(regionId) }, query }, { headers });
/** A search that must be answered. */
const near = (...args: Parameters<typeof nearCall>) => ok(nearCall(...args));
/** A search that must be refused. */
const nearRefused = (...args: Parameters<typeof nearCall>) => refused(nearCall(...args));
const names = (b: NearBody) => b.data.map((m) => m.name);
const counts = (f: NearBody['filters']['cuisine']) => Object.fromEntries(f.items.map((i) => [i.key, i.count]));

describe('visibility', () => {
  it('lists only published menus of Active chefs serving the region, best rated first', async () => {
    const { status, body } = await near({ count: '1' });
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Tuscan Feast', 'Paris Bistro', 'Roman Vegan']);
    expect(body.total_count).toBe(3);
    expect(body.filter_count).toBe(3);
  });

  it('answers 404 for an unknown region and 400 for a malformed id', async () => {
    expect((await nearRefused({}, {}, 999_999_999)).status).toBe(404);
    expect((await refused(visitorClient(h).menus.near[':regionId'].$get({ param: { regionId: 'abc' }, query: {} }))).status).toBe(400);
  });

  it('returns an empty list with zero-count options for a region without chefs', async () => {
    const { status, body } = await near({ count: '1' }, {}, emptyRegion);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.total_count).toBe(0);
    expect(counts(body.filters.cuisine)).toEqual({ italian: 0, french: 0, thai: 0 });
  });
});

describe('the answer kept in the isolate', () => {
  // A repeated call is answered from the bytes kept in memory (lib/versioned-cache.ts), which every answer shares: a
  // runtime that took them over for one answer (detached or changed them) would leave the next one empty or wrong.
  it('answers a repeated call with the same bytes, and a change of a menu with the change', async () => {
    const path = `/v1/menus/near/${region}?resolve=chef,image&count=1&page_size=10`;
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      texts.push(await res.text());
    }
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
    expect(JSON.parse(texts[0]!).data.map((m: { name: string }) => m.name)).toEqual(['Tuscan Feast', 'Paris Bistro', 'Roman Vegan']);

    await h.db.update(menus).set({ name: 'Tuscan Supper' }).where(eq(menus.id, M.tuscan!));
    try {
      const changed = await (await h.request(path)).text();
      expect(JSON.parse(changed).data.map((m: { name: string }) => m.name)).toEqual(['Tuscan Supper', 'Paris Bistro', 'Roman Vegan']);
      expect(await (await h.request(path)).text()).toBe(changed);
    } finally {
      await h.db.update(menus).set({ name: 'Tuscan Feast' }).where(eq(menus.id, M.tuscan!));
    }
    expect(await (await h.request(path)).text()).toBe(texts[0]);
  });

  it('carries the same security headers, CSP and request id as every other answer, given at once (wholeAnswer)', async () => {
    const header = (res: Response) => (name: string) => res.headers.get(name);
    const ping = header(await h.request('/v1/ping'));
    const res = await h.request(`/v1/menus/near/${region}`, { headers: { 'cf-ray': '8f2c1a9b3d4e5f61-ZRH' } });
    expect(res.status).toBe(200);
    const answer = header(res);
    for (const name of ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'content-security-policy']) {
      expect(answer(name), name).toBeTruthy();
      expect(answer(name), name).toBe(ping(name));
    }
    expect(answer('x-request-id')).toBe('8f2c1a9b3d4e5f61-ZRH');
    expect(answer('content-type')).toBe('application/json');
  });
});

describe('filters and facets', () => {
  it('counts every option of each facet, in list order, including zero counts', async () => {
    const { body } = await near();
    expect(body.filters.cuisine.items).toEqual([
      { key: 'italian', name: 'Italian', count: 2 },
      { key: 'french', name: 'French', count: 1 },
      { key: 'thai', name: 'Thai', count: 0 },
    ]);
    expect(counts(body.filters.diet)).toEqual({ vegetarian: 3, vegan: 2, 'gluten-free': 0 });
    expect(counts(body.filters.allergy)).toEqual({ gluten: 1, milk: 1, nuts: 1 });
  });

  it('matches any of the chosen cuisines, and counts other facets with that filter applied', async () => {
    const italian = await near({ cuisines: 'italian', count: '1' });
    expect(names(italian.body)).toEqual(['Tuscan Feast', 'Roman Vegan']);
    expect(italian.body.total_count).toBe(3);
    expect(italian.body.filter_count).toBe(2);
    // The cuisine facet ignores its own selection; the others see only Italian menus.
    expect(counts(italian.body.filters.cuisine)).toEqual({ italian: 2, french: 1, thai: 0 });
    expect(counts(italian.body.filters.diet)).toEqual({ vegetarian: 2, vegan: 1, 'gluten-free': 0 });
    expect(counts(italian.body.filters.allergy)).toEqual({ gluten: 1, milk: 1, nuts: 0 });
    expect(names((await near({ cuisines: 'italian,french' })).body)).toEqual(['Tuscan Feast', 'Paris Bistro', 'Roman Vegan']);
  });

  it('requires every chosen diet', async () => {
    const { body } = await near({ diets: 'vegetarian,vegan', count: '1' });
    expect(names(body)).toEqual(['Paris Bistro', 'Roman Vegan']);
    expect(body.filter_count).toBe(2);
    expect(counts(body.filters.diet)).toEqual({ vegetarian: 3, vegan: 2, 'gluten-free': 0 });
    expect(counts(body.filters.cuisine)).toEqual({ italian: 1, french: 1, thai: 0 });
    expect((await near({ diets: 'vegan,gluten-free' })).body.data).toEqual([]);
  });

  it('excludes menus containing any excluded allergen', async () => {
    const { body } = await near({ allergies_exclude: 'nuts' });
    expect(names(body)).toEqual(['Tuscan Feast', 'Roman Vegan']);
    expect(counts(body.filters.allergy)).toEqual({ gluten: 1, milk: 1, nuts: 1 });
    expect(counts(body.filters.cuisine)).toEqual({ italian: 2, french: 0, thai: 0 });
    expect(names((await near({ allergies_exclude: 'milk,nuts' })).body)).toEqual(['Roman Vegan']);
  });

  it('computes each facet with all other active filters', async () => {
    const { body } = await near({ cuisines: 'italian', diets: 'vegan', allergies_exclude: 'milk', count: '1' });
    expect(names(body)).toEqual(['Roman Vegan']);
    expect(body.filter_count).toBe(1);
    expect(counts(body.filters.cuisine)).toEqual({ italian: 1, french: 1, thai: 0 }); // vegan, without milk
    expect(counts(body.filters.diet)).toEqual({ vegetarian: 1, vegan: 1, 'gluten-free': 0 }); // Italian, without milk
    expect(counts(body.filters.allergy)).toEqual({ gluten: 0, milk: 0, nuts: 0 }); // Italian and vegan
  });

  it('searches menu name, description and chef name case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(names((await near({ search: 'bistro' })).body)).toEqual(['Paris Bistro']);
    expect(names((await near({ search: 'TUSCAN' })).body)).toEqual(['Tuscan Feast']);
    expect(names((await near({ search: 'handmade' })).body)).toEqual(['Tuscan Feast']);
    expect(names((await near({ search: 'bruno bianchi' })).body)).toEqual(['Roman Vegan']);
    expect(names((await near({ search: '100%' })).body)).toEqual(['Paris Bistro']);
    expect(names((await near({ search: '%' })).body)).toEqual(['Paris Bistro']);
    expect(names((await near({ search: '_' })).body)).toEqual([]);
    const withFacets = await near({ search: 'vegan' });
    expect(counts(withFacets.body.filters.cuisine)).toEqual({ italian: 1, french: 0, thai: 0 });
  });

  it('names options and tags in the request locale, falling back to English', async () => {
    const de = await near({ resolve: 'cuisines,diets' }, { 'x-locale': 'de' });
    expect(de.body.filters.cuisine.items[0]).toEqual({ key: 'italian', name: 'Italienisch', count: 2 });
    expect(de.body.data[0]!.cuisines).toEqual({ data: [{ key: 'italian', name: 'Italienisch' }] });
    expect(de.body.data[0]!.diets).toEqual({ data: [{ key: 'vegetarian', name: 'Vegetarisch' }] });
    const deCh = await near({}, { 'x-locale': 'de-ch' });
    expect(deCh.body.filters.diet.items[0]!.name).toBe('Vegetarisch');
    const fr = await near({}, { 'x-locale': 'fr' });
    expect(fr.body.filters.cuisine.items.map((i) => i.name)).toEqual(['Italienne', 'French', 'Thai']);
  });

  it('lists a retired option only while menus still carry it', async () => {
    await listItem(h.db, 'cuisine', 'retired-empty', { en: 'Gone' }, 9);
    await h.db.update(listItems).set({ retiredAt: new Date() }).where(eq(listItems.key, 'retired-empty'));
    await h.db.update(listItems).set({ retiredAt: new Date() }).where(eq(listItems.key, 'french'));
    try {
      const keys = (await near()).body.filters.cuisine.items.map((i) => i.key);
      expect(keys).toEqual(['italian', 'french', 'thai']);
    } finally {
      await h.db.update(listItems).set({ retiredAt: null }).where(eq(listItems.key, 'french'));
    }
  });
});

describe('availability', () => {
  it('drops the menus of a chef who blocked the day', async () => {
    await blockDay(h.db, chefA.id, '2026-07-15');
    const { body } = await near({ date: '2026-07-15', count: '1' });
    expect(names(body)).toEqual(['Roman Vegan']);
    expect(body.total_count).toBe(3);
    expect(body.filter_count).toBe(1);
    expect(counts(body.filters.cuisine)).toEqual({ italian: 1, french: 0, thai: 0 });
    expect(names((await near({ date: '2026-07-14' })).body)).toEqual(['Tuscan Feast', 'Paris Bistro', 'Roman Vegan']);
  });

  it('drops the menus of a chef with a confirmed booking that day, but not for a mere request', async () => {
    await createBooking(h.db, { chefId: chefB.id, menuId: M.roman!, eventDate: '2026-07-16', status: 'confirmed' });
    await createBooking(h.db, { chefId: chefA.id, menuId: M.tuscan!, eventDate: '2026-07-16', status: 'requested' });
    expect(names((await near({ date: '2026-07-16' })).body)).toEqual(['Tuscan Feast', 'Paris Bistro']);
    for (const status of ['completed', 'reviewed'] as const) {
      const day = status === 'completed' ? '2026-07-17' : '2026-07-18';
      await createBooking(h.db, { chefId: chefB.id, menuId: M.roman!, eventDate: day, status });
      expect(names((await near({ date: day })).body)).toEqual(['Tuscan Feast', 'Paris Bistro']);
    }
    await createBooking(h.db, { chefId: chefB.id, menuId: M.roman!, eventDate: '2026-07-19', status: 'cancelled' });
    expect(names((await near({ date: '2026-07-19' })).body)).toContain('Roman Vegan');
  });

  it('keeps only menus whose guest range fits', async () => {
    expect(names((await near({ guests: '10' })).body)).toEqual(['Tuscan Feast', 'Roman Vegan']);
    expect(names((await near({ guests: '3' })).body)).toEqual(['Tuscan Feast']);
    expect(names((await near({ guests: '20' })).body)).toEqual(['Roman Vegan']);
    expect((await near({ guests: '21' })).body.data).toEqual([]);
  });

  it("keeps only menus offered at the chosen place", async () => {
    expect(names((await near({ at_chefs_place: '1' })).body)).toEqual(['Paris Bistro', 'Roman Vegan']);
    expect(names((await near({ at_chefs_place: '0' })).body)).toEqual(['Tuscan Feast', 'Paris Bistro']);
  });

  it('combines day, guests and place with the other filters', async () => {
    const { body } = await near({ date: '2026-07-15', guests: '6', at_chefs_place: '1', diets: 'vegan', count: '1' });
    expect(names(body)).toEqual(['Roman Vegan']);
    expect(body.total_count).toBe(3);
    expect(counts(body.filters.diet)).toEqual({ vegetarian: 1, vegan: 1, 'gluten-free': 0 });
  });

  it('refuses days that cannot be booked and bad values', async () => {
    // The harness clock stands at 2026-06-01 10:00 UTC: bookable days run from 2026-06-02 to 2027-06-01.
    expect((await near({ date: '2026-06-02' })).status).toBe(200);
    expect((await near({ date: '2027-06-01' })).status).toBe(200);
    for (const bad of ['2026-06-01', '2027-06-02', '2026-02-30', 'tomorrow', '2026-7-1']) {
      const res = await nearRefused({ date: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.errors.date).toBeDefined();
    }
    for (const bad of ['1', '101', 'x', '2.5']) expect((await nearRefused({ guests: bad })).body.errors.guests, bad).toBeDefined();
    expect((await nearRefused({ at_chefs_place: 'yes' })).body.errors.at_chefs_place).toBeDefined();
  });
});

describe('resolve, stacks and paging', () => {
  it('leaves relations out unless resolved', async () => {
    const m = (await near()).body.data[0];
    expect(m).toMatchObject({ id: M.tuscan, chef_id: chefA.id, name: 'Tuscan Feast', review_count: 5, review_avg: 4.8, min_guests: 2, max_guests: 12, at_customer: true, at_chef: false });
    for (const key of ['chef', 'image', 'diets', 'cuisines', 'allergies', 'items']) expect(m).not.toHaveProperty(key);
  });

  it('resolves the chef, its user and avatar step by step', async () => {
    const chefOnly = (await near({ resolve: 'chef' })).body.data[0]!.chef?.data;
    expect(chefOnly).toMatchObject({ id: chefA.id, uri: chefA.uri, firstname: 'Anna', lastname: 'Alpin' });
    expect(chefOnly).not.toHaveProperty('user_public');
    const withUser = (await near({ resolve: 'chef.user_public' })).body.data[0]!.chef?.data;
    expect(withUser?.user_public?.data).toEqual({ firstname: 'Anna' });
    const withAvatar = (await near({ resolve: 'chef,chef.user_public,chef.user_public.avatar' })).body.data[0]!.chef?.data;
    expect(withAvatar?.user_public?.data).toEqual({ firstname: 'Anna', avatar: null });
  });

  it('limits image urls to the requested stacks and resolves a hidden image to null', async () => {
    const { body } = await near({ resolve: 'image', stacks: 't512_1x1,t512_2x1' });
    expect(body.data[0]!.image?.data.url).toEqual({ t512_1x1: `/v1/images/${img.id}/t512_1x1`, t512_2x1: `/v1/images/${img.id}/t512_2x1` });
    expect(body.data[1]!.image).toBeNull(); // hidden
    expect(body.data[2]!.image).toBeNull(); // none
    expect(Object.keys((await near({ resolve: 'image' })).body.data[0]!.image?.data.url ?? {}).sort()).toEqual(['t1024_2x1', 't512_1x1', 't512_2x1']);
  });

  it('pages with a zero-based page and page_size (default and max 200)', async () => {
    const first = await near({ page_size: '2', count: '1' });
    expect(names(first.body)).toEqual(['Tuscan Feast', 'Paris Bistro']);
    expect(first.body.filter_count).toBe(3);
    expect(names((await near({ page_size: '2', page: '1' })).body)).toEqual(['Roman Vegan']);
    expect((await near({ page_size: '2', page: '5' })).body.data).toEqual([]);
    expect((await near({ page_size: '200' })).status).toBe(200);
    for (const bad of [{ page_size: '201' }, { page_size: '0' }, { page: '-1' }, { page: 'x' }, { count: '2' }]) {
      const res = await nearRefused(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(bad));
    }
  });

  it('includes totals only with count=1, accepts version and ignores unknown parameters', async () => {
    // Raw on purpose: a parameter the route does not take, which it ignores.
    const raw = await h.request(`/v1/menus/near/${region}?version=3.2.1&utm_source=x`);
    const plain = { status: raw.status, body: (await raw.json()) as NearBody };
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('total_count');
    expect(plain.body).toHaveProperty('filters');
    expect((await nearRefused({ version: '<script>' })).body.errors.version).toBeDefined();
    // The web client's version (modules/menus/near-page.ts) gets the same answer as a call without one.
    expect((await near({ version: NEAR_PAGE_VERSION, count: '1' })).body).toEqual((await near({ count: '1' })).body);
  });

  it('validates resolve, stacks and filter lists', async () => {
    expect((await nearRefused({ resolve: 'chef,secrets' })).body.errors.resolve).toBeDefined();
    expect((await nearRefused({ resolve: 'allergies' })).body.errors.resolve).toBeDefined();
    expect((await nearRefused({ stacks: 't9999x9999' })).body.errors.stacks).toBeDefined();
    expect((await nearRefused({ cuisines: 'Ital ian!' })).body.errors.cuisines).toBeDefined();
    const many = Array.from({ length: 21 }, (_, i) => `k${i}`).join(',');
    expect((await nearRefused({ diets: many })).body.errors.diets).toBeDefined();
    expect((await near({ allergies_exclude: many.split(',').slice(0, 20).join(',') })).status).toBe(200);
    expect((await nearRefused({ search: 'x'.repeat(101) })).body.errors.search).toBeDefined();
  });
});

describe('prices', () => {
  it('converts each menu price into the display currency', async () => {
    const chf = await near({}, { 'x-currency': 'CHF', 'x-locale': 'de-ch' });
    expect(chf.body.data[0]!.effective_per_person_cost_lc_formatted).toMatch(/^CHF\s?95$/);
    // 120.00 EUR / 1.07 = 112.15 CHF, rounded like a price
    expect(chf.body.data[2]!.effective_per_person_cost_lc_formatted).toMatch(/^CHF\s?112$/);
    expect(chf.body.data[0]!.currency).toBe('CHF');
    const eur = await near({}, { 'x-currency': 'EUR', 'x-locale': 'en' });
    const eurPrices = eur.body.data.map((m) => m.effective_per_person_cost_lc_formatted);
    expect(eurPrices.slice(0, 2)).toEqual(['€102', '€102']);
    // Whole amounts print with or without ".00" (pricing.formatMoney caches one formatter per currency and locale).
    expect(eurPrices[2]).toMatch(/^€120(\.00)?$/);
  });

  it('uses the current currency rates from settings', async () => {
    await h.db.insert(settings).values({ key: 'currency_rates', value: { CHF: 1, EUR: 2, USD: 1.25, GBP: 0.93 } });
    try {
      expect((await near({}, { 'x-currency': 'EUR', 'x-locale': 'en' })).body.data[0]!.effective_per_person_cost_lc_formatted).toMatch(/^€190(\.00)?$/);
    } finally {
      await h.db.delete(settings).where(eq(settings.key, 'currency_rates'));
    }
  });
});

describe('round trips', () => {
  it.skipIf(inWorkerd)('answers the whole call, filters, facets and availability included, in one database round trip', async () => {
    const { result, calls } = await counter!.during(() => near({ resolve: 'chef,diets,cuisines,image,chef.user_public,chef.user_public.avatar', stacks: 't512_1x1', search: 'a', cuisines: 'italian,french', diets: 'vegetarian', allergies_exclude: 'nuts', date: '2026-07-20', guests: '6', at_chefs_place: '1', count: '1' }, { 'x-currency': 'EUR' }));
    expect(result.status).toBe(200);
    expect(names(result.body)).toEqual(['Roman Vegan']);
    expect(calls).toEqual(['execute']);
  });

  it.skipIf(inWorkerd)('counts driver calls for real: a plain query is one execute', async () => {
    const { calls } = await counter!.during(() => h.db.run(sql`select 1`));
    expect(calls).toEqual(['execute']);
  });
});
