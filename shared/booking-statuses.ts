// Every booking status in the order of a booking's life. No runtime imports: the admin screens of the web client
// take this list as it is (the filter's options, the dashboard's counts), and the database schema types its status
// column with it.
export const BOOKING_STATUSES = [
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
] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];
