// Paying for a booking. Starting a checkout first claims the chef's day (day-hold.ts): of several customers paying
// for the same chef and day, only the holder ever reaches the provider, so nobody else is charged. Completing the
// payment (test checkout or Stripe webhook) is the machine's "confirm" transition, in one batch with the payment,
// the released hold and the chef's ledger line; the unique index on bookings is the last line of defence.
import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { guardedWrite } from '../../db/guarded-write';
import { payments, refunds, webhookEvents } from '../../db/schema/bookings';
import { ApiError, conflict, forbidden, keyedConflict, notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import { absoluteUrl } from '../../platform/config';
import type { Deps } from '../../platform/deps';
import { WebhookSignatureError } from '../../platform/stripe-payments';
import { insertSelect, moneyParam, param, paramsOf, prepareNotice, sendNotices, whenParam } from '../notifications/notify.service';
import { formatMoney } from '#shared/pricing';
import { bookingFor, getBooking, loadBooking, type ReadCtx, type Viewer } from '../bookings/bookings.service';
import { bookingLink, formatWhen, ledgerLine, recipientOf, type BookingRecord, assertTransition, releaseHold, runTransition, type Actor, fingerprintOf, idempotent } from '../bookings/bookings.facade.service';
import { claimDay, HOLD_MS } from './day-hold';
import { executeRefund } from '../refunds/refunds.service';
import { issuedPartiesNow } from '../documents/receipts.service';

const paymentRow = (db: DB) => db.select().from(payments);
type PaymentRow = typeof payments.$inferSelect;
/** The statuses of a payment the provider may still complete: it has neither confirmed a booking nor been refunded. */
const UNSETTLED = ['pending', 'expired', 'failed'];

/** POST /v1/bookings/{id}/pay (Idempotency-Key): claims the day, records the payment and opens the checkout. */
export async function startPayment(deps: Deps, viewer: Viewer & { email: string }, bookingId: number, key: string) {
  return idempotent(deps, { userId: viewer.userId, scope: 'bookings.pay', key, fingerprint: await fingerprintOf({ bookingId }) }, async () => {
    const { db, clock } = deps;
    const now = clock.now();
    const { b, relation } = await bookingFor(deps, viewer, bookingId);
    if (relation !== 'customer') throw forbidden('Only the customer can pay for this booking.');
    assertTransition(b, 'confirm', { role: 'customer', userId: viewer.userId }, now);

    // A checkout that is still open is handed out again instead of a second one.
    const [open] = await paymentRow(db)
      .where(openCheckout(b.id, now))
      .orderBy(desc(payments.id))
      .limit(1);
    if (open?.checkoutUrl && b.holdExpiresAt && open.providerRef) return { status: 200, body: { data: checkoutData(open, open.checkoutUrl) } };

    const expiresAt = new Date(now.getTime() + HOLD_MS);
    await claimDay(db, { chefId: b.chefId, day: b.eventDate, bookingId: b.id, customerId: b.customerId, expiresAt, now });

    // One open checkout per booking, decided by the insert itself: a second start racing this one (another tab, its
    // own Idempotency-Key) inserts nothing and reads, in the same transaction, the payment that won, then hands out
    // that checkout once the provider has given its address. Only the winner ever calls the provider.
    const [mine, [current]] = await db.batch([
      insertSelect(
        db,
        payments,
        paramsOf(payments, { bookingId: b.id, userId: viewer.userId, provider: deps.payments.provider, status: 'pending', amount: b.total, currency: b.currency, expiresAt, createdAt: now, updatedAt: now }),
        sql`where not exists (select 1 from payments op where op.booking_id = ${b.id} and op.status = 'pending' and op.expires_at > ${now.getTime()})`,
      ).returning(),
      paymentRow(db).where(openCheckout(b.id, now)).orderBy(desc(payments.id)).limit(1),
    ]);
    const payment = mine[0];
    if (!payment) return { status: 200, body: { data: await checkoutOpenedElsewhere(deps, current?.id) } };
    const back = absoluteUrl(deps.config, bookingLink(b.id, 'customer'));
    let checkout;
    try {
      checkout = await deps.payments.createCheckout({
        reference: `booking-${b.id}-payment-${payment.id}`,
        amount: b.total,
        currency: b.currency,
        description: `${b.menuName} – ${b.guests} × ${formatWhen(b.startsAt, b.timezone, 'en')}`,
        customerEmail: viewer.email,
        successUrl: `${back}?payment=success`,
        cancelUrl: `${back}?payment=cancelled`,
        idempotencyKey: `checkout-${payment.id}`,
        expiresAt,
        metadata: { booking_id: String(b.id), payment_id: String(payment.id) },
      });
    } catch (err) {
      deps.log.error('payments.checkout_failed', { bookingId: b.id, error: String(err) });
      const write = guardedWrite(db);
      await db.batch(write.statements(db.update(payments).set({ status: 'failed', updatedAt: now }).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending'))), [releaseHold(db, b.id, write.witness, payment.id)]));
      throw new ApiError(502, 'The payment provider cannot be reached. You have not been charged; please try again in a moment.', 'PAYMENT_PROVIDER_UNAVAILABLE');
    }
    const [saved] = await db
      .update(payments)
      .set({ providerRef: checkout.providerRef, checkoutUrl: checkout.url, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    return { status: 201, body: { data: checkoutData(saved!, checkout.url) } };
  });
}

/** A booking's payment whose checkout may still be paid. */
const openCheckout = (bookingId: number, now: Date) => and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending'), gt(payments.expiresAt, now));

/** How often, and how long apart, a second start looks for the address of the checkout another request is opening. */
const OPENING_LOOKS = 12;
const OPENING_PAUSE_MS = 250;

/**
 * The checkout another start of this booking is opening: its answer as soon as the provider's address is stored
 * (normally well under a second). A refusal when it does not come in time or that checkout ended without one (the
 * provider could not be reached): the customer tries again in a moment and gets it, or a new one.
 */
async function checkoutOpenedElsewhere(deps: Deps, paymentId: number | undefined) {
  for (let look = 0; paymentId !== undefined && look < OPENING_LOOKS; look++) {
    if (look) await new Promise((wake) => setTimeout(wake, OPENING_PAUSE_MS));
    const [p] = await paymentRow(deps.db).where(eq(payments.id, paymentId)).limit(1);
    if (p?.checkoutUrl) return checkoutData(p, p.checkoutUrl);
    if (p?.status !== 'pending') break;
  }
  throw new ApiError(409, 'A checkout for this booking is being opened in another window. Please wait a moment and try again.', 'IDEMPOTENCY_IN_PROGRESS', undefined, { 'Retry-After': '3' });
}

/** A checkout's answer; its url is passed on its own because a payment row without one is never handed out. */
const checkoutData = (p: PaymentRow, url: string) => ({
  checkout_url: url,
  payment_id: p.id,
  provider: p.provider,
  amount: p.amount,
  currency: p.currency,
  expires_at: p.expiresAt?.toISOString() ?? null,
});

/**
 * The "confirm" transition: the booking becomes confirmed, the payment succeeded with the receipt's parties as they
 * are now (the receipt keeps them), the day hold is released and the chef's ledger line is written (released 48 h
 * after the event ends). It fails (409) when another customer holds
 * the day in a live checkout or the day is already booked.
 */
export async function confirmPayment(deps: Deps, b: BookingRecord, payment: PaymentRow, actor: Actor, providerPaymentRef: string | null) {
  const { db, clock } = deps;
  const now = clock.now();
  const otherHold = sql`exists (select 1 from booking_day_holds h where h.chef_id = ${b.chefId} and h.day = ${b.eventDate} and h.booking_id <> ${b.id} and h.expires_at > ${now.getTime()})`;
  const pending = sql`exists (select 1 from payments p where p.id = ${payment.id} and p.status = 'pending')`;
  await runTransition(deps, {
    booking: b,
    name: 'confirm',
    actor,
    set: { confirmedAt: now },
    guard: and(pending, sql`not ${otherHold}`),
    extra: (w) => [
      db
        .update(payments)
        .set({ status: 'succeeded', providerPaymentRef, issuedParties: issuedPartiesNow(), updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending'), w)),
      releaseHold(db, b.id, w),
      ledgerLine(db, b, w, now),
    ],
    onUniqueViolation: conflict('This chef has just been booked for that day.', 'DAY_TAKEN'),
  });
}

/** A payment that did not go through: it ends, the day hold is released, and the booking stays payable. */
export async function endPayment(deps: Deps, b: BookingRecord, paymentId: number, status: 'failed' | 'expired') {
  const { db, clock } = deps;
  const now = clock.now();
  const write = guardedWrite(db);
  const notice = prepareNotice(
    deps,
    recipientOf(b, 'customer'),
    { key: 'booking.payment_failed.customer', params: { menu: b.menuName, date: whenParam(b.startsAt, b.timezone) }, type: 'error', link: bookingLink(b.id, 'customer') },
    { when: write.witness },
  );
  const [ended] = await db.batch([
    ...write.statements(
      db
        .update(payments)
        .set({ status, updatedAt: now })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
        .returning({ id: payments.id }),
      [notice.insert, releaseHold(db, b.id, write.witness, paymentId)],
    ),
  ]);
  if (ended.length) await sendNotices(deps, [notice]);
  return ended.length > 0;
}

// ---------------------------------------------------------------- the built-in test checkout

async function testPayment(deps: Deps, viewer: Viewer, ref: string) {
  // The test checkout exists only while the local provider is active.
  if (deps.payments.provider !== 'local') throw notFound('Payment not found.');
  const [payment] = await paymentRow(deps.db)
    .where(and(eq(payments.provider, 'local'), eq(payments.providerRef, ref)))
    .limit(1);
  const b = payment ? await loadBooking(deps.db, payment.bookingId, deps.clock.now()) : null;
  if (!payment || !b || b.customerId !== viewer.userId) throw notFound('Payment not found.');
  return { payment, b };
}

/** GET /v1/payments/test/{ref}: what the test checkout page shows. */
export async function testCheckout(deps: Deps, viewer: Viewer, ref: string, ctx: ReadCtx) {
  const { payment, b } = await testPayment(deps, viewer, ref);
  return {
    reference: ref,
    test_mode: true,
    label: 'test mode – no real charge',
    status: payment.status,
    amount: payment.amount,
    currency: payment.currency,
    amount_formatted: formatMoney(payment.amount, payment.currency, ctx.locale),
    expires_at: payment.expiresAt?.toISOString() ?? null,
    booking: {
      id: b.id,
      menu_name: b.menuName,
      chef_firstname: b.chefFirstname,
      starts_at: b.startsAt.toISOString(),
      timezone: b.timezone,
      event_date: b.eventDate,
      guests: b.guests,
      at_chefs_place: b.atChefsPlace,
    },
    return_url: bookingLink(b.id, 'customer'),
  };
}

const ENDED_PAYMENT = new Set(['succeeded', 'failed', 'refunded']);

/** The 409 for a payment that is no longer open, naming the state it is in (validation.paymentstatus.*). */
function paymentNotPending(status: string): ApiError {
  if (!ENDED_PAYMENT.has(status)) return conflict(`This payment is already ${status}.`, 'PAYMENT_NOT_PENDING');
  return keyedConflict('validation.refusal.payment_not_pending_now', 'PAYMENT_NOT_PENDING', { status: { key: `validation.paymentstatus.${status as 'succeeded' | 'failed' | 'refunded'}` } });
}

/** POST /v1/payments/test/{ref}/complete {outcome}: the customer succeeds or fails the test payment. */
export async function completeTestPayment(deps: Deps, viewer: Viewer, ref: string, outcome: 'succeed' | 'fail', ctx: ReadCtx) {
  const { payment, b } = await testPayment(deps, viewer, ref);
  if (payment.status !== 'pending') throw paymentNotPending(payment.status);
  if (outcome === 'fail') {
    await endPayment(deps, b, payment.id, 'failed');
    return { message: 'The test payment failed. Nothing was charged; you can try again.', data: await getBooking(deps, viewer, b.id, ctx, 'customer') };
  }
  try {
    await confirmPayment(deps, b, payment, { role: 'customer', userId: viewer.userId }, ref);
  } catch (err) {
    // In test mode nothing is charged before this point: the payment fails and the customer is told why.
    if (err instanceof ApiError && err.status === 409) await endPayment(deps, b, payment.id, 'failed');
    throw err;
  }
  return { message: 'Payment received. Your booking is confirmed.', data: await getBooking(deps, viewer, b.id, ctx, 'customer') };
}

// ---------------------------------------------------------------- Stripe webhooks

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * POST /v1/payments/webhook. Each event id is recorded in webhook_events first: a replay finds it and changes
 * nothing. When handling fails the record is removed again, so the provider's retry is handled.
 */
export async function handleWebhook(deps: Deps, payload: string, signature: string | null): Promise<{ received: true; duplicate?: boolean; ignored?: boolean }> {
  const { db, clock } = deps;
  if (!deps.payments.parseWebhook) throw notFound('Webhooks are not configured.');
  let event;
  try {
    event = await deps.payments.parseWebhook(payload, signature, clock.now());
  } catch (err) {
    if (err instanceof WebhookSignatureError || err instanceof SyntaxError) throw new ApiError(400, 'The webhook signature is not valid.', 'INVALID_SIGNATURE');
    throw err;
  }
  const fresh = await db
    .insert(webhookEvents)
    .values({ provider: deps.payments.provider, eventId: event.id, type: event.type, receivedAt: clock.now() })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.eventId });
  if (!fresh.length) return { received: true, duplicate: true };
  try {
    const handled = await dispatch(deps, event.type, event.object);
    return handled ? { received: true } : { received: true, ignored: true };
  } catch (err) {
    await db.delete(webhookEvents).where(and(eq(webhookEvents.provider, deps.payments.provider), eq(webhookEvents.eventId, event.id)));
    throw err;
  }
}

async function paymentForSession(deps: Deps, sessionId: string | null) {
  if (!sessionId) return null;
  const [payment] = await paymentRow(deps.db)
    .where(and(eq(payments.provider, deps.payments.provider), eq(payments.providerRef, sessionId)))
    .limit(1);
  const b = payment ? await loadBooking(deps.db, payment.bookingId, deps.clock.now()) : null;
  return payment && b ? { payment, b } : null;
}

async function dispatch(deps: Deps, type: string, object: Record<string, unknown>): Promise<boolean> {
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      // A delayed method completes the session unpaid; its async_payment_succeeded event follows.
      if (type === 'checkout.session.completed' && object.payment_status !== 'paid') return false;
      const found = await paymentForSession(deps, str(object.id));
      // A checkout our side already gave up on (expired by the sweep, failed) still took the money: handle it too.
      if (!found || !UNSETTLED.includes(found.payment.status)) return false;
      if (found.payment.status !== 'pending') {
        await deps.db
          .update(payments)
          .set({ status: 'pending', updatedAt: deps.clock.now() })
          .where(and(eq(payments.id, found.payment.id), eq(payments.status, found.payment.status)));
      }
      await paid(deps, found.b, { ...found.payment, status: 'pending' }, str(object.payment_intent));
      return true;
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const found = await paymentForSession(deps, str(object.id));
      if (!found) return false;
      return endPayment(deps, found.b, found.payment.id, type === 'checkout.session.expired' ? 'expired' : 'failed');
    }
    case 'payment_intent.payment_failed': {
      // One declined card inside a still-open checkout: the customer may try another one, so nothing ends here;
      // the customer is told, and the session's expiry ends the payment if nobody pays.
      const metadata = (object.metadata ?? {}) as Record<string, unknown>;
      const paymentId = Number(str(metadata.payment_id));
      if (!Number.isInteger(paymentId) || paymentId <= 0) return false;
      const [payment] = await paymentRow(deps.db).where(eq(payments.id, paymentId)).limit(1);
      const b = payment ? await loadBooking(deps.db, payment.bookingId, deps.clock.now()) : null;
      if (!payment || !b || payment.status !== 'pending') return false;
      const notice = prepareNotice(deps, recipientOf(b, 'customer'), {
        key: 'booking.payment_attempt_failed.customer',
        params: { menu: b.menuName },
        type: 'error',
        link: bookingLink(b.id, 'customer'),
      });
      await deps.db.batch([notice.insert]);
      await sendNotices(deps, [notice]);
      return true;
    }
    default:
      return false;
  }
}

/**
 * The provider took the money. Normally that confirms the booking; when the booking cannot be confirmed any more
 * (the day went to someone else, it was cancelled meanwhile), the payment is refunded in full at once.
 */
export async function paid(deps: Deps, b: BookingRecord, payment: PaymentRow, paymentIntent: string | null) {
  try {
    await confirmPayment(deps, b, payment, { role: 'system', userId: null }, paymentIntent);
    return;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    deps.log.info('payments.refund_unconfirmable', { bookingId: b.id, paymentId: payment.id, reason: err.message });
  }
  const { db, clock } = deps;
  const now = clock.now();
  // The refund, the notice and the released hold only when this call marked the payment (a guarded write). The
  // provider took the money, so a payment our side ended meanwhile (the checkout's expiry winning the race against
  // this completion) is marked too: the money ends as a confirmed booking or a full refund, never kept unaccounted.
  const write = guardedWrite(db);
  const notice = prepareNotice(
    deps,
    recipientOf(b, 'customer'),
    { key: 'booking.payment_refunded.customer', params: { menu: b.menuName, total: moneyParam(payment.amount, payment.currency) }, type: 'error', link: bookingLink(b.id, 'customer') },
    { when: write.witness },
  );
  const [marked, , inserted] = (await db.batch([
    ...write.statements(
      db
        .update(payments)
        .set({ status: 'succeeded', providerPaymentRef: paymentIntent, issuedParties: issuedPartiesNow(), updatedAt: now })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, UNSETTLED)))
        .returning({ id: payments.id }),
      [
        insertSelect(
          db,
          refunds,
          {
            paymentId: param(refunds.paymentId, payment.id),
            bookingId: param(refunds.bookingId, b.id),
            amount: param(refunds.amount, payment.amount),
            currency: param(refunds.currency, payment.currency),
            status: param(refunds.status, 'pending'),
            reason: param(refunds.reason, 'The booking could not be confirmed after payment: full refund'),
            createdAt: param(refunds.createdAt, now),
          },
          sql`where ${write.witness}`,
        ).returning({ id: refunds.id }),
        notice.insert,
        releaseHold(db, b.id, write.witness, payment.id),
      ],
    ),
  ])) as unknown as [{ id: number }[], unknown, { id: number }[]];
  if (!marked.length) return;
  await sendNotices(deps, [notice]);
  if (inserted[0]) await executeRefund(deps, inserted[0].id);
}

