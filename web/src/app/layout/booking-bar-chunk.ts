// The header's booking bar with the visitor's stored settings (BookingBar, with the date formatting they need) is a
// chunk of its own: a first visit, which has no settings, shows the bar's defaults (BookingBarFrame) without it, and
// the entry loads it with the landing page for a visitor who has stored settings, so their first render shows them.
import { BOOKING_STORAGE_KEY } from '../../lib/booking-defaults';
import { preloadable } from '../../lib/preloadable';
import { storage } from '../../lib/storage';

export const bookingBarChunk = preloadable(() => import('./BookingBar'));

/** Loads the chunk when this visitor has stored booking settings; settles when it is there or has failed. */
export const preloadStoredBookingBar = (): Promise<unknown> =>
  storage.get(BOOKING_STORAGE_KEY) ? bookingBarChunk.preload().catch(() => undefined) : Promise.resolve();
