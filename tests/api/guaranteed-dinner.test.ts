// The guaranteed dinner (issue 18 §4): after the chef cancels a confirmed booking the customer's booking carries
// what to search and rebook with (`rebook`), menus near answers it with the menus free that evening for the same
// place, guests and dietary needs, best first; the cancellation notice links to them; a rebooking (`rebook_of`) takes
// the guests' allergy passport along; the admin chef record lists and counts the chef's cancellations; and each
// cancellation lowers the chef's menus in the ranking for 180 days.
import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { menus } from '../../functions/_api/db/schema/menus';
import { notifications } from '../../functions/_api/db/schema/messages';
import { guestAnswers } from '../../functions/_api/db/schema/passport';
import { REBOOK_REFUSED } from '../../functions/_api/modules/bookings/booking-rebook';
import { CANCELLATION_PENALTY_DAYS } from '../../functions/_api/modules/bookings/cancellation-ranking';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import { START } from '../support/harness';
import { useHarness } from '../support/use-harness';
import { DAY, HOUR } from '#shared/time';
import { agent, type Agent } from '../support/agent';
import { as, book, bookingBody, bookingCalls, chefBookingOf, confirmedBooking, customer, orderOf, requestBooking, startsIn, world, type World } from '../support/booking-fixtures';
import { ok, on, refused, typedClient, visitorClient } from '../support/typed-client';
import { testDeps } from '../support/chef-fixtures';
import { blockDay, createBooking, createRegion, serveRegion, tagMenu } from '../support/discovery-fixtures';
import { createChef, createMenu, createUser } from '../support/fixtures';

const h = useHarness();
beforeEach(() => h.clock.set(START));

let zipSeq = 0;

/** The world's chef serving a region of its own, reached through the booking's postal code. */
async function servedWorld() {
  const w = await world(h);
  const zip = `97${String(++zipSeq).padStart(2, '0')}`;
  const region = await createRegion(h.db, { name: `Dinnerville ${zipSeq}`, zips: [zip] });
  await serveRegion(h.db, w.chef.chefId, region.id);
  return { w, region: region.id, address: { street: 'Seestrasse 9', zip, city: 'Dinnerville' } };
}

/** Another chef's menu in the region, vegetarian unless said otherwise. */
async function otherMenu(region: number, over: Parameters<typeof createMenu>[2] = {}, opts: { diet?: string | null; allergens?: string[] } = {}) {
  const { chef, user } = await createChef(h.db, { timezone: 'Europe/Zurich' });
  await serveRegion(h.db, chef.id, region);
  const menu = await createMenu(h.db, chef.id, { minGuests: 2, maxGuests: 10, atCustomer: true, atChef: false, reviewAvg: 4, reviewCount: 3, ...over });
  if (opts.diet !== null) await tagMenu(h.db, menu.id, 'diet', opts.diet ?? 'vegetarian');
  if (opts.allergens?.length) await tagMenu(h.db, menu.id, 'allergen', ...opts.allergens);
  return { chefId: chef.id, chefUserId: user.id, menuId: menu.id };
}

/** The chef cancels the confirmed booking two days before it. */
async function chefCancels(w: World, id: number, startsAt: string, reason = 'My kitchen flooded.') {
  h.clock.set(new Date(Date.parse(startsAt) - 2 * DAY));
  expect((await ok(bookingCalls(await as(h, w.chef)).cancel.$post({ ...on(id), json: { reason } }))).status).toBe(200);
}

/** What the customer's booking carries to rebook with, once the chef cancelled it. */
async function rebookOf(w: World, id: number) {
  const rebook = (await ok(orderOf(await as(h, w.customer), id))).body.data.rebook;
  if (!rebook) throw new Error(`booking ${id} has nothing to rebook`);
  return rebook;
}

type Rebook = Awaited<ReturnType<typeof rebookOf>>;
type NearQuery = NonNullable<Parameters<ReturnType<typeof typedClient>['menus']['near'][':regionId']['$get']>[0]>['query'];

