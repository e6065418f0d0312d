// Paying with the built-in test checkout: the day hold, idempotent pay, completing and failing, the ledger line,
// and the race of many customers paying for the same chef and day (exactly one is confirmed, nobody else charged).
import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingDayHolds, bookingEvents, bookings, payments } from '../../functions/_api/db/schema/bookings';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { loadBooking } from '../../functions/_api/modules/bookings/bookings.service';
import { confirmPayment } from '../../functions/_api/modules/payments/payments.service';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { testDeps } from '../support/chef-fixtures';
import { acceptedBooking, as, checkout, chefBookingOf, complete, customer, newKey, pay, paymentsList, refOf, startsIn, world, type BookingInput, type Party, type World } from '../support/booking-fixtures';
import { ok, refused, settled } from '../support/typed-client';
import { HOUR } from '#shared/time';

const h = useHarness();
beforeEach(() => h.clock.set(START));

const paymentsOf = (bookingId: number) => h.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id);
const statusOf = async (id: number) => (await h.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.s;

const bookingCustomer = async (id: number) => (await h.db.select({ c: bookings.customerId }).from(bookings).where(eq(bookings.id, id)))[0]!.c;

const accepted = (w: World, who: Party = w.customer, over: Partial<BookingInput> = {}) => acceptedBooking(h, w, over, who);

describe('starting a payment', () => {
  it('claims the day and opens the test checkout; the same key gives the same checkout, one payment row', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const a = await as(h, w.customer);
    const key = newKey();
    const first = await ok(pay(a, id, key));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ provider: 'local', amount: 39900, currency: 'CHF' });
    expect(first.body.data.checkout_url).toMatch(/^\/checkout\/test\/test_[0-9a-f-]+\?reference=/);
    const again = await ok(pay(a, id, key));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.checkout_url).toBe(first.body.data.checkout_url);
    // A new key while the checkout is open hands out the same checkout.
    const newKeyPay = await ok(pay(a, id));
    expect(newKeyPay.status).toBe(200);
    expect(newKeyPay.body.data.checkout_url).toBe(first.body.data.checkout_url);
    expect(await paymentsOf(id)).toHaveLength(1);
    const [hold] = await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id));
    expect(hold).toMatchObject({ chefId: w.chef.chefId, day: '2026-07-01' });
    expect(hold!.expiresAt.getTime()).toBe(START.getTime() + 31 * 60_000);
    // Raw on purpose: a payment without the Idempotency-Key header, which the route's type requires.
    expect((await a.post(`/v1/bookings/${id}/pay`, {})).status).toBe(400);
  });

  it('shows the test checkout to the booking’s customer only', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const started = await ok(pay(await as(h, w.customer), id));
    const ref = refOf(started.body.data.checkout_url);
    const a = await as(h, w.customer);
    const page = await ok(checkout(a, ref));
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ test_mode: true, label: 'test mode – no real charge', status: 'pending', amount: 39900, currency: 'CHF', booking: { id, menu_name: 'Alpine Autumn', guests: 4 } });
    const other = await as(h, await customer(h));
    expect((await refused(checkout(other, ref))).status).toBe(404);
    expect((await complete(other, ref)).status).toBe(404);
    expect((await complete(await as(h, w.chef), ref)).status).toBe(404);
    expect((await refused(checkout(a, 'nope'))).status).toBe(404);
  });
});

describe('completing the test payment', () => {
  it('confirms the booking in one go: payment, hold, history, ledger line, notices', async () => {
    const w = await world(h);
    const starts = startsIn(h, 30);
    const id = await accepted(w, w.customer, { starts_at: starts });
    const a = await as(h, w.customer);
    const ref = refOf((await ok(pay(a, id))).body.data.checkout_url);
    const done = await ok(complete(a, ref));
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'confirmed', confirmed_at: START.toISOString(), payment: { status: 'succeeded', amount: 39900, amount_formatted: expect.stringMatching(/^CHF\s399$/) } });
    expect(await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id))).toHaveLength(0);
    const [line] = await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id));
    expect(line).toMatchObject({ chefId: w.chef.chefId, amount: 32300, currency: 'CHF', payoutId: null });
    expect(line!.releaseAt.toISOString()).toBe(new Date(Date.parse(starts) + 4 * HOUR + 48 * HOUR).toISOString());
    const ev = await h.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    expect(ev.at(-1)).toMatchObject({ fromStatus: 'accepted', toStatus: 'confirmed', actorRole: 'customer' });
    // Completing it again names the state the payment is in.
    const again = await refused(complete(a, ref));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'PAYMENT_NOT_PENDING',
      message: 'This payment is already succeeded.',
      message_key: { key: 'validation.refusal.payment_not_pending_now', params: { status: { key: 'validation.paymentstatus.succeeded' } } },
    });
    // The chef sees the confirmed booking with the earnings pending release.
    const c = await as(h, w.chef);
    const chefView = await ok(chefBookingOf(c, id));
    expect(chefView.body.data.earnings).toMatchObject({ amount: 32300, state: 'pending' });
  });

  it('fails the payment on request: nothing charged, the day released, the booking still payable', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const a = await as(h, w.customer);
    const ref = refOf((await ok(pay(a, id))).body.data.checkout_url);
    const failed = await ok(complete(a, ref, 'fail'));
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ status: 'accepted', actions: ['pay', 'cancel', 'message'] });
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['failed']);
    expect(await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id))).toHaveLength(0);
    const retry = await ok(pay(a, id));
    expect(retry.status).toBe(201);
    expect((await ok(complete(a, refOf(retry.body.data.checkout_url)))).body.data.status).toBe('confirmed');
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
  });

  it('lets an abandoned checkout’s day go to the next customer; the first one is then refused, uncharged', async () => {
    const w = await world(h);
    const other = await customer(h);
    const first = await accepted(w);
    const second = await accepted(w, other, { starts_at: startsIn(h, 30, 12) });
    const a = await as(h, w.customer);
    const firstRef = refOf((await ok(pay(a, first))).body.data.checkout_url);
    const b = await as(h, other);
    const held = await refused(pay(b, second));
    expect(held.status).toBe(409);
    // The day is held by the first checkout, not taken: it may free up soon (issue 15 M1).
    expect(held.body).toMatchObject({ code: 'DAY_HELD' });
    expect(await paymentsOf(second)).toHaveLength(0);
    h.clock.advance(32 * 60_000);
    const secondRef = refOf((await ok(pay(await as(h, other), second))).body.data.checkout_url);
    const late = await complete(await as(h, w.customer), firstRef);
    expect(late.status).toBe(409);
    expect((await paymentsOf(first)).map((p) => p.status)).toEqual(['failed']);
    expect((await ok(complete(await as(h, other), secondRef))).body.data.status).toBe('confirmed');
    expect(await statusOf(first)).toBe('accepted');
    const again = await refused(pay(await as(h, w.customer), first));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DAY_TAKEN');
  });

  it('ends checkouts whose hold ran out in the sweep', async () => {
    const w = await world(h);
    const id = await accepted(w);
    await pay(await as(h, w.customer), id);
    h.clock.advance(31 * 60_000);
    const swept = await runSweep(testDeps(h));
    expect(swept.checkouts_ended).toBeGreaterThanOrEqual(1);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['expired']);
    expect(await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id))).toHaveLength(0);
  });
});

