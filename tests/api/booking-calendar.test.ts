// Calendar invites of a booking, parsed with ical.js: the confirmation mails carry a REQUEST and the cancellation of
// a confirmed booking a CANCEL of the same UID with a higher SEQUENCE; GET /v1/bookings/{id}/calendar.ics serves the
// same event to the customer, the chef and super-users only; the event sits at its clock time in the chef's zone
// (TZID with a VTIMEZONE), also across a daylight-saving change and in a zone other than the test machine's.
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { outbox } from '../../functions/_api/db/schema/system';
import { zonedTime } from '#shared/booking-window';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { agent } from '../support/agent';
import { parseInvite as parse } from '../support/ical';
import { createUser } from '../support/fixtures';
import { as, bookingCalls, confirmedBooking, customer, requestBooking, world, type World } from '../support/booking-fixtures';
import { ok, on } from '../support/typed-client';

const h = useHarness();
beforeEach(() => h.clock.set(START));

const decode = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

/** The .ics files mailed to an address, oldest first. */
async function invitesTo(email: string) {
  const rows = await h.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.channel, 'mail'))).orderBy(outbox.id);
  return rows.flatMap((r) => (r.attachments ?? []).filter((a) => a.contentType.startsWith('text/calendar')).map((a) => ({ ...a, text: decode(a.content) })));
}

// Raw on purpose: the booking's calendar.ics is a file, not JSON (its refusals below come from the same raw path).
const icsOf = async (who: { userId: number; email: string }, id: number) => {
  const res = await (await as(h, who)).get(`/v1/bookings/${id}/calendar.ics`);
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), text: await res.text() };
};