// ---------------------------------------------------------------- the customer's payments

/** GET /v1/users/me/payments: the customer's payments with their refunds, newest first. */
export async function listMyPayments(deps: Pick<Deps, 'db'>, userId: number, params: ListParams, ctx: ReadCtx) {
  const { db } = deps;
  const mine = and(eq(payments.userId, userId), ne(payments.status, 'pending'));
  const [rows, total] = await db.batch([
    db
      .select({
        id: payments.id,
        bookingId: payments.bookingId,
        provider: payments.provider,
        status: payments.status,
        amount: payments.amount,
        refundedAmount: payments.refundedAmount,
        currency: payments.currency,
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
        menuName: sql<string>`(select b.menu_name from bookings b where b.id = "payments"."booking_id")`.as('menu_name'),
        startsAt: sql<number>`(select b.starts_at from bookings b where b.id = "payments"."booking_id")`.as('starts_at'),
        timezone: sql<string>`(select b.timezone from bookings b where b.id = "payments"."booking_id")`.as('timezone'),
        refundsJson: sql<string | null>`(select json_group_array(json_object('id', r.id, 'amount', r.amount, 'currency', r.currency, 'status', r.status,
          'reason', r.reason, 'created_at', r.created_at)) from refunds r where r.payment_id = "payments"."id")`.as('refunds_json'),
      })
      .from(payments)
      .where(mine)
      .orderBy(desc(payments.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db.select({ n: count() }).from(payments).where(mine),
  ]);
  const f = (amount: number, currency: string) => formatMoney(amount, currency, ctx.locale);
  return envelope(
    rows.map((p) => {
      const list = (p.refundsJson ? (JSON.parse(p.refundsJson) as { id: number; amount: number; currency: string; status: string; reason: string | null; created_at: number }[]) : []).sort((x, y) => x.id - y.id);
      return {
        id: p.id,
        order_id: p.bookingId,
        menu_name: p.menuName,
        starts_at: new Date(Number(p.startsAt)).toISOString(),
        timezone: p.timezone,
        provider: p.provider,
        status: p.status,
        amount: p.amount,
        refunded_amount: p.refundedAmount,
        currency: p.currency,
        amount_formatted: f(p.amount, p.currency),
        refunded_formatted: f(p.refundedAmount, p.currency),
        created_at: p.createdAt.toISOString(),
        updated_at: p.updatedAt.toISOString(),
        refunds: list.map((r) => ({ ...r, amount_formatted: f(r.amount, r.currency), created_at: new Date(Number(r.created_at)).toISOString() })),
      };
    }),
    params,
    { total: Number(total[0]?.n ?? 0) },
  );
}

