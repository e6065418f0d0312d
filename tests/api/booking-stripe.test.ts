// Stripe at the provider boundary: fetch is stubbed only for api.stripe.com. Checkout sessions as Stripe expects
// them, webhooks verified with the signing secret (replays change nothing, bad signatures are 400), refunds on
// cancellation and for a payment that arrives after the day was taken, and the sweep retrying a failed refund.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingDayHolds, bookingEvents, bookings, payments, refunds, webhookEvents } from '../../functions/_api/db/schema/bookings';
import { notifications } from '../../functions/_api/db/schema/messages';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { users } from '../../functions/_api/db/schema/users';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import { endPayment, paid } from '../../functions/_api/modules/payments/payments.service';
import { loadBooking } from '../../functions/_api/modules/bookings/bookings.service';
import { superUser } from '../support/admin-fixtures';
import { useHarness } from '../support/use-harness';
import { stubProviders } from '../support/providers/fetch';
import { fakeStripe } from '../support/providers/stripe';
import { START, TEST_ORIGIN } from '../support/harness';
import { testDeps } from '../support/chef-fixtures';
import { pdfText } from '../support/pdf-text';
import { acceptedBooking, as, bookingCalls, checkout, customer, pay, startsIn, stripeSignature, world, type BookingInput, type Json, type Party, type World } from '../support/booking-fixtures';
import { ok, on, refused, settled, typedClient } from '../support/typed-client';

const SECRET = 'whsec_test_secret_for_signing';
const h = useHarness({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: SECRET, PUBLIC_URL: TEST_ORIGIN });
const stripe = fakeStripe();
beforeEach(() => {
  h.clock.set(START);
  stripe.reset();
  stubProviders({ 'api.stripe.com': stripe.route });
});
afterEach(() => vi.unstubAllGlobals());

