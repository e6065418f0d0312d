// When an event may be booked, judged in the chef's time zone: earliest tomorrow 13:00, latest one year ahead (the
// whole of that day). Pure and dependency-free, so the web date picker can import the same rule the server applies.

/** Seed §9: the earliest bookable time is tomorrow at 13:00. */
export const EARLIEST_HOUR = 13;
/** An event lasts four hours (the demo data and the payout release assume the same). */
export const EVENT_DURATION_MS = 4 * 3600_000;

const DAY_MS = 86_400_000;

/** Formatters per time zone: building an Intl.DateTimeFormat is far slower than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneParts(t: number, timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const { type, value } of f.formatToParts(t)) if (type !== 'literal') p[type] = Number(value);
  return p as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The calendar date of an instant in a time zone, as YYYY-MM-DD. */
export function localDay(instant: Date | number, timeZone: string): string {
  const p = zoneParts(typeof instant === 'number' ? instant : instant.getTime(), timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Same month and day one year later; 29 February rolls over to 1 March. */
export function addYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10);
}

function wallClock(t: number, timeZone: string) {
  const p = zoneParts(t, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The instant at which the clocks in `timeZone` show `day` at hour:minute. */
export function zonedTime(day: string, hour: number, minute: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  let t = wall;
  // Two rounds settle the offset, also next to a daylight-saving change.
  for (let i = 0; i < 2; i++) t += wall - wallClock(t, timeZone);
  return new Date(t);
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

export type WindowProblem = 'too_early' | 'too_late';

/** Why a start time is outside the window, or null when it may be booked. */
export function checkStartsAt(startsAt: Date, now: Date, timeZone: string): WindowProblem | null {
  const w = bookingWindow(now, timeZone);
  if (startsAt.getTime() < w.earliest.getTime()) return 'too_early';
  if (startsAt.getTime() >= w.latestExclusive.getTime()) return 'too_late';
  return null;
}

export const eventEnd = (startsAt: Date) => new Date(startsAt.getTime() + EVENT_DURATION_MS);
