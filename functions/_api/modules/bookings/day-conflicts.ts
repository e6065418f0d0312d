// The conflict checker of the chef's calendar (one event per chef and day): a day is taken when the chef blocked
// it or a booking holds it (confirmed, completed, reviewed). Used when a booking is requested, accepted and paid;
// the payment's own atomic claim on the day is payments/day-hold.ts, and the unique index on bookings is the last
// line of defence.
import { eq, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { DAY_HOLDING_STATUSES } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';

export type DayState = { blocked: boolean; heldBy: number | null };
export type DayConflict = 'blocked' | 'booked';

const holding = sql.join(
  DAY_HOLDING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** One row: is the chef's day blocked, and which booking holds it. */
export function dayStateQuery(db: DB, chefId: number, day: string) {
  return db
    .select({
      blocked: sql<number>`exists (select 1 from availability_blocks ab where ab.chef_id = ${chefId} and ab.day = ${day})`.as('day_blocked'),
      heldBy: sql<number | null>`(select b.id from bookings b where b.chef_id = ${chefId} and b.event_date = ${day} and b.status in (${holding}) limit 1)`.as('day_held_by'),
    })
    .from(chefs)
    .where(eq(chefs.id, chefId));
}

export const toDayState = (row: { blocked: number | boolean; heldBy: number | null } | undefined): DayState => ({
  blocked: Boolean(Number(row?.blocked ?? 0)),
  heldBy: row?.heldBy == null ? null : Number(row.heldBy),
});

/** Why the day cannot take `bookingId` (a booking never conflicts with itself), or null when it is free. */
export function dayConflict(state: DayState, bookingId?: number): DayConflict | null {
  if (state.heldBy != null && state.heldBy !== bookingId) return 'booked';
  if (state.blocked) return 'blocked';
  return null;
}
