// When an event can be booked (seed §5, §9): from tomorrow 13:00 to the end of the day one year from today. The rule
// itself is the server's (functions/_api/modules/bookings/booking-window.ts), judged in the marketplace's time zone,
// as the menu search's `date` check is; this adds what the date picker and the search need on top of it.
import { bookingWindow as windowIn, EARLIEST_HOUR, localDay } from '../../../functions/_api/modules/bookings/booking-window';

export { EARLIEST_HOUR };
/** The time a freshly picked day starts with: an evening event. */
export const DEFAULT_EVENT_HOUR = 19;
/** The marketplace's home time zone: discovery (no chef chosen yet) judges days in it, like GET /v1/menus/near. */
export const MARKET_TIMEZONE = 'Europe/Zurich';

export interface BookingWindow {
  /** Tomorrow at 13:00 in the market's time zone. */
  earliest: Date;
  /** The last bookable moment: the end of the day one year from today. */
  latest: Date;
  /** The same bounds as days (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
}

export function bookingWindow(now: Date = new Date()): BookingWindow {
  const w = windowIn(now, MARKET_TIMEZONE);
  return { earliest: w.earliest, latest: new Date(w.latestExclusive.getTime() - 1), firstDay: w.firstDay, lastDay: w.lastDay };
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** True when the moment lies inside the window (both ends included). */
export function isBookable(value: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (!value) return false;
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return false;
  const { earliest, latest } = bookingWindow(now);
  return date.getTime() >= earliest.getTime() && date.getTime() <= latest.getTime();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether the picker offers a calendar day (a day shown by the browser's calendar, in its own time zone). */
export function isBookableDay(day: Date, now: Date = new Date()): boolean {
  const key = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
  const { firstDay, lastDay } = bookingWindow(now);
  return key >= firstDay && key <= lastDay;
}

/** Moves a pick before the earliest moment up to it, and one after the window back to the last day's evening. */
export function clampToWindow(value: Date, now: Date = new Date()): Date {
  const { earliest, latest } = bookingWindow(now);
  if (value.getTime() < earliest.getTime()) return new Date(earliest);
  if (value.getTime() > latest.getTime()) {
    const last = new Date(latest);
    last.setHours(DEFAULT_EVENT_HOUR, 0, 0, 0);
    return last.getTime() <= latest.getTime() ? last : new Date(latest);
  }
  return value;
}

/** YYYY-MM-DD of the moment in the market's time zone (the `date` parameter of the menu search). */
export const marketDay = (value: Date | string): string => localDay(toDate(value), MARKET_TIMEZONE);

/** The stored event date when it is still bookable, else null (a date from last month no longer narrows a search). */
export function bookableDateOrNull(value: string | null | undefined, now: Date = new Date()): string | null {
  return value && isBookable(value, now) ? value : null;
}