async function webhook(event: Record<string, unknown>, opts: { secret?: string; at?: Date; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature = opts.signature !== undefined ? opts.signature : await stripeSignature(payload, opts.secret ?? SECRET, opts.at ?? h.clock.now());
  // Raw on purpose: Stripe's signed raw body, not a JSON call of the app (the route reads and verifies the bytes).
  const res = await h.request('/v1/payments/webhook', { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body: payload });
  return { status: res.status, body: (await res.json()) as Json };
}

const completed = (sessionId: string, pi: string, id = `evt_${Math.random().toString(36).slice(2)}`) => ({
  id,
  type: 'checkout.session.completed',
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', payment_intent: pi } },
});

const accepted = (w: World, who: Party = w.customer, over: Partial<BookingInput> = {}) => acceptedBooking(h, w, over, who);
const sessionOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
const statusOf = async (id: number) => (await h.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.s;

describe('Stripe Checkout', () => {
  it('creates a session with the amount, TWINT for CHF, the booking in metadata, an expiry and an idempotency key', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const res = await ok(pay(await as(h, w.customer), id));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ provider: 'stripe', checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/) });
    const call = stripe.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.headers.get('authorization')).toBe('Bearer sk_test_123');
    expect(call.headers.get('idempotency-key')).toBe(`checkout-${res.body.data.payment_id}`);
    expect(Object.fromEntries(call.params)).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'chf',
      'line_items[0][price_data][unit_amount]': '39900',
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'twint',
      'metadata[booking_id]': String(id),
      'metadata[payment_id]': String(res.body.data.payment_id),
      'payment_intent_data[metadata][booking_id]': String(id),
      customer_email: w.customer.email,
      success_url: `${TEST_ORIGIN}/account/me/bookings/${id}?payment=success`,
      expires_at: String(Math.floor(START.getTime() / 1000) + 31 * 60),
    });
    const [p] = await h.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(p).toMatchObject({ provider: 'stripe', status: 'pending', providerRef: sessionOf(res.body.data.checkout_url) });
  });

  it('offers cards only outside CHF, and the test checkout does not exist', async () => {
    const w = await world(h, { menu: { currency: 'EUR' } });
    const id = await accepted(w);
    await pay(await as(h, w.customer), id);
    const call = stripe.calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(call.params.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(call.params.getAll('payment_method_types[0]')).toEqual(['card']);
    expect(call.params.has('payment_method_types[1]')).toBe(false);
    expect((await refused(checkout(await as(h, w.customer), 'test_x'))).status).toBe(404);
  });

  it('tells the customer when Stripe cannot be reached, without charging or holding the day', async () => {
    const w = await world(h);
    const id = await accepted(w);
    stripe.mode = 'fail';
    const res = await refused(pay(await as(h, w.customer), id));
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, id))).map((p) => p.status)).toEqual(['failed']);
    expect(await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id))).toHaveLength(0);
  });

  it('opens one checkout for two starts with different Idempotency-Keys at once (two tabs): both get its address, the day stays held', async () => {
    const w = await world(h);
    const id = await accepted(w);
    // Stripe takes its time to open a session, as it does over the network: the second tab asks meanwhile.
    stubProviders({ 'api.stripe.com': (url, init) => new Promise((answer) => setTimeout(() => answer(stripe.route(url, init)), 100)) });
    const [tabA, tabB] = [await as(h, w.customer), await as(h, w.customer)];
    const [one, two] = await Promise.all([settled(pay(tabA, id)), settled(pay(tabB, id))]);
    const rows = await h.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(rows.map((p) => p.status)).toEqual(['pending']);
    expect(stripe.calls.filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(1);
    expect([one!.status, two!.status].sort()).toEqual([200, 201]);
    const url = `https://checkout.stripe.com/c/pay/${rows[0]!.providerRef}`;
    expect([one!.body, two!.body].map((b) => (b as Json).data)).toEqual([
      expect.objectContaining({ checkout_url: url, payment_id: rows[0]!.id }),
      expect.objectContaining({ checkout_url: url, payment_id: rows[0]!.id }),
    ]);
    const [hold] = await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id));
    expect(hold?.expiresAt.getTime()).toBeGreaterThan(START.getTime());
  });

  it('refuses the second tab with a retry when the first tab’s checkout could not be opened: one failed payment, no hold', async () => {
    const w = await world(h);
    const id = await accepted(w);
    stripe.mode = 'fail';
    stubProviders({ 'api.stripe.com': (url, init) => new Promise((answer) => setTimeout(() => answer(stripe.route(url, init)), 100)) });
    const [tabA, tabB] = [await as(h, w.customer), await as(h, w.customer)];
    const answers = await Promise.all([settled(pay(tabA, id)), settled(pay(tabB, id))]);
    expect(answers.map((a) => [a.status, (a.body as Json).code]).sort()).toEqual([
      [409, 'IDEMPOTENCY_IN_PROGRESS'],
      [502, 'PAYMENT_PROVIDER_UNAVAILABLE'],
    ]);
    expect(stripe.calls.filter((c) => c.path === '/v1/checkout/sessions')).toHaveLength(1);
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, id))).map((p) => p.status)).toEqual(['failed']);
    expect(await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id))).toHaveLength(0);
  });
});

