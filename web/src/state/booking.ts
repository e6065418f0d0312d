// Booking settings (seed §3): region, date, guests and place of the event. Kept in localStorage so a search survives
// reloads and new tabs.
import { proxy, subscribe, useSnapshot } from 'valtio';
import type { Region } from '../lib/api-types';
import { storage } from '../lib/storage';

export const BOOKING_STORAGE_KEY = 'booking-settings';
export const MIN_GUESTS = 2;
export const MAX_GUESTS = 100;

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

export const booking = proxy<BookingSettings>(loadBookingSettings(storage.get(BOOKING_STORAGE_KEY)));

subscribe(booking, () => {
  storage.set(BOOKING_STORAGE_KEY, JSON.stringify(booking));
});

export function updateBooking(patch: Partial<BookingSettings>): void {
  Object.assign(booking, patch);
}

export const useBooking = () => useSnapshot(booking);
