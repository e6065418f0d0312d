// Admin bookings: search and filters in the paged envelope, the details with history, payments, refunds and the
// thread, and the support cancellation with a chosen refund — the refund sent through the local payment adapter,
// the chef's ledger line, both sides notified, the reason in the history, the audit entry with before and after.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, chefCancellations, payments, refunds } from '../../functions/_api/db/schema/bookings';
import { notifications } from '../../functions/_api/db/schema/messages';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { useHarness } from '../support/use-harness';
import { auditRows, superUserParty } from '../support/admin-fixtures';
import { as, confirmedBooking, customer, requestBooking, startsIn, world, type World } from '../support/booking-fixtures';
import { START } from '../support/harness';
import { ok, refused, typedClient } from '../support/typed-client';
import { DAY } from '#shared/time';


const h = useHarness();
const admin = superUserParty(h, { firstname: 'Ada', lastname: 'Admin' });
beforeEach(() => h.clock.set(START));

/** The admin's booking calls (a fresh session at the clock's now); `on(id)` names a booking. */
const su = async () => (await admin.client()).admin.bookings;
const on = (id: number) => ({ param: { id: String(id) } });
type CancelBody = Parameters<Awaited<ReturnType<typeof su>>[':id']['cancel']['$post']>[0]['json'];
const row = async (id: number) => (await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const notesOf = (userId: number) => h.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('the admin booking list', () => {
  let w: World;
  let other: World;
  let ids: { requested: number; confirmed: number; later: number; others: number };
  beforeAll(async () => {
    h.clock.set(START);
    w = await world(h);
    other = await world(h, { menu: { name: 'Zürcher Geschnetzeltes' } });
    const zoe = await customer(h, { firstname: 'Zoë', lastname: 'Keller', email: `zoe-${Date.now()}@example.com` });
    ids = {
      requested: await requestBooking(h, w, { starts_at: startsIn(h, 20) }),
      confirmed: await confirmedBooking(h, w, { starts_at: startsIn(h, 25) }),
      later: await requestBooking(h, w, { starts_at: startsIn(h, 60) }),
      others: await requestBooking(h, other, { starts_at: startsIn(h, 22) }, zoe),
    };
  });

  type Query = Parameters<Awaited<ReturnType<typeof su>>['$get']>[0]['query'];
  const list = async (query: Query) => ok((await su()).$get({ query: { count: '1', ...query } }));
  const idsOf = (body: { data: { id: number }[] }) => body.data.map((b) => b.id);

  it('lists every booking newest first in the paged envelope, with both parties', async () => {
    const res = await list({});
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBeGreaterThanOrEqual(4);
    expect(res.body.filter_count).toBe(res.body.total_count);
    expect(idsOf(res.body).slice(0, 4)).toEqual([ids.others, ids.later, ids.confirmed, ids.requested]);
    const first = res.body.data.find((b) => b.id === ids.confirmed)!;
    expect(first).toMatchObject({
      status: 'confirmed',
      menu: { name: 'Alpine Autumn' },
      customer: { firstname: 'Julia', email: w.customer.email },
      chef: { id: w.chef.chefId, firstname: 'Marco', email: w.chef.email },
      currency: 'CHF',
      total: 39900,
    });
    expect(first.total_formatted).toMatch(/399/);
    const paged = await list({ page: 1, page_size: 2 });
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.total_count).toBe(res.body.total_count);
  });

  it('searches by customer name and e-mail, chef, menu and booking id', async () => {
    expect(idsOf((await list({ q: 'zoë kel' })).body)).toEqual([ids.others]);
    expect(idsOf((await list({ q: w.customer.email.toUpperCase() })).body)).toEqual([ids.later, ids.confirmed, ids.requested]);
    expect(idsOf((await list({ q: other.chef.email })).body)).toEqual([ids.others]);
    expect(idsOf((await list({ q: 'geschnetzeltes' })).body)).toEqual([ids.others]);
    const byId = await list({ q: `#${ids.confirmed}` });
    expect(idsOf(byId.body)).toEqual([ids.confirmed]);
    expect(byId.body.filter_count).toBe(1);
    // LIKE's wildcards are searched for literally.
    expect((await list({ q: '%' })).body.data).toEqual([]);
  });

  it('filters by effective status and by event day', async () => {
    const confirmed = await list({ status: 'confirmed', q: w.customer.email });
    expect(idsOf(confirmed.body)).toEqual([ids.confirmed]);
    const day = (n: number) => startsIn(h, n).slice(0, 10);
    const range = await list({ from: day(21), to: day(30), order: 'starts_at', order_dir: 'asc' });
    expect(idsOf(range.body)).toEqual([ids.others, ids.confirmed]);
    // Counted without the parties' join when no text is searched: the count still matches the rows.
    expect(range.body.filter_count).toBe(2);
    // A request past its answer deadline counts as expired before any sweep wrote it down.
    h.clock.set(new Date(START.getTime() + 3 * DAY));
    expect(idsOf((await list({ status: 'expired' })).body)).toEqual(expect.arrayContaining([ids.requested, ids.later, ids.others]));
    expect((await row(ids.requested)).status).toBe('requested');
  });

  it('refuses malformed filters with field errors', async () => {
    const refusedList = async (query: Query) => refused((await su()).$get({ query: { count: '1', ...query } }));
    const bad = await refusedList({ status: 'lost', from: '2026-13', to: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['status', 'from', 'to']));
    const reversed = await refusedList({ from: '2026-07-10', to: '2026-07-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors.to).toEqual(['The last day cannot be before the first day.']);
  });
});

describe('the admin booking details', () => {
  it('show the full history, payments, refunds and the thread without marking it seen', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w, { starts_at: startsIn(h, 30) });
    const chef = typedClient(await as(h, w.chef));
    await ok(chef.bookings[':id{[0-9]{1,12}}'].messages.$post({ ...on(id), json: { text: 'Looking forward to it! Call me on +41 79 123 45 67.' } }));
    const res = await ok((await su())[':id'].$get(on(id)));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.status).toBe('confirmed');
    expect(d.timeline.map((e) => e.to)).toEqual(['requested', 'accepted', 'confirmed']);
    expect(d.customer.contact?.email).toBe(w.customer.email);
    expect(d.payments).toEqual([expect.objectContaining({ provider: 'local', status: 'succeeded', amount: 39900, refunded_amount: 0 })]);
    expect(d.refunds).toEqual([]);
    expect(d.thread.map((m) => [m.sender.side, m.text])).toEqual([
      ['customer', 'We are celebrating a birthday!'],
      ['chef', 'Looking forward to it! Call me on +41 79 123 45 67.'],
    ]);
    expect(d.admin_actions).toEqual([]);
    // Reading it as an admin leaves the customer's unseen message unseen.
    const cust = typedClient(await as(h, w.customer));
    expect((await ok(cust.users.me.orders[':id{[0-9]{1,12}}'].$get(on(id)))).body.data.messages.unseen_count).toBe(1);
  });

  it('is 404 for an unknown booking', async () => {
    const a = (await su())[':id'];
    expect((await refused(a.$get(on(999999)))).status).toBe(404);
    expect((await refused(a.cancellation.$get({ ...on(999999), query: {} }))).status).toBe(404);
    expect((await refused(a.cancel.$post({ ...on(999999), json: { side: 'customer', reason: 'x' } }))).status).toBe(404);
  });
});

