// The time-based steps of the machine (expired, payment_expired, completed) written down by the sweep: which
// bookings are behind the clock, and the step for one of them.
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import type { Deps } from '../../platform/deps';
import { dueSystemStep, effectiveStatusSql, eventEndOf, type TransitionName } from './bookings.machine';
import { bookingSelect, timed, toRecord, type BookingRecord } from './bookings.query';
import { endCheckout, runTransition } from './bookings.transition';
import { ledgerLine } from './ledger';

/** Writes down the time-based step that is due for a booking (expired, payment_expired, completed), if any. */
export async function runDueStep(deps: Deps, b: BookingRecord): Promise<TransitionName | null> {
  const now = deps.clock.now();
  const step = dueSystemStep(timed(b), now);
  if (!step) return null;
  await runTransition(deps, {
    booking: b,
    name: step.name,
    actor: { role: 'system', userId: null },
    at: step.at,
    set: step.name === 'complete' ? { completedAt: eventEndOf(b.startsAt) } : {},
    extra: step.name === 'expire_payment' ? (w) => endCheckout(deps.db, b.id, w, now) : step.name === 'complete' ? (w) => [ledgerLine(deps.db, b, w, now)] : undefined,
  });
  return step.name;
}

/** Bookings whose stored status is behind the clock, oldest deadline first. */
export async function dueBookings(db: DB, now: Date, limit: number): Promise<BookingRecord[]> {
  const rows = await bookingSelect(db, now)
    .where(and(inArray(bookings.status, ['requested', 'accepted', 'confirmed']), sql`${effectiveStatusSql(now)} <> "bookings"."status"`))
    .orderBy(asc(bookings.startsAt))
    .limit(limit);
  return rows.map(toRecord);
}