/** The menus near a region (as a visitor), with the query the booking page sends. */
const near = async (regionId: number, query: NearQuery = {}) =>
  (await ok(visitorClient(h).menus.near[':regionId'].$get({ param: { regionId: String(regionId) }, query }))).body.data;

const nearIds = async (regionId: number, query: NearQuery = {}) => (await near(regionId, query)).map((m) => m.id);

/** The menus near call the booking page makes from `rebook`. */
function alternatives(r: Rebook) {
  if (r.region_id === null) throw new Error('the booking names no region to search');
  const query: NearQuery = { date: r.date, guests: String(r.guests), at_chefs_place: r.at_chefs_place ? '1' : '0', page_size: '50' };
  if (r.diets.length) query.diets = r.diets.join(',');
  if (r.allergens.length) query.allergies_exclude = r.allergens.map((a) => a.key).join(',');
  return nearIds(r.region_id, query);
}

describe('alternatives after the chef cancels', () => {
  it('gives the customer the booking to rebook and the menus free that evening for the same place, guests and diets, best first', async () => {
    const { w, region, address } = await servedWorld();
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts, address });
    const day = starts.slice(0, 10);
    const best = await otherMenu(region, { reviewAvg: 4.9 });
    const good = await otherMenu(region, { reviewAvg: 4.2 }, { allergens: ['milk'] });
    const blocked = await otherMenu(region, { reviewAvg: 5 });
    await blockDay(h.db, blocked.chefId, day);
    const booked = await otherMenu(region, { reviewAvg: 5 });
    await createBooking(h.db, { chefId: booked.chefId, menuId: booked.menuId, eventDate: day, status: 'confirmed' });
    await otherMenu(region, { reviewAvg: 5 }, { diet: null });
    await otherMenu(region, { reviewAvg: 5, maxGuests: 3 });
    await otherMenu(region, { reviewAvg: 5, atCustomer: false, atChef: true });
    await otherMenu(region, { reviewAvg: 5 }, { allergens: ['nuts'] });

    const a = await as(h, w.customer);
    // While the booking stands there is nothing to rebook.
    expect((await ok(orderOf(a, id))).body.data.rebook).toBeUndefined();
    await chefCancels(w, id, starts);

    const mine = await ok(orderOf(await as(h, w.customer), id));
    expect(mine.body.data.status).toBe('cancelled_by_chef');
    const rebook = mine.body.data.rebook!;
    expect(rebook).toEqual({
      booking_id: id,
      cancelled_chef_id: w.chef.chefId,
      region_id: region,
      date: day,
      starts_at: starts,
      timezone: 'Europe/Zurich',
      guests: 4,
      at_chefs_place: false,
      address,
      occasion: 'birthday',
      diets: ['vegetarian'],
      allergens: [{ key: 'nuts', guests: 1 }],
      kitchen_notes: 'Gas hob and a small oven.',
      message: 'We are celebrating a birthday!',
      guest_answers: 0,
    });
    // Only the available matches, best rated first (the cancelling chef's own menu holds nuts, so it is not one).
    expect(await alternatives(rebook)).toEqual([best.menuId, good.menuId]);

    // The chef's view carries no rebooking; the customer's notice links to the alternatives.
    const c = await as(h, w.chef);
    expect((await ok(chefBookingOf(c, id))).body.data).not.toHaveProperty('rebook');
    const links = await h.db.select({ link: notifications.link }).from(notifications).where(eq(notifications.userId, w.customer.userId));
    expect(links.at(-1)?.link).toBe(`/account/me/bookings/${id}#alternatives`);
  });

  it('sends nothing to rebook once the evening can no longer be booked: on its day and after it', async () => {
    const { w, address } = await servedWorld();
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts, address });
    await chefCancels(w, id, starts);
    // The day before the evening it can still be rebooked…
    h.clock.set(new Date(Date.parse(starts) - DAY));
    expect((await ok(orderOf(await as(h, w.customer), id))).body.data.rebook).toMatchObject({ booking_id: id, date: starts.slice(0, 10) });
    // …on its day (in the event's zone) and once it has passed, the answer carries no rebooking data at all.
    for (const at of [Date.parse(starts) - 6 * HOUR, Date.parse(starts) + 2 * DAY]) {
      h.clock.set(new Date(at));
      const mine = await ok(orderOf(await as(h, w.customer), id));
      expect(mine.body.data.status).toBe('cancelled_by_chef');
      expect(mine.body.data).not.toHaveProperty('rebook');
    }
  });

  it("searches the chef's home region for an event at the chef's place", async () => {
    const { w, region } = await servedWorld();
    await h.db.update(chefs).set({ homeRegionId: region }).where(eq(chefs.id, w.chef.chefId));
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts, at_chefs_place: true, address: null, allergens: [] });
    const atChef = await otherMenu(region, { atCustomer: false, atChef: true });
    await otherMenu(region, { reviewAvg: 5 });
    await chefCancels(w, id, starts);
    const rebook = await rebookOf(w, id);
    expect(rebook).toMatchObject({ region_id: region, at_chefs_place: true, address: null, allergens: [] });
    // The cancelling chef's day is free again: the page leaves their menu out by `cancelled_chef_id`.
    expect(await alternatives(rebook)).toEqual([atChef.menuId, w.menu.id]);
  });
});

