// The chef's ledger line of a booking (payout_items): what the chef earns and when it is released (48 hours after
// the event ended). Written when the payment confirms the booking; the completion writes it too if it is missing
// (bookings confirmed before this rule, e.g. imported or seeded ones), so every completed booking has its line.
import { sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { payoutItems } from '../../db/schema/payouts';
import { insertSelect, param } from '../notifications/notify';
import { payoutReleaseOf } from './bookings.machine';
import type { BookingRecord } from './bookings.query';
import type { Witness } from './bookings.transition';

export function ledgerLine(db: DB, b: Pick<BookingRecord, 'id' | 'chefId' | 'chefEarnings' | 'currency' | 'startsAt'>, w: Witness, now: Date) {
  return insertSelect(
    db,
    payoutItems,
    {
      bookingId: param(payoutItems.bookingId, b.id),
      chefId: param(payoutItems.chefId, b.chefId),
      amount: param(payoutItems.amount, b.chefEarnings),
      currency: param(payoutItems.currency, b.currency),
      releaseAt: param(payoutItems.releaseAt, payoutReleaseOf(b.startsAt)),
      createdAt: param(payoutItems.createdAt, now),
    },
    sql`where ${w}`,
  ).onConflictDoNothing({ target: payoutItems.bookingId });
}
