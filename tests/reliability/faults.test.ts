// Outages of the services around the server, with the Node server configured for real providers: Stripe and the
// mail API point at a local stub that answers, fails with a 500 or hangs (STRIPE_API_BASE, POSTMARK_API_BASE), and KV
// is down (SIMULATE_KV_OUTAGE). Each gives a clear error or a safe fallback; nothing is lost or done twice.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDayHolds, bookings, payments, refunds } from '../../functions/_api/db/schema/bookings';
import { messages, notifications } from '../../functions/_api/db/schema/messages';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import type { Bindings } from '../../functions/_api/env';
import { manualClock } from '../../functions/_api/platform/clock';
import { buildDeps } from '../../functions/_api/platform/deps';
import { MAIL_TIMEOUT_MS } from '../../functions/_api/platform/mail';
import { STRIPE_TIMEOUT_MS } from '../../functions/_api/platform/stripe-payments';
import { agent } from '../support/agent';
import { as, book, bookingBody, newKey, pay, requestBooking, stripeSignature, world, type Json, type World } from '../support/booking-fixtures';
import { ok, refused } from '../support/typed-client';
import type { Harness } from '../support/harness';
import { startProviderStub, type ProviderStub } from './support/provider-stub';
import { startLive, type Live } from './support/live';
import { MINUTE } from '#shared/time';

const WEBHOOK_SECRET = 'whsec_reliability_suite';
let stub: ProviderStub;
let live: Live;
let h: Harness;
let providerEnv: Record<string, string>;
beforeAll(async () => {
  stub = await startProviderStub();
  providerEnv = {
    STRIPE_SECRET_KEY: 'sk_test_reliability',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stub.stripeBase,
    POSTMARK_API_BASE: stub.mailBase,
    POSTMARK_SERVER_TOKEN: 'mail-token',
    MAIL_FROM: 'bookings@example.com',
  };
  live = await startLive({ ...providerEnv, SIMULATE_KV_OUTAGE: '1' });
  h = live.h;
});
afterAll(async () => {
  await live?.stop();
  await stub?.close();
});

const stripeCalls = (path: string) => stub.stripe.calls.filter((c) => c.path.endsWith(path));
const mailsTo = (email: string) => stub.mail.calls.filter((c) => JSON.parse(c.body).To === email);
const paymentsOf = (id: number) => h.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(payments.id);
const holdsOf = (id: number) => h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id));
const statusOf = async (id: number) => (await h.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.s;

async function instantBooking(w: World) {
  const res = await ok(book(await as(h, w.customer), bookingBody(w.menu.id, h)));
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function webhook(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const res = await fetch(`${live.server.url}/v1/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': await stripeSignature(payload, WEBHOOK_SECRET, new Date()) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Json };
}
const paidEvent = (sessionId: string) => ({
  id: `evt_${sessionId}`,
  type: 'checkout.session.completed',
  data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid', payment_intent: `pi_${sessionId}` } },
});

describe('the payment provider', () => {
  it('times out: a clear 502, nothing charged or held; the retry with the same key opens exactly one checkout', async () => {
    const w = await world(h, { bookingMode: 'instant' });
    const id = await instantBooking(w);
    const a = await as(h, w.customer);
    const key = newKey();
    stub.stripe.mode = 'hang';
    const started = Date.now();
    const first = await refused(pay(a, id, key));
    const took = Date.now() - started;
    expect(first.status).toBe(502);
    expect(first.body).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: expect.stringContaining('You have not been charged') });
    expect(took).toBeGreaterThanOrEqual(STRIPE_TIMEOUT_MS - 500);
    expect(took).toBeLessThan(STRIPE_TIMEOUT_MS + 15_000);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['failed']);
    expect(await holdsOf(id)).toEqual([]);
    expect(await statusOf(id)).toBe('accepted');

    stub.stripe.mode = 'ok';
    const retry = await ok(pay(a, id, key));
    expect(retry.status).toBe(201);
    const session = retry.body.data.checkout_url.split('/').pop()!;
    expect(retry.body.data.checkout_url).toBe(`https://checkout.stripe.com/c/pay/${session}`);
    const rows = await paymentsOf(id);
    expect(rows.map((p) => [p.status, p.providerRef])).toEqual([
      ['failed', null],
      ['pending', session],
    ]);
    expect(await holdsOf(id)).toHaveLength(1);
    // Each attempt went to Stripe under its own payment's idempotency key; a replay of the request goes nowhere.
    expect(stripeCalls('/checkout/sessions').map((c) => c.idempotencyKey)).toEqual(rows.map((p) => `checkout-${p.id}`));
    const replay = await ok(pay(a, id, key));
    expect(replay.body).toEqual(retry.body);
    expect(stripeCalls('/checkout/sessions')).toHaveLength(2);

    // Stripe's webhook confirms the booking once, however often it is delivered.
    for (let i = 0; i < 3; i++) expect((await webhook(paidEvent(session))).status).toBe(200);
    expect(await statusOf(id)).toBe('confirmed');
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    expect(await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id))).toHaveLength(1);
  });

  it('answers a 500 with the same clear error at once', async () => {
    const w = await world(h, { bookingMode: 'instant' });
    const id = await instantBooking(w);
    stub.stripe.mode = 'fail';
    const res = await refused(pay(await as(h, w.customer), id));
    stub.stripe.mode = 'ok';
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['failed']);
    expect(await holdsOf(id)).toEqual([]);
  });

  it('keeps a cancellation when the refund fails, and the sweep sends that refund exactly once', async () => {
    const w = await world(h, { bookingMode: 'instant' });
    const id = await instantBooking(w);
    const a = await as(h, w.customer);
    const session = (await ok(pay(a, id))).body.data.checkout_url.split('/').pop()!;
    expect((await webhook(paidEvent(session))).status).toBe(200);

    stub.stripe.mode = 'fail';
    const cancelled = await a.json<Json>(a.post(`/v1/bookings/${id}/cancel`, { reason: 'Plans changed' }));
    stub.stripe.mode = 'ok';
    expect(cancelled.status).toBe(200);
    expect(await statusOf(id)).toBe('cancelled_by_customer');
    const [refund] = await h.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refund).toMatchObject({ status: 'failed', providerRef: null, amount: 39900 });
    expect(stripeCalls('/refunds').map((c) => c.idempotencyKey)).toEqual([`refund-${refund!.id}`]);

    // The sweep (the Node server runs it every minute) retries refunds older than a minute; run it now, twice.
    // The server's configuration (a test instance); the sweep reads neither KV nor R2, so they are placeholders.
    const env = { ...providerEnv, ...h.env, APP_ENV: 'test', PUBLIC_URL: live.server.url, KV: {}, FILES: {} } as unknown as Bindings;
    const later = manualClock(new Date(Date.now() + 5 * MINUTE));
    for (let i = 0; i < 2; i++) await runSweep(buildDeps(env, { db: () => h.db, clock: later, quietLogs: true }, 'sweep'));
    const [sent] = await h.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(sent).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^re_\d+$/) });
    const [payment] = (await paymentsOf(id)).filter((p) => p.status !== 'failed');
    expect(payment).toMatchObject({ status: 'refunded', refundedAmount: 39900 });
    // Every attempt used the refund's one idempotency key, so Stripe pays it out once.
    expect(new Set(stripeCalls('/refunds').map((c) => c.idempotencyKey))).toEqual(new Set([`refund-${refund!.id}`]));
  });
});

