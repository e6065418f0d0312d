// Reads the calendars the API writes with ical.js (a real iCalendar parser), after checking the lines themselves:
// CRLF endings and no line longer than 75 octets. VTIMEZONEs are registered first, so that each TZID resolves
// through the calendar's own zone definition.
import ICAL from 'ical.js';
import { expect } from 'vitest';

export type ParsedCalendar = { method: string; calendar: ICAL.Component; events: { event: ICAL.Event; vevent: ICAL.Component }[]; zones: string[] };

export function parseCalendar(text: string): ParsedCalendar {
  expect(text.endsWith('\r\n')).toBe(true);
  for (const line of text.slice(0, -2).split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const zones = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vtimezone').map((z) => {
    const zone = new ICAL.Timezone(z);
    ICAL.TimezoneService.register(zone, zone.tzid);
    return zone.tzid;
  });
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({ event: new ICAL.Event(vevent), vevent }));
  return { method: String(calendar.getFirstPropertyValue('method')), calendar, events, zones };
}

/** A calendar of one event (an invite, a booking's file). */
export function parseInvite(text: string) {
  const p = parseCalendar(text);
  expect(p.events).toHaveLength(1);
  return { method: p.method, zones: p.zones, ...p.events[0]! };
}
