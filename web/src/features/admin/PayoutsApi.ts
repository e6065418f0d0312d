// Shapes and paths of the admin payout calls (functions/_api/modules/admin/admin.payouts.service.ts) as the payouts
// screen reads them.
import { withQuery } from '../../lib/api';

export type PayoutStatus = 'pending' | 'paid' | 'failed';
export const PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'paid', 'failed'];

export const PAYOUTS_PATHS = {
  due: '/v1/admin/payouts/due',
  list: (status: string) => withQuery('/v1/admin/payouts', { status: status || undefined }),
  create: '/v1/admin/payouts',
  paid: (id: number) => `/v1/admin/payouts/${id}/paid`,
  failed: (id: number) => `/v1/admin/payouts/${id}/failed`,
  /**
   * The bank's files of one batch, or of every payout in a status: the CSV (a plain link: the browser downloads it),
   * or a pain.001 file of one currency (fetched, so that its refusal's reasons can be shown).
   */
  export: (q: { batch?: string; status?: PayoutStatus; format?: 'csv' | 'pain001'; currency?: string }) => withQuery('/v1/admin/payouts/export', q),
};

/** The currencies a pain.001 bank file is written for: CHF (Swiss Payment Standards) and EUR (SEPA). */
export const BANK_FILE_CURRENCIES: readonly string[] = ['CHF', 'EUR'];

export interface DueGroup {
  chef: { id: number; firstname: string; lastname: string; email: string };
  currency: string;
  amount: number;
  amount_formatted: string;
  item_count: number;
  oldest_release_at: string;
  bank: { account_holder: string; iban_masked: string } | null;
  /** The failed payout to the chef's current bank details: the group waits until the chef changes them. */
  waiting_for_new_details: { payout_id: number; failed_reason: string | null; iban_masked: string } | null;
}

/** A group that a payout can be made for now: bank details that did not fail. */
export const isPayable = (g: DueGroup) => g.bank != null && g.waiting_for_new_details == null;

export interface DueTotal {
  currency: string;
  amount: number;
  amount_formatted: string;
  items: number;
  chefs: number;
  chefs_without_bank_details: number;
  chefs_waiting_for_new_details: number;
}

export interface AdminPayout {
  id: number;
  status: PayoutStatus;
  chef: { id: number; firstname: string; lastname: string; email: string };
  amount: number;
  currency: string;
  amount_formatted: string;
  reference: string;
  batch: string | null;
  account_holder: string;
  iban_masked: string;
  item_count: number;
  created_at: string;
  paid_at: string | null;
  failed_reason: string | null;
}

export const groupKey = (g: { chef: { id: number }; currency: string }) => `${g.chef.id}:${g.currency}`;
