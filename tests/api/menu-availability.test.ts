// The public availability read of a menu (GET /v1/menus/{id}/availability): the bookable window in the chef's zone
// by the menu's mode, blocked and booked days, days held by a checkout until the hold runs out, fresh after every
// change; and the event's times on the server: a day that does not exist is refused, and notices name the zone.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { availabilityBlocks, chefs } from '../../functions/_api/db/schema/chefs';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { menus } from '../../functions/_api/db/schema/menus';
import { notifications } from '../../functions/_api/db/schema/messages';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { acceptBooking, as, book, bookingBody, confirmedBooking, pay, requestBooking, world } from '../support/booking-fixtures';
import { ok, on, refused, typedClient, visitorClient } from '../support/typed-client';

const h = useHarness();
beforeEach(() => h.clock.set(START)); // 2026-06-01 12:00 in Zürich

const availability = (menuId: number) => visitorClient(h).menus[':id{[0-9]+}'].availability.$get(on(menuId));
const read = async (menuId: number) => {
  const res = await ok(availability(menuId));
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('GET /v1/menus/{id}/availability', () => {
  it('gives a visitor the window in the chef’s zone: an instant menu from tomorrow 13:00, to the same day next year', async () => {
    const w = await world(h, { bookingMode: 'instant' });
    const data = await read(w.menu.id);
    expect(data).toEqual({
      menu_id: w.menu.id,
      timezone: 'Europe/Zurich',
      booking_mode: 'instant',
      today: '2026-06-01',
      first_day: '2026-06-02',
      last_day: '2027-06-01',
      earliest: '2026-06-02T11:00:00.000Z', // 13:00 in Zürich (CEST)
      latest: '2027-06-01T21:59:59.999Z', // the end of 1 June 2027 in Zürich
      days: [],
    });
  });

  it('starts a request menu late enough for the chef to answer (26 hours ahead)', async () => {
    const w = await world(h, { bookingMode: 'request' });
    const data = await read(w.menu.id);
    expect(data.earliest).toBe('2026-06-02T12:00:00.000Z'); // now + 24 h + 2 h = 14:00 in Zürich
    expect(data.first_day).toBe('2026-06-02');
    // The server refuses 13:30 for that menu, as the window says.
    const a = await as(h, w.customer);
    const res = await refused(book(a, bookingBody(w.menu.id, h, { starts_at: '2026-06-02T11:30:00.000Z' })));
    expect(res.status).toBe(400);
    expect(res.body.errors.starts_at).toEqual(['The chef needs a day to answer a request. Please choose a later date.']);
  });

  it('judges the window in the chef’s zone: a chef in New York opens the next day at 13:00 there', async () => {
    const w = await world(h, { bookingMode: 'instant' });
    await h.db.update(chefs).set({ timezone: 'America/New_York' }).where(eq(chefs.id, w.chef.chefId));
    const data = await read(w.menu.id);
    expect(data).toMatchObject({ timezone: 'America/New_York', today: '2026-06-01', first_day: '2026-06-02', earliest: '2026-06-02T17:00:00.000Z' });
  });

  it('lists blocked and booked days but not open requests, and follows every change', async () => {
    const w = await world(h, { bookingMode: 'request' });
    await h.db.insert(availabilityBlocks).values([
      { chefId: w.chef.chefId, day: '2026-06-15', createdAt: START },
      { chefId: w.chef.chefId, day: '2026-06-16', createdAt: START },
      { chefId: w.chef.chefId, day: '2025-12-31', createdAt: START }, // before the window: not listed
    ]);
    const requested = await requestBooking(h, w, { starts_at: '2026-06-20T17:00:00.000Z' });
    const confirmed = await confirmedBooking(h, w, { starts_at: '2026-06-25T17:00:00.000Z' });
    expect((await read(w.menu.id)).days).toEqual([
      { day: '2026-06-15', state: 'blocked' },
      { day: '2026-06-16', state: 'blocked' },
      { day: '2026-06-25', state: 'booked' },
    ]);
    expect(requested).toBeGreaterThan(0);

    // The chef unblocks a day through the API: the next read shows it free (the cache follows the data versions).
    const chef = await as(h, w.chef);
    expect((await ok(typedClient(chef).chefs.me.availability[':day'].$delete({ param: { day: '2026-06-15' } }))).status).toBe(200);
    expect((await read(w.menu.id)).days.map((d) => d.day)).toEqual(['2026-06-16', '2026-06-25']);
    // A cancelled booking frees its day.
    await h.db.update(bookings).set({ status: 'cancelled_by_chef' }).where(eq(bookings.id, confirmed));
    expect((await read(w.menu.id)).days).toEqual([{ day: '2026-06-16', state: 'blocked' }]);
  });

  it('shows a day held by a checkout in progress as held until the hold runs out', async () => {
    const w = await world(h, { bookingMode: 'request' });
    const id = await requestBooking(h, w, { starts_at: '2026-07-03T17:00:00.000Z' });
    await acceptBooking(h, w, id);
    const started = await pay(await as(h, w.customer), id);
    expect(started.status).toBe(201);
    const [held] = (await read(w.menu.id)).days;
    expect(held).toMatchObject({ day: '2026-07-03', state: 'held' });
    expect(new Date(held!.until!).getTime()).toBeGreaterThan(START.getTime());
    // Cached: the next read within the hold still says held; after it ran out the day is free, with no write at all.
    expect((await read(w.menu.id)).days).toHaveLength(1);
    h.clock.set(new Date(new Date(held!.until!).getTime() + 1000));
    expect((await read(w.menu.id)).days).toEqual([]);
  });

  it('is 404 for an unknown menu and for one that is not published', async () => {
    const w = await world(h);
    expect((await refused(availability(999_999))).status).toBe(404);
    await h.db.update(menus).set({ status: 'draft' }).where(eq(menus.id, w.menu.id));
    const res = await refused(availability(w.menu.id));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Menu not found.' });
  });

  it('agrees with the booking machine: a request for a blocked day it lists is refused with 409', async () => {
    const w = await world(h);
    await h.db.insert(availabilityBlocks).values({ chefId: w.chef.chefId, day: '2026-12-17', createdAt: START });
    expect((await read(w.menu.id)).days).toEqual([{ day: '2026-12-17', state: 'blocked' }]);
    const res = await refused(book(await as(h, w.customer), bookingBody(w.menu.id, h, { starts_at: '2026-12-17T18:00:00.000Z' })));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CHEF_UNAVAILABLE');
  });
});

describe('event times on the server', () => {
  it('refuses a day that does not exist instead of rolling it over', async () => {
    const w = await world(h);
    const a = await as(h, w.customer);
    for (const starts_at of ['2027-02-31T19:00:00+01:00', '2026-11-31T18:00:00Z']) {
      const res = await refused(book(a, bookingBody(w.menu.id, h, { starts_at })));
      expect(res.status).toBe(400);
      expect(res.body.errors.starts_at).toEqual(['This date does not exist.']);
    }
    expect(await h.db.select().from(bookings).where(eq(bookings.menuId, w.menu.id))).toHaveLength(0);
  });

  it('writes the event’s time in the chef’s zone and names the zone in notifications and mails', async () => {
    const w = await world(h, { chefLocale: 'de' });
    // 19:00 in Zürich on 9 December (CET): 18:00 UTC, whatever zone the server runs in.
    const id = await requestBooking(h, w, { starts_at: '2026-12-09T18:00:00.000Z' });
    const [customerNote] = await h.db.select().from(notifications).where(eq(notifications.userId, w.customer.userId));
    const [chefNote] = await h.db.select().from(notifications).where(eq(notifications.userId, w.chef.userId));
    expect(customerNote!.message).toContain('December 9, 2026 at 19:00 (Zurich time)');
    expect(chefNote!.message).toContain('9. Dezember 2026 um 19:00 (Ortszeit Zürich)');
    expect(id).toBeGreaterThan(0);
  });
});
