// Cancelling a booking, by either side or by an administrator for one side: which cancellation the state means
// (bookings.machine CANCEL_BY), its preview, and the refund and ledger line by the cancellation policy, written in
// the transition's batch; the refund runs at the provider after it.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import type { Witness } from '../../db/guarded-write';
import { chefCancellations, payments, type BookingStatus } from '../../db/schema/bookings';
import { conflict, fieldError } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { insertSelect, param } from '../notifications/notify.service';
import { recordRefund, sendRecordedRefund } from '../refunds/refunds.service';
import { formatMoney } from '#shared/pricing';
import { cancelRefusal, cancelTransition, effectiveStatus, TRANSITIONS, type TransitionName } from './bookings.machine';
import { timed, type BookingRecord } from './bookings.query';
import { bookingFor, getBooking, type ReadCtx, type Viewer } from './bookings.service';
import { endCheckout, runTransition, type Actor } from './bookings.transition';
import { ADMIN_REFUND_REASON, cancellationTerms, refundReason } from '#shared/cancellation-policy';
import { HOUR } from '#shared/time';
import { ledgerLineAfterCancel } from './ledger';
import { recountCancellations } from './cancellation-ranking';

/** The captured payment of a booking and what can still be refunded of it. */
async function capturedPayment(db: DB, bookingId: number) {
  const [p] = await db
    .select({ id: payments.id, amount: payments.amount, refunded: payments.refundedAmount, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'partially_refunded'])))
    .orderBy(desc(payments.id))
    .limit(1);
  return p ? { ...p, refundable: p.amount - p.refunded } : null;
}

/** The policy's terms (or an administrator's refund) for the booking's captured payment. */
function termsFor(b: BookingRecord, side: 'customer' | 'chef', now: Date, paid: Awaited<ReturnType<typeof capturedPayment>>, chosenRefund?: number) {
  const price = { serviceFee: b.serviceFee, chefEarnings: b.chefEarnings };
  return cancellationTerms({ by: side, startsAt: b.startsAt, now, paidAt: b.confirmedAt, paid: paid?.amount ?? 0, refunded: paid?.refunded ?? 0, price, chosenRefund });
}

function cancellationFor(b: BookingRecord, relation: 'customer' | 'chef', now: Date, byAdmin = false) {
  const status = effectiveStatus(timed(b), now);
  return { status, name: cancelTransition(relation, status, byAdmin) };
}

/** GET /v1/bookings/{id}/cancellation: what cancelling now would mean for the caller, before confirming it. */
export async function cancellationPreview(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, id: number, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, id);
  return cancellationPreviewFor(deps, b, relation, ctx);
}

/** What cancelling for one side would mean now; admins preview either side of any booking. */
export async function cancellationPreviewFor(deps: Pick<Deps, 'db' | 'clock'>, b: BookingRecord, relation: 'customer' | 'chef', ctx: ReadCtx, byAdmin = false) {
  const now = deps.clock.now();
  const { status, name } = cancellationFor(b, relation, now, byAdmin);
  const paid = name === 'customer_cancel' || name === 'chef_cancel' ? await capturedPayment(deps.db, b.id) : null;
  const terms = termsFor(b, relation, now, paid);
  const f = (amount: number) => formatMoney(amount, b.currency, ctx.locale);
  return {
    booking_id: b.id,
    status,
    // can_cancel tells the two answers apart for the typed client: the refusal's message comes only with false.
    ...(name ? { can_cancel: true as const, to_status: TRANSITIONS[name].to } : { can_cancel: false as const, message: cancelRefusal(relation, status) }),
    reason_required: name ? TRANSITIONS[name].reason === 'required' : false,
    currency: b.currency,
    paid: paid?.refundable ?? 0,
    paid_formatted: f(paid?.refundable ?? 0),
    refund_tier: paid ? terms.tier : 'none',
    refund_percent: paid ? terms.refund_bp / 100 : 0,
    refund_amount: paid ? terms.refund_amount : 0,
    refund_formatted: f(paid ? terms.refund_amount : 0),
    free_until: terms.free_until.toISOString(),
    half_refund_until: terms.half_refund_until.toISOString(),
    cooling_off_until: terms.cooling_off_until?.toISOString() ?? null,
    ...(relation === 'chef' ? { chef_earnings_after: terms.settlement.chef_earnings, counts_against_you: name === 'chef_cancel' } : {}),
  };
}

