// The chef's ledger line of a booking (payout_items): what the chef earns and when it is released (48 hours after
// the event ended). Written when the payment confirms the booking; the completion writes it too if it is missing
// (bookings confirmed before this rule, e.g. imported ones), so every completed booking has its line. A cancellation
// sets it to the chef's share of what the customer keeps paying (pricing.settle), or removes it when that is nothing.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import type { Witness } from '../../db/guarded-write';
import { LEDGER_STATUSES } from '../../db/schema/bookings';
import { payoutItems } from '../../db/schema/payouts';
import { insertSelect, param } from '../notifications/notify.service';
import { payoutReleaseOf } from './bookings.machine';

// Which statuses owe their line to the chef is a fact of the tables (the statements read it too).
export { LEDGER_STATUSES };

/** What a ledger line is written from (a BookingRecord has it; spelled out so bookings.query may read the line's rules). */
type LedgerBooking = { id: number; chefId: number; chefEarnings: number; currency: string; startsAt: Date };

function insertLine(db: DB, b: LedgerBooking, amount: number, w: Witness, now: Date) {
  return insertSelect(
    db,
    payoutItems,
    {
      bookingId: param(payoutItems.bookingId, b.id),
      chefId: param(payoutItems.chefId, b.chefId),
      amount: param(payoutItems.amount, amount),
      currency: param(payoutItems.currency, b.currency),
      releaseAt: param(payoutItems.releaseAt, payoutReleaseOf(b.startsAt)),
      createdAt: param(payoutItems.createdAt, now),
    },
    sql`where ${w}`,
  );
}

export function ledgerLine(db: DB, b: LedgerBooking, w: Witness, now: Date) {
  return insertLine(db, b, b.chefEarnings, w, now).onConflictDoNothing({ target: payoutItems.bookingId });
}

/**
 * The line after a cancellation: set to `amount`, written if it was missing, removed at 0. A line a payout already
 * carries stays as it is, for the admins to settle.
 */
export function ledgerLineAfterCancel(db: DB, b: LedgerBooking, amount: number, w: Witness, now: Date) {
  if (amount <= 0) return db.delete(payoutItems).where(and(eq(payoutItems.bookingId, b.id), isNull(payoutItems.payoutId), w));
  return insertLine(db, b, amount, w, now).onConflictDoUpdate({
    target: payoutItems.bookingId,
    set: { amount },
    setWhere: isNull(payoutItems.payoutId),
  });
}

// Why a line is held is read by the statements too (documents), which may not import the bookings module.
export { heldReasonSql, type HeldReason } from '../../db/held-earnings';
