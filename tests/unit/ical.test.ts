// The iCalendar writer's text rules (RFC 5545 §3.1 and §3.3.11), checked against ical.js reading them back.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, contentLine, escapeText, foldLine, localStamp, vtimezone } from '../../functions/_api/lib/ical';
import { bookingUid } from '../../functions/_api/modules/bookings/booking-calendar';

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('the iCalendar writer', () => {
  it('escapes backslash, semicolon, comma and line breaks in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without cutting a UTF-8 character, and unfolds to the same text', () => {
    const value = 'Älplermagronen, Vermicelles; Zürich – ' + 'é'.repeat(80) + ' 🍝'.repeat(10);
    const folded = foldLine(`DESCRIPTION:${escapeText(value)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const [i, line] of lines.entries()) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      if (i > 0) expect(line.startsWith(' ')).toBe(true);
      expect(line).not.toContain('\uFFFD');
    }
    const text = calendarText([
      { name: 'BEGIN', value: 'VCALENDAR' },
      { name: 'VERSION', value: '2.0' },
      { name: 'PRODID', value: '-//test//EN' },
      { name: 'BEGIN', value: 'VEVENT' },
      { name: 'UID', value: 'x@test' },
      { name: 'DTSTAMP', value: '20260101T000000Z' },
      { name: 'DESCRIPTION', value: escapeText(value) },
      { name: 'END', value: 'VEVENT' },
      { name: 'END', value: 'VCALENDAR' },
    ]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[^\r]\n/);
    const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('description')).toBe(value);
  });

  it('quotes parameter values with separators and drops what cannot be quoted', () => {
    expect(contentLine({ name: 'ATTENDEE', params: { CN: 'Doe, "Jo"; Jr' }, value: 'mailto:a@b.c' })).toBe('ATTENDEE;CN="Doe, Jo; Jr":mailto:a@b.c');
  });

  it('writes local times in the zone asked, whatever the machine’s zone', () => {
    expect(localStamp(new Date('2026-11-06T00:00:00Z'), 'America/New_York')).toBe('20261105T190000');
    expect(localStamp(new Date('2026-07-01T17:00:00Z'), 'Europe/Zurich')).toBe('20260701T190000');
  });

  it('lists each change of offset of a zone within the span, to the minute, and one observance for a zone without changes', () => {
    const zurich = vtimezone('Europe/Zurich', new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z')).map((l) => `${l.name}:${l.value}`);
    expect(zurich.join('|')).toContain('BEGIN:DAYLIGHT|DTSTART:20260329T020000|TZOFFSETFROM:+0100|TZOFFSETTO:+0200|END:DAYLIGHT');
    expect(zurich.join('|')).toContain('BEGIN:STANDARD|DTSTART:20261025T030000|TZOFFSETFROM:+0200|TZOFFSETTO:+0100|END:STANDARD');
    const tokyo = vtimezone('Asia/Tokyo', new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'));
    expect(tokyo.filter((l) => l.name === 'BEGIN').map((l) => l.value)).toEqual(['VTIMEZONE', 'STANDARD']);
    expect(tokyo.find((l) => l.name === 'TZOFFSETTO')!.value).toBe('+0900');
  });
});

describe('the UID of a booking’s event', () => {
  it('names the public host without its port, the same for every copy', () => {
    expect(bookingUid(5, { publicOrigin: 'http://localhost:8813' })).toBe('booking-5@localhost');
    expect(bookingUid(5, { publicOrigin: 'https://www.example.ch' })).toBe('booking-5@www.example.ch');
  });
});
