// Cancelling a paid booking: the policy as a pure function at its boundaries, the refund preview at 15, 5 and 1
// days before the event, the refund rows and payment totals it leads to, the chef's earnings line, and a chef's
// cancellation (full refund, counted against the chef).
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, chefCancellations, payments, refunds } from '../../functions/_api/db/schema/bookings';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { cancellationTerms, policyDates, policySteps } from '#shared/cancellation-policy';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { as, bookingCalls, confirmedBooking, customer, paymentsList, requestBooking, startsIn, world } from '../support/booking-fixtures';
import { ok, on, refused, typedClient } from '../support/typed-client';
import { DAY, HOUR } from '#shared/time';

const h = useHarness();
beforeEach(() => h.clock.set(START));



describe('the cancellation policy', () => {
  const startsAt = new Date('2026-07-01T17:00:00Z');
  const at = (msBefore: number) => new Date(startsAt.getTime() - msBefore);
  // 4 guests × 95: subtotal 380, service fee 19, commission 57, chef 323.
  const price = { serviceFee: 1900, chefEarnings: 32300 };
  const terms = (by: 'customer' | 'chef', msBefore: number, paidBefore = 30 * DAY) =>
    cancellationTerms({ by, startsAt, now: at(msBefore), paidAt: at(paidBefore), paid: 39900, price });

  it('refunds everything until 14 days before, half until 72 hours before, nothing after', () => {
    expect(terms('customer', 14 * DAY)).toMatchObject({ tier: 'full', refund_bp: 10_000, refund_amount: 39900, settlement: { chef_earnings: 0, commission: 0, service_fee: 0 } });
    expect(terms('customer', 14 * DAY - 1)).toMatchObject({ tier: 'half', refund_bp: 5000, refund_amount: 19950, settlement: { chef_earnings: 16150, commission: 2850, service_fee: 950 } });
    expect(terms('customer', 72 * HOUR)).toMatchObject({ tier: 'half', refund_amount: 19950 });
    expect(terms('customer', 72 * HOUR - 1)).toMatchObject({ tier: 'none', refund_amount: 0, settlement: { chef_earnings: 32300, commission: 5700, service_fee: 1900 } });
    expect(terms('customer', -HOUR)).toMatchObject({ tier: 'none', refund_amount: 0 });
    expect(terms('customer', 0).free_until.toISOString()).toBe('2026-06-17T17:00:00.000Z');
    expect(terms('customer', 0).half_refund_until.toISOString()).toBe('2026-06-28T17:00:00.000Z');
  });

  it('refunds everything when the chef cancels, however late', () => {
    expect(terms('chef', HOUR)).toMatchObject({ tier: 'full', refund_amount: 39900, settlement: { chef_earnings: 0 } });
  });

  it('refunds everything within 24 hours of paying while the event is more than 72 hours away (cooling-off)', () => {
    // Paid 13 days before: for 24 hours a cancellation is free, then the 50 % step applies.
    expect(terms('customer', 13 * DAY - 2 * 60_000, 13 * DAY)).toMatchObject({ tier: 'cooling_off', refund_bp: 10_000, refund_amount: 39900, settlement: { chef_earnings: 0 } });
    expect(terms('customer', 12 * DAY, 13 * DAY)).toMatchObject({ tier: 'cooling_off', refund_amount: 39900 });
    expect(terms('customer', 12 * DAY - 1, 13 * DAY)).toMatchObject({ tier: 'half', refund_amount: 19950 });
    expect(terms('customer', 0, 13 * DAY).cooling_off_until!.toISOString()).toBe('2026-06-19T17:00:00.000Z');
    // Paid 80 hours before: the cooling-off ends when the event is 72 hours away, and no refund follows.
    expect(terms('customer', 73 * HOUR, 80 * HOUR)).toMatchObject({ tier: 'cooling_off', refund_amount: 39900 });
    expect(terms('customer', 72 * HOUR, 80 * HOUR)).toMatchObject({ tier: 'half' });
    expect(terms('customer', 72 * HOUR - 1, 80 * HOUR)).toMatchObject({ tier: 'none', refund_amount: 0 });
    expect(terms('customer', 0, 80 * HOUR).cooling_off_until!.toISOString()).toBe(at(72 * HOUR).toISOString());
    // Paid 2 days before: no cooling-off at all.
    expect(terms('customer', 2 * DAY - 60_000, 2 * DAY)).toMatchObject({ tier: 'none', refund_amount: 0, cooling_off_until: null });
  });

  it('splits what is kept pro rata and adds up to the minor unit with odd amounts', () => {
    const t = cancellationTerms({ by: 'customer', startsAt, now: at(5 * DAY), paidAt: at(30 * DAY), paid: 39901, price: { serviceFee: 1900, chefEarnings: 32301 } });
    expect(t).toMatchObject({ refund_amount: 19951, settlement: { paid: 39901, refunded: 19951, chef_earnings: 16150 } });
    const s = t.settlement;
    expect(s.refunded + s.chef_earnings + s.commission + s.service_fee).toBe(39901);
  });
});