describe('the payment race', () => {
  it('confirms exactly one of 20 customers paying for the same chef and day; the others get 409 and are never charged', async () => {
    const w = await world(h, { menu: { maxGuests: 20 } });
    const customers = await Promise.all(Array.from({ length: 20 }, () => customer(h)));
    const ids: number[] = [];
    for (const [i, c] of customers.entries()) ids.push(await accepted(w, c, { starts_at: startsIn(h, 45, 12 + (i % 8)) }));
    const agents = await Promise.all(customers.map((c) => as(h, c)));

    const outcomes = await Promise.all(
      agents.map(async (a, i) => {
        const started = await settled(pay(a, ids[i]!));
        if (!started.ok) return { stage: 'pay', status: started.status, code: started.body.code };
        const done = await settled(complete(a, refOf(started.body.data.checkout_url)));
        return { stage: 'complete', status: done.status, code: done.ok ? undefined : done.body.code };
      }),
    );
    const winners = outcomes.filter((o) => o.stage === 'complete' && o.status === 200);
    expect(winners).toHaveLength(1);
    for (const o of outcomes.filter((x) => x !== winners[0])) {
      expect(o.status).toBe(409);
      expect(['DAY_HELD', 'DAY_TAKEN', 'BOOKING_CHANGED']).toContain(o.code);
    }
    const rows = await h.db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, ids));
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
    const confirmedId = rows.find((r) => r.status === 'confirmed')!.id;
    const succeeded = await h.db.select().from(payments).where(and(inArray(payments.bookingId, ids), eq(payments.status, 'succeeded')));
    expect(succeeded.map((p) => p.bookingId)).toEqual([confirmedId]);
    expect(await h.db.select().from(payoutItems).where(inArray(payoutItems.bookingId, ids))).toHaveLength(1);
    expect(await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.chefId, w.chef.chefId))).toHaveLength(0);
    // A loser trying again is told at once, before any checkout.
    const loser = ids.findIndex((id) => id !== confirmedId);
    const retry = await refused(pay(await as(h, customers[loser]!), ids[loser]!));
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe('DAY_TAKEN');
  });

  it('has the database refuse a second confirmed booking of the day even when no hold was taken', async () => {
    const w = await world(h);
    const ids = [await accepted(w), await accepted(w, await customer(h), { starts_at: startsIn(h, 30, 12) })];
    const deps = testDeps(h);
    const pending = await Promise.all(
      ids.map(async (id, i) => (await h.db.insert(payments).values({ bookingId: id, userId: await bookingCustomer(id), provider: 'local', providerRef: `race_${id}_${i}`, amount: 39900, currency: 'CHF' }).returning())[0]!),
    );
    const records = await Promise.all(ids.map((id) => loadBooking(h.db, id, h.clock.now())));
    const results = await Promise.allSettled(records.map((b, i) => confirmPayment(deps, b!, pending[i]!, { role: 'system', userId: null }, null)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ status: 409, code: 'DAY_TAKEN' });
    const rows = await h.db.select({ status: bookings.status }).from(bookings).where(inArray(bookings.id, ids));
    expect(rows.map((r) => r.status).sort()).toEqual(['accepted', 'confirmed']);
    expect(await h.db.select().from(payments).where(and(inArray(payments.bookingId, ids), eq(payments.status, 'succeeded')))).toHaveLength(1);
  });
});

describe('the customer’s payments', () => {
  it('lists payments with their refunds, newest first, only the caller’s', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const a = await as(h, w.customer);
    const ref = refOf((await ok(pay(a, id))).body.data.checkout_url);
    expect((await ok(complete(a, ref))).status).toBe(200);
    const list = await ok(paymentsList(a, { count: '1' }));
    expect(list.status).toBe(200);
    expect(list.body.total_count).toBe(1);
    expect(list.body.data[0]).toMatchObject({ order_id: id, status: 'succeeded', amount: 39900, refunded_amount: 0, currency: 'CHF', menu_name: 'Alpine Autumn', refunds: [] });
    const other = await as(h, await customer(h));
    expect((await ok(paymentsList(other))).body.data).toEqual([]);
  });
});
