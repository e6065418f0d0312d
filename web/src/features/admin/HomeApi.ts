// Shapes of GET /v1/admin/home and POST /v1/admin/sweep (functions/_api/modules/admin/admin.home.service.ts,
// modules/sweep/sweep.ts) as the dashboard reads them.
import type { BookingStatus } from '../bookings/types';
import type { DueTotal } from './PayoutsApi';

export const HOME_PATH = '/v1/admin/home';
export const SWEEP_PATH = '/v1/admin/sweep';

export interface MoneyFigures {
  currency: string;
  bookings: number;
  gross: number;
  service_fees: number;
  commission: number;
  refunded: number;
  gross_formatted: string;
  service_fees_formatted: string;
  commission_formatted: string;
  refunded_formatted: string;
}

export interface MoneyPeriod {
  per_currency: MoneyFigures[];
  total: { currency: string; gross: number; commission: number; gross_formatted: string; commission_formatted: string };
}

export interface AttentionItem {
  key: string;
  count: number;
  route: string | null;
  action?: 'sweep';
}

export interface AdminHome {
  generated_at: string;
  bookings_by_status: Record<BookingStatus, number>;
  bookings_total: number;
  money: { last_7_days: MoneyPeriod; last_30_days: MoneyPeriod };
  pending_applications: number;
  images_waiting: number;
  payouts_due: DueTotal[];
  payouts_pending: number;
  attention: AttentionItem[];
}

/** What a sweep run changed (the server's type; type-only, nothing of the sweep reaches the bundle). */
export type { SweepResult } from '../../../../functions/_api/modules/sweep/sweep';
