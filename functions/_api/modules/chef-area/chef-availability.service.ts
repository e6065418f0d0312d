// The chef's calendar. Days are local dates (YYYY-MM-DD) in the chef's time zone. A day is unavailable when the
// chef blocked it or a booking holds it (confirmed, completed, reviewed); open requests are shown so the chef can
// see what is pending. Blocking a day that a booking already holds is allowed: the block then only keeps further
// bookings out, and the answer says which booking holds the day.
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { availabilityBlocks, chefs } from '../../db/schema/chefs';
import { bookings, DAY_HOLDING_STATUSES } from '../../db/schema/bookings';
import { invalid, notFound } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { addDays } from '#shared/booking-window';
import { localDay } from '#shared/event-time';
import { AVAILABILITY_MAX_DAYS, BLOCK_MAX_DAYS_AHEAD } from '#shared/schemas/chef-area.schema';
import { DAY } from '#shared/time';

const OPEN_REQUEST_STATUSES = ['requested', 'accepted'] as const;

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);

async function chefTimezone(deps: Pick<Deps, 'db'>, chefId: number): Promise<string> {
  const [chef] = await deps.db.select({ timezone: chefs.timezone }).from(chefs).where(eq(chefs.id, chefId));
  if (!chef) throw notFound('Chef not found.');
  return chef.timezone;
}

/** GET /v1/chefs/me/availability: blocked days, days held by bookings and open requests in [from, to]. */
export async function availability(deps: Pick<Deps, 'db' | 'clock'>, chefId: number, query: { from?: string; to?: string }) {
  const { db, clock } = deps;
  const timezone = await chefTimezone(deps, chefId);
  const today = localDay(clock.now(), timezone);
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, 89);
  if (to < from) throw invalid({ to: [{ key: 'validation.rule.rangeorder' }] }, { message: 'validation.rule.rangeends' });
  if (daysBetween(from, to) + 1 > AVAILABILITY_MAX_DAYS) throw invalid({ to: [{ key: 'validation.rule.rangedays', params: { max: AVAILABILITY_MAX_DAYS } }] }, { message: 'validation.rule.rangelong' });
  const inRange = (col: typeof bookings.eventDate | typeof availabilityBlocks.day) => and(gte(col, from), lte(col, to));
  const [blocks, held] = await db.batch([
    db
      .select({ day: availabilityBlocks.day, note: availabilityBlocks.note })
      .from(availabilityBlocks)
      .where(and(eq(availabilityBlocks.chefId, chefId), inRange(availabilityBlocks.day)))
      .orderBy(asc(availabilityBlocks.day)),
    db
      .select({ id: bookings.id, day: bookings.eventDate, status: bookings.status, guests: bookings.guests, menuName: bookings.menuName })
      .from(bookings)
      .where(and(eq(bookings.chefId, chefId), inRange(bookings.eventDate), inArray(bookings.status, [...DAY_HOLDING_STATUSES, ...OPEN_REQUEST_STATUSES])))
      .orderBy(asc(bookings.eventDate), asc(bookings.id)),
  ]);
  const holding = new Set<string>(DAY_HOLDING_STATUSES);
  const present = (b: (typeof held)[number]) => ({ day: b.day, booking_id: b.id, status: b.status, guests: b.guests, menu_name: b.menuName });
  return {
    timezone,
    today,
    from,
    to,
    blocked: blocks.map((b) => ({ day: b.day, note: b.note })),
    booked: held.filter((b) => holding.has(b.status)).map(present),
    requests: held.filter((b) => !holding.has(b.status)).map(present),
  };
}

/** Days before today (in the chef's zone) are history; days too far ahead are refused too. */
async function checkDay(deps: Pick<Deps, 'db' | 'clock'>, chefId: number, day: string) {
  const timezone = await chefTimezone(deps, chefId);
  const today = localDay(deps.clock.now(), timezone);
  if (day < today) throw invalid({ day: [{ key: 'validation.rule.daytoday' }] }, { message: 'validation.rule.daypast' });
  if (daysBetween(today, day) > BLOCK_MAX_DAYS_AHEAD) throw invalid({ day: [{ key: 'validation.rule.daywithin', params: { days: BLOCK_MAX_DAYS_AHEAD } }] }, { message: 'validation.rule.dayahead' });
}

/** PUT /v1/chefs/me/availability/{day}: blocks the day (again: updates the note). */
export async function blockDay(deps: Pick<Deps, 'db' | 'clock'>, chefId: number, day: string, note: string | null) {
  await checkDay(deps, chefId, day);
  const { db, clock } = deps;
  const [, holder] = await db.batch([
    db
      .insert(availabilityBlocks)
      .values({ chefId, day, note, createdAt: clock.now() })
      .onConflictDoUpdate({ target: [availabilityBlocks.chefId, availabilityBlocks.day], set: { note } }),
    db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.chefId, chefId), eq(bookings.eventDate, day), inArray(bookings.status, [...DAY_HOLDING_STATUSES])))
      .limit(1),
  ]);
  const booking = holder[0];
  return {
    data: { day, blocked: true, note, held_by_booking_id: booking?.id ?? null },
    message: booking
      ? 'The day is blocked. A confirmed booking already takes place that day; the block only keeps further bookings out.'
      : 'The day is blocked.',
  };
}

/** DELETE /v1/chefs/me/availability/{day}: unblocks the day; unblocking a free day is harmless. */
export async function unblockDay(deps: Pick<Deps, 'db' | 'clock'>, chefId: number, day: string) {
  await checkDay(deps, chefId, day);
  const removed = await deps.db
    .delete(availabilityBlocks)
    .where(and(eq(availabilityBlocks.chefId, chefId), eq(availabilityBlocks.day, day)))
    .returning({ day: availabilityBlocks.day });
  return { data: { day, blocked: false }, message: removed.length ? 'The day is available again.' : 'The day was not blocked.' };
}
