// An instant in words for a reader on the server (mails, receipts): in the event's time zone with the zone named,
// because the server cannot know where the reader is.
import { zoneCity } from '#shared/event-time';
import { translate } from './i18n';

/** The BCP 47 tag of a locale for Intl. */
export const localeTag = (locale: string) => (locale === 'de-ch' ? 'de-CH' : locale);

/**
 * An instant as the recipient reads it, in the event's time zone and 24-hour clock, with the zone named: the
 * server cannot know where the reader is ("12. Juni 2026 um 19:00 (Ortszeit Zürich)").
 */
export function formatWhen(instant: Date, timeZone: string, locale: string): string {
  let time: string;
  try {
    time = new Intl.DateTimeFormat(localeTag(locale), { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(instant);
  } catch {
    return instant.toISOString();
  }
  return translate(locale, 'notify.zonetime', { time, city: zoneCity(timeZone, locale) });
}
