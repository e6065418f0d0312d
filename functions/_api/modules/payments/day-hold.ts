// The claim on a chef's day while its customer is in checkout. One batch (one transaction on libSQL and D1):
// drop an expired hold of that day, insert ours unless the day is booked or blocked or the customer is over the
// hold rules below (or refresh it when it is already ours), then read who holds the day and why ours was refused.
// Whoever else asks meanwhile sees our hold and is refused before any checkout exists, so they are never charged.
//
// Hold rules (issue 15 M1: one customer held 30 days of a chef in under a second, renewing each forever):
// - a customer holds at most one unpaid day per chef, and HOLDS_PER_CUSTOMER days overall;
// - a hold is not renewed back to back: once a customer's checkout with a chef ended unpaid (it ran out, or the
//   booking was called off while it was open), that customer opens no new one with that chef for HOLD_COOLDOWN_MS;
// - a day held by somebody else's checkout is "possibly available soon", not taken: the other customer is told so
//   (409 DAY_HELD with Retry-After), and the public availability read (menus.availability.ts) shows it as `held`
//   until the hold runs out.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingDayHolds, DAY_HOLDING_STATUSES } from '../../db/schema/bookings';
import { conflict, keyedConflict, keyedRefusal, type ApiError } from '../../lib/errors';
import { insertSelect, param } from '../notifications/notify.service';
import { MINUTE } from '#shared/time';

/** How long a checkout may take. Stripe needs at least 30 minutes for a session's expiry; one more for clock skew. */
export const HOLD_MS = 31 * MINUTE;
/** Unpaid checkouts one customer may have open at once, over all chefs (and at most one per chef). */
export const HOLDS_PER_CUSTOMER = 3;
/** After a customer's checkout with a chef ended unpaid, the pause before that customer may hold one of the chef's days again. */
export const HOLD_COOLDOWN_MS = 30 * MINUTE;

const holding = sql.join(
  DAY_HOLDING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** The customer's live holds other than this booking's, with this chef and overall. */
function otherHoldsSql(customerId: number, bookingId: number, now: Date, chefId?: number) {
  return sql`(select count(*) from booking_day_holds oh join bookings ob on ob.id = oh.booking_id
    where ob.customer_id = ${customerId} and oh.booking_id <> ${bookingId} and oh.expires_at > ${now.getTime()}
    ${chefId === undefined ? sql`` : sql`and oh.chef_id = ${chefId}`})`;
}

/**
 * When the customer's last unpaid checkout with this chef ended, if within the cooldown: a pending payment past its
 * expiry ended then, an expired one (run out, or ended by a cancellation) at the earlier of its expiry and that change.
 */
function lastUnpaidEndSql(customerId: number, chefId: number, now: Date) {
  const t = now.getTime();
  const ended = sql`(case when p.status = 'pending' then p.expires_at else min(p.expires_at, p.updated_at) end)`;
  return sql`(select max(${ended}) from payments p join bookings pb on pb.id = p.booking_id
    where pb.customer_id = ${customerId} and pb.chef_id = ${chefId} and p.status in ('pending', 'expired')
      and p.expires_at is not null and ${ended} <= ${t} and ${ended} > ${t - HOLD_COOLDOWN_MS})`;
}

export type ClaimInput = { chefId: number; day: string; bookingId: number; customerId: number; expiresAt: Date; now: Date };

export async function claimDay(db: DB, input: ClaimInput): Promise<void> {
  const { chefId, day, bookingId, customerId, expiresAt, now } = input;
  const thisDay = and(eq(bookingDayHolds.chefId, chefId), eq(bookingDayHolds.day, day));
  const booked = sql`exists (select 1 from bookings b where b.chef_id = ${chefId} and b.event_date = ${day} and b.status in (${holding}))`;
  const blocked = sql`exists (select 1 from availability_blocks ab where ab.chef_id = ${chefId} and ab.day = ${day})`;
  // A booking called off after the caller checked it (a cancellation racing the payment) claims no day.
  const payable = sql`exists (select 1 from bookings pb where pb.id = ${bookingId} and pb.status = 'accepted')`;
  const withChef = otherHoldsSql(customerId, bookingId, now, chefId);
  const overall = otherHoldsSql(customerId, bookingId, now);
  const cooldownFrom = lastUnpaidEndSql(customerId, chefId, now);
  const [, , [state]] = await db.batch([
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
      sql`where ${payable} and not ${booked} and not ${blocked} and ${withChef} = 0 and ${overall} < ${HOLDS_PER_CUSTOMER} and ${cooldownFrom} is null`,
    ).onConflictDoUpdate({
      target: [bookingDayHolds.chefId, bookingDayHolds.day],
      set: { expiresAt: sql`excluded.expires_at` },
      setWhere: sql`"booking_day_holds"."booking_id" = excluded.booking_id`,
    }),
    // Who holds the day now, and everything that can refuse a claim, read in the same transaction.
    db
      .select({
        holder: bookingDayHolds.bookingId,
        holderCustomer: sql<number | null>`(select b.customer_id from bookings b where b.id = ${bookingDayHolds.bookingId})`,
        holdEnds: bookingDayHolds.expiresAt,
        booked: sql<number>`${booked}`,
        blocked: sql<number>`${blocked}`,
        withChef: sql<number>`${withChef}`,
        overall: sql<number>`${overall}`,
        cooldownFrom: sql<number | null>`${cooldownFrom}`,
      })
      .from(sql`(select 1)`)
      .leftJoin(bookingDayHolds, thisDay),
  ]);
  if (state?.holder === bookingId) return;
  throw refusal(state, customerId, now);
}

