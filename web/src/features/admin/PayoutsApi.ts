// The admin payout calls (/v1/admin/payouts) as the payouts screen reads them, with their answers as the server
// types them.
import { client, type Answer } from '../../lib/client';

export const payoutsApi = client.admin.payouts;

type DueList = Answer<typeof payoutsApi.due.$get>;
export type DueGroup = DueList['data'][number];
export type DueTotal = DueList['totals'][number];
/** Earnings that would be due but are held for an admin: a complaint is open, or the chef is banned. */
export type HeldGroup = DueList['held'][number];
export type AdminPayout = Answer<typeof payoutsApi.$get>['data'][number];
export type PayoutStatus = AdminPayout['status'];
export const PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending', 'paid', 'failed'];

/**
 * The bank's files of one batch, or of every payout in a status: the CSV (a plain link: the browser downloads it),
 * or a pain.001 file of one currency (fetched, so that its refusal's reasons can be shown).
 */
export const exportPath = (query: { batch?: string; status?: PayoutStatus; format?: 'csv' | 'pain001'; currency?: string }) => payoutsApi.export.$path({ query });

/** The currencies a pain.001 bank file is written for: CHF (Swiss Payment Standards) and EUR (SEPA). */
export const BANK_FILE_CURRENCIES: readonly string[] = ['CHF', 'EUR'];

/** A group that a payout can be made for now: bank details that did not fail. */
export const isPayable = (g: DueGroup) => g.bank != null && g.waiting_for_new_details == null;

export const groupKey = (g: { chef: { id: number }; currency: string }) => `${g.chef.id}:${g.currency}`;
