// Chef profile, reviews and menus, and the menu page: GET /v1/chefs/{id|uri}, /reviews, /menus, /menus/{menuId}
// and GET /v1/menus/{id}. Only Active chefs and published menus are visible; everything else is 404.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChefStatus, chefs } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { useHarness } from '../support/use-harness';
import { createChef, createImage, createMenu, createUser } from '../support/fixtures';
import { addCourse, addTier, countDriverCalls, createReview, listItem, tagMenu, inWorkerd } from '../support/discovery-fixtures';
import { ok, refused, visitorClient, type QueryOf, type TypedClient } from '../support/typed-client';

const h = useHarness();
let chef: typeof chefs.$inferSelect;
let paused: typeof chefs.$inferSelect;
let other: typeof chefs.$inferSelect;
let avatar: { id: number };
let menuImg: { id: number };
const M: Record<string, number> = {};
const reviewIds: Record<string, number> = {};
let counter: ReturnType<typeof countDriverCalls> | null = null;

beforeAll(async () => {
  if (h.runtime === 'node') counter = countDriverCalls(h);
  avatar = await createImage(h.db, { t256x256: 'img/avatar' }, { kind: 'avatar' });
  const c = await createChef(h.db, {
    user: { firstname: 'Clara', lastname: 'Koch', avatarImageId: avatar.id },
    isPro: true,
    isSignature: false,
    verifiedAt: new Date('2025-03-01T00:00:00Z'),
    displayLocation: 'Bern, BE',
    profileBio: 'Seasonal Swiss cooking.',
    languages: ['de', 'en'],
    reviewCount: 2,
    reviewAvg: 4.5,
  });
  chef = c.chef;
  paused = (await createChef(h.db, { status: ChefStatus.Paused })).chef;
  other = (await createChef(h.db)).chef;

  await listItem(h.db, 'cuisine', 'swiss', { en: 'Swiss', de: 'Schweizerisch' }, 1);
  await listItem(h.db, 'diet', 'vegetarian', { en: 'Vegetarian', de: 'Vegetarisch' }, 1);
  await listItem(h.db, 'allergen', 'milk', { en: 'Milk (lactose)', de: 'Milch (Laktose)' }, 2);
  await listItem(h.db, 'allergen', 'gluten', { en: 'Gluten', de: 'Gluten' }, 1);

  menuImg = await createImage(h.db, { t512_1x1: 'img/m1', t512_2x1: 'img/m2', t1024_2x1: 'img/m3' });
  M.alpine = (await createMenu(h.db, chef.id, { name: 'Alpine Dinner', description: '**Three** courses', imageId: menuImg.id, minGuests: 2, maxGuests: 14, pricePerPerson: 10000, atCustomer: true, atChef: true, bookingMode: 'instant', reviewAvg: 4.66, reviewCount: 3 })).id;
  M.simple = (await createMenu(h.db, chef.id, { name: 'Simple Supper', reviewAvg: 4 })).id;
  M.draft = (await createMenu(h.db, chef.id, { name: 'Draft', status: 'draft' })).id;
  M.archived = (await createMenu(h.db, chef.id, { name: 'Archived', status: 'archived' })).id;
  M.paused = (await createMenu(h.db, paused.id, { name: 'Paused chef menu' })).id;
  M.other = (await createMenu(h.db, other.id, { name: 'Other chef menu' })).id;

  await tagMenu(h.db, M.alpine, 'cuisine', 'swiss');
  await tagMenu(h.db, M.alpine, 'diet', 'vegetarian');
  await tagMenu(h.db, M.alpine, 'allergen', 'milk', 'gluten');
  await addCourse(h.db, M.alpine, { position: 2, courseType: 'main', name: 'Rösti', description: 'Crisp', allergens: ['milk'] });
  await addCourse(h.db, M.alpine, { position: 1, courseType: 'starter', name: 'Barley soup', allergens: ['gluten', 'milk'] });
  await addCourse(h.db, M.alpine, { position: 3, courseType: 'dessert', name: 'Meringue', allergens: [] });
  await addTier(h.db, M.alpine, 6, 9000);
  await addTier(h.db, M.alpine, 12, 8000);

  const anna = await createUser(h.db, { firstname: 'Anna', lastname: 'Secret', avatarImageId: avatar.id });
  const ben = await createUser(h.db, { firstname: 'Ben', lastname: 'Private' });
  reviewIds.old = (await createReview(h.db, { chefId: chef.id, menuId: M.alpine, customerId: anna.id, ratings: [5, 5, 5, 5, 4], text: 'Wonderful', reply: 'Thank you!', createdAt: new Date('2026-01-10T12:00:00Z') })).id;
  reviewIds.new = (await createReview(h.db, { chefId: chef.id, menuId: M.simple, customerId: ben.id, ratings: [4, 4, 4, 4, 4], text: 'Good', createdAt: new Date('2026-03-10T12:00:00Z') })).id;
  reviewIds.hidden = (await createReview(h.db, { chefId: chef.id, menuId: M.alpine, customerId: ben.id, ratings: [1, 1, 1, 1, 1], text: 'Spam', hiddenAt: new Date(), createdAt: new Date('2026-04-01T12:00:00Z') })).id;
});