describe('webhooks', () => {
  it('confirms the booking on checkout.session.completed, and a replay changes nothing', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const session = sessionOf((await ok(pay(await as(h, w.customer), id))).body.data.checkout_url);
    const event = completed(session, 'pi_123');
    const first = await webhook(event);
    expect(first).toEqual({ status: 200, body: { received: true } });
    expect(await statusOf(id)).toBe('confirmed');
    const [p] = await h.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(p).toMatchObject({ status: 'succeeded', providerPaymentRef: 'pi_123' });
    const replay = await webhook(event);
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await h.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.toStatus, 'confirmed')))).toHaveLength(1);
    expect(await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id))).toHaveLength(1);
    const confirmedNotes = await h.db.select().from(notifications).where(and(eq(notifications.userId, w.customer.userId), eq(notifications.title, 'Booking confirmed')));
    expect(confirmedNotes).toHaveLength(1);
    const ev = (await h.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))).at(-1)!;
    expect(ev).toMatchObject({ toStatus: 'confirmed', actorRole: 'system' });
  });

  it('refuses a bad, stale or missing signature with 400 and records nothing', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const session = sessionOf((await ok(pay(await as(h, w.customer), id))).body.data.checkout_url);
    const event = completed(session, 'pi_bad', 'evt_bad_signature');
    expect((await webhook(event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await webhook(event, { at: new Date(START.getTime() - 6 * 60_000) })).status).toBe(400);
    expect((await webhook(event, { signature: null })).status).toBe(400);
    const tampered = await webhook(event, { signature: (await stripeSignature(JSON.stringify(event), SECRET, START)).replace(/.$/, (c) => (c === '0' ? '1' : '0')) });
    expect(tampered).toMatchObject({ status: 400, body: { code: 'INVALID_SIGNATURE' } });
    expect(await h.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_bad_signature'))).toHaveLength(0);
    expect(await statusOf(id)).toBe('accepted');
    // Within the 5-minute tolerance it is accepted.
    expect((await webhook(event, { at: new Date(START.getTime() - 4 * 60_000) })).status).toBe(200);
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('ends the payment when the session expires, releasing the day', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const session = sessionOf((await ok(pay(await as(h, w.customer), id))).body.data.checkout_url);
    const res = await webhook({ id: 'evt_expired_1', type: 'checkout.session.expired', data: { object: { id: session, object: 'checkout.session' } } });
    expect(res.status).toBe(200);
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, id))).map((p) => p.status)).toEqual(['expired']);
    expect(await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id))).toHaveLength(0);
    expect(await statusOf(id)).toBe('accepted');
  });

  it('tells the customer about a declined card but keeps the checkout open', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const started = await ok(pay(await as(h, w.customer), id));
    const res = await webhook({
      id: 'evt_pi_failed_1',
      type: 'payment_intent.payment_failed',
      data: { object: { id: 'pi_failed', object: 'payment_intent', metadata: { booking_id: String(id), payment_id: String(started.body.data.payment_id) } } },
    });
    expect(res.status).toBe(200);
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, id)))[0]!.status).toBe('pending');
    const notes = await h.db.select().from(notifications).where(and(eq(notifications.userId, w.customer.userId), eq(notifications.title, 'Payment declined')));
    expect(notes).toHaveLength(1);
  });

  it('refunds in full a payment that completes after the day went to someone else', async () => {
    const w = await world(h);
    const other = await customer(h);
    const late = await accepted(w);
    const winner = await accepted(w, other, { starts_at: startsIn(h, 30, 12) });
    const lateSession = sessionOf((await ok(pay(await as(h, w.customer), late))).body.data.checkout_url);
    h.clock.advance(32 * 60_000);
    const winnerSession = sessionOf((await ok(pay(await as(h, other), winner))).body.data.checkout_url);
    expect((await webhook(completed(winnerSession, 'pi_winner'))).status).toBe(200);
    expect((await webhook(completed(lateSession, 'pi_late'))).status).toBe(200);
    expect(await statusOf(winner)).toBe('confirmed');
    expect(await statusOf(late)).toBe('accepted');
    const refundCall = stripe.calls.find((c) => c.path === '/v1/refunds')!;
    expect(Object.fromEntries(refundCall.params)).toEqual({ payment_intent: 'pi_late', amount: '39900' });
    const [p] = await h.db.select().from(payments).where(eq(payments.bookingId, late));
    expect(p).toMatchObject({ status: 'refunded', refundedAmount: 39900 });
    // The money was taken, so the payment has a receipt: the batch that marked it stored the parties the receipt names.
    const [u] = await h.db.select().from(users).where(eq(users.id, w.customer.userId));
    expect(p!.issuedParties).toMatchObject({ customer: `${u!.firstname} ${u!.lastname}`.trim(), chef: expect.stringMatching(/\S/) });
    const [r] = await h.db.select().from(refunds).where(eq(refunds.bookingId, late));
    expect(r).toMatchObject({ amount: 39900, status: 'succeeded', providerRef: expect.stringMatching(/^re_/) });
    const notes = await h.db.select().from(notifications).where(eq(notifications.userId, w.customer.userId));
    expect(notes.at(-1)!.title).toBe('Booking not possible – full refund');
  });

  it('refunds in full a payment that completes after the chef was banned (issue 15 M2), and creates no earnings', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const session = sessionOf((await ok(pay(await as(h, w.customer), id))).body.data.checkout_url);
    const su = (await superUser(h)).agent;
    expect((await ok(typedClient(su).admin.chefs[':id'].ban.$post({ ...on(w.chef.chefId), json: { reason: 'Fraud.' } }))).status).toBe(200);
    expect((await webhook(completed(session, 'pi_banned'))).status).toBe(200);
    expect(await statusOf(id)).toBe('accepted');
    expect(await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id))).toEqual([]);
    const refundCall = stripe.calls.find((c) => c.path === '/v1/refunds')!;
    expect(Object.fromEntries(refundCall.params)).toEqual({ payment_intent: 'pi_banned', amount: '39900' });
    const [p] = await h.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(p).toMatchObject({ status: 'refunded', refundedAmount: 39900 });
    const notes = await h.db.select().from(notifications).where(eq(notifications.userId, w.customer.userId));
    expect(notes.at(-1)!.title).toBe('Booking not possible – full refund');
  });
});

