// Issue 15 M1: an unpaid checkout holds the chef's day, but one customer cannot squat a chef's calendar. At most one
// held day per chef and HOLDS_PER_CUSTOMER overall (also when the payments start at the same moment), no renewal
// back to back (also not by cancelling and booking again), and a second customer is told the day may free up soon
// (409 DAY_HELD with Retry-After) instead of "taken"; the public availability read shows the same day as held.
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingDayHolds, bookings, payments } from '../../functions/_api/db/schema/bookings';
import { claimDay, HOLD_COOLDOWN_MS, HOLD_MS, HOLDS_PER_CUSTOMER } from '../../functions/_api/modules/payments/day-hold';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { as, bookingCalls, complete, customer, pay, refOf, requestBooking, startsIn, world, type Party, type World } from '../support/booking-fixtures';
import { ok, on, refused, settled, visitorClient } from '../support/typed-client';
import { MINUTE } from '#shared/time';

const h = useHarness();
beforeEach(() => h.clock.set(START));

const instantWorld = () => world(h, { bookingMode: 'instant' });
/** An instant booking (accepted, payable at once) `days` ahead, for `who`. */
const instantBooking = (w: World, days: number, who: Party = w.customer) => requestBooking(h, w, { starts_at: startsIn(h, days) }, who);
const holdsOf = (ids: number[]) => h.db.select().from(bookingDayHolds).where(inArray(bookingDayHolds.bookingId, ids));
const paymentsOf = (id: number) => h.db.select({ status: payments.status }).from(payments).where(eq(payments.bookingId, id));

describe('holding a chef’s days', () => {
  it('lets one customer hold one day per chef: paying for five days at once holds exactly one', async () => {
    const w = await instantWorld();
    const ids = [];
    for (let d = 30; d < 35; d++) ids.push(await instantBooking(w, d));
    const a = await as(h, w.customer);
    const answers = await Promise.all(ids.map((id) => settled(pay(a, id))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'HOLD_LIMIT', message: 'You are already paying for another booking with this chef. Complete that payment or cancel that booking first.' });
    }
    expect(await holdsOf(ids)).toHaveLength(1);
    // Only the checkout that holds the day exists; the refused ones never reached the provider.
    const started = await h.db.select({ bookingId: payments.bookingId }).from(payments).where(inArray(payments.bookingId, ids));
    expect(started).toHaveLength(1);
  });

  it('tells a second customer that a held day may free up soon, with its own code and Retry-After', async () => {
    const w = await instantWorld();
    const first = await instantBooking(w, 40);
    const other = await customer(h);
    const second = await instantBooking(w, 40, other);
    expect((await pay(await as(h, w.customer), first)).status).toBe(201);
    h.clock.advance(6 * MINUTE);

    const res = await refused(pay(await as(h, other), second));
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe(String((HOLD_MS - 6 * MINUTE) / 1000));
    expect(res.body).toEqual({
      code: 'DAY_HELD',
      message: 'Another customer is paying for this chef on that day right now. If they do not complete the payment, the day may become available again in about 25 minutes.',
      message_key: { key: 'validation.refusal.day_held', params: { minutes: 25 } },
      error_keys: {},
    });
    expect(await paymentsOf(second)).toEqual([]);

    // The public calendar reads the same state: held (possibly available soon) until the checkout runs out.
    const day = startsIn(h, 40).slice(0, 10);
    const calendarDay = async () => (await ok(visitorClient(h).menus[':id{[0-9]+}'].availability.$get(on(w.menu.id)))).body.data.days.find((d) => d.day === day);
    expect(await calendarDay()).toEqual({ day, state: 'held', until: new Date(START.getTime() + HOLD_MS).toISOString() });

    // The first checkout runs out unpaid: the second customer gets the day.
    h.clock.advance(HOLD_MS);
    expect(await calendarDay()).toBeUndefined();
    const retry = await ok(pay(await as(h, other), second));
    expect(retry.status).toBe(201);
    expect((await ok(complete(await as(h, other), refOf(retry.body.data.checkout_url)))).body.data.status).toBe('confirmed');
  });

  it(`lets one customer hold at most ${HOLDS_PER_CUSTOMER} days overall, also when the payments start at the same moment`, async () => {
    const worlds = await Promise.all(Array.from({ length: HOLDS_PER_CUSTOMER + 2 }, () => instantWorld()));
    const buyer = await customer(h);
    const ids = await Promise.all(worlds.map((w) => instantBooking(w, 50, buyer)));
    const a = await as(h, buyer);
    const answers = await Promise.all(ids.map((id) => settled(pay(a, id))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(HOLDS_PER_CUSTOMER);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({
        code: 'HOLD_LIMIT',
        message: 'You already have 3 payments open. Complete or cancel one of them before you start another.',
        message_key: { key: 'validation.refusal.hold_limit_count', params: { max: HOLDS_PER_CUSTOMER } },
      });
    }
    expect(await holdsOf(ids)).toHaveLength(HOLDS_PER_CUSTOMER);

    // Paying one frees a place for the next.
    const paid = ids[answers.findIndex((r) => r.status === 201)]!;
    const ref = refOf(answers.flatMap((r) => (r.ok ? [r.body.data.checkout_url] : []))[0]!);
    expect((await complete(a, ref)).status).toBe(200);
    expect(await holdsOf([paid])).toEqual([]);
    const next = ids[answers.findIndex((r) => r.status !== 201)]!;
    expect((await pay(a, next)).status).toBe(201);
  });
});

