// What the booking settings are without a visitor's choices, and where their choices are stored: the header's booking
// bar shows the defaults before the settings (state/booking.ts) are read.
export const BOOKING_STORAGE_KEY = 'booking-settings';
export const MIN_GUESTS = 2;
export const MAX_GUESTS = 100;