describe('the invite in the confirmation and cancellation mails', () => {
  let w: World;
  let id: number;
  beforeAll(async () => {
    h.clock.set(START);
    w = await world(h);
    id = await confirmedBooking(h, w);
  });

  it('mails both sides a REQUEST with the event at 19:00 Zurich time, the menu, the guests and a link', async () => {
    for (const [who, side] of [
      [w.customer, 'bookings'],
      [w.chef, 'chefbookings'],
    ] as const) {
      const invites = await invitesTo(who.email);
      expect(invites).toHaveLength(1);
      expect(invites[0]!.filename).toBe('invite.ics');
      expect(invites[0]!.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
      const p = parse(invites[0]!.text);
      expect(p.method).toBe('REQUEST');
      expect(p.event.uid).toBe(`booking-${id}@localhost`);
      expect(p.event.sequence).toBe(1);
      expect(p.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
      expect(p.zones).toEqual(['Europe/Zurich']);
      expect(p.vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Zurich');
      expect(p.event.startDate.hour).toBe(19);
      expect(p.event.endDate.hour).toBe(23);
      expect(p.event.description).toContain('Menu: Alpine Autumn');
      expect(p.event.description).toContain('Guests: 4');
      expect(p.event.description).toContain(`http://localhost/account/me/${side}/${id}`);
      // A confirmed booking: both read the street.
      expect(p.event.location).toBe('Bahnhofstrasse 1, 8001 Zürich');
      expect(String(p.vevent.getFirstPropertyValue('organizer'))).toBe('mailto:noreply@localhost');
      expect(String(p.vevent.getFirstPropertyValue('attendee'))).toBe(`mailto:${who.email}`);
    }
  });

  it('a cancellation of the confirmed booking mails a CANCEL of the same UID with a higher SEQUENCE', async () => {
    const first = parse((await invitesTo(w.customer.email))[0]!.text);
    const a = await as(h, w.customer);
    expect((await ok(bookingCalls(a).cancel.$post({ ...on(id), json: { reason: 'We moved.' } }))).status).toBe(200);
    for (const who of [w.customer, w.chef]) {
      const invites = await invitesTo(who.email);
      expect(invites).toHaveLength(2);
      expect(invites[1]!.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      const p = parse(invites[1]!.text);
      expect(p.method).toBe('CANCEL');
      expect(p.event.uid).toBe(first.event.uid);
      expect(p.event.sequence).toBeGreaterThan(first.event.sequence);
      expect(p.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    }
    // The download now says the same: the event is called off.
    const file = parse((await icsOf(w.customer, id)).text);
    expect(file.event.uid).toBe(first.event.uid);
    expect(file.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('no invite goes out for a request or its answer, before anything is confirmed', async () => {
    const w2 = await world(h);
    const open = await requestBooking(h, w2);
    const chef = await as(h, w2.chef);
    expect((await ok(bookingCalls(chef).decline.$post({ ...on(open), json: { reason: 'Fully booked.' } }))).status).toBe(200);
    expect(await invitesTo(w2.customer.email)).toEqual([]);
    expect(await invitesTo(w2.chef.email)).toEqual([]);
  });
});

describe('GET /v1/bookings/{id}/calendar.ics', () => {
  let w: World;
  let id: number;
  beforeAll(async () => {
    h.clock.set(START);
    w = await world(h);
    id = await requestBooking(h, w);
  });

  it('serves the customer the event as text/calendar, uncached, with their address', async () => {
    const res = await icsOf(w.customer, id);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/calendar; charset=utf-8');
    expect(res.cache).toBe('private, no-store');
    const p = parse(res.text);
    expect(p.method).toBe('PUBLISH');
    expect(p.event.uid).toBe(`booking-${id}@localhost`);
    expect(p.event.sequence).toBe(0);
    expect(p.vevent.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(p.event.location).toBe('Bahnhofstrasse 1, 8001 Zürich');
    expect(p.vevent.getFirstPropertyValue('organizer')).toBeNull();
  });

  it('gives the chef no street before the booking is confirmed, and the street once it is', async () => {
    const before = parse((await icsOf(w.chef, id)).text);
    expect(before.event.location).toBe('8001 Zürich');
    expect(before.event.description).toContain('Customer: Julia');
    expect(before.event.description).toContain(`/account/me/chefbookings/${id}`);
    const confirmed = await confirmedBooking(h, w, { starts_at: zonedTime('2026-07-20', 19, 0, 'Europe/Zurich').toISOString() });
    const after = parse((await icsOf(w.chef, confirmed)).text);
    expect(after.event.location).toBe('Bahnhofstrasse 1, 8001 Zürich');
    expect(after.event.sequence).toBe(1);
  });

  it('is the same event (UID) for both parties and a super-user; anybody else gets the 404 of a booking', async () => {
    const admin = await createUser(h.db, { isSu: true });
    const uids = [];
    for (const who of [w.customer, w.chef, { userId: admin.id, email: admin.email }]) {
      const res = await icsOf(who, id);
      expect(res.status).toBe(200);
      uids.push(parse(res.text).event.uid);
    }
    expect(new Set(uids).size).toBe(1);

    const stranger = await customer(h);
    const other = await (await as(h, stranger)).get(`/v1/bookings/${id}/calendar.ics`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'Booking not found.', code: 'NOT_FOUND' });
    const missing = await (await as(h, w.customer)).get('/v1/bookings/99999999/calendar.ics');
    expect(missing.status).toBe(404);
    const anonymous = await agent(h).get(`/v1/bookings/${id}/calendar.ics`);
    expect(anonymous.status).toBe(401);
  });

  it('writes the reader’s language', async () => {
    const res = await (await as(h, w.customer)).get(`/v1/bookings/${id}/calendar.ics?locale=de`);
    const p = parse(await res.text());
    expect(p.event.summary).toBe('Privates Dinner: Alpine Autumn mit Marco');
    expect(p.event.description).toContain('Gäste: 4');
  });
});

describe('the event time zone', () => {
  it('is not the test machine’s zone', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe('America/New_York');
  });

  it('places a New York event after the clocks went back at 19:00 New York time, the instant it was booked for', async () => {
    h.clock.set(new Date('2026-10-20T12:00:00Z')); // summer time in New York (UTC−4)
    const w = await world(h);
    await h.db.update(chefs).set({ timezone: 'America/New_York' }).where(eq(chefs.id, w.chef.chefId));
    const startsAt = zonedTime('2026-11-05', 19, 0, 'America/New_York'); // standard time (UTC−5)
    expect(startsAt.toISOString()).toBe('2026-11-06T00:00:00.000Z');
    const id = await confirmedBooking(h, w, { starts_at: startsAt.toISOString() });

    const p = parse((await invitesTo(w.customer.email))[0]!.text);
    const dtstart = p.vevent.getFirstProperty('dtstart')!;
    expect(dtstart.getParameter('tzid')).toBe('America/New_York');
    expect(p.vevent.toString()).toContain('DTSTART;TZID=America/New_York:20261105T190000');
    expect(p.event.startDate.toJSDate().toISOString()).toBe('2026-11-06T00:00:00.000Z');
    expect(p.event.endDate.toJSDate().toISOString()).toBe('2026-11-06T04:00:00.000Z');
    // The VTIMEZONE has the change of 1 November 2026, 02:00 summer time → 01:00 standard time.
    const text = (await icsOf(w.customer, id)).text;
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nEND:STANDARD');
  });

  it('places a Zurich event in summer at its summer-time offset, read while Zurich has winter time', async () => {
    h.clock.set(new Date('2027-02-01T12:00:00Z'));
    const w = await world(h);
    const startsAt = zonedTime('2027-04-10', 19, 0, 'Europe/Zurich');
    const id = await requestBooking(h, w, { starts_at: startsAt.toISOString() });
    const p = parse((await icsOf(w.customer, id)).text);
    expect(p.vevent.toString()).toContain('DTSTART;TZID=Europe/Zurich:20270410T190000');
    expect(p.event.startDate.toJSDate().toISOString()).toBe('2027-04-10T17:00:00.000Z');
  });
});