describe('renewing a hold', () => {
  it('is not possible back to back: after a checkout runs out unpaid, the day is open to others first', async () => {
    const w = await instantWorld();
    const id = await instantBooking(w, 60);
    expect((await pay(await as(h, w.customer), id)).status).toBe(201);
    h.clock.advance(HOLD_MS + MINUTE);

    const again = await refused(pay(await as(h, w.customer), id));
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBe(String((HOLD_COOLDOWN_MS - MINUTE) / 1000));
    expect(again.body).toEqual({
      code: 'HOLD_COOLDOWN',
      message: 'Your last checkout with this chef ended without payment. So that other customers get a chance at the day, you can start a new one in 29 minutes.',
      message_key: { key: 'validation.refusal.hold_cooldown', params: { minutes: 29 } },
      error_keys: {},
    });
    expect(await holdsOf([id])).toEqual([]);

    // Meanwhile another customer may take the day.
    const other = await customer(h);
    expect((await pay(await as(h, other), await instantBooking(w, 60, other))).status).toBe(201);

    // After the pause the first customer may try again (and is now told the day is held by the other checkout).
    h.clock.advance(HOLD_COOLDOWN_MS);
    const later = await refused(pay(await as(h, w.customer), id));
    expect(later.status).toBe(409);
    expect(later.body.code).toBe('DAY_HELD');
  });

  it('is not possible by cancelling the booking and booking the day again', async () => {
    const w = await instantWorld();
    const first = await instantBooking(w, 70);
    const a = await as(h, w.customer);
    expect((await pay(a, first)).status).toBe(201);
    h.clock.advance(25 * MINUTE);
    expect((await ok(bookingCalls(a).cancel.$post({ ...on(first), json: { reason: '' } }))).status).toBe(200);
    expect(await holdsOf([first])).toEqual([]);

    const second = await instantBooking(w, 70);
    const res = await refused(pay(await as(h, w.customer), second));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('HOLD_COOLDOWN');
    h.clock.advance(HOLD_COOLDOWN_MS);
    expect((await pay(await as(h, w.customer), second)).status).toBe(201);
  });

  it('is not left behind by a payment that races the booking being called off', async () => {
    const w = await instantWorld();
    const id = await instantBooking(w, 75);
    const a = await as(h, w.customer);
    const [paid, cancelled] = await Promise.all([settled(pay(a, id)), settled(bookingCalls(a).cancel.$post({ ...on(id), json: { reason: '' } }))]);
    expect(cancelled.ok).toBe(true);
    // Whichever came first, the called-off booking holds no day and has no open checkout.
    expect(await holdsOf([id])).toEqual([]);
    expect((await paymentsOf(id)).filter((p) => p.status === 'pending')).toEqual([]);
    if (!paid.ok) expect(paid.body.code).toMatch(/^(INVALID_BOOKING_STATE|BOOKING_CHANGED)$/);
    // The losing interleaving made certain: the payment checked the booking just before it was called off, then claims.
    const [b] = await h.db.select().from(bookings).where(eq(bookings.id, id));
    const claim = claimDay(h.db, { chefId: w.chef.chefId, day: b!.eventDate, bookingId: id, customerId: w.customer.userId, expiresAt: new Date(h.clock.now().getTime() + HOLD_MS), now: h.clock.now() });
    await expect(claim).rejects.toMatchObject({ status: 409, code: 'BOOKING_CHANGED' });
    expect(await holdsOf([id])).toEqual([]);
  });

  it('still lets a customer try again at once after the payment itself failed', async () => {
    const w = await instantWorld();
    const id = await instantBooking(w, 80);
    const a = await as(h, w.customer);
    const ref = refOf((await ok(pay(a, id))).body.data.checkout_url);
    expect((await complete(a, ref, 'fail')).status).toBe(200);
    expect((await pay(a, id)).status).toBe(201);
  });
});
