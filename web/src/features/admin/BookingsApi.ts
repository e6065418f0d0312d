// The admin booking calls (/v1/admin/bookings) as the admin booking screens read them, with their answers as the
// server types them. The booking itself is the bookings module's admin view.
import type { BookingStatus } from '#shared/booking-statuses';
import { client, type Answer } from '../../lib/client';

/** Every status, in the order of a booking's life: the filter's options and the dashboard's counts (the server's list). */
export { BOOKING_STATUSES as BOOKING_STATUS_ORDER } from '#shared/booking-statuses';

/** Statuses an admin can still cancel from (for one side or the other). */
export const CANCELLABLE: readonly BookingStatus[] = ['requested', 'accepted', 'confirmed'];

export type BookingFilters = { q: string; status: string; from: string; to: string };

export const bookingsApi = client.admin.bookings;
const booking = bookingsApi[':id'];

export const BOOKINGS_PATHS = {
  list: (f: BookingFilters) => bookingsApi.$path({ query: { q: f.q || undefined, status: f.status || undefined, from: f.from || undefined, to: f.to || undefined } }),
  detail: (id: number) => booking.$path({ param: { id } }),
  preview: (id: number, side: Side) => booking.cancellation.$path({ param: { id }, query: { side } }),
};

export type Side = 'customer' | 'chef';

export type AdminBookingRow = Answer<typeof bookingsApi.$get>['data'][number];
export type AdminBookingDetail = Answer<typeof booking.$get>['data'];
export type AdminCancellationPreview = Answer<typeof booking.cancellation.$get>['data'];
