// Shapes and paths of the admin complaint calls (functions/_api/modules/admin/admin.complaints.service.ts) as the
// admin complaint screens read them. The complaint itself is the booking page's (features/bookings/BookingComplaint).
import { withQuery } from '../../lib/api';
import type { Complaint, ComplaintOutcome } from '../bookings/BookingComplaint';
import type { Booking } from '../bookings/types';

export const COMPLAINT_STATUSES = ['open', 'decided'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINTS_PATHS = {
  list: (f: { status: string; category: string }) => withQuery('/v1/admin/complaints', { status: f.status || undefined, category: f.category || undefined }),
  detail: (id: number | string) => `/v1/admin/complaints/${id}`,
  decide: (id: number | string) => `/v1/admin/complaints/${id}/decision`,
};

type Person = { id: number; firstname: string; lastname: string };

export type AdminComplaintRow = Complaint & {
  booking: { id: number; menu_name: string; starts_at: string; timezone: string; total: number; currency: string };
  customer: Person;
  chef: Person;
};

export type AdminComplaintDetail = Complaint & {
  refundable: number;
  refundable_formatted: string;
  booking: Booking;
  audit: { id: number; action: string; created_at: string; actor: Person | null }[];
};

export type DecisionBody = { outcome: ComplaintOutcome; refund_amount?: number; note: string };
