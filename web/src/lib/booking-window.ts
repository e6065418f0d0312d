// When an event can be booked (seed §5, §9): from tomorrow 13:00 to the end of the day one year from today, judged in
// the event's time zone. The rule itself is the kernel's (shared/booking-window.ts, which the server applies); the
// booking form takes the window of its menu from GET /v1/menus/{id}/availability (the chef's zone and booking mode,
// by the server's clock), and discovery, with no chef chosen yet, judges days in the marketplace's zone as
// GET /v1/menus/near does.
import { localDay, zonedTime } from '#shared/event-time';
import { bookingWindow as windowIn, EARLIEST_HOUR, MARKET_TIMEZONE } from '#shared/booking-window';
import { MINUTE } from '#shared/time';

export { EARLIEST_HOUR, MARKET_TIMEZONE };
/** The time a freshly picked day starts with: an evening event. */
export const DEFAULT_EVENT_HOUR = 19;
/** Minutes between the times the date picker offers (the seed's accuracy is hours and minutes). */
export const TIME_STEP_MINUTES = 30;

export interface BookingWindow {
  /** The zone whose clocks the window is read on (the event's). */
  timeZone: string;
  /** The first bookable moment: tomorrow at 13:00 there, later for a request the chef could no longer answer. */
  earliest: Date;
  /** The last bookable moment: the end of the day one year from today. */
  latest: Date;
  /** The same bounds as days (YYYY-MM-DD) in the zone. */
  firstDay: string;
  lastDay: string;
}

/** The window of discovery, in the marketplace's zone (a menu's own window comes with its availability). */
export function bookingWindow(now: Date = new Date(), timeZone: string = MARKET_TIMEZONE): BookingWindow {
  const w = windowIn(now, timeZone);
  return { timeZone, earliest: w.earliest, latest: new Date(w.latestExclusive.getTime() - 1), firstDay: w.firstDay, lastDay: w.lastDay };
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** True when the moment lies inside the window (both ends included). */
export function isInWindow(value: Date | string | null | undefined, w: BookingWindow): boolean {
  if (!value) return false;
  const t = toDate(value).getTime();
  return !Number.isNaN(t) && t >= w.earliest.getTime() && t <= w.latest.getTime();
}

/** True when the moment is bookable for discovery (the marketplace's window). */
export const isBookable = (value: Date | string | null | undefined, now: Date = new Date()): boolean => isInWindow(value, bookingWindow(now));

/** Whether a day (YYYY-MM-DD in the window's zone) has bookable moments. */
export const isBookableDay = (day: string, w: BookingWindow): boolean => day >= localDay(w.earliest, w.timeZone) && day <= w.lastDay;

/** The first time the picker offers: the earliest moment, rounded up to a time step (01:39 → 02:00). */
export function firstStart(w: BookingWindow): Date {
  const step = TIME_STEP_MINUTES * MINUTE;
  return new Date(Math.ceil(w.earliest.getTime() / step) * step);
}

/**
 * Moves a pick before the earliest moment up to the first time step at or after it, and one after the window back
 * to the last day's evening.
 */
export function clampToWindow(value: Date, w: BookingWindow): Date {
  if (value.getTime() < w.earliest.getTime()) return firstStart(w);
  if (value.getTime() > w.latest.getTime()) {
    const evening = zonedTime(w.lastDay, DEFAULT_EVENT_HOUR, 0, w.timeZone);
    return evening.getTime() <= w.latest.getTime() ? evening : new Date(w.latest);
  }
  return value;
}

/** YYYY-MM-DD of the moment in the market's time zone (the `date` parameter of the menu search). */
export const marketDay = (value: Date | string): string => localDay(toDate(value), MARKET_TIMEZONE);

/** The stored event date when it is still bookable, else null (a date from last month no longer narrows a search). */
export function bookableDateOrNull(value: string | null | undefined, now: Date = new Date()): string | null {
  return value && isBookable(value, now) ? value : null;
}
