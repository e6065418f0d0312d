// Menus near serves its body from an in-memory cache while the data it was built from is unchanged: triggers
// (generated from functions/_api/db/data-versions.ts) change a data version on every write that matters, in libSQL
// and in D1, and a changed version makes the next call build the body again, in the same single round trip.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { listItems } from '../../functions/_api/db/schema/lists';
import { menuPriceTiers, menus } from '../../functions/_api/db/schema/menus';
import { dataVersions, settings } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { createChef, createImage, createMenu } from '../support/fixtures';
import { blockDay, countDriverCalls, createBooking, createRegion, inWorkerd, listItem, nearReadData, serveRegion, tagMenu } from '../support/discovery-fixtures';
import { ok, visitorClient, type Answer, type QueryOf, type TypedClient } from '../support/typed-client';

const h = useHarness();
let region: number;
let chef: { id: number; userId: number };
let menuId: number;
let counter: ReturnType<typeof countDriverCalls> | null = null;
const DAY = '2026-07-20';

beforeAll(async () => {
  if (h.runtime === 'node') counter = countDriverCalls(h);
  region = (await createRegion(h.db, { name: 'Cacheville', zips: ['7101'] })).id;
  await listItem(h.db, 'cuisine', 'italian', { en: 'Italian', de: 'Italienisch' }, 1);
  const c = await createChef(h.db, { user: { firstname: 'Carla', lastname: 'Conti' } });
  chef = { id: c.chef.id, userId: c.user.id };
  await serveRegion(h.db, chef.id, region);
  menuId = (await createMenu(h.db, chef.id, { name: 'Cached Feast', reviewAvg: 4.5 })).id;
  await tagMenu(h.db, menuId, 'cuisine', 'italian');
});

type NearCall = TypedClient['menus']['near'][':regionId']['$get'];
type NearBody = Answer<NearCall>;

/** Menus near the region as a visitor; the display currency and locale go in the headers the client sends them in. */
async function near(query: QueryOf<NearCall> = { resolve: 'chef,image', count: '1' }, headers: Record<string, string> = {}) {
  const res = await ok(visitorClient(h).menus.near[':regionId'].$get({ param: { regionId: String(region) }, query }, { headers }));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.body;
}

const versions = async () => Object.fromEntries((await h.db.select().from(dataVersions)).map((r) => [r.name, Number(r.version)]));

describe('data versions', () => {
  it('change the catalog version on menu, chef, name, tag, tier, image, list, region and settings writes, and leave the days version alone', async () => {
    const second = (await createRegion(h.db, { name: 'Secondville' })).id;
    await listItem(h.db, 'cuisine', 'french', { en: 'French' }, 2);
    const img = await createImage(h.db, { t512_1x1: 'img/v1' });
    const writes: [string, () => Promise<unknown>][] = [
      ['menu', () => h.db.update(menus).set({ description: 'New text' }).where(eq(menus.id, menuId))],
      ['chef', () => h.db.update(chefs).set({ displayLocation: 'Zug' }).where(eq(chefs.id, chef.id))],
      ['user name', () => h.db.update(users).set({ lastname: 'Conti-Rossi' }).where(eq(users.id, chef.userId))],
      ['tier', () => h.db.insert(menuPriceTiers).values({ menuId, minGuests: 10, pricePerPerson: 9000 })],
      ['tag', () => tagMenu(h.db, menuId, 'cuisine', 'french')],
      ['list item', () => h.db.update(listItems).set({ position: 3 }).where(eq(listItems.key, 'french'))],
      ['image moderation', () => h.db.update(images).set({ status: 'hidden' }).where(eq(images.id, img.id))],
      ['region served', () => serveRegion(h.db, chef.id, second)],
      ['settings', () => h.db.insert(settings).values({ key: 'probe', value: 1 })],
    ];
    for (const [what, write] of writes) {
      const before = await versions();
      await write();
      const after = await versions();
      expect(after.catalog, what).not.toBe(before.catalog);
      expect(after.days, what).toBe(before.days);
    }
    await h.db.delete(settings).where(eq(settings.key, 'probe'));
  });

  it('change the days version on bookings and blocked days, and leave the catalog version alone', async () => {
    const before = await versions();
    const other = await createChef(h.db);
    const afterChef = await versions();
    expect(afterChef.catalog).not.toBe(before.catalog);
    await blockDay(h.db, other.chef.id, '2026-08-01');
    const afterBlock = await versions();
    expect(afterBlock.days).not.toBe(afterChef.days);
    expect(afterBlock.catalog).toBe(afterChef.catalog);
  });
});

