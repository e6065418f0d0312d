// Money that adds up: the cooling-off refund, the chef's expected earnings before payment, what the chef and the
// admins see of a booking's money, and the invariant paid = refunded + chef's earnings + platform's commission and
// fee after every cancellation path (customer, chef, admin with and without a chosen refund, the sweep).
import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { payments, refunds } from '../../functions/_api/db/schema/bookings';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import type { Agent } from '../support/agent';
import { superUserParty } from '../support/admin-fixtures';
import { acceptBooking, as, bookingCalls, chefBookingOf, confirmedBooking, orderOf, requestBooking, world, type World } from '../support/booking-fixtures';
import { unbalanced } from '../support/money';
import { ok, on, typedClient } from '../support/typed-client';
import { DAY, HOUR, MINUTE } from '#shared/time';

const h = useHarness();
const su = superUserParty(h);
beforeEach(() => h.clock.set(START));

const chefBooking = (chef: Agent, id: number) => ok(chefBookingOf(chef, id));
const preview = (a: Agent, id: number) => ok(bookingCalls(a).cancellation.$get(on(id)));
type AdminCancel = InferRequestType<ReturnType<typeof typedClient>['admin']['bookings'][':id']['cancel']['$post']>['json'];
const adminCancel = async (id: number, json: AdminCancel) =>
  ok((await su.client()).admin.bookings[':id'].cancel.$post({ ...on(id), json }));

const line = async (id: number) => (await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id)))[0] ?? null;

// 4 guests × CHF 95: total 399 (subtotal 380 + service fee 19), commission 57, chef 323.
const TOTAL = 39900;
const CHEF = 32300;

describe('cooling-off', () => {
  // The repro: booked and paid on 25 Nov at 20:56 (Zürich) for 9 Dec at 19:00, cancelled two minutes later.
  const paidAt = new Date('2026-11-25T19:56:00Z');
  const startsAt = '2026-12-09T18:00:00.000Z';

  async function paidBooking(w: World) {
    h.clock.set(paidAt);
    return confirmedBooking(h, w, { starts_at: startsAt });
  }

  it('refunds everything two minutes after paying, and the booking shows when the cooling-off ends', async () => {
    const w = await world(h);
    const id = await paidBooking(w);
    h.clock.set(new Date(paidAt.getTime() + 2 * MINUTE));
    const a = await as(h, w.customer);
    const page = await ok(orderOf(a, id));
    expect(page.body.data.cancellation_policy).toEqual({
      free_until: '2026-11-25T18:00:00.000Z',
      half_refund_until: '2026-12-06T18:00:00.000Z',
      cooling_off_until: '2026-11-26T19:56:00.000Z',
    });
    expect((await preview(a, id)).body.data).toMatchObject({ refund_tier: 'cooling_off', refund_percent: 100, refund_amount: TOTAL, cooling_off_until: '2026-11-26T19:56:00.000Z' });
    const res = await ok(bookingCalls(a).cancel.$post({ ...on(id), json: { reason: 'Changed our minds.' } }));
    expect(res.status).toBe(200);
    expect((await h.db.select().from(refunds).where(eq(refunds.bookingId, id)))[0]).toMatchObject({ amount: TOTAL, status: 'succeeded', reason: 'Cancelled within 24 hours of paying: full refund' });
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, id)))[0]).toMatchObject({ status: 'refunded', refundedAmount: TOTAL });
    expect(await line(id)).toBeNull();
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('ends after 24 hours: then the 50 % step applies', async () => {
    const w = await world(h);
    const id = await paidBooking(w);
    h.clock.set(new Date(paidAt.getTime() + DAY + MINUTE));
    const a = await as(h, w.customer);
    expect((await preview(a, id)).body.data).toMatchObject({ refund_tier: 'half', refund_percent: 50, refund_amount: TOTAL / 2 });
    expect((await ok(bookingCalls(a).cancel.$post({ ...on(id), json: {} }))).status).toBe(200);
    expect((await line(id))?.amount).toBe(CHEF / 2);
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('never applies when the event is 72 hours away or less', async () => {
    const w = await world(h);
    h.clock.set(new Date(Date.parse(startsAt) - 80 * HOUR));
    const id = await confirmedBooking(h, w, { starts_at: startsAt });
    h.clock.set(new Date(Date.parse(startsAt) - 72 * HOUR + MINUTE));
    const a = await as(h, w.customer);
    expect((await preview(a, id)).body.data).toMatchObject({ refund_tier: 'none', refund_amount: 0 });
  });
});