/** The public chef and menu reads, as a visitor: `ref` is a chef's id or uri. */
const chefRead = (ref: string | number) => ({ param: { id: String(ref) } });
type ChefCalls = TypedClient['chefs'][':id{[A-Za-z0-9-]*[0-9]}'];
const reads = () => {
  const chefs = visitorClient(h).chefs[':id{[A-Za-z0-9-]*[0-9]}'];
  const menus = visitorClient(h).menus;
  return {
    profile: (ref: string | number, resolve?: string) => chefs.$get({ ...chefRead(ref), query: resolve === undefined ? {} : { resolve } }),
    reviews: (ref: string | number, query: QueryOf<ChefCalls['reviews']['$get']> = {}) => chefs.reviews.$get({ ...chefRead(ref), query }),
    menus: (ref: string | number, query: QueryOf<ChefCalls['menus']['$get']> = {}, headers?: Record<string, string>) => chefs.menus.$get({ ...chefRead(ref), query }, { headers }),
    chefMenu: (ref: string | number, menuId: number) => chefs.menus[':menuId{[0-9]+}'].$get({ param: { id: String(ref), menuId: String(menuId) }, query: {} }),
    menu: (id: number | string, query: QueryOf<TypedClient['menus'][':id{[0-9]+}']['$get']> = {}, headers?: Record<string, string>) => menus[':id{[0-9]+}'].$get({ param: { id: String(id) }, query }, { headers }),
    featured: () => menus.featured.$get(),
  };
};

describe('chef profile', () => {
  it('returns the seed Chef fields by numeric id', async () => {
    const { status, body } = await ok(reads().profile(chef.id));
    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: chef.id,
      uri: chef.uri,
      canonical_uri: chef.uri,
      firstname: 'Clara',
      lastname: 'Koch',
      display_location: 'Bern, BE',
      profile_bio: 'Seasonal Swiss cooking.',
      review_count: 2,
      review_avg: 4.5,
      is_verified: true,
      verified_at: '2025-03-01T00:00:00.000Z',
      created_at: chef.createdAt.toISOString(),
      is_pro: true,
      is_signature: false,
      languages: ['de', 'en'],
    });
  });

  it('finds the chef by uri, and by an outdated uri with the canonical one to redirect to', async () => {
    expect((await ok(reads().profile(chef.uri))).body.data.id).toBe(chef.id);
    const old = await ok(reads().profile(`some-old-name-${chef.id}`));
    expect(old.status).toBe(200);
    expect(old.body.data.canonical_uri).toBe(chef.uri);
    expect(old.body.data.uri).toBe(chef.uri);
  });

  it('resolves user_public and its avatar on request', async () => {
    expect((await ok(reads().profile(chef.id, 'user_public'))).body.data.user_public).toEqual({ data: { firstname: 'Clara' } });
    const full = await ok(reads().profile(chef.uri, 'user_public,user_public.avatar'));
    expect(full.body.data.user_public?.data.avatar?.data.url.t256x256).toBe(`/v1/images/${avatar.id}/t256x256`);
    const avatarOnly = (await ok(reads().profile(chef.id, 'user_public.avatar'))).body.data.user_public?.data;
    expect(avatarOnly).toHaveProperty('avatar');
    expect(avatarOnly?.avatar).not.toBeNull();
    expect((await refused(reads().profile(chef.id, 'email'))).status).toBe(400);
  });

  it('is 404 for chefs that are not Active, unknown ids and malformed references', async () => {
    for (const status of [ChefStatus.New, ChefStatus.Paused, ChefStatus.Onboarded, ChefStatus.OnboardingFailed, ChefStatus.Banned]) {
      const c = await createChef(h.db, { status });
      expect((await refused(reads().profile(c.chef.id))).status, `status ${status}`).toBe(404);
      expect((await refused(reads().profile(c.chef.uri))).status).toBe(404);
    }
    expect((await refused(reads().profile(999999999))).status).toBe(404);
    expect((await refused(reads().profile('clara-koch'))).status).toBe(404);
  });

  it('leaves /v1/chefs/me to the chef area: "me" never matches a chef reference', async () => {
    expect((await refused(visitorClient(h).chefs.me.$get())).body.message).not.toBe('Chef not found.');
  });
});

