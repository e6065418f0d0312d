// A small RFC 5545 (iCalendar) writer: text escaping, CRLF lines folded at 75 octets, local times with their TZID and
// a VTIMEZONE built from the runtime's own zone data (Intl), so calendars place an event at the clock time of its
// zone whatever zone the reader is in. Written here instead of taking ical-generator, which needs a zone database
// package for VTIMEZONE (see README Decisions, "Calendar invites").
import { zoneParts } from '#shared/event-time';
import { DAY, MINUTE } from '#shared/time';

export type IcalParam = Record<string, string>;
export type IcalLine = { name: string; value: string; params?: IcalParam };

/** TEXT values: backslash, semicolon, comma and line breaks are escaped (RFC 5545 §3.3.11). */
export const escapeText = (s: string): string =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value: quoted when it holds ":", ";" or ","; double quotes cannot be quoted, so they are dropped. */
const paramValue = (s: string): string => {
  const clean = s.replace(/["\r\n]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
};

const encoder = new TextEncoder();

/**
 * One content line folded so that no line is longer than 75 octets (RFC 5545 §3.1): a continuation starts with a
 * space, which counts; a UTF-8 character is never cut in two.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

export function contentLine({ name, value, params }: IcalLine): string {
  const p = params ? Object.entries(params).map(([k, v]) => `;${k}=${paramValue(v)}`).join('') : '';
  return foldLine(`${name}${p}:${value}`);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 20260612T170000Z */
export const utcStamp = (instant: Date): string => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** The wall-clock time of an instant in a zone, as a DATE-TIME without "Z" (read with the zone's TZID). */
export function localStamp(instant: Date | number, timeZone: string): string {
  const p = zoneParts(instant, timeZone);
  return `${pad(p.year, 4)}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
}

/** A DATE value (all-day events) from YYYY-MM-DD. */
export const dateValue = (day: string): string => day.replace(/-/g, '');

/** Minutes east of UTC at an instant, as the zone's clocks show it. */
function offsetMinutes(t: number, timeZone: string): number {
  const p = zoneParts(t, timeZone);
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(t / 1000) * 1000) / MINUTE);
}

const utcOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

const WEEK = 7 * DAY;

/**
 * The VTIMEZONE of an IANA zone for the instants from `from` to `to`: the offset in force at `from`, then every
 * change of offset up to `to`, each with its onset in the local time before the change. Offsets are sampled weekly
 * and each change is found to the minute; zones change their clocks at most a few times a year.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): IcalLine[] {
  const start = from.getTime() - WEEK;
  const end = to.getTime() + WEEK;
  const observances: { onset: number; fromOffset: number; toOffset: number }[] = [];
  let t = start;
  let offset = offsetMinutes(t, timeZone);
  observances.push({ onset: t, fromOffset: offset, toOffset: offset });
  while (t < end) {
    const next = Math.min(t + WEEK, end);
    const nextOffset = offsetMinutes(next, timeZone);
    if (nextOffset !== offset) {
      // The first minute with the new offset lies in (t, next].
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE) {
        const mid = lo + Math.floor((hi - lo) / (2 * MINUTE)) * MINUTE;
        if (offsetMinutes(mid, timeZone) === offset) lo = mid;
        else hi = mid;
      }
      observances.push({ onset: hi, fromOffset: offset, toOffset: nextOffset });
      offset = nextOffset;
    }
    t = next;
  }
  const lines = observances.flatMap((o, i) => {
    // Of a pair of offsets, the larger is summer time; a zone without changes has only standard time.
    const kind = i > 0 && o.toOffset > o.fromOffset ? 'DAYLIGHT' : 'STANDARD';
    const onsetLocal = localStamp(o.onset + o.fromOffset * MINUTE, 'UTC');
    return [
      { name: 'BEGIN', value: kind },
      { name: 'DTSTART', value: onsetLocal },
      { name: 'TZOFFSETFROM', value: utcOffset(o.fromOffset) },
      { name: 'TZOFFSETTO', value: utcOffset(o.toOffset) },
      { name: 'END', value: kind },
    ];
  });
  return [{ name: 'BEGIN', value: 'VTIMEZONE' }, { name: 'TZID', value: timeZone }, ...lines, { name: 'END', value: 'VTIMEZONE' }];
}

/** A whole calendar object: the lines joined with CRLF, the last one ended too. */
export function calendarText(lines: IcalLine[]): string {
  return lines.map(contentLine).join('\r\n') + '\r\n';
}