/** POST /v1/bookings/{id}/cancel {reason}: the caller's side decides which cancellation (and refund) it is. */
export async function cancelBooking(deps: Deps, viewer: Viewer, id: number, rawReason: string, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, id);
  await cancelAs(deps, b, { role: relation, userId: viewer.userId }, relation, rawReason, ctx);
  // The party reads the booking it cancelled (an admin's cancellation answers with the admin's own view instead).
  return getBooking(deps, viewer, b.id, ctx, relation);
}

/** What a cancellation did, for statements that record it in the same batch (an admin's audit entry). */
export type CancelOutcome = { name: TransitionName; from: BookingStatus; to: BookingStatus; paid: number; refund: number; chefEarnings: number };

export type CancelOptions = {
  /** An administrator's refund (minor units, 0 up to what was paid) instead of the policy's. */
  refund?: number;
  /** More statements of the cancellation's batch; each must be conditioned on the witness. */
  extra?: (w: Witness, outcome: CancelOutcome) => BatchItem<'sqlite'>[];
};

/** A cancellation for one side; admins call it with `side` (they act for that side), optionally with a chosen refund. */
export async function cancelAs(deps: Deps, b: BookingRecord, actor: Actor, side: 'customer' | 'chef', rawReason: string, ctx: ReadCtx, opts: CancelOptions = {}) {
  const { db, clock } = deps;
  const now = clock.now();
  const reason = rawReason.trim();
  const { status, name } = cancellationFor(b, side, now, actor.role === 'admin');
  if (!name) throw conflict(cancelRefusal(side, status), 'INVALID_BOOKING_STATE');
  if (TRANSITIONS[name].reason === 'required' && !reason) {
    throw fieldError('reason', 'validation.rule.cancelreason');
  }
  const paidBooking = name === 'customer_cancel' || name === 'chef_cancel';
  const paid = paidBooking ? await capturedPayment(db, b.id) : null;
  const refundable = paid?.refundable ?? 0;
  if (opts.refund !== undefined && opts.refund > refundable) {
    throw fieldError('refund_amount', 'validation.rule.refundmax', { amount: { amount: refundable, currency: b.currency } });
  }
  const terms = termsFor(b, side, now, paid, opts.refund);
  const refund = paid && terms.refund_amount > 0 ? terms.refund_amount : 0;
  const byAdmin = actor.role === 'admin';
  const outcome: CancelOutcome = { name, from: status, to: TRANSITIONS[name].to, paid: refundable, refund, chefEarnings: terms.settlement.chef_earnings };

  const extra = (w: Witness): BatchItem<'sqlite'>[] => {
    const out: BatchItem<'sqlite'>[] = [...endCheckout(db, b.id, w, now)];
    if (paid && refund > 0) {
      const reason = opts.refund !== undefined ? ADMIN_REFUND_REASON : refundReason(side, terms.tier);
      out.push(recordRefund(db, { paymentId: paid.id, bookingId: b.id, amount: refund, currency: paid.currency, reason }, w, now));
    }
    if (paidBooking) out.push(ledgerLineAfterCancel(db, b, terms.settlement.chef_earnings, w, now));
    if (name === 'chef_cancel') {
      out.push(
        insertSelect(
          db,
          chefCancellations,
          {
            bookingId: param(chefCancellations.bookingId, b.id),
            chefId: param(chefCancellations.chefId, b.chefId),
            hoursBeforeEvent: param(chefCancellations.hoursBeforeEvent, Math.floor((b.startsAt.getTime() - now.getTime()) / HOUR)),
            reason: param(chefCancellations.reason, reason),
            createdAt: param(chefCancellations.createdAt, now),
          },
          sql`where ${w}`,
        ),
        recountCancellations(db, b.chefId, w, now),
      );
    }
    out.push(...(opts.extra?.(w, outcome) ?? []));
    return out;
  };
  await runTransition(deps, {
    booking: b,
    name,
    actor,
    set: { cancelledAt: now, reason: reason || null },
    extra,
    note: reason || null,
    notice: { reason: reason || null, refund, byAdmin },
  });
  if (refund > 0) await sendRecordedRefund(deps, b.id);
}
