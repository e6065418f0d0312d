// GET /v1/menus/{id}/availability: which days a published menu can be booked for, so the booking form greys out
// the rest before the customer fills anything in. Days are the chef's local dates; the window (earliest tomorrow
// 13:00, or later for a request the chef could not answer in time, latest one year ahead) comes from the one rule in
// shared/booking-window.ts, by the server's clock. Taken days are those the booking machine refuses: blocked by
// the chef or held by a booking (day-conflicts.ts); a day claimed by a checkout still in progress
// (booking_day_holds) is "held" until its claim expires.
//
// One round trip. The menu, its chef's zone and taken days depend only on the `catalog` and `days` data versions,
// so they are kept in the versioned cache like menus near (the batch reads them only when the cached ones are not
// current); the unexpired holds are read live in the same batch as the versions, since a hold ends by time, without
// any write.
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookingDayHolds, bookings, DAY_HOLDING_STATUSES } from '../../db/schema/bookings';
import { availabilityBlocks, chefs } from '../../db/schema/chefs';
import { menus } from '../../db/schema/menus';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { localDay } from '#shared/event-time';
import { sameVersions, VersionedCache, type Versions } from '../../lib/versioned-cache';
import { stillCurrent, toVersions, versionsQuery } from '../../db/data-versions';
import { addDays, bookingWindow, earliestStart, type BookingMode } from '#shared/booking-window';
import { visibleMenu } from '../../db/visibility';

export type DayState = 'blocked' | 'booked' | 'held';
export type AvailabilityDay = { day: string; state: DayState; until?: string };

/** What the cache keeps per menu and UTC day: everything but the holds. */
type Known = { timezone: string; mode: BookingMode; taken: { day: string; state: 'blocked' | 'booked' }[] };

/** Small entries (a menu's zone and its taken days); 1 MB holds thousands of menus. */
const availabilityCache = new VersionedCache(1024 * 1024);

const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The days read: from yesterday to 368 days ahead in UTC, which covers the window in every zone. The cache key
 * carries the UTC day, so an entry never serves a window that reaches past what it read.
 */
function range(now: Date) {
  const today = utcDay(now.getTime());
  return { from: addDays(today, -1), to: addDays(today, 368), today };
}

const chefOfMenu = (menuId: number) => sql`(select m.chef_id from menus m where m.id = ${menuId})`;

function holdsQuery(db: DB, menuId: number, now: Date, from: string) {
  return db
    .select({ day: bookingDayHolds.day, expiresAt: bookingDayHolds.expiresAt })
    .from(bookingDayHolds)
    .where(and(sql`${bookingDayHolds.chefId} = ${chefOfMenu(menuId)}`, gte(bookingDayHolds.day, from), gt(bookingDayHolds.expiresAt, now)))
    .orderBy(asc(bookingDayHolds.day));
}

/** Everything but the holds is read only when `cachedVersions` are not current (then `known` is left null). */
async function read(db: DB, menuId: number, now: Date, r: ReturnType<typeof range>, cachedVersions?: Versions) {
  const stale = sql`not ${stillCurrent(cachedVersions)}`;
  const [menuRows, blocked, booked, holds, versionRows] = await db.batch([
    db
      .select({ timezone: chefs.timezone, mode: menus.bookingMode })
      .from(menus)
      .innerJoin(chefs, eq(chefs.id, menus.chefId))
      .innerJoin(users, eq(users.id, chefs.userId))
      .where(and(eq(menus.id, menuId), visibleMenu(), stale))
      .limit(1),
    db
      .select({ day: availabilityBlocks.day })
      .from(availabilityBlocks)
      .where(and(sql`${availabilityBlocks.chefId} = ${chefOfMenu(menuId)}`, gte(availabilityBlocks.day, r.from), lte(availabilityBlocks.day, r.to), stale)),
    db
      .selectDistinct({ day: bookings.eventDate })
      .from(bookings)
      .where(
        and(sql`${bookings.chefId} = ${chefOfMenu(menuId)}`, gte(bookings.eventDate, r.from), lte(bookings.eventDate, r.to), inArray(bookings.status, [...DAY_HOLDING_STATUSES]), stale),
      ),
    holdsQuery(db, menuId, now, r.from),
    versionsQuery(db),
  ]);
  const menu = menuRows[0];
  if (!menu) return { known: null, holds, versions: toVersions(versionRows) };
  // A booked day that the chef also blocked reads as booked: that is what keeps it taken.
  const taken = new Map<string, 'blocked' | 'booked'>(blocked.map((b) => [b.day, 'blocked']));
  for (const b of booked) taken.set(b.day, 'booked');
  const known: Known = {
    timezone: menu.timezone,
    mode: menu.mode,
    taken: [...taken].map(([day, state]) => ({ day, state })).sort((a, b) => a.day.localeCompare(b.day)),
  };
  return { known, holds, versions: toVersions(versionRows) };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export async function menuAvailability(deps: { db: DB; clock: { now(): Date } }, menuId: number) {
  const { db } = deps;
  const now = deps.clock.now();
  const r = range(now);
  const key = `${menuId}:${r.today}`;
  const cached = availabilityCache.peek(key);
  const got = await read(db, menuId, now, r, cached?.versions);
  const holds = got.holds;
  let known: Known;
  if (cached && sameVersions(cached.versions, got.versions)) {
    known = JSON.parse(decoder.decode(availabilityCache.get(key, got.versions) ?? cached.body)) as Known;
  } else {
    if (!got.known) throw notFound('Menu not found.');
    known = got.known;
    availabilityCache.set(key, { catalog: got.versions.catalog!, days: got.versions.days! }, encoder.encode(JSON.stringify(known)));
  }

  const w = bookingWindow(now, known.timezone);
  const earliest = earliestStart(now, known.timezone, known.mode);
  const inWindow = (day: string) => day >= w.firstDay && day <= w.lastDay;
  const taken = new Set(known.taken.map((d) => d.day));
  const days: AvailabilityDay[] = [
    ...known.taken.filter((d) => inWindow(d.day)),
    ...holds.filter((h) => inWindow(h.day) && !taken.has(h.day)).map((h) => ({ day: h.day, state: 'held' as const, until: h.expiresAt.toISOString() })),
  ].sort((a, b) => a.day.localeCompare(b.day));
  return {
    menu_id: menuId,
    timezone: known.timezone,
    booking_mode: known.mode,
    today: localDay(now, known.timezone),
    first_day: localDay(earliest, known.timezone),
    last_day: w.lastDay,
    earliest: earliest.toISOString(),
    latest: new Date(w.latestExclusive.getTime() - 1).toISOString(),
    days,
  };
}