type GuestAnswer = InferRequestType<ReturnType<typeof typedClient>['guest-invites'][':token']['answers']['$post']>['json'];

describe('one-click rebooking', () => {
  /** The customer shares an invite and a guest answers it, from their own address. */
  async function shareAnswers(w: World, id: number, answers: (Partial<GuestAnswer> & Pick<GuestAnswer, 'name'>)[]) {
    const a = await as(h, w.customer);
    const invite = await ok(bookingCalls(a)['guest-invites'].$post({ ...on(id), json: {} }));
    expect(invite.status).toBe(201);
    const token = invite.body.data.url.split('/guest/')[1]!;
    for (const [i, body] of answers.entries()) {
      const g = agent(h, `10.88.${zipSeq}.${i + 1}`);
      expect((await ok(typedClient(g)['guest-invites'][':token'].answers.$post({ param: { token }, json: { diets: [], allergies: [], ...body } }))).status).toBe(201);
    }
  }

  it("takes the guests' allergy passport to the new booking, where the new chef must answer its severe allergy", async () => {
    const { w, region, address } = await servedWorld();
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts, address });
    await shareAnswers(w, id, [{ name: 'Nina', allergies: [{ key: 'nuts', level: 'severe' }] }, { name: 'Otto', diets: ['vegetarian'] }]);
    const alt = await otherMenu(region, { reviewAvg: 4.9 });
    await chefCancels(w, id, starts);

    const a = await as(h, w.customer);
    const rebook = await rebookOf(w, id);
    expect(rebook.guest_answers).toBe(2);
    const made = await ok(book(a, bookingBody(alt.menuId, h, { starts_at: rebook.starts_at, address: rebook.address, rebook_of: id })));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const newId = made.body.data.id;

    const copied = await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, newId)).orderBy(guestAnswers.id);
    expect(copied.map((r) => [r.name, r.allergies, r.diets])).toEqual([
      ['Nina', [{ key: 'nuts', level: 'severe' }], []],
      ['Otto', [], ['vegetarian']],
    ]);
    // The cancelled booking keeps its own answers; the new chef sees the passport and must answer before accepting.
    expect(await h.db.select().from(guestAnswers).where(eq(guestAnswers.bookingId, id))).toHaveLength(2);
    const chef = await as(h, { userId: alt.chefUserId, email: '' });
    const seen = await ok(chefBookingOf(chef, newId));
    expect(seen.body.data.passport).toMatchObject({ ack_required: true, summary: { answered: 2 } });
    expect((await refused(bookingCalls(chef).accept.$post({ ...on(newId), json: {} }))).body.code).toBe('ALLERGY_ACK_REQUIRED');
  });

  it("refuses to rebook another customer's booking or one the chef did not cancel, and makes no booking", async () => {
    const { w, region, address } = await servedWorld();
    const starts = startsIn(h, 20);
    const cancelled = await confirmedBooking(h, w, { starts_at: starts, address });
    await shareAnswers(w, cancelled, [{ name: 'Nina' }]);
    const standing = await requestBooking(h, w, { starts_at: startsIn(h, 25), address });
    const alt = await otherMenu(region);
    await chefCancels(w, cancelled, starts);

    const stranger = await as(h, await customer(h));
    const mine = await as(h, w.customer);
    for (const [who, rebookOf] of [
      [stranger, cancelled],
      [mine, standing],
      [mine, 999_999],
    ] as const) {
      const res = await refused(book(who, bookingBody(alt.menuId, h, { starts_at: starts, address, rebook_of: rebookOf })));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ rebook_of: [REBOOK_REFUSED] });
    }
    const altChef = await as(h, { userId: alt.chefUserId, email: '' });
    expect((await ok(typedClient(altChef).chefs.me.bookings.$get({ query: { scope: 'requests' } }))).body.data).toEqual([]);
  });
});