describe('the mail API', () => {
  it('fails with a 500: the booking request and its notification stand, the mail is tried once', async () => {
    const w = await world(h);
    stub.mail.mode = 'fail';
    const id = await requestBooking(h, w, { message: 'Can you cook for us?' });
    expect(await statusOf(id)).toBe('requested');
    const [chefUser] = await h.db.select().from(users).where(eq(users.id, w.chef.userId));
    expect(await h.db.select().from(notifications).where(eq(notifications.userId, w.chef.userId))).toHaveLength(1);
    expect(mailsTo(chefUser!.email)).toHaveLength(1);
    // With a mail API configured, mail never silently lands in the local outbox instead.
    expect(await h.db.select().from(outbox).where(eq(outbox.recipient, chefUser!.email))).toEqual([]);

    const chef = await as(h, w.chef);
    const reply = await chef.json<Json>(chef.post(`/v1/bookings/${id}/messages`, { text: 'Gladly!' }));
    stub.mail.mode = 'ok';
    expect(reply.status).toBe(201);
    expect((await h.db.select().from(messages).where(eq(messages.id, reply.body.data.id)))[0]!.text).toBe('Gladly!');
  });

  it('hangs: the message is stored and answered once the mail call times out', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { message: '' });
    const chef = await as(h, w.chef);
    stub.mail.mode = 'hang';
    const started = Date.now();
    const reply = await chef.json<Json>(chef.post(`/v1/bookings/${id}/messages`, { text: 'Still there?' }));
    stub.mail.mode = 'ok';
    expect(reply.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(MAIL_TIMEOUT_MS + 15_000);
    expect(await h.db.select().from(messages).where(and(eq(messages.id, reply.body.data.id), eq(messages.text, 'Still there?')))).toHaveLength(1);
    expect(mailsTo(w.customer.email).filter((c) => c.at >= started)).toHaveLength(1);
  });
});

describe('KV', () => {
  it('is down: region lookups fall back to the database and answer the same every time', async () => {
    const a = agent(h);
    const first = await a.json<Json>(a.get('/v1/locations/regions?text=zur'));
    expect(first.status).toBe(200);
    expect(first.body.data.map((r: Json) => r.name)).toContain('Zürich');
    const again = await a.json<Json>(a.get('/v1/locations/regions?text=zur'));
    expect(again).toEqual(first);
    expect(live.server.output()).toContain('SIMULATE_KV_OUTAGE=1');
  });
});
