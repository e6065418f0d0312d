// The admin complaint calls (/v1/admin/complaints) as the admin complaint screens read them, with their answers as
// the server types them. The complaint itself is the booking page's (features/bookings/BookingComplaint).
import { client, type Answer } from '../../lib/client';

export const COMPLAINT_STATUSES = ['open', 'decided'] as const;

export const complaintsApi = client.admin.complaints;
const complaint = complaintsApi[':id'];

export const COMPLAINTS_PATHS = {
  list: (f: { status: string; category: string }) => complaintsApi.$path({ query: { status: f.status || undefined, category: f.category || undefined } }),
  detail: (id: number) => complaint.$path({ param: { id } }),
};

export type AdminComplaintRow = Answer<typeof complaintsApi.$get>['data'][number];
export type AdminComplaintDetail = Answer<typeof complaint.$get>['data'];
