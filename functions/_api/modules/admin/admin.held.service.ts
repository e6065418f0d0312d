// A banned chef's held earnings, one booking at a time (the payouts screen's "Held earnings"). Lifting the ban releases
// every booking of the chef; a super-user may instead decide one completed booking: release its earnings to the chef
// anyway (`payout_items.ban_released_at`, so the line is due and paid with the next batch), or refund the customer
// everything that is left through the refund path of cancellations and complaints (the line is removed: the chef
// earns nothing from it). Each is one guarded write led by the ledger line's change under "still held for the ban
// alone" (released after the event, in no payout, no complaint open): the audit entry, the refund row and the notice
// share its fate, so of two admins deciding at once one decision is written and the other gets 409.
import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { guardedWrite } from '../../db/guarded-write';
import { payoutItems } from '../../db/schema/payouts';
import { conflict, notFound } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { bookingLink, recipientOf } from '../bookings/bookings.facade.service';
import { loadBooking } from '../bookings/bookings.service';
import { paidAndRefunded } from '../complaints/complaints.service';
import { moneyParam, prepareNotice, sendNotices } from '../notifications/notify.service';
import { recordRefund, sendRecordedRefund } from '../refunds/refunds.service';
import { heldForBan } from './admin.payouts.service';
import { auditIfChanged, type AdminActor } from './audit';

/** The refund's reason in the ledger (refunds.reason), as the statements and the admin's booking view show it. */
export const HELD_REFUND_REASON = 'Chef banned: the earnings held were refunded to the customer';

export type HeldDecision = 'release' | 'refund';

const notHeld = () => conflict('These earnings are no longer held for the chef’s ban alone (released, refunded, paid out, or a complaint is open). Please reload.', 'STATUS_CHANGED');

/**
 * POST /v1/admin/payouts/held/{bookingId}/release | /refund. 404 for an unknown booking, 409 when its ledger line
 * is not held for the ban alone (any more). Answers what was released or refunded.
 */
export async function decideHeld(deps: Deps, actor: AdminActor, bookingId: number, decision: HeldDecision) {
  const { db } = deps;
  const now = actor.now;
  const b = await loadBooking(db, bookingId, now);
  if (!b) throw notFound('Booking not found.');
  const [line] = await db.select().from(payoutItems).where(eq(payoutItems.bookingId, bookingId)).limit(1);
  if (!line) throw notHeld();
  const paid = decision === 'refund' ? await paidAndRefunded(db, b.id) : null;
  if (decision === 'refund' && !paid?.refundable) throw conflict('Nothing is left to refund for this booking.', 'NOTHING_TO_REFUND');

  const write = guardedWrite(db);
  const w = write.witness;
  const stillHeld = and(eq(payoutItems.bookingId, bookingId), heldForBan('payout_items', now));
  const f = (amount: number) => moneyParam(amount, b.currency);
  const refund = paid?.refundable ?? 0;
  const notice =
    decision === 'release'
      ? prepareNotice(deps, recipientOf(b, 'chef'), { key: 'payout.held_released', params: { menu: b.menuName, earnings: moneyParam(line.amount, line.currency) }, type: 'success', link: '/account/me/payout' }, { when: w })
      : prepareNotice(deps, recipientOf(b, 'customer'), { key: 'booking.held_refunded.customer', params: { menu: b.menuName, refund: f(refund) }, type: 'info', link: bookingLink(b.id, 'customer') }, { when: w });
  const dependents: BatchItem<'sqlite'>[] = [
    auditIfChanged(db, actor, w, {
      action: `payout.held_${decision}`,
      targetType: 'booking',
      targetId: bookingId,
      before: { held_reason: 'chef_banned', chef_earnings: line.amount, currency: line.currency },
      after: decision === 'release' ? { released_to_chef: line.amount } : { refund_amount: refund, chef_earnings: 0 },
    }),
    notice.insert,
  ];
  if (paid && refund > 0) dependents.unshift(recordRefund(db, { paymentId: paid.id, bookingId, amount: refund, currency: paid.currency, reason: HELD_REFUND_REASON }, w, now));
  const guard =
    decision === 'release'
      ? db.update(payoutItems).set({ banReleasedAt: now, banReleasedBy: actor.userId }).where(stillHeld).returning({ id: payoutItems.id })
      : // The customer gets everything back, so the chef's line goes (settle(): nothing is left for the chef).
        db.delete(payoutItems).where(stillHeld).returning({ id: payoutItems.id });
  const [changed] = (await db.batch(write.statements(guard, dependents))) as [unknown[], ...unknown[]];
  if (!changed.length) throw notHeld();
  await sendNotices(deps, [notice]);
  if (refund > 0) await sendRecordedRefund(deps, bookingId);
  return { booking_id: bookingId, decision, chef_earnings: decision === 'release' ? line.amount : 0, refund_amount: refund, currency: line.currency };
}