describe('the cached body', () => {
  it('is served again unchanged from one statement that reads only the versions and settings', async () => {
    const query = { resolve: 'chef', count: '1', page_size: '5' };
    const call = () => (counter ? counter.during(() => near(query)) : near(query).then((result) => ({ result, calls: null, sets: null })));
    const first = await call();
    const again = await call();
    expect(again.result).toEqual(first.result);
    if (first.calls && again.calls) {
      // One statement each: the versions, the settings and, the first time only, the page with its facets and lists.
      expect(first.calls).toEqual(['execute']);
      expect(nearReadData(first.sets!)).toBe(true);
      expect(again.calls).toEqual(['execute']);
      expect(nearReadData(again.sets!)).toBe(false);
    }
  });

  it('is built again after a new menu is published in the region', async () => {
    expect((await near()).data.map((m) => m.name)).toEqual(['Cached Feast']);
    await createMenu(h.db, chef.id, { name: 'Fresh Menu', reviewAvg: 3 });
    const body = await near();
    expect(body.data.map((m) => m.name)).toEqual(['Cached Feast', 'Fresh Menu']);
    expect(body.total_count).toBe(2);
  });

  it('is built again after the chef renames, the image is hidden or the currency rates change', async () => {
    const img = await createImage(h.db, { t512_1x1: 'img/c1' });
    await h.db.update(menus).set({ imageId: img.id }).where(eq(menus.id, menuId));
    const menuOf = (b: NearBody) => b.data.find((m) => m.id === menuId)!;
    expect(menuOf(await near()).image).not.toBeNull();

    await h.db.update(users).set({ firstname: 'Carlotta' }).where(eq(users.id, chef.userId));
    expect(menuOf(await near()).chef?.data.firstname).toBe('Carlotta');

    await h.db.update(images).set({ status: 'hidden' }).where(eq(images.id, img.id));
    expect(menuOf(await near()).image).toBeNull();

    const eur = () => near({ resolve: 'chef,image', count: '1' }, { 'x-currency': 'EUR' }).then((b) => menuOf(b).effective_per_person_cost_lc_formatted);
    const before = await eur();
    await h.db.insert(settings).values({ key: 'currency_rates', value: { CHF: 1, EUR: 2, USD: 1.25, GBP: 0.93 } }).onConflictDoUpdate({ target: settings.key, set: { value: { CHF: 1, EUR: 2, USD: 1.25, GBP: 0.93 } } });
    try {
      expect(await eur()).not.toBe(before);
      expect(await eur()).toMatch(/^€190(\.00)?$/);
    } finally {
      await h.db.delete(settings).where(eq(settings.key, 'currency_rates'));
    }
  });

  it('after a catalogue write that leaves the page as it was is the same body, and is built again when only the names of its tags change', async () => {
    const query = { resolve: 'chef,cuisines,diets', count: '1' };
    const before = await near(query);
    // A write elsewhere changes the catalogue version every region's bodies were built from.
    const elsewhere = (await createRegion(h.db, { name: 'Elsewhere', zips: ['7102'] })).id;
    const other = await createChef(h.db);
    await serveRegion(h.db, other.chef.id, elsewhere);
    const v = await versions();
    await createMenu(h.db, other.chef.id, { name: 'Far Away' });
    expect((await versions()).catalog).not.toBe(v.catalog);
    expect(await near(query)).toEqual(before);

    // Renaming a cuisine changes neither the page statement's text nor its facets' ids: the names come from the lists.
    const menuOf = (b: NearBody) => b.data.find((m) => m.id === menuId)!;
    const italian = (b: NearBody) => menuOf(b).cuisines?.data.find((t) => t.key === 'italian');
    expect(italian(before)).toEqual({ key: 'italian', name: 'Italian' });
    await h.db.update(listItems).set({ names: { en: 'Italian food', de: 'Italienisch' } }).where(eq(listItems.key, 'italian'));
    try {
      const renamed = await near(query);
      expect(italian(renamed)).toEqual({ key: 'italian', name: 'Italian food' });
      expect(renamed.filters.cuisine.items.find((i) => i.key === 'italian')?.name).toBe('Italian food');
    } finally {
      await h.db.update(listItems).set({ names: { en: 'Italian', de: 'Italienisch' } }).where(eq(listItems.key, 'italian'));
    }
    expect(await near(query)).toEqual(before);
  });

  it('keeps one body per display currency and locale', async () => {
    const chf = await near({ resolve: 'chef' }, { 'x-currency': 'CHF', 'x-locale': 'de' });
    const eur = await near({ resolve: 'chef' }, { 'x-currency': 'EUR', 'x-locale': 'de' });
    expect(chf.data[0]!.effective_per_person_cost_lc_formatted).toMatch(/CHF/);
    expect(eur.data[0]!.effective_per_person_cost_lc_formatted).toMatch(/€/);
    expect((await near({ resolve: 'chef' }, { 'x-currency': 'CHF', 'x-locale': 'de' })).filters.cuisine.items[0]!.name).toBe('Italienisch');
    expect((await near({ resolve: 'chef' }, { 'x-currency': 'CHF', 'x-locale': 'en' })).filters.cuisine.items[0]!.name).toBe('Italian');
  });

  it('for a date is built again when the chef blocks that day or a booking holds it', async () => {
    const onDay = async () => (await near({ resolve: 'chef', date: DAY })).data.map((m) => m.id);
    expect(await onDay()).toContain(menuId);
    await blockDay(h.db, chef.id, DAY);
    expect(await onDay()).not.toContain(menuId);

    const other = await createChef(h.db);
    await serveRegion(h.db, other.chef.id, region);
    const otherMenu = (await createMenu(h.db, other.chef.id, { name: 'Other Menu' })).id;
    expect(await onDay()).toContain(otherMenu);
    await createBooking(h.db, { chefId: other.chef.id, menuId: otherMenu, eventDate: DAY, status: 'confirmed' });
    expect(await onDay()).not.toContain(otherMenu);
  });

  it.skipIf(inWorkerd)('without a date survives bookings: the statement reads only the versions and settings', async () => {
    const query = { resolve: 'chef', page_size: '7' };
    const first = await near(query);
    await createBooking(h.db, { chefId: chef.id, menuId, eventDate: '2026-07-25', status: 'requested' });
    const { result, calls, sets } = await counter!.during(() => near(query));
    expect(result).toEqual(first);
    expect(calls).toEqual(['execute']);
    expect(nearReadData(sets)).toBe(false);
  });
});