describe('chef reviews', () => {
  it('lists visible reviews newest first, in the list envelope', async () => {
    const { status, body } = await ok(reads().reviews(chef.id, { count: '1' }));
    expect(status).toBe(200);
    expect(body.data.map((r) => r.id)).toEqual([reviewIds.new, reviewIds.old]);
    expect(body.total_count).toBe(2);
    expect(body.filter_count).toBe(2);
    expect(body.data[1]).toEqual({
      id: reviewIds.old,
      menu_id: M.alpine,
      rating: 4.8,
      rating_food: 5,
      rating_service: 5,
      rating_hygiene: 5,
      rating_value: 5,
      rating_communication: 4,
      text: 'Wonderful',
      reply: 'Thank you!',
      replied_at: null,
      created_at: '2026-01-10T12:00:00.000Z',
    });
  });

  it('resolves the reviewer (first name only) with avatar, and the chef', async () => {
    const { body } = await ok(reads().reviews(chef.uri, { resolve: 'user_public,user_public.avatar,chef' }));
    expect(body.data[1]!.user_public).toEqual({ data: { firstname: 'Anna', avatar: { data: { id: avatar.id, url: { t256x256: `/v1/images/${avatar.id}/t256x256` } } } } });
    expect(body.data[0]!.user_public).toEqual({ data: { firstname: 'Ben', avatar: null } });
    expect(JSON.stringify(body)).not.toMatch(/Secret|Private/);
    expect(body.data[0]!.chef?.data).toMatchObject({ id: chef.id, uri: chef.uri, firstname: 'Clara' });
    expect((await ok(reads().reviews(chef.id, { resolve: 'user_public' }))).body.data[1]!.user_public).toEqual({ data: { firstname: 'Anna' } });
  });

  it('pages and orders', async () => {
    const ids = async (query: Parameters<ReturnType<typeof reads>['reviews']>[1]) => (await ok(reads().reviews(chef.id, query))).body.data.map((r) => r.id);
    expect(await ids({ page_size: '1', page: '1' })).toEqual([reviewIds.old]);
    expect(await ids({ order: 'rating', order_dir: 'asc' })).toEqual([reviewIds.new, reviewIds.old]);
    expect(await ids({ order_dir: 'asc' })).toEqual([reviewIds.old, reviewIds.new]);
    for (const bad of [{ page_size: '201' }, { page: '-1' }, { order: 'text' }, { order_dir: 'up' }, { resolve: 'customer' }]) {
      expect((await refused(reads().reviews(chef.id, bad))).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('is 404 for a chef that is not Active', async () => {
    expect((await refused(reads().reviews(paused.id))).status).toBe(404);
  });
});

describe("chef's menus", () => {
  it('lists only published menus, with relations only when resolved', async () => {
    const { status, body } = await ok(reads().menus(chef.uri));
    expect(status).toBe(200);
    expect(body.data.map((m) => m.name)).toEqual(['Alpine Dinner', 'Simple Supper']);
    for (const key of ['image', 'diets', 'allergies', 'cuisines', 'items']) expect(body.data[0]).not.toHaveProperty(key);
  });

  it('resolves tags, courses and images limited to the requested stacks', async () => {
    // German names through the x-locale header: this route's type has no locale parameter (request-prefs reads it).
    const { body } = await ok(reads().menus(chef.id, { resolve: 'diets,allergies,cuisines,items,image', stacks: 't512_1x1,t512_2x1' }, { 'x-locale': 'de' }));
    const m = body.data[0]!;
    expect(m.cuisines).toEqual({ data: [{ key: 'swiss', name: 'Schweizerisch' }] });
    expect(m.diets).toEqual({ data: [{ key: 'vegetarian', name: 'Vegetarisch' }] });
    expect(m.allergies).toEqual({ data: [{ key: 'gluten', name: 'Gluten' }, { key: 'milk', name: 'Milch (Laktose)' }] });
    expect(m.items?.data.map((c) => c.name)).toEqual(['Barley soup', 'Rösti', 'Meringue']);
    expect(m.image?.data.url).toEqual({ t512_1x1: `/v1/images/${menuImg.id}/t512_1x1`, t512_2x1: `/v1/images/${menuImg.id}/t512_2x1` });
    expect(body.data[1]!.image).toBeNull();
    expect((await refused(reads().menus(chef.id, { resolve: 'chef' }))).status).toBe(400);
    expect((await refused(reads().menus(chef.id, { stacks: 'huge' }))).status).toBe(400);
  });

  it('is 404 for a chef that is not Active', async () => {
    expect((await refused(reads().menus(paused.id))).status).toBe(404);
  });
});

describe('menu page', () => {
  it('returns the full menu: chef, tags, courses, price tiers and booking details', async () => {
    const { status, body } = await ok(reads().menu(M.alpine!, {}, { 'x-currency': 'CHF', 'x-locale': 'en' }));
    expect(status).toBe(200);
    const m = body.data;
    expect(m).toMatchObject({
      id: M.alpine,
      chef_id: chef.id,
      name: 'Alpine Dinner',
      description: '**Three** courses',
      review_count: 3,
      review_avg: 4.7,
      min_guests: 2,
      max_guests: 14,
      at_customer: true,
      at_chef: true,
      booking_mode: 'instant',
      currency: 'CHF',
    });
    expect(m.effective_per_person_cost_lc_formatted).toMatch(/^CHF\s?100(\.00)?$/);
    expect(m.chef?.data).toMatchObject({ id: chef.id, uri: chef.uri, firstname: 'Clara', lastname: 'Koch', is_pro: true });
    expect(m.chef?.data.user_public?.data.avatar?.data.url.t256x256).toBe(`/v1/images/${avatar.id}/t256x256`);
    expect(Object.keys(m.image?.data.url ?? {}).sort()).toEqual(['t1024_2x1', 't512_1x1', 't512_2x1']);
    expect(m.cuisines?.data).toEqual([{ key: 'swiss', name: 'Swiss' }]);
    expect(m.items?.data[0]).toEqual({
      id: expect.any(Number),
      course_type: 'starter',
      name: 'Barley soup',
      description: '',
      allergens: { data: [{ key: 'gluten', name: 'Gluten' }, { key: 'milk', name: 'Milk (lactose)' }] },
    });
    expect(m.price_tiers?.map((t) => [t.min_guests, t.max_guests])).toEqual([
      [2, 5],
      [6, 11],
      [12, 14],
    ]);
    expect(m.price_tiers?.map((t) => t.price_per_person_lc_formatted.replace(/\s/g, ' '))).toEqual([
      expect.stringMatching(/^CHF 100(\.00)?$/),
      expect.stringMatching(/^CHF 90(\.00)?$/),
      expect.stringMatching(/^CHF 80(\.00)?$/),
    ]);
  });

  it('prices for the chosen guest count and converts the currency', async () => {
    // Euros through the x-currency header: this route's type has no currency parameter (request-prefs reads it).
    expect((await ok(reads().menu(M.alpine!, { guests: '12' }, { 'x-currency': 'EUR', 'x-locale': 'en' }))).body.data.effective_per_person_cost_lc_formatted).toBe('€86');
    expect((await refused(reads().menu(M.alpine!, { guests: '1' }))).status).toBe(400);
  });

  it('is the same under the chef, and 404 under another chef', async () => {
    const viaChef = await ok(reads().chefMenu(chef.uri, M.alpine!));
    expect(viaChef.status).toBe(200);
    expect(viaChef.body.data.id).toBe(M.alpine);
    expect((await ok(reads().chefMenu(chef.id, M.alpine!))).status).toBe(200);
    expect((await refused(reads().chefMenu(other.uri, M.alpine!))).status).toBe(404);
  });

  it('is 404 for drafts, archived menus, menus of chefs that are not Active, and unknown ids', async () => {
    for (const key of ['draft', 'archived', 'paused']) {
      expect((await refused(reads().menu(M[key]!))).status, key).toBe(404);
    }
    expect((await refused(reads().chefMenu(paused.id, M.paused!))).status).toBe(404);
    expect((await refused(reads().menu(999999999))).status).toBe(404);
    expect((await refused(reads().menu('not-a-number'))).status).toBe(404);
  });

  it('resolves a hidden image to null', async () => {
    await h.db.update(images).set({ status: 'hidden' }).where(eq(images.id, menuImg.id));
    try {
      expect((await ok(reads().menu(M.alpine!))).body.data.image).toBeNull();
    } finally {
      await h.db.update(images).set({ status: 'approved' }).where(eq(images.id, menuImg.id));
    }
  });

  it('keeps the featured list working beside the new routes', async () => {
    const { status, body } = await ok(reads().featured());
    expect(status).toBe(200);
    expect(body.data.map((m) => m.id)).toContain(M.alpine);
  });
});

describe('round trips', () => {
  it.skipIf(inWorkerd)('answers each chef and menu read in one database round trip', async () => {
    const r = reads();
    const reads_: [string, () => Promise<{ status: number }>][] = [
      ['profile', () => ok(r.profile(chef.uri, 'user_public,user_public.avatar'))],
      ['reviews', () => ok(r.reviews(chef.id, { resolve: 'user_public,user_public.avatar,chef', count: '1' }))],
      ['menus', () => ok(r.menus(chef.id, { resolve: 'diets,allergies,cuisines,items,image' }))],
      ['chef menu', () => ok(r.chefMenu(chef.id, M.alpine!))],
      ['menu', () => ok(r.menu(M.alpine!))],
    ];
    for (const [name, read] of reads_) {
      const { result, calls } = await counter!.during(read);
      expect(result.status, name).toBe(200);
      expect(calls.length, name).toBe(1);
    }
  });
});
