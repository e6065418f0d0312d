// Reviews (seed: POST /v1/users/me/orders/{id}/rate): only the customer of a completed booking, within 14 days of
// the event, once (also under parallel submissions); the chef's and menu's aggregates always equal the published
// reviews (published once the chef has rated the guest too); the chef replies once.
import { and, avg, count, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, reviews } from '../../functions/_api/db/schema/bookings';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { menus } from '../../functions/_api/db/schema/menus';
import { notifications } from '../../functions/_api/db/schema/messages';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import type { Agent } from '../support/agent';
import { as, bookingCalls, confirmedBooking, customer, publicReviews, rateCall, rateGuestCall, requestBooking, startsIn, world, type Party, type Ratings, type World } from '../support/booking-fixtures';
import { ok, on, refused, settled } from '../support/typed-client';
import { DAY, HOUR } from '#shared/time';

const h = useHarness();
beforeEach(() => h.clock.set(START));

const ratings = (n: number, over: Partial<Ratings> = {}): Ratings => ({
  rating_food: n,
  rating_service: n,
  rating_hygiene: n,
  rating_value: n,
  rating_communication: n,
  text: 'Wonderful evening, thank you!',
  ...over,
});
/** `who` rates booking `id`: the pending typed call, for ok() or refused(). */
const rate = async (who: Party, id: number, body: Ratings) => rateCall(await as(h, who), id, body);
/** The chef's review of the guest, which publishes the customer's (the blind rule: tests/api/blind-reviews.test.ts). */
const rateGuest = async (w: World, id: number) => {
  const res = await ok(rateGuestCall(await as(h, w.chef), id, { rating_punctuality: 5, rating_kitchen: 5, rating_respect: 5 }));
  expect(res.status).toBe(201);
};

/** A confirmed booking whose event is over (clock moved to `hoursAfterEnd` after the end). */
async function pastBooking(w: World, who: Party = w.customer, dayOffset = 5) {
  h.clock.set(START);
  const starts = startsIn(h, dayOffset);
  const id = await confirmedBooking(h, w, { starts_at: starts }, who);
  return { id, end: Date.parse(starts) + 4 * HOUR };
}