/** The admin chef record (GET /v1/admin/chefs/{id}) as agent `a`. */
const adminChef = (a: Agent, id: number) => typedClient(a).admin.chefs[':id'].$get(on(id));

describe("the chef's cancellations", () => {
  it('are listed and counted in the admin chef record', async () => {
    const { w, address } = await servedWorld();
    const adminId = (await createUser(h.db, { isSu: true })).id;
    const admin = await as(h, { userId: adminId, email: '' });
    const before = await ok(adminChef(admin, w.chef.chefId));
    expect(before.body.data.cancellations).toEqual({ count: 0, recent_count: 0, items: [] });

    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts, address });
    await chefCancels(w, id, starts, 'I broke my wrist.');
    const later = await as(h, { userId: adminId, email: '' });
    const after = await ok(adminChef(later, w.chef.chefId));
    expect(after.status).toBe(200);
    expect(after.body.data.cancellations).toEqual({
      count: 1,
      recent_count: 1,
      items: [{ booking_id: id, menu_name: 'Alpine Autumn', starts_at: starts, timezone: 'Europe/Zurich', guests: 4, hours_before_event: 48, reason: 'I broke my wrist.', cancelled_at: h.clock.now().toISOString() }],
    });
    // Not for anyone but an admin.
    const chef = await as(h, w.chef);
    expect((await refused(adminChef(chef, w.chef.chefId))).status).toBe(403);
  });

  it('lower the chef in the ranking of menus near for 180 days, then the sweep lifts it', async () => {
    const { w, region, address } = await servedWorld();
    await h.db.update(menus).set({ reviewAvg: 4.8, reviewCount: 5 }).where(eq(menus.id, w.menu.id));
    const rival = await otherMenu(region, { reviewAvg: 4.5, reviewCount: 5, atChef: true }, { diet: null });
    expect(await nearIds(region)).toEqual([w.menu.id, rival.menuId]);

    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts, address });
    await chefCancels(w, id, starts);
    // 4.8 − 0.5 = 4.3 ranks below 4.5; the card still shows the rating itself.
    expect((await near(region)).map((m) => [m.id, m.review_avg])).toEqual([
      [rival.menuId, 4.5],
      [w.menu.id, 4.8],
    ]);
    expect((await h.db.select({ n: chefs.recentCancellations }).from(chefs).where(eq(chefs.id, w.chef.chefId)))[0]!.n).toBe(1);

    // Still counted the day before it ages out; the sweep after that lifts it.
    h.clock.set(new Date(h.clock.now().getTime() + (CANCELLATION_PENALTY_DAYS - 1) * DAY));
    expect((await runSweep(testDeps(h))).cancellations_expired).toBe(0);
    expect(await nearIds(region)).toEqual([rival.menuId, w.menu.id]);
    h.clock.set(new Date(h.clock.now().getTime() + 2 * DAY));
    expect((await runSweep(testDeps(h))).cancellations_expired).toBeGreaterThanOrEqual(1);
    expect(await nearIds(region)).toEqual([w.menu.id, rival.menuId]);
    expect((await runSweep(testDeps(h))).cancellations_expired).toBe(0);
  });
});