describe('settling one payment from two requests at once', () => {
  const event = (type: string, sessionId: string) => ({ id: `evt_${Math.random().toString(36).slice(2)}`, type, data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_race' } } });
  const rowsOf = async (id: number) => ({
    payments: (await h.db.select().from(payments).where(eq(payments.bookingId, id))).map((p) => p.status),
    confirmations: (await h.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.toStatus, 'confirmed')))).length,
    earnings: (await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id))).length,
    refunds: (await h.db.select().from(refunds).where(eq(refunds.bookingId, id))).map((r) => r.amount),
    holds: (await h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id))).length,
  });

  it('confirms the booking once when the completion and the delayed-method success arrive together', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const session = sessionOf((await ok(pay(await as(h, w.customer), id))).body.data.checkout_url);
    const answers = await Promise.all([webhook(event('checkout.session.completed', session)), webhook(event('checkout.session.async_payment_succeeded', session))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await statusOf(id)).toBe('confirmed');
    expect(await rowsOf(id)).toEqual({ payments: ['succeeded'], confirmations: 1, earnings: 1, refunds: [], holds: 0 });
    const [b] = await h.db.select().from(bookings).where(eq(bookings.id, id));
    const sameDay = await h.db.select().from(bookings).where(and(eq(bookings.chefId, w.chef.chefId), eq(bookings.eventDate, b!.eventDate), eq(bookings.status, 'confirmed')));
    expect(sameDay).toHaveLength(1);
  });

  it('never keeps the money of a completion that loses its race to the checkout ending: the booking is confirmed or the payment refunded', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const session = sessionOf((await ok(pay(await as(h, w.customer), id))).body.data.checkout_url);
    const answers = await Promise.all([webhook(event('checkout.session.completed', session)), webhook(event('checkout.session.expired', session))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rows = await rowsOf(id);
    expect(rows.holds).toBe(0);
    if ((await statusOf(id)) === 'confirmed') expect(rows).toEqual({ payments: ['succeeded'], confirmations: 1, earnings: 1, refunds: [], holds: 0 });
    else expect(rows).toEqual({ payments: ['refunded'], confirmations: 0, earnings: 0, refunds: [39900], holds: 0 });
  });

  it('refunds a completion that read the checkout open just before the checkout ended (the losing interleaving, made certain)', async () => {
    const w = await world(h);
    const id = await accepted(w);
    await ok(pay(await as(h, w.customer), id));
    const deps = testDeps(h);
    // The completion has read the booking and its open payment...
    const [open] = await h.db.select().from(payments).where(eq(payments.bookingId, id));
    const b = (await loadBooking(h.db, id, h.clock.now()))!;
    // ...when the checkout's end commits first (the expiry event, or the sweep).
    expect(await endPayment(deps, b, open!.id, 'expired')).toBe(true);
    await paid(deps, b, open!, 'pi_late');
    expect(await statusOf(id)).toBe('accepted');
    expect(await rowsOf(id)).toEqual({ payments: ['refunded'], confirmations: 0, earnings: 0, refunds: [39900], holds: 0 });
    expect(Object.fromEntries(stripe.calls.find((c) => c.path === '/v1/refunds')!.params)).toEqual({ payment_intent: 'pi_late', amount: '39900' });
  });

  it('does not release the day held by a new checkout when a late event ends the old one', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const a = await as(h, w.customer);
    const first = sessionOf((await ok(pay(a, id))).body.data.checkout_url);
    expect((await webhook(event('checkout.session.async_payment_failed', first))).status).toBe(200);
    expect(await rowsOf(id)).toMatchObject({ payments: ['failed'], holds: 0 });
    // The customer tries again at once (a failed payment has no cooldown): the new checkout holds the day.
    await ok(pay(a, id));
    expect(await rowsOf(id)).toMatchObject({ payments: ['failed', 'pending'], holds: 1 });
    // Stripe's late expiry of the first session finds it already ended: it changes nothing, the hold included.
    expect((await webhook(event('checkout.session.expired', first))).status).toBe(200);
    expect(await rowsOf(id)).toMatchObject({ payments: ['failed', 'pending'], holds: 1 });
    const other = await customer(h);
    const rival = await accepted(w, other, { starts_at: startsIn(h, 30, 12) });
    expect((await refused(pay(await as(h, other), rival))).body.code).toBe('DAY_HELD');
  });
});