describe('rating a booking', () => {
  it('rates a completed booking: 201, reviewed with history, the aggregates recomputed from the reviews', async () => {
    const w = await world(h);
    const one = await pastBooking(w);
    const other = await customer(h);
    const two = await pastBooking(w, other, 6);
    h.clock.set(new Date(two.end + DAY));
    const first = await ok(rate(w.customer, one.id, ratings(5)));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'reviewed', actions: ['message'], review: { rating: 5, rating_food: 5, text: 'Wonderful evening, thank you!', reply: null, published: false } });
    // The clock's "completed" and the customer's "reviewed" are both in the history.
    const ev = await h.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, one.id)).orderBy(bookingEvents.id);
    expect(ev.slice(-2).map((e) => [e.fromStatus, e.toStatus, e.actorRole])).toEqual([
      ['confirmed', 'completed', 'system'],
      ['completed', 'reviewed', 'customer'],
    ]);
    expect(ev.at(-2)!.createdAt.getTime()).toBe(one.end);
    const [b] = await h.db.select().from(bookings).where(eq(bookings.id, one.id));
    expect(b).toMatchObject({ status: 'reviewed' });
    expect(b!.completedAt!.getTime()).toBe(one.end);

    expect((await ok(rate(other, two.id, ratings(3, { rating_food: 4, rating_value: 2 })))).status).toBe(201);
    // Published (and counted) once the chef has rated the guests.
    await rateGuest(w, one.id);
    await rateGuest(w, two.id);
    const [agg] = await h.db.select({ n: count(), avg: avg(reviews.rating) }).from(reviews).where(and(eq(reviews.chefId, w.chef.chefId), isNull(reviews.hiddenAt)));
    const [chef] = await h.db.select().from(chefs).where(eq(chefs.id, w.chef.chefId));
    const [menu] = await h.db.select().from(menus).where(eq(menus.id, w.menu.id));
    expect(agg!.n).toBe(2);
    expect(chef!.reviewCount).toBe(2);
    expect(chef!.reviewAvg).toBeCloseTo(Number(agg!.avg), 10);
    expect(chef!.reviewAvg).toBeCloseTo((5 + 3) / 2, 10);
    expect(menu!.reviewCount).toBe(2);
    expect(menu!.reviewAvg).toBeCloseTo(chef!.reviewAvg, 10);
    // The public chef page shows it.
    expect((await publicReviews(h, w.chef.chefId)).map((r) => r.rating)).toEqual(expect.arrayContaining([5, 3]));
    const note = (await h.db.select().from(notifications).where(eq(notifications.userId, w.chef.userId)).orderBy(notifications.id)).at(-1)!;
    expect(note.title).toBe('New review');
  });

  it('rates once: a second rating and parallel ratings get 409', async () => {
    const w = await world(h);
    const { id, end } = await pastBooking(w);
    h.clock.set(new Date(end + HOUR));
    const agents = await Promise.all(Array.from({ length: 5 }, () => as(h, w.customer)));
    const results = await Promise.all(agents.map((a, i) => settled(rateCall(a, id, ratings(1 + i)))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await h.db.select().from(reviews).where(eq(reviews.bookingId, id))).toHaveLength(1);
    const again = await refused(rate(w.customer, id, ratings(5)));
    expect(again.status).toBe(409);
    expect((await h.db.select().from(chefs).where(eq(chefs.id, w.chef.chefId)))[0]).toMatchObject({ reviewCount: 0, reviewAvg: 0 });
    await rateGuest(w, id);
    const [chef] = await h.db.select().from(chefs).where(eq(chefs.id, w.chef.chefId));
    const [review] = await h.db.select().from(reviews).where(eq(reviews.bookingId, id));
    expect(chef).toMatchObject({ reviewCount: 1, reviewAvg: review!.rating });
    expect(await h.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.toStatus, 'reviewed')))).toHaveLength(1);
  });

  it('is open from the end of the event for 14 days', async () => {
    const w = await world(h);
    const { id, end } = await pastBooking(w);
    h.clock.set(new Date(end - 1));
    const early = await refused(rate(w.customer, id, ratings(4)));
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/Only a completed booking can be rated/);
    h.clock.set(new Date(end + 14 * DAY));
    const late = await refused(rate(w.customer, id, ratings(4)));
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The 14 days for rating this booking are over.');
    h.clock.set(new Date(end + 14 * DAY - 1));
    expect((await ok(rate(w.customer, id, ratings(4)))).status).toBe(201);
  });

  it('belongs to the customer: the chef gets 403, anybody else 404; ratings are whole numbers from 1 to 5', async () => {
    const w = await world(h);
    const { id, end } = await pastBooking(w);
    h.clock.set(new Date(end + HOUR));
    expect((await refused(rate(w.chef, id, ratings(5)))).status).toBe(403);
    expect((await refused(rate(await customer(h), id, ratings(5)))).status).toBe(404);
    const bad = await refused(rate(w.customer, id, ratings(5, { rating_food: 6, rating_service: 0, rating_value: 4.5, text: 'x'.repeat(2001) })));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['rating_food', 'rating_service', 'rating_value', 'text']);
    // Raw on purpose: a body without the other four ratings, which the route's type requires.
    const partial = await as(h, w.customer);
    expect((await partial.post(`/v1/users/me/orders/${id}/rate`, { rating_food: 5 })).status).toBe(400);
    const open = await requestBooking(h, w, { starts_at: startsIn(h, 30) });
    expect((await refused(rate(w.customer, open, ratings(5)))).status).toBe(409);
  });
});

describe('the chef’s reply', () => {
  it('replies once, the customer is told; nobody else can reply', async () => {
    const w = await world(h);
    const { id, end } = await pastBooking(w);
    h.clock.set(new Date(end + HOUR));
    const c = await as(h, w.chef);
    const reply = (a: Agent, text: string) => bookingCalls(a).review.reply.$post({ ...on(id), json: { text } });
    const tooEarly = await refused(reply(c, 'Thanks!'));
    expect(tooEarly.status).toBe(409);
    expect((await ok(rate(w.customer, id, ratings(4)))).status).toBe(201);
    await rateGuest(w, id);
    const customerReply = await refused(reply(await as(h, w.customer), 'Me too'));
    expect(customerReply.status).toBe(403);
    expect((await refused(reply(await as(h, await customer(h)), 'Hi'))).status).toBe(404);
    expect((await refused(reply(c, ''))).status).toBe(400);
    const replied = await ok(reply(c, 'Thank you, it was a pleasure!'));
    expect(replied.status).toBe(201);
    expect(replied.body.data.review).toMatchObject({ reply: 'Thank you, it was a pleasure!', replied_at: new Date(end + HOUR).toISOString() });
    expect(replied.body.data.actions).not.toContain('reply');
    const twice = await refused(reply(c, 'Again'));
    expect(twice.status).toBe(409);
    const [note] = await h.db.select().from(notifications).where(and(eq(notifications.userId, w.customer.userId), eq(notifications.title, 'The chef replied to your review')));
    expect(note!.link).toBe(`/account/me/bookings/${id}`);
  });
});
