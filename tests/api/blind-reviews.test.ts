// Two-sided, blind reviews (issue 18 §5): the chef rates the guest after the event (punctuality, kitchen, respect,
// text); neither side reads the other's review, and the customer's counts nowhere, until both are written or the
// 14 days are over; then both are published together (by the second review's batch, or by the sweep). Guest reviews
// are never public: other chefs see the customer's average and count on that customer's requests.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { guestReviews, reviews } from '../../functions/_api/db/schema/bookings';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { menus } from '../../functions/_api/db/schema/menus';
import { notifications } from '../../functions/_api/db/schema/messages';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import { START } from '../support/harness';
import { useHarness } from '../support/use-harness';
import { DAY, HOUR } from '#shared/time';
import { as, bookingCalls, chefBookingOf, confirmedBooking, customer, orderOf, publicReviews, rateCall, rateGuestCall, requestBooking, startsIn, world, type GuestRatings, type Party, type World } from '../support/booking-fixtures';
import { ok, on, refused, settled, visitorClient } from '../support/typed-client';
import { testDeps } from '../support/chef-fixtures';
import { createRegion, serveRegion } from '../support/discovery-fixtures';

const h = useHarness();
beforeEach(() => h.clock.set(START));

const customerRatings = (n: number) => ({ rating_food: n, rating_service: n, rating_hygiene: n, rating_value: n, rating_communication: n, text: 'A lovely evening.' });
const guestRatings = (over: Partial<GuestRatings> = {}): GuestRatings => ({ rating_punctuality: 5, rating_kitchen: 4, rating_respect: 3, text: 'GUEST-REVIEW-SECRET: kind hosts.', ...over });

/** The customer's rating and the chef's review of the guest: the pending typed calls, for ok() or refused(). */
const rate = async (w: World, id: number, n = 4) => rateCall(await as(h, w.customer), id, customerRatings(n));
const rateGuest = async (w: World, id: number, over: Partial<GuestRatings> = {}, who: Party = w.chef) => rateGuestCall(await as(h, who), id, guestRatings(over));
const asCustomer = async (w: World, id: number, who: Party = w.customer) => (await ok(orderOf(await as(h, who), id))).body.data;
const asChef = async (w: World, id: number) => (await ok(chefBookingOf(await as(h, w.chef), id))).body.data;
const ratingOf = async (w: World) => {
  const [c] = await h.db.select({ n: chefs.reviewCount, avg: chefs.reviewAvg }).from(chefs).where(eq(chefs.id, w.chef.chefId));
  const [m] = await h.db.select({ n: menus.reviewCount, avg: menus.reviewAvg }).from(menus).where(eq(menus.id, w.menu.id));
  return { chef: [c!.n, c!.avg], menu: [m!.n, m!.avg] };
};

/** A confirmed booking whose event ended an hour ago (the clock is moved there). */
async function pastBooking(w: World, who: Party = w.customer, dayOffset = 5) {
  h.clock.set(START);
  const starts = startsIn(h, dayOffset);
  const id = await confirmedBooking(h, w, { starts_at: starts }, who);
  const end = Date.parse(starts) + 4 * HOUR;
  h.clock.set(new Date(end + HOUR));
  return { id, end };
}

