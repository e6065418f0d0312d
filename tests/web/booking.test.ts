import { describe, expect, it } from 'vitest';
import { BOOKING_STORAGE_KEY, booking, loadBookingSettings, updateBooking } from '../../web/src/state/booking';

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
});