type ClaimState = {
  holder: number | null;
  holderCustomer: number | null;
  holdEnds: Date | null;
  booked: number;
  blocked: number;
  withChef: number;
  overall: number;
  cooldownFrom: number | null;
};

const minutesUntil = (ms: number, now: Date) => Math.max(1, Math.ceil((ms - now.getTime()) / MINUTE));
const retryAfter = (ms: number, now: Date) => ({ 'Retry-After': String(Math.max(1, Math.ceil((ms - now.getTime()) / 1000))) });

/** Why the claim was refused, most lasting reason first. */
function refusal(s: ClaimState | undefined, customerId: number, now: Date): ApiError {
  if (Number(s?.booked)) return conflict('This chef has just been booked for that day.', 'DAY_TAKEN');
  if (Number(s?.blocked)) return conflict('The chef is no longer available on that day.', 'CHEF_UNAVAILABLE');
  if (s?.holder != null && s.holdEnds && Number(s.holderCustomer) !== customerId) {
    const ends = s.holdEnds.getTime();
    return keyedRefusal(409, 'validation.refusal.day_held', 'DAY_HELD', { minutes: minutesUntil(ends, now) }, retryAfter(ends, now));
  }
  if ((s?.holder != null && s.holdEnds) || Number(s?.withChef) > 0) {
    return conflict('You are already paying for another booking with this chef. Complete that payment or cancel that booking first.', 'HOLD_LIMIT');
  }
  if (Number(s?.overall) >= HOLDS_PER_CUSTOMER) {
    return keyedConflict('validation.refusal.hold_limit_count', 'HOLD_LIMIT', { max: HOLDS_PER_CUSTOMER });
  }
  if (s?.cooldownFrom != null) {
    const until = Number(s.cooldownFrom) + HOLD_COOLDOWN_MS;
    return keyedRefusal(429, 'validation.refusal.hold_cooldown', 'HOLD_COOLDOWN', { minutes: minutesUntil(until, now) }, retryAfter(until, now));
  }
  // The day changed between the statements of the batch (cannot happen in one transaction); ask to try again.
  return conflict('This chef’s day changed in the meantime. Please try again.', 'BOOKING_CHANGED');
}
