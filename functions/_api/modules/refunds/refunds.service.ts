// Refunds: the cancellation's batch records the refund as pending; this sends it to the provider afterwards, so a
// provider outage never undoes a cancellation. A refund the provider did not take stays visible (failed, or pending
// without a provider reference) and the sweep sends it again under the same idempotency key, which the provider
// answers with the same refund instead of paying twice.
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { guardedWrite, type Witness } from '../../db/guarded-write';
import { payments, refunds } from '../../db/schema/bookings';
import type { Deps } from '../../platform/deps';
import { insertSelect, param } from '../notifications/notify.service';
import { MINUTE } from '#shared/time';

export const refundIdempotencyKey = (refundId: number) => `refund-${refundId}`;

/** Sends one recorded refund to the provider and books the result; returns the refund's new status. */
export async function executeRefund(deps: Pick<Deps, 'db' | 'payments' | 'log' | 'clock'>, refundId: number): Promise<'succeeded' | 'pending' | 'failed' | 'skipped'> {
  const { db } = deps;
  const [row] = await db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      currency: refunds.currency,
      status: refunds.status,
      providerRef: refunds.providerRef,
      paymentId: refunds.paymentId,
      provider: payments.provider,
      paymentRef: payments.providerPaymentRef,
      checkoutRef: payments.providerRef,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row || row.providerRef != null || row.status === 'succeeded') return 'skipped';
  if (row.provider !== deps.payments.provider) {
    deps.log.error('refund.provider_mismatch', { refundId, provider: row.provider, active: deps.payments.provider });
    return 'skipped';
  }
  let result: { providerRef: string; status: 'succeeded' | 'pending' | 'failed' };
  try {
    result = await deps.payments.refund({
      providerRef: row.paymentRef ?? row.checkoutRef ?? '',
      amount: row.amount,
      currency: row.currency,
      idempotencyKey: refundIdempotencyKey(row.id),
    });
  } catch (err) {
    deps.log.error('refund.failed', { refundId, error: String(err) });
    await db.update(refunds).set({ status: 'failed' }).where(and(eq(refunds.id, row.id), isNull(refunds.providerRef)));
    return 'failed';
  }
  if (result.status === 'failed') {
    await db.update(refunds).set({ status: 'failed' }).where(and(eq(refunds.id, row.id), isNull(refunds.providerRef)));
    return 'failed';
  }
  // The payment's refunded amount grows once per refund: only in the batch that stamped the provider's reference
  // (a guarded write).
  const now = deps.clock.now();
  const write = guardedWrite(db);
  await db.batch(
    write.statements(
      db
        .update(refunds)
        .set({ status: result.status, providerRef: result.providerRef })
        .where(and(eq(refunds.id, row.id), isNull(refunds.providerRef))),
      [
        db
          .update(payments)
          .set({
            refundedAmount: sql`${payments.refundedAmount} + ${row.amount}`,
            status: sql`case when ${payments.refundedAmount} + ${row.amount} >= ${payments.amount} then 'refunded' else 'partially_refunded' end`,
            updatedAt: now,
          })
          .where(and(eq(payments.id, row.paymentId), write.witness)),
      ],
    ),
  );
  return result.status;
}

/** Refunds the provider has not taken yet (failed, or never sent), for the sweep. */
export async function retryRefunds(deps: Pick<Deps, 'db' | 'payments' | 'log' | 'clock'>, limit = 50): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(isNull(refunds.providerRef), or(eq(refunds.status, 'failed'), eq(refunds.status, 'pending')), lt(refunds.createdAt, new Date(now.getTime() - MINUTE))))
    .limit(limit);
  let sent = 0;
  for (const r of due) if ((await executeRefund(deps, r.id)) !== 'skipped') sent++;
  return sent;
}

/**
 * The refund a batch records as pending (a cancellation's, a complaint decision's), written only when `witness` holds
 * inside that batch; sendRecordedRefund sends it to the provider once the batch has committed.
 */
export function recordRefund(db: DB, r: { paymentId: number; bookingId: number; amount: number; currency: string; reason: string }, witness: Witness, now: Date) {
  return insertSelect(
    db,
    refunds,
    {
      paymentId: param(refunds.paymentId, r.paymentId),
      bookingId: param(refunds.bookingId, r.bookingId),
      amount: param(refunds.amount, r.amount),
      currency: param(refunds.currency, r.currency),
      status: param(refunds.status, 'pending'),
      reason: param(refunds.reason, r.reason),
      createdAt: param(refunds.createdAt, now),
    },
    sql`where ${witness}`,
  );
}

/** Sends the booking's newest recorded refund the provider has not taken yet: the one the batch just wrote. */
export async function sendRecordedRefund(deps: Pick<Deps, 'db' | 'payments' | 'log' | 'clock'>, bookingId: number) {
  const [row] = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.bookingId, bookingId), eq(refunds.status, 'pending'), isNull(refunds.providerRef)))
    .orderBy(desc(refunds.id))
    .limit(1);
  if (row) await executeRefund(deps, row.id);
}
