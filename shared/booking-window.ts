// When an event may be booked, judged in the chef's time zone: earliest tomorrow 13:00, latest one year ahead (the
// whole of that day). Pure and dependency-free, so the web date picker can import the same rule the server applies.
import { localDay, zonedTime } from './event-time';
import { DAY, HOUR } from './time';

/** The marketplace's home time zone: discovery (no chef chosen yet) judges days in it, the API's menu search too. */
export const MARKET_TIMEZONE = 'Europe/Zurich';
/** Seed §9: the earliest bookable time is tomorrow at 13:00. */
export const EARLIEST_HOUR = 13;
/** An event lasts four hours (the demo data and the payout release assume the same). */
export const EVENT_DURATION_MS = 4 * HOUR;
/** A chef answers a request at the latest 24 hours before the event (bookings.machine.ts respondByFor). */
export const RESPOND_BEFORE_EVENT_MS = 24 * HOUR;
/** A request needs the chef's answer to be possible: its respond_by at least this far ahead. */
export const MIN_ANSWER_TIME_MS = 2 * HOUR;


export { localDay, zonedTime };

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** Same month and day one year later; 29 February rolls over to 1 March. */
export function addYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
}

export type BookingWindow = {
  /** First bookable instant: tomorrow 13:00 local time. */
  earliest: Date;
  /** First instant that is too late: the start of the day after "one year from today". */
  latestExclusive: Date;
  /** The same bounds as local days, for a date picker. */
  firstDay: string;
  lastDay: string;
};

export function bookingWindow(now: Date, timeZone: string): BookingWindow {
  const today = localDay(now, timeZone);
  const firstDay = addDays(today, 1);
  const lastDay = addYear(today);
  return {
    earliest: zonedTime(firstDay, EARLIEST_HOUR, 0, timeZone),
    latestExclusive: zonedTime(addDays(lastDay, 1), 0, 0, timeZone),
    firstDay,
    lastDay,
  };
}

export type BookingMode = 'instant' | 'request';
export type WindowProblem = 'too_early' | 'too_late' | 'no_answer_time';

/**
 * The first instant a menu can be booked for: the window's earliest, and for a request the chef must still have
 * time to answer (respond_by, 24 hours before the event, at least two hours away).
 */
export function earliestStart(now: Date, timeZone: string, mode: BookingMode): Date {
  const { earliest } = bookingWindow(now, timeZone);
  const answerable = now.getTime() + RESPOND_BEFORE_EVENT_MS + MIN_ANSWER_TIME_MS;
  return mode === 'request' && answerable > earliest.getTime() ? new Date(answerable) : earliest;
}

/** Why a start time cannot be booked for a menu of this mode, or null when it may be booked. */
export function checkStartsAt(startsAt: Date, now: Date, timeZone: string, mode: BookingMode = 'instant'): WindowProblem | null {
  const w = bookingWindow(now, timeZone);
  if (startsAt.getTime() < w.earliest.getTime()) return 'too_early';
  if (startsAt.getTime() >= w.latestExclusive.getTime()) return 'too_late';
  if (startsAt.getTime() < earliestStart(now, timeZone, mode).getTime()) return 'no_answer_time';
  return null;
}
