// Times of an event, always as the clocks show them where the event takes place (the chef's IANA zone, `timezone`
// in the API's answers), whatever zone the viewer's device is in. When the viewer's clock shows another time at
// that moment, the zone is named: "12/09/2026 19:00, Zurich time". Every screen that shows an event's time, or a
// deadline of its booking, formats it here.
import type { Locale } from '#shared/locales';
import { localClock, sameWallClock, zoneCity, zoneParts } from '#shared/event-time';
import { dateFormatFor } from './format';
import { t } from './i18n';

/** The zone of the viewer's device (the browser's, or the test's). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const toInstant = (value: Date | string | number): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const pad = (n: number) => String(n).padStart(2, '0');

const datePattern = (locale: Locale | string, withYear: boolean) => {
  const pattern = dateFormatFor(locale);
  return withYear ? pattern : pattern.replace(/[./]?yyyy/, '');
};

const dateIn = (instant: Date, timeZone: string, pattern: string) => {
  const p = zoneParts(instant, timeZone);
  return pattern.replace('dd', pad(p.day)).replace('MM', pad(p.month)).replace('yyyy', String(p.year));
};

/** The day of an instant in the event's zone, in the seed's date pattern of the locale ("12/09/2026", "09.12.2026"). */
export function formatEventDate(value: Date | string | number, timeZone: string, locale: Locale | string): string {
  const instant = toInstant(value);
  return instant ? dateIn(instant, timeZone, datePattern(locale, true)) : '';
}

/** The zone named the way people say it, in the visitor's language: "Zurich time", "Ortszeit Zürich". */
export const zoneLabel = (timeZone: string, locale: Locale | string, time: string): string => t('common.zonetime', { time, city: zoneCity(timeZone, locale) });

/**
 * Date and 24-hour time of an instant as the clocks show them in the event's zone, naming the zone when the viewer's
 * clock differs at that moment (Zurich and Berlin never do).
 */
export function formatEventTime(value: Date | string | number, timeZone: string, locale: Locale | string, viewerZone: string = viewerTimeZone()): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const time = `${formatEventDate(instant, timeZone, locale)} ${localClock(instant, timeZone)}`;
  return sameWallClock(instant, timeZone, viewerZone) ? time : zoneLabel(timeZone, locale, time);
}

/** The same, compact for a narrow place such as the header's search bar: "11/28 19:00", or "11/28 19:00 (Zurich)". */
export function formatEventTimeShort(value: Date | string | number, timeZone: string, locale: Locale | string, viewerZone: string = viewerTimeZone()): string {
  const instant = toInstant(value);
  if (!instant) return '';
  const time = `${dateIn(instant, timeZone, datePattern(locale, false))} ${localClock(instant, timeZone)}`;
  return sameWallClock(instant, timeZone, viewerZone) ? time : `${time} (${zoneCity(timeZone, locale)})`;
}