describe('the admin cancellation', () => {
  async function paidBooking(daysBefore: number) {
    const w = await world(h);
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts });
    h.clock.set(new Date(Date.parse(starts) - daysBefore * DAY));
    return { w, id };
  }

  it('previews the policy’s refund for either side', async () => {
    const { id } = await paidBooking(5);
    const preview = (await su())[':id'].cancellation;
    const customerSide = await ok(preview.$get({ ...on(id), query: { side: 'customer' } }));
    expect(customerSide.body.data).toMatchObject({ side: 'customer', can_cancel: true, to_status: 'cancelled_by_customer', paid: 39900, refund_amount: 19950, refund_tier: 'half' });
    const chefSide = await ok(preview.$get({ ...on(id), query: { side: 'chef' } }));
    expect(chefSide.body.data).toMatchObject({ side: 'chef', to_status: 'cancelled_by_chef', refund_amount: 39900, counts_against_you: true });
    expect((await refused(preview.$get({ ...on(id), query: { side: 'admin' } }))).status).toBe(400);
  });

  it('cancels with a chosen refund: refunded by that amount, the chef keeps the rest’s share, both notified, audited', async () => {
    const { w, id } = await paidBooking(5);
    const before = { customer: (await notesOf(w.customer.userId)).length, chef: (await notesOf(w.chef.userId)).length };
    const cancel = (body: CancelBody) => su().then((a) => a[':id'].cancel.$post({ ...on(id), json: body }));
    const res = await ok(cancel({ side: 'customer', reason: 'The kitchen flooded; goodwill refund.', refund_amount: 30000 }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: 'cancelled_by_customer', reason: 'The kitchen flooded; goodwill refund.' });
    expect(res.body.data.refunds).toEqual([expect.objectContaining({ amount: 30000, status: 'succeeded', reason: 'Cancelled by support: refund set by an administrator' })]);
    expect(res.body.data.timeline.at(-1)).toMatchObject({ from: 'confirmed', to: 'cancelled_by_customer', actor_role: 'admin', note: 'The kitchen flooded; goodwill refund.' });

    // The database: the booking, the refund through the local adapter, the payment's totals, the chef's line.
    expect(await row(id)).toMatchObject({ status: 'cancelled_by_customer', reason: 'The kitchen flooded; goodwill refund.' });
    const [refund] = await h.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refund).toMatchObject({ amount: 30000, status: 'succeeded' });
    expect(refund!.providerRef).toMatch(/^test_refund_/);
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, id)))[0]).toMatchObject({ status: 'partially_refunded', refundedAmount: 30000 });
    // The customer keeps paying 9900 of 39900, so the chef keeps that share of 32300.
    expect((await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id))).map((l) => l.amount)).toEqual([Math.round((32300 * 9900) / 39900)]);
    const [event] = await h.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.toStatus, 'cancelled_by_customer')));
    expect(event).toMatchObject({ actorRole: 'admin', actorUserId: admin.party.userId, note: 'The kitchen flooded; goodwill refund.' });

    // Both sides are told, in their words.
    const customerNotes = await notesOf(w.customer.userId);
    const chefNotes = await notesOf(w.chef.userId);
    expect(customerNotes).toHaveLength(before.customer + 1);
    expect(chefNotes).toHaveLength(before.chef + 1);
    expect(customerNotes.at(-1)).toMatchObject({ title: 'Booking cancelled by our support team', link: `/account/me/bookings/${id}` });
    expect(customerNotes.at(-1)!.message).toContain('The kitchen flooded; goodwill refund.');
    expect(customerNotes.at(-1)!.message).toMatch(/Your refund: CHF\s?300/);
    expect(chefNotes.at(-1)!.message).toContain('Our support team cancelled the booking of Julia');

    // The audit entry: who, what, before and after.
    const [audit] = await auditRows(h, 'booking', id);
    expect(audit).toMatchObject({
      actorUserId: admin.party.userId,
      action: 'booking.cancel',
      before: { status: 'confirmed', paid: 39900, chef_earnings: 32300, currency: 'CHF' },
      after: { status: 'cancelled_by_customer', side: 'customer', reason: 'The kitchen flooded; goodwill refund.', refund: 30000, refund_chosen: true, chef_earnings: 8014 },
    });
    expect(res.body.data.admin_actions).toEqual([expect.objectContaining({ action: 'booking.cancel', actor: { id: admin.party.userId, name: 'Ada Admin' } })]);

    // Twice is refused, with nothing written.
    const again = await refused(cancel({ side: 'customer', reason: 'Again', refund_amount: 0 }));
    expect(again.status).toBe(409);
    expect(await auditRows(h, 'booking', id)).toHaveLength(1);
    expect(await h.db.select().from(refunds).where(eq(refunds.bookingId, id))).toHaveLength(1);
  });

  it('refuses a refund above what was paid, and a negative or fractional one, without changing anything', async () => {
    const { w, id } = await paidBooking(5);
    const notes = (await notesOf(w.customer.userId)).length;
    const cancel = (body: CancelBody) => su().then((a) => a[':id'].cancel.$post({ ...on(id), json: body }));
    const tooMuch = await refused(cancel({ side: 'customer', reason: 'Goodwill', refund_amount: 39901 }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.refund_amount![0]).toMatch(/at most CHF\s?399/);
    // The amount as a figure (minor units and currency), so each reader's screen writes it as their language does.
    expect((tooMuch.body as { error_keys?: unknown }).error_keys).toEqual({ refund_amount: [{ key: 'validation.rule.refundmax', params: { amount: { amount: 39900, currency: 'CHF' } } }] });
    const negative = await refused(cancel({ side: 'customer', reason: 'Goodwill', refund_amount: -1 }));
    expect(negative.body.errors.refund_amount).toEqual(['The refund cannot be negative.']);
    const fraction = await refused(cancel({ side: 'customer', reason: 'Goodwill', refund_amount: 10.5 }));
    expect(fraction.body.errors.refund_amount).toEqual(['Enter the refund in whole cents.']);
    const noReason = await refused(cancel({ side: 'customer', reason: '  ' }));
    expect(noReason.body.errors.reason).toEqual(['Please enter the reason. Both sides read it.']);
    // Raw on purpose: the side the body requires is missing.
    const raw = await admin.agent();
    const noSide = await raw.json(raw.post(`/v1/admin/bookings/${id}/cancel`, { reason: 'Goodwill' }));
    expect(noSide.body.errors.side).toBeTruthy();
    expect(await row(id)).toMatchObject({ status: 'confirmed', reason: null });
    expect(await h.db.select().from(refunds).where(eq(refunds.bookingId, id))).toHaveLength(0);
    expect(await auditRows(h, 'booking', id)).toHaveLength(0);
    expect(await notesOf(w.customer.userId)).toHaveLength(notes);
  });

  it('follows the policy without a chosen refund, and a chef-side cancellation counts against the chef', async () => {
    const first = await paidBooking(5);
    const a = await su();
    expect((await ok(a[':id'].cancel.$post({ ...on(first.id), json: { side: 'customer', reason: 'Customer called support.' } }))).status).toBe(200);
    expect((await h.db.select().from(refunds).where(eq(refunds.bookingId, first.id)))[0]).toMatchObject({ amount: 19950, reason: 'Cancelled 72 hours to 14 days before the event: 50% refund' });
    expect((await auditRows(h, 'booking', first.id))[0]!.after).toMatchObject({ refund: 19950, refund_chosen: false });

    h.clock.set(START);
    const second = await paidBooking(2);
    const b = await su();
    const res = await ok(b[':id'].cancel.$post({ ...on(second.id), json: { side: 'chef', reason: 'The chef is ill.' } }));
    expect(res.body.data.status).toBe('cancelled_by_chef');
    expect((await h.db.select().from(chefCancellations).where(eq(chefCancellations.bookingId, second.id)))[0]).toMatchObject({ chefId: second.w.chef.chefId, reason: 'The chef is ill.' });
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, second.id)))[0]).toMatchObject({ status: 'refunded', refundedAmount: 39900 });
    expect(await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, second.id))).toHaveLength(0);
  });

  it('withdraws an open request for the customer; nothing was paid, so no refund can be chosen', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const cancel = (await su())[':id'].cancel;
    const tooMuch = await refused(cancel.$post({ ...on(id), json: { side: 'customer', reason: 'Duplicate request.', refund_amount: 100 } }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.refund_amount![0]).toMatch(/at most CHF\s?0/);
    const res = await ok(cancel.$post({ ...on(id), json: { side: 'customer', reason: 'Duplicate request.' } }));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    expect((await auditRows(h, 'booking', id))[0]).toMatchObject({ action: 'booking.cancel', before: { status: 'requested', paid: 0 }, after: { status: 'cancelled', refund: 0 } });
    expect((await notesOf(w.chef.userId)).at(-1)!.title).toBe('Booking cancelled by our support team');
  });

  it('declines an open request for the chef (as when a chef is paused or banned with upcoming bookings)', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const a = (await su())[':id'];
    const preview = await ok(a.cancellation.$get({ ...on(id), query: { side: 'chef' } }));
    expect(preview.body.data).toMatchObject({ can_cancel: true, to_status: 'declined', reason_required: true, refund_amount: 0 });
    const res = await ok(a.cancel.$post({ ...on(id), json: { side: 'chef', reason: 'The chef is away.' } }));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('declined');
    expect((await auditRows(h, 'booking', id))[0]).toMatchObject({ action: 'booking.cancel', after: { status: 'declined', side: 'chef', refund: 0 } });
    expect((await notesOf(w.customer.userId)).at(-1)!.message).toContain('The chef is away.');
  });
});
