// A disabled account hides its chef presence exactly like a ban: profile, reviews, menus, menu pages, menus near
// (also a cached answer), featured menus, the SEO pages and the sitemap, and new bookings are refused. Enabling the
// account again brings everything back. Each case is checked against a banned chef in the same database.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { ChefStatus, chefs } from '../../functions/_api/db/schema/chefs';
import { dataVersions } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { seoPage, sitemap } from '../../functions/_api/modules/seo/seo.edge';
import { useHarness } from '../support/use-harness';
import { superUser } from '../support/admin-fixtures';
import type { Agent } from '../support/agent';
import { as, book, bookingBody, world, type World } from '../support/booking-fixtures';
import { ok, on, refused, settled, typedClient, visitorClient } from '../support/typed-client';
import { countDriverCalls, createRegion, nearReadData, serveRegion } from '../support/discovery-fixtures';

const INDEX = '<!doctype html><html><head><title>YourLocalChef</title></head><body><div id="root"></div></body></html>';

const h = useHarness();
let su: Agent;
let region: number;
/** Chef A is disabled and enabled as an account; chef B is banned and unbanned as a chef. */
let a: World & { uri: string };
let b: World & { uri: string };
let counter: ReturnType<typeof countDriverCalls> | null = null;

async function chefWorld(lastname: string) {
  const w = await world(h, { menu: { name: `${lastname} Feast` } });
  await h.db.update(users).set({ lastname }).where(eq(users.id, w.chef.userId));
  await serveRegion(h.db, w.chef.chefId, region);
  const [row] = await h.db.select({ uri: chefs.uri }).from(chefs).where(eq(chefs.id, w.chef.chefId));
  return { ...w, uri: row!.uri };
}

beforeAll(async () => {
  if (h.runtime === 'node') counter = countDriverCalls(h);
  su = (await superUser(h)).agent;
  region = (await createRegion(h.db, { name: 'Hiddenville' })).id;
  a = await chefWorld('Abegg');
  b = await chefWorld('Bosshard');
});


const near = async () => (await ok(visitorClient(h).menus.near[':regionId'].$get({ param: { regionId: String(region) }, query: { resolve: 'chef', count: '1' } }))).body;
const featured = async () => (await ok(visitorClient(h).menus.featured.$get())).body.data.map((m) => m.id);
const catalogVersion = async () => Number((await h.db.select().from(dataVersions).where(eq(dataVersions.name, 'catalog')))[0]!.version);
const seoHtml = async (path: string) => (await seoPage(new Request(`https://www.example.ch${path}`), h.env, { db: () => h.db, quietLogs: true }, async () => INDEX)).text();
const sitemapXml = async () => (await sitemap(h.env, { db: () => h.db, quietLogs: true })).text();

/** Everything a visitor (and a customer booking) can see of one chef, as statuses and messages. */
async function publicView(w: World & { uri: string }) {
  const chefId = w.chef.chefId;
  const menuId = w.menu.id;
  /** A success's status, or a refusal's status, message and code. */
  const answer = async (pending: Parameters<typeof settled>[0]) => {
    const r = await settled(pending);
    return r.ok ? r.status : { status: r.status, message: r.body.message, code: r.body.code };
  };
  const chef = visitorClient(h).chefs[':id{[A-Za-z0-9-]*[0-9]}'];
  const byId = { param: { id: String(chefId) }, query: {} };
  const quote = await settled(typedClient(await as(h, w.customer)).bookings.quote.$post({ json: { menu_id: menuId, guests: 4 } }));
  return {
    profile: await answer(chef.$get(byId)),
    profileByUri: await answer(chef.$get({ param: { id: w.uri }, query: {} })),
    reviews: await answer(chef.reviews.$get(byId)),
    menus: await answer(chef.menus.$get(byId)),
    chefMenu: await answer(chef.menus[':menuId{[0-9]+}'].$get({ param: { id: String(chefId), menuId: String(menuId) }, query: {} })),
    menu: await answer(visitorClient(h).menus[':id{[0-9]+}'].$get({ ...on(menuId), query: {} })),
    quote: quote.ok ? quote.status : { status: quote.status, message: quote.body.message },
    inNear: (await near()).data.some((m) => m.id === menuId),
    inFeatured: (await featured()).includes(menuId),
    seoProfile: (await seoHtml(`/chefs/${w.uri}`)) !== INDEX,
    seoMenu: (await seoHtml(`/chefs/${w.uri}/menu/${menuId}`)) !== INDEX,
    inSitemap: (await sitemapXml()).includes(`/chefs/${w.uri}<`),
  };
}

