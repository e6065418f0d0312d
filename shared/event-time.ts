// Wall-clock reading of instants in an IANA time zone, and the zone's name as people say it ("Zurich time"). An
// event's times are always read in the event's (the chef's) zone, whoever reads them and wherever they are; the
// server's mails and the web share this module. Pure and dependency-free.
import type { Locale } from './locales';

/** Formatters per time zone: building an Intl.DateTimeFormat is far slower than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The calendar date and clock time that the clocks in `timeZone` show at an instant. */
export function zoneParts(instant: Date | number, timeZone: string): ZonedParts {
  const t = typeof instant === 'number' ? instant : instant.getTime();
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
  return p as ZonedParts;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** True for a real calendar day: 2027-02-31 passes the ISO pattern but is not a day (Date would roll it over). */
export const isCalendarDay = (d: string): boolean => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
};

/** The calendar date of an instant in a time zone, as YYYY-MM-DD. */
export function localDay(instant: Date | number, timeZone: string): string {
  const p = zoneParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The 24-hour clock time of an instant in a time zone, as HH:mm. */
export function localClock(instant: Date | number, timeZone: string): string {
  const p = zoneParts(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
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

/** True when clocks in both zones show the same time at this instant (Zurich and Berlin do): no need to name a zone. */
export const sameWallClock = (instant: Date | number, a: string, b: string): boolean => {
  if (a === b) return true;
  const t = typeof instant === 'number' ? instant : instant.getTime();
  return wallClock(t, a) === wallClock(t, b);
};

/**
 * Cities of the zones our chefs live in, as each language writes them. A zone not listed is named by its IANA city
 * ("America/New_York" → "New York"), which reads right in every language for most cities.
 */
const CITY_NAMES: Record<string, Partial<Record<Locale, string>>> = {
  'Europe/Zurich': { de: 'Zürich', 'de-ch': 'Zürich', fr: 'Zurich', it: 'Zurigo' },
  'Europe/Berlin': { it: 'Berlino' },
  'Europe/Vienna': { de: 'Wien', 'de-ch': 'Wien', fr: 'Vienne', it: 'Vienna' },
  'Europe/Paris': { it: 'Parigi' },
  'Europe/Rome': { de: 'Rom', 'de-ch': 'Rom', fr: 'Rome', it: 'Roma' },
  'Europe/Brussels': { de: 'Brüssel', 'de-ch': 'Brüssel', fr: 'Bruxelles', it: 'Bruxelles' },
};

/** The city that names a time zone in a language: "Europe/Zurich" → "Zurich", "Zürich" (de), "Zurigo" (it). */
export function zoneCity(timeZone: string, locale: Locale | string): string {
  const named = CITY_NAMES[timeZone]?.[locale as Locale];
  if (named) return named;
  const last = timeZone.split('/').pop() ?? timeZone;
  return last.replace(/_/g, ' ');
}
