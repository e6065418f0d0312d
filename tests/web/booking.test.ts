import { describe, expect, it } from 'vitest';
import { parseNearSettingsCookie } from '#shared/near-page';
import { BOOKING_STORAGE_KEY, booking, loadBookingSettings, nearSettings, updateBooking } from '../../web/src/state/booking';
import { DAY } from '#shared/time';

const region = { id: 8001, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' };

describe('booking settings', () => {
  it('are written to localStorage so they survive a reload', async () => {
    updateBooking({ region, date: '2026-06-20T18:00:00.000Z', expected_guests: 8, at_chefs_place: true });
    await Promise.resolve();
    const stored = localStorage.getItem(BOOKING_STORAGE_KEY);
    expect(loadBookingSettings(stored)).toEqual({ region, date: '2026-06-20T18:00:00.000Z', expected_guests: 8, at_chefs_place: true });
    updateBooking({ region: null, date: null, expected_guests: 2, at_chefs_place: false });
    expect(booking.region).toBeNull();
  });

  it('drop malformed stored values and keep guests within 2 to 100', () => {
    expect(loadBookingSettings('not json')).toEqual({ region: null, date: null, expected_guests: 2, at_chefs_place: false });
    expect(loadBookingSettings(JSON.stringify({ region: { id: 1 }, date: 'yesterday', expected_guests: 500, at_chefs_place: 'yes' }))).toEqual({
      region: null,
      date: null,
      expected_guests: 100,
      at_chefs_place: false,
    });
    expect(loadBookingSettings(JSON.stringify({ expected_guests: 1 })).expected_guests).toBe(2);
  });

  it('are mirrored into the cookie the edge paints menus near me with: a bookable day, the guests and the place', async () => {
    const now = new Date();
    const inAWeek = new Date(now.getTime() + 7 * DAY);
    inAWeek.setUTCHours(18, 0, 0, 0);
    updateBooking({ region, date: inAWeek.toISOString(), expected_guests: 6, at_chefs_place: true });
    await Promise.resolve();
    const cookie = () => parseNearSettingsCookie(/(?:^|; )near=([^;]*)/.exec(document.cookie)?.[1]);
    expect(cookie()).toEqual({ date: nearSettings(booking).date, guests: 6, at_chefs_place: true });
    expect(cookie()!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A day that has passed narrows nothing, here as in the client's own request.
    updateBooking({ date: '2020-01-01T18:00:00.000Z', expected_guests: 2, at_chefs_place: false });
    await Promise.resolve();
    expect(cookie()).toEqual({ date: undefined, guests: 2, at_chefs_place: false });
    updateBooking({ region: null, date: null });
  });
});
