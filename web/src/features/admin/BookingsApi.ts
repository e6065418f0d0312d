// Shapes and paths of the admin booking calls (functions/_api/modules/admin/admin.bookings.service.ts) as the admin
// booking screens read them. The booking itself is the bookings module's admin view (features/bookings/types).
import { withQuery } from '../../lib/api';
import type { Booking, BookingStatus, CancellationPreview } from '../bookings/types';

/** Every status, in the order of a booking's life: the filter's options and the dashboard's counts (the server's list). */
export { BOOKING_STATUSES as BOOKING_STATUS_ORDER } from '#shared/booking-statuses';

/** Statuses an admin can still cancel from (for one side or the other). */
export const CANCELLABLE: readonly BookingStatus[] = ['requested', 'accepted', 'confirmed'];

export type BookingFilters = { q: string; status: string; from: string; to: string };

export const BOOKINGS_PATHS = {
  list: (f: BookingFilters) => withQuery('/v1/admin/bookings', { q: f.q || undefined, status: f.status || undefined, from: f.from || undefined, to: f.to || undefined }),
  detail: (id: number | string) => `/v1/admin/bookings/${id}`,
  preview: (id: number | string, side: Side) => withQuery(`/v1/admin/bookings/${id}/cancellation`, { side }),
  cancel: (id: number | string) => `/v1/admin/bookings/${id}/cancel`,
};

export type Side = 'customer' | 'chef';

export interface AdminBookingRow {
  id: number;
  status: BookingStatus;
  created_at: string;
  starts_at: string;
  event_date: string;
  timezone: string;
  guests: number;
  menu: { id: number; name: string };
  customer: { id: number; firstname: string; lastname: string; email: string };
  chef: { id: number; user_id: number; firstname: string; lastname: string; email: string };
  currency: string;
  total: number;
  total_formatted: string;
}

export interface AdminPayment {
  id: number;
  provider: string;
  status: string;
  amount: number;
  amount_formatted: string;
  refunded_amount: number;
  refunded_formatted: string;
  currency: string;
  provider_ref: string | null;
  created_at: string;
}

export interface AdminRefund {
  id: number;
  payment_id: number;
  status: string;
  amount: number;
  amount_formatted: string;
  currency: string;
  reason: string | null;
  provider_ref: string | null;
  created_at: string;
}

export interface AdminThreadMessage {
  id: number;
  text: string;
  created_at: string;
  sender: { user_id: number; firstname: string; lastname: string; side: Side | null };
}

export interface AdminAction {
  id: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
  actor: { id: number; name: string } | null;
}

export type AdminBookingDetail = Booking & {
  event_date: string;
  created_at: string;
  customer: Booking['customer'] & { contact?: { email: string; phone: string | null } };
  price: Booking['price'] & { commission_formatted?: string; chef_earnings_formatted?: string };
  payments: AdminPayment[];
  refunds: AdminRefund[];
  thread: AdminThreadMessage[];
  admin_actions: AdminAction[];
};

export type AdminCancellationPreview = CancellationPreview & { side: Side; paid: number; refund_amount: number; currency: string; to_status?: BookingStatus };