describe('the chef rates the guest', () => {
  it('once, after the event and within 14 days, with three ratings 1–5 and a text; only the chef of the booking', async () => {
    const w = await world(h);
    h.clock.set(START);
    const starts = startsIn(h, 5);
    const id = await confirmedBooking(h, w, { starts_at: starts });
    const early = await refused(rateGuest(w, id));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('INVALID_BOOKING_STATE');
    const end = Date.parse(starts) + 4 * HOUR;
    h.clock.set(new Date(end + HOUR));
    expect((await refused(rateGuest(w, id, {}, w.customer))).status).toBe(403);
    expect((await refused(rateGuest(w, id, {}, await customer(h)))).status).toBe(404);
    const bad = await refused(rateGuest(w, id, { rating_punctuality: 0, rating_kitchen: 6, rating_respect: 2.5, text: 'x'.repeat(2001) }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['rating_kitchen', 'rating_punctuality', 'rating_respect', 'text']);
    // Raw on purpose: a field the guest review does not take.
    const chef = await as(h, w.chef);
    expect((await chef.post(`/v1/bookings/${id}/guest-review`, { ...guestRatings(), extra: 1 })).status).toBe(400);

    const rated = await ok(rateGuest(w, id));
    expect(rated.status).toBe(201);
    expect(rated.body.data.guest_review).toMatchObject({ rating: 4, rating_punctuality: 5, rating_kitchen: 4, rating_respect: 3, text: 'GUEST-REVIEW-SECRET: kind hosts.', published: false, published_at: null });
    expect(rated.body.data.actions).not.toContain('rate_guest');
    const twice = await refused(rateGuest(w, id));
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_RATED']);
    expect(await h.db.select().from(guestReviews).where(eq(guestReviews.bookingId, id))).toHaveLength(1);
    // The customer is told, without the content.
    const notes = await h.db.select().from(notifications).where(eq(notifications.userId, w.customer.userId)).orderBy(notifications.id);
    expect(notes.at(-1)!.title).toBe('Your chef reviewed the evening');
    expect(notes.at(-1)!.message).not.toContain('SECRET');

    const late = await pastBooking(w, w.customer, 6);
    h.clock.set(new Date(late.end + 14 * DAY));
    expect((await refused(rateGuest(w, late.id))).body.message).toBe('The 14 days for rating this booking are over.');
    h.clock.set(new Date(late.end + 14 * DAY - 1));
    expect((await asChef(w, late.id)).actions).toContain('rate_guest');
    expect((await ok(rateGuest(w, late.id))).status).toBe(201);
  });
});

describe('the blind rule', () => {
  it('hides the customer’s review from the chef and the public, and keeps the rating, until the chef has rated the guest; then publishes both together', async () => {
    const w = await world(h);
    const { id } = await pastBooking(w);
    const before = await ratingOf(w);
    expect((await ok(rate(w, id, 5))).status).toBe(201);

    // Written, not published: its author reads it, nobody else does, and it counts nowhere.
    expect((await asCustomer(w, id)).review).toMatchObject({ rating: 5, published: false, published_at: null });
    const chefSees = await asChef(w, id);
    expect(chefSees.review).toBeNull();
    expect(chefSees.actions).not.toContain('reply');
    expect(chefSees.actions).toContain('rate_guest');
    expect(await ratingOf(w)).toEqual(before);
    expect(await publicReviews(h, w.chef.chefId)).toEqual([]);
    const reply = await refused(bookingCalls(await as(h, w.chef)).review.reply.$post({ ...on(id), json: { text: 'Thanks!' } }));
    expect([reply.status, reply.body.code]).toEqual([409, 'NOT_RATED']);
    const chefNote = (await h.db.select().from(notifications).where(eq(notifications.userId, w.chef.userId))).at(-1)!;
    expect(chefNote.title).toBe('New review');
    expect(chefNote.message).toContain('Rate your guest to read it');

    h.clock.set(new Date(h.clock.now().getTime() + 2 * DAY));
    const now = h.clock.now().toISOString();
    expect((await ok(rateGuest(w, id))).status).toBe(201);
    // Both published at the same instant, both sides read both, and the rating counts the review.
    const [r] = await h.db.select().from(reviews).where(eq(reviews.bookingId, id));
    const [g] = await h.db.select().from(guestReviews).where(eq(guestReviews.bookingId, id));
    expect([r!.publishedAt?.toISOString(), g!.publishedAt?.toISOString()]).toEqual([now, now]);
    const chefAfter = await asChef(w, id);
    expect(chefAfter.review).toMatchObject({ rating: 5, published: true, published_at: now });
    expect(chefAfter.actions).toContain('reply');
    expect((await asCustomer(w, id)).guest_review).toMatchObject({ rating: 4, text: 'GUEST-REVIEW-SECRET: kind hosts.', published: true, published_at: now });
    expect(await ratingOf(w)).toEqual({ chef: [1, 5], menu: [1, 5] });
    expect((await publicReviews(h, w.chef.chefId)).map((x) => x.rating)).toEqual([5]);
  });

  it('publishes both when the chef wrote first and the customer second', async () => {
    const w = await world(h);
    const { id } = await pastBooking(w);
    expect((await ok(rateGuest(w, id))).status).toBe(201);
    // The customer does not read the chef's review before writing theirs.
    expect((await asCustomer(w, id)).guest_review).toBeNull();
    expect((await asChef(w, id)).guest_review).toMatchObject({ published: false });
    expect((await ok(rate(w, id, 3))).status).toBe(201);
    expect((await asCustomer(w, id)).guest_review).toMatchObject({ published: true });
    expect(await ratingOf(w)).toEqual({ chef: [1, 3], menu: [1, 3] });
  });

  it('publishes both when they are written at the same moment', async () => {
    const w = await world(h);
    const { id } = await pastBooking(w);
    const [a, b] = await Promise.all([settled(rate(w, id, 2)), settled(rateGuest(w, id))]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const [r] = await h.db.select().from(reviews).where(eq(reviews.bookingId, id));
    const [g] = await h.db.select().from(guestReviews).where(eq(guestReviews.bookingId, id));
    expect(r!.publishedAt).not.toBeNull();
    expect(g!.publishedAt).not.toBeNull();
    expect(await ratingOf(w)).toEqual({ chef: [1, 2], menu: [1, 2] });
  });

  it('publishes a lone review when the 14 days are over, through the sweep, once', async () => {
    const w = await world(h);
    const { id, end } = await pastBooking(w);
    const loneCustomer = await customer(h);
    const lone = await pastBooking(w, loneCustomer, 6);
    expect((await ok(rate(w, id, 4))).status).toBe(201);
    expect((await ok(rateGuest(w, lone.id))).status).toBe(201);
    // The day before the window closes nothing is published.
    h.clock.set(new Date(end + 14 * DAY - HOUR));
    expect((await runSweep(testDeps(h))).reviews_published).toBe(0);
    expect(await ratingOf(w)).toEqual({ chef: [0, 0], menu: [0, 0] });
    expect((await asChef(w, id)).review).toBeNull();
    h.clock.set(new Date(lone.end + 14 * DAY));
    // These two (other tests' reviews in the same database may be published with them).
    expect((await runSweep(testDeps(h))).reviews_published).toBeGreaterThanOrEqual(2);
    expect(await ratingOf(w)).toEqual({ chef: [1, 4], menu: [1, 4] });
    expect((await asChef(w, id)).review).toMatchObject({ published: true });
    expect((await asCustomer(w, lone.id, loneCustomer)).guest_review).toMatchObject({ published: true });
    expect((await runSweep(testDeps(h))).reviews_published).toBe(0);
  });
});

describe('guest reviews are private to chefs', () => {
  it('are never in a public read; other chefs see the customer’s average and count on that customer’s requests', async () => {
    const w = await world(h);
    const region = await createRegion(h.db, { name: 'Guestville', zips: ['9777'] });
    await serveRegion(h.db, w.chef.chefId, region.id);
    const one = await pastBooking(w);
    expect((await ok(rate(w, one.id, 5))).status).toBe(201);
    expect((await ok(rateGuest(w, one.id, { rating_punctuality: 4, rating_kitchen: 4, rating_respect: 4 }))).status).toBe(201);

    const visitor = visitorClient(h);
    const chef = visitor.chefs[':id{[A-Za-z0-9-]*[0-9]}'];
    const ofChef = { param: { id: String(w.chef.chefId) }, query: {} };
    const reads = {
      chef: () => ok(chef.$get(ofChef)),
      reviews: () => ok(chef.reviews.$get(ofChef)),
      menus: () => ok(chef.menus.$get(ofChef)),
      menu: () => ok(visitor.menus[':id{[0-9]+}'].$get({ ...on(w.menu.id), query: {} })),
      near: () => ok(visitor.menus.near[':regionId'].$get({ param: { regionId: String(region.id) }, query: {} })),
      featured: () => ok(visitor.menus.featured.$get()),
    };
    for (const [name, read] of Object.entries(reads)) {
      const res = await read();
      expect(res.status, name).toBe(200);
      const text = JSON.stringify(res.body);
      expect(text, name).not.toContain('GUEST-REVIEW-SECRET');
      expect(text, name).not.toContain('rating_punctuality');
    }

    // Another chef answering this customer's request sees the average and count, never the text.
    const other = await world(h);
    h.clock.set(START);
    const request = await requestBooking(h, other, { starts_at: startsIn(h, 40) }, w.customer);
    const body = (await ok(chefBookingOf(await as(h, other.chef), request))).body;
    expect(body.data.customer.guest_rating).toEqual({ avg: 4, count: 1 });
    expect(JSON.stringify(body)).not.toContain('GUEST-REVIEW-SECRET');
    expect(body.data.guest_review).toBeNull();
    // The customer's own view carries no rating of them by chefs.
    const mine = await asCustomer(w, request);
    expect(mine.customer.guest_rating).toBeUndefined();
  });
});