const VISIBLE = { profile: 200, profileByUri: 200, reviews: 200, menus: 200, chefMenu: 200, menu: 200, quote: 200, inNear: true, inFeatured: true, seoProfile: true, seoMenu: true, inSitemap: true };
const chefGone = { status: 404, message: 'Chef not found.', code: 'NOT_FOUND' };
const menuGone = { status: 404, message: 'Menu not found.', code: 'NOT_FOUND' };
const HIDDEN = {
  profile: chefGone,
  profileByUri: chefGone,
  reviews: chefGone,
  menus: chefGone,
  chefMenu: menuGone,
  menu: menuGone,
  quote: { status: 404, message: 'Menu not found.' },
  inNear: false,
  inFeatured: false,
  seoProfile: false,
  seoMenu: false,
  inSitemap: false,
};

/** PUT /v1/admin/users/{id}/disabled as the super-user: the pending typed call. */
const setDisabled = (userId: number, disabled: boolean) => typedClient(su).admin.users[':id'].disabled.$put({ ...on(userId), json: { disabled } });

const bookingsOf = (menuId: number) => h.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.menuId, menuId));
const userRow = async (id: number) => (await h.db.select().from(users).where(eq(users.id, id)))[0]!;
const chefRow = async (id: number) => (await h.db.select().from(chefs).where(eq(chefs.id, id)))[0]!;

describe('a chef whose account is disabled', () => {
  it('is public while the account is enabled, like any Active chef', async () => {
    expect(await publicView(a)).toEqual(VISIBLE);
    expect(await publicView(b)).toEqual(VISIBLE);
  });

  it('disappears from a cached menus near answer as soon as the account is disabled', async () => {
    const before = await near();
    expect(before.data.map((m) => m.id).sort()).toEqual([a.menu.id, b.menu.id].sort());
    expect(before.total_count).toBe(2);
    // The second call is served from the cache: its one statement reads the versions and settings, and no data.
    const cached = counter ? await counter.during(near) : { result: await near(), calls: null, sets: null };
    expect(cached.result).toEqual(before);
    if (cached.calls) {
      expect(cached.calls).toEqual(['execute']);
      expect(nearReadData(cached.sets!)).toBe(false);
    }

    const version = await catalogVersion();
    const res = await ok(setDisabled(a.chef.userId, true));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ changed: true, disabled: true });
    expect((await userRow(a.chef.userId)).disabledAt).not.toBeNull();
    // The users trigger moved the catalog version, so the cached body is not served again.
    expect(await catalogVersion()).not.toBe(version);

    const after = await near();
    expect(after.data.map((m) => m.id)).toEqual([b.menu.id]);
    expect(after.total_count).toBe(1);
  });

  it('is hidden everywhere the public looks, exactly like a banned chef', async () => {
    const ban = await ok(typedClient(su).admin.chefs[':id'].ban.$post({ ...on(b.chef.chefId), json: { reason: 'Test ban.' } }));
    expect(ban.status).toBe(200);
    expect((await chefRow(b.chef.chefId)).status).toBe(ChefStatus.Banned);

    const disabled = await publicView(a);
    expect(disabled).toEqual(HIDDEN);
    expect(disabled).toEqual(await publicView(b));
    // Disabling touched the account only: the chef profile keeps its status and the menu stays published.
    expect((await chefRow(a.chef.chefId)).status).toBe(ChefStatus.Active);
  });

  it('gets no new booking requests, like a banned chef, and nothing is written', async () => {
    for (const w of [a, b]) {
      const res = await refused(book(await as(h, w.customer), bookingBody(w.menu.id, h)));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Menu not found.', code: 'NOT_FOUND' });
      expect(await bookingsOf(w.menu.id)).toEqual([]);
    }
  });

  it('is public again once the account is enabled, and can be booked', async () => {
    const res = await ok(setDisabled(a.chef.userId, false));
    expect(res.status).toBe(200);
    expect((await userRow(a.chef.userId)).disabledAt).toBeNull();
    expect(await publicView(a)).toEqual({ ...VISIBLE });
    expect((await near()).data.map((m) => m.id)).toEqual([a.menu.id]);
    // The banned chef stays hidden until the ban is lifted.
    expect(await publicView(b)).toEqual(HIDDEN);

    const booked = await ok(book(await as(h, a.customer), bookingBody(a.menu.id, h)));
    expect(booked.status).toBe(201);
    expect(await bookingsOf(a.menu.id)).toEqual([{ id: booked.body.data.id }]);
  });
});