describe('the chef’s earnings before and after payment', () => {
  it('shows what a request and a booking awaiting payment will earn, never 0', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const chef = await as(h, w.chef);
    const list = await ok(typedClient(chef).chefs.me.bookings.$get({ query: { scope: 'requests' } }));
    expect(list.body.data[0]).toMatchObject({ id, status: 'requested', earnings: { amount: CHEF, state: 'expected', amount_formatted: expect.stringMatching(/^CHF\s323$/) } });
    await acceptBooking(h, w, id);
    const detail = await chefBooking(chef, id);
    expect(detail.body.data).toMatchObject({ status: 'accepted', earnings: { amount: CHEF, state: 'expected' }, price: { chef_earnings: CHEF } });
    // Nothing was paid yet, so nothing was refunded or kept.
    expect(detail.body.data.money).toMatchObject({ paid: 0, refunded: 0, chef_earnings: 0, commission: 0, service_fee: 0 });
  });

  it('shows the ledger line once paid, and nothing once the request is declined', async () => {
    const w = await world(h);
    const paid = await confirmedBooking(h, w);
    const declined = await requestBooking(h, w, { starts_at: new Date(START.getTime() + 40 * DAY).toISOString() });
    const chef = await as(h, w.chef);
    expect((await ok(bookingCalls(chef).decline.$post({ ...on(declined), json: { reason: 'Fully booked.' } }))).status).toBe(200);
    const a = await chefBooking(chef, paid);
    expect(a.body.data.earnings).toMatchObject({ amount: CHEF, state: 'pending' });
    expect(a.body.data.money).toMatchObject({ paid: TOTAL, refunded: 0, chef_earnings: CHEF, commission: 5700, service_fee: 1900 });
    const b = await chefBooking(chef, declined);
    expect(b.body.data.earnings).toMatchObject({ amount: 0, state: 'none', release_at: null });
  });
});

describe('every cancellation path adds up', () => {
  it('customer, chef and admin cancellations with the policy’s refund', async () => {
    const w = await world(h);
    const byCustomer = await confirmedBooking(h, w, { starts_at: new Date(START.getTime() + 10 * DAY).toISOString() });
    const byChef = await confirmedBooking(h, w, { starts_at: new Date(START.getTime() + 11 * DAY).toISOString() });
    const byAdmin = await confirmedBooking(h, w, { starts_at: new Date(START.getTime() + 12 * DAY).toISOString() });
    h.clock.set(new Date(START.getTime() + 3 * DAY));
    expect((await ok(bookingCalls(await as(h, w.customer)).cancel.$post({ ...on(byCustomer), json: {} }))).status).toBe(200);
    expect(await unbalanced(h.db)).toEqual([]);
    expect((await ok(bookingCalls(await as(h, w.chef)).cancel.$post({ ...on(byChef), json: { reason: 'Ill.' } }))).status).toBe(200);
    expect(await unbalanced(h.db)).toEqual([]);
    expect((await adminCancel(byAdmin, { side: 'customer', reason: 'Support.' })).status).toBe(200);
    expect((await line(byAdmin))?.amount).toBe(CHEF / 2);
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('an admin’s chosen refund leaves the chef a pro-rated share, even of a booking that had no ledger line', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w);
    // A booking confirmed before ledger lines were written at payment (the demo data's #277 had none).
    await h.db.delete(payoutItems).where(eq(payoutItems.bookingId, id));
    expect(await unbalanced(h.db)).toEqual([expect.objectContaining({ id, paid: TOTAL, chef_earnings: 0 })]);
    const res = await adminCancel(id, { side: 'customer', reason: 'Goodwill.', refund_amount: 12345 });
    expect(res.status).toBe(200);
    const kept = TOTAL - 12345;
    const chefShare = Math.round((CHEF * kept) / TOTAL);
    expect((await line(id))?.amount).toBe(chefShare);
    expect(res.body.data.money).toMatchObject({ paid: TOTAL, refunded: 12345, chef_earnings: chefShare, service_fee: Math.round((1900 * kept) / TOTAL) });
    expect(res.body.data.earnings).toMatchObject({ amount: chefShare });
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('a chef-side admin cancellation with a partial refund keeps the chef’s share in their earnings', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w);
    expect((await adminCancel(id, { side: 'chef', reason: 'Half the dinner happened.', refund_amount: TOTAL / 2 })).status).toBe(200);
    const earnings = await ok(typedClient(await as(h, w.chef)).chefs.me.earnings.$get({ query: {} }));
    expect(earnings.body.data).toEqual([expect.objectContaining({ booking_id: id, booking_status: 'cancelled_by_chef', chef_earnings: CHEF / 2 })]);
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('the sweep completes a booking and writes its missing ledger line', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w, { starts_at: new Date(START.getTime() + 5 * DAY).toISOString() });
    await h.db.delete(payoutItems).where(eq(payoutItems.bookingId, id));
    h.clock.set(new Date(START.getTime() + 6 * DAY));
    const res = await ok((await su.client()).admin.sweep.$post({ json: {} }));
    expect(res.body.data.changed).toContainEqual({ booking_id: id, to: 'completed' });
    expect((await line(id))?.amount).toBe(CHEF);
    expect(await unbalanced(h.db)).toEqual([]);
  });
});
