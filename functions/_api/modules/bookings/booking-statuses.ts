// Every booking status in the order of a booking's life. No runtime imports: the admin screens of the web client
// take this list as it is (the filter's options, the dashboard's counts).
import type { BookingStatus } from '../../db/schema/bookings';

export const BOOKING_STATUSES: readonly BookingStatus[] = [
  'requested',
  'accepted',
  'confirmed',
  'completed',
  'reviewed',
  'declined',
  'expired',
  'cancelled',
  'payment_expired',
  'cancelled_by_customer',
  'cancelled_by_chef',
];