describe('policy steps', () => {
  const startsAt = new Date('2026-12-09T18:00:00Z');
  const dates = (paidAt: Date | null) => policyDates(startsAt, paidAt);

  it('lists the refunds still ahead, the first being what cancelling now gives', () => {
    const booked = new Date('2026-11-25T19:56:00Z');
    expect(policySteps(dates(null), new Date('2026-11-01T12:00:00Z')).map((s) => s.tier)).toEqual(['full', 'half', 'none']);
    expect(policySteps(dates(null), booked).map((s) => s.tier)).toEqual(['half', 'none']);
    expect(policySteps(dates(booked), booked)).toEqual([
      { tier: 'cooling_off', until: new Date('2026-11-26T19:56:00Z') },
      { tier: 'half', until: new Date('2026-12-06T18:00:00Z') },
      { tier: 'none', until: null },
    ]);
    expect(policySteps(dates(booked), new Date('2026-12-07T12:00:00Z'))).toEqual([{ tier: 'none', until: null }]);
  });
});

describe('cancelling a confirmed booking', () => {
  async function previewAndCancel(daysBefore: number) {
    const w = await world(h);
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts });
    h.clock.set(new Date(Date.parse(starts) - daysBefore * DAY));
    const a = await as(h, w.customer);
    const preview = await ok(bookingCalls(a).cancellation.$get(on(id)));
    const cancelled = await ok(bookingCalls(a).cancel.$post({ ...on(id), json: { reason: 'Our plans changed.' } }));
    const [refund] = await h.db.select().from(refunds).where(eq(refunds.bookingId, id));
    const [payment] = await h.db.select().from(payments).where(eq(payments.bookingId, id));
    const lines = await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id));
    return { w, id, preview, cancelled, refund, payment, lines };
  }

  it('15 days before: preview and refund of the full total incl. service fee; the chef earns nothing', async () => {
    const r = await previewAndCancel(15);
    expect(r.preview.status).toBe(200);
    expect(r.preview.body.data).toMatchObject({ can_cancel: true, to_status: 'cancelled_by_customer', refund_tier: 'full', refund_percent: 100, refund_amount: 39900, paid: 39900, currency: 'CHF' });
    expect(r.preview.body.data.refund_formatted).toMatch(/CHF\s399/);
    expect(r.cancelled.status).toBe(200);
    expect(r.cancelled.body.data).toMatchObject({ status: 'cancelled_by_customer', reason: 'Our plans changed.' });
    expect(r.refund).toMatchObject({ amount: 39900, currency: 'CHF', status: 'succeeded', reason: 'Cancelled 14 or more days before the event: full refund' });
    expect(r.payment).toMatchObject({ status: 'refunded', refundedAmount: 39900 });
    expect(r.lines).toHaveLength(0);
    expect(r.cancelled.body.data.payment?.refunds).toEqual([expect.objectContaining({ amount: 39900, status: 'succeeded' })]);
  });

  it('5 days before: half of the total back, the chef keeps half of the earnings', async () => {
    const r = await previewAndCancel(5);
    expect(r.preview.body.data).toMatchObject({ refund_tier: 'half', refund_percent: 50, refund_amount: 19950 });
    expect(r.refund).toMatchObject({ amount: 19950, reason: 'Cancelled 72 hours to 14 days before the event: 50% refund' });
    expect(r.payment).toMatchObject({ status: 'partially_refunded', refundedAmount: 19950 });
    expect(r.lines.map((l) => l.amount)).toEqual([16150]);
    // The share the chef keeps shows in the chef's earnings.
    const chef = await as(h, r.w.chef);
    const earnings = await ok(typedClient(chef).chefs.me.earnings.$get({ query: {} }));
    expect(earnings.body.data.map((e) => [e.booking_id, e.chef_earnings])).toContainEqual([r.id, 16150]);
  });

  it('1 day before: no refund, no refund row; the chef keeps the earnings', async () => {
    const r = await previewAndCancel(1);
    expect(r.preview.body.data).toMatchObject({ refund_tier: 'none', refund_percent: 0, refund_amount: 0 });
    expect(r.cancelled.body.data.status).toBe('cancelled_by_customer');
    expect(r.refund).toBeUndefined();
    expect(r.payment).toMatchObject({ status: 'succeeded', refundedAmount: 0 });
    expect(r.lines.map((l) => l.amount)).toEqual([32300]);
    const list = await ok(paymentsList(await as(h, r.w.customer)));
    expect(list.body.data[0]).toMatchObject({ order_id: r.id, refunded_amount: 0, refunds: [] });
  });

  it('lets the chef cancel with a full refund, recorded against the chef', async () => {
    const w = await world(h);
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts });
    h.clock.set(new Date(Date.parse(starts) - 2 * DAY));
    const c = await as(h, w.chef);
    const preview = await ok(bookingCalls(c).cancellation.$get(on(id)));
    expect(preview.body.data).toMatchObject({ to_status: 'cancelled_by_chef', refund_amount: 39900, reason_required: true, counts_against_you: true, chef_earnings_after: 0 });
    expect((await refused(bookingCalls(c).cancel.$post({ ...on(id), json: {} }))).status).toBe(400);
    const res = await ok(bookingCalls(c).cancel.$post({ ...on(id), json: { reason: 'I injured my hand.' } }));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled_by_chef');
    const [strike] = await h.db.select().from(chefCancellations).where(eq(chefCancellations.bookingId, id));
    expect(strike).toMatchObject({ chefId: w.chef.chefId, hoursBeforeEvent: 48, reason: 'I injured my hand.' });
    expect((await h.db.select().from(refunds).where(eq(refunds.bookingId, id)))[0]).toMatchObject({ amount: 39900, reason: 'Cancelled by the chef: full refund' });
    expect(await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id))).toHaveLength(0);
    // The customer's list shows the payment and its refund.
    const list = await ok(paymentsList(await as(h, w.customer)));
    expect(list.body.data[0]).toMatchObject({ order_id: id, status: 'refunded', refunded_amount: 39900, refunds: [expect.objectContaining({ amount: 39900, status: 'succeeded' })] });
  });

  it('cannot cancel twice, after the event, or for a stranger', async () => {
    const w = await world(h);
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts });
    const stranger = await as(h, await customer(h));
    expect((await refused(bookingCalls(stranger).cancellation.$get(on(id)))).status).toBe(404);
    expect((await refused(bookingCalls(stranger).cancel.$post({ ...on(id), json: {} }))).status).toBe(404);
    h.clock.set(new Date(Date.parse(starts) + 5 * HOUR));
    const a = await as(h, w.customer);
    const preview = await ok(bookingCalls(a).cancellation.$get(on(id)));
    expect(preview.body.data).toMatchObject({ can_cancel: false, status: 'completed' });
    expect((await refused(bookingCalls(a).cancel.$post({ ...on(id), json: {} }))).status).toBe(409);
    expect((await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status).toBe('confirmed');
  });

  it('previews a request’s withdrawal without any refund', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const a = await as(h, w.customer);
    const preview = await ok(bookingCalls(a).cancellation.$get(on(id)));
    expect(preview.body.data).toMatchObject({ can_cancel: true, to_status: 'cancelled', refund_amount: 0, paid: 0 });
  });
});
