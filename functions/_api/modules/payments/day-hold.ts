// The claim on a chef's day while its customer is in checkout. One batch (one transaction on libSQL and D1):
// drop an expired hold of that day, insert ours unless the day is booked or blocked (or refresh it when it is
// already ours), then read who holds the day. Whoever else asks meanwhile sees our hold and is refused before any
// checkout exists, so they are never charged.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingDayHolds, DAY_HOLDING_STATUSES } from '../../db/schema/bookings';
import { conflict } from '../../lib/errors';
import { insertSelect, param } from '../notifications/notify';

/** How long a checkout may take. Stripe needs at least 30 minutes for a session's expiry; one more for clock skew. */
export const HOLD_MS = 31 * 60_000;

const holding = sql.join(
  DAY_HOLDING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

export async function claimDay(db: DB, input: { chefId: number; day: string; bookingId: number; expiresAt: Date; now: Date }): Promise<void> {
  const { chefId, day, bookingId, expiresAt, now } = input;
  const thisDay = and(eq(bookingDayHolds.chefId, chefId), eq(bookingDayHolds.day, day));
  const [, , holder, state] = await db.batch([
    db.delete(bookingDayHolds).where(and(thisDay, lte(bookingDayHolds.expiresAt, now))),
    insertSelect(
      db,
      bookingDayHolds,
      {
        chefId: param(bookingDayHolds.chefId, chefId),
        day: param(bookingDayHolds.day, day),
        bookingId: param(bookingDayHolds.bookingId, bookingId),
        expiresAt: param(bookingDayHolds.expiresAt, expiresAt),
        createdAt: param(bookingDayHolds.createdAt, now),
      },
      sql`where not exists (select 1 from bookings b where b.chef_id = ${chefId} and b.event_date = ${day} and b.status in (${holding}))
        and not exists (select 1 from availability_blocks ab where ab.chef_id = ${chefId} and ab.day = ${day})`,
    ).onConflictDoUpdate({
      target: [bookingDayHolds.chefId, bookingDayHolds.day],
      set: { expiresAt: sql`excluded.expires_at` },
      setWhere: sql`"booking_day_holds"."booking_id" = excluded.booking_id`,
    }),
    db.select({ bookingId: bookingDayHolds.bookingId }).from(bookingDayHolds).where(thisDay),
    db
      .select({
        booked: sql<number>`exists (select 1 from bookings b where b.chef_id = ${chefId} and b.event_date = ${day} and b.status in (${holding}))`,
      })
      .from(sql`(select 1)`),
  ]);
  if (holder[0]?.bookingId === bookingId) return;
  if (holder[0] || Number(state[0]?.booked)) throw conflict('This chef has just been booked for that day.', 'DAY_TAKEN');
  throw conflict('The chef is no longer available on that day.', 'CHEF_UNAVAILABLE');
}
