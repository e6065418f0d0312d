// Booking settings (seed §3): region, date, guests and place of the event. Kept in localStorage so a search survives
// reloads and new tabs.
import { proxy, subscribe, useSnapshot } from 'valtio';
import { cookieValue } from '#shared/locales';
import { NEAR_SETTINGS_COOKIE, nearSettingsCookieValue, type NearSettings } from '#shared/near-page';
import type { Region } from '../lib/client';
import { BOOKING_STORAGE_KEY, MAX_GUESTS, MIN_GUESTS } from '../lib/booking-defaults';
import { bookableDateOrNull, marketDay } from '../lib/booking-window';
import { setPreferenceCookie, storage } from '../lib/storage';

export { BOOKING_STORAGE_KEY, MAX_GUESTS, MIN_GUESTS };

export interface BookingSettings {
  region: Region | null;
  /** ISO date-time of the event. */
  date: string | null;
  expected_guests: number;
  at_chefs_place: boolean;
}

export const defaultBookingSettings = (): BookingSettings => ({
  region: null,
  date: null,
  expected_guests: MIN_GUESTS,
  at_chefs_place: false,
});

function isRegion(value: unknown): value is Region {
  const r = value as Region;
  return !!r && typeof r === 'object' && (typeof r.id === 'number' || typeof r.id === 'string') && typeof r.name === 'string';
}

/** Reads what was stored, dropping anything malformed so a bad entry never breaks the header. */
export function loadBookingSettings(raw: string | null): BookingSettings {
  const settings = defaultBookingSettings();
  if (!raw) return settings;
  try {
    const data = JSON.parse(raw) as Partial<Record<keyof BookingSettings, unknown>>;
    if (isRegion(data.region)) settings.region = data.region;
    if (typeof data.date === 'string' && !Number.isNaN(Date.parse(data.date))) settings.date = data.date;
    if (typeof data.expected_guests === 'number' && Number.isInteger(data.expected_guests)) {
      settings.expected_guests = Math.min(MAX_GUESTS, Math.max(MIN_GUESTS, data.expected_guests));
    }
    if (typeof data.at_chefs_place === 'boolean') settings.at_chefs_place = data.at_chefs_place;
  } catch {
    /* keep defaults */
  }
  return settings;
}

/** The settings as menus near me filters by them: the event day while it is still bookable, the guests, the place. */
export function nearSettings(s: Pick<BookingSettings, 'date' | 'expected_guests' | 'at_chefs_place'>, now = new Date()): NearSettings {
  const date = bookableDateOrNull(s.date, now);
  return { date: date ? marketDay(date) : undefined, guests: s.expected_guests, at_chefs_place: s.at_chefs_place };
}

export const booking = proxy<BookingSettings>(loadBookingSettings(storage.get(BOOKING_STORAGE_KEY)));

/** The edge paints the first results of menus near me for these settings too (shared/near-page.ts). */
const mirrorToCookie = () => setPreferenceCookie(NEAR_SETTINGS_COOKIE, nearSettingsCookieValue(nearSettings(booking)));
// At start only when the cookie is missing (settings stored before it existed, cookies cleared): every change writes
// it, and the edge itself drops a day that has passed since.
if (typeof document !== 'undefined' && cookieValue(document.cookie, NEAR_SETTINGS_COOKIE) === undefined) mirrorToCookie();

subscribe(booking, () => {
  storage.set(BOOKING_STORAGE_KEY, JSON.stringify(booking));
  mirrorToCookie();
});

export function updateBooking(patch: Partial<BookingSettings>): void {
  Object.assign(booking, patch);
}

export const useBooking = () => useSnapshot(booking);