describe('refunds through Stripe', () => {
  async function confirmedViaStripe(w: World) {
    const id = await accepted(w);
    const session = sessionOf((await ok(pay(await as(h, w.customer), id))).body.data.checkout_url);
    await webhook(completed(session, `pi_${id}`));
    return id;
  }

  it('refunds a cancellation by the policy with the PaymentIntent and an idempotency key', async () => {
    const w = await world(h);
    const id = await confirmedViaStripe(w);
    const res = await ok(bookingCalls(await as(h, w.customer)).cancel.$post({ ...on(id), json: { reason: 'Plans changed.' } }));
    expect(res.status).toBe(200);
    const call = stripe.calls.filter((c) => c.path === '/v1/refunds').at(-1)!;
    expect(Object.fromEntries(call.params)).toEqual({ payment_intent: `pi_${id}`, amount: '39900' });
    const [r] = await h.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(call.headers.get('idempotency-key')).toBe(`refund-${r!.id}`);
    expect(r).toMatchObject({ status: 'succeeded', amount: 39900 });
  });

  it('shows a refund Stripe refused on the receipt as not paid back, so the receipt adds up with the payment, until the sweep sends it', async () => {
    const w = await world(h);
    const id = await confirmedViaStripe(w);
    stripe.mode = 'fail';
    expect((await ok(bookingCalls(await as(h, w.chef)).cancel.$post({ ...on(id), json: { reason: 'I am ill.' } }))).status).toBe(200);
    const receiptLines = async () => {
      const res = await typedClient(await as(h, w.customer)).bookings[':id']['receipt.pdf'].$get({ param: { id: String(id) } });
      expect(res.status).toBe(200);
      return (await pdfText(await res.arrayBuffer())).pages[0]!;
    };
    const payment = async () => (await h.db.select().from(payments).where(eq(payments.bookingId, id)))[0]!;
    const figure = (minor: number) => (minor / 100).toFixed(2);
    const line = (lines: string[], start: string) => lines.find((l) => l.startsWith(start)) ?? '';

    const failed = await receiptLines();
    const p = await payment();
    expect(p).toMatchObject({ amount: 39900, refundedAmount: 0 });
    // Nothing was paid back: the receipt deducts nothing, and lists the refund as failed and being sent again.
    expect(line(failed, 'Paid after refunds').endsWith(figure(p.amount - p.refundedAmount))).toBe(true);
    expect(failed.filter((l) => /^Refund of /.test(l) && /[-−]\s?CHF/.test(l))).toEqual([]);
    expect(failed).toContain('Refunds not paid back yet (not deducted above)');
    expect(failed.some((l) => /^Refund of .+ \(failed, being sent again\) CHF.399\.00$/.test(l))).toBe(true);

    stripe.mode = 'ok';
    h.clock.advance(2 * 60_000);
    expect((await runSweep(testDeps(h))).refunds_sent).toBe(1);
    const sent = await receiptLines();
    const after = await payment();
    expect(after.refundedAmount).toBe(39900);
    expect(line(sent, 'Paid after refunds').endsWith(figure(after.amount - after.refundedAmount))).toBe(true);
    expect(sent.some((l) => /^Refund of \w+ \d+, \d{4} [-−]CHF.399\.00$/.test(l))).toBe(true);
    expect(sent).not.toContain('Refunds not paid back yet (not deducted above)');
  });

  it('keeps a refund Stripe refused visible and sends it again in the sweep', async () => {
    const w = await world(h);
    const id = await confirmedViaStripe(w);
    stripe.mode = 'fail';
    expect((await ok(bookingCalls(await as(h, w.chef)).cancel.$post({ ...on(id), json: { reason: 'I am ill.' } }))).status).toBe(200);
    expect(await statusOf(id)).toBe('cancelled_by_chef');
    const [failed] = await h.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(failed).toMatchObject({ status: 'failed', providerRef: null, amount: 39900 });
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, id)))[0]!.refundedAmount).toBe(0);
    stripe.mode = 'ok';
    h.clock.advance(2 * 60_000);
    const swept = await runSweep(testDeps(h));
    expect(swept.refunds_sent).toBe(1);
    const [sent] = await h.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(sent).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^re_/) });
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, id)))[0]).toMatchObject({ status: 'refunded', refundedAmount: 39900 });
    expect((await runSweep(testDeps(h))).refunds_sent).toBe(0);
  });
});
