// Inputs of the admin payout calls, shared with the payouts screen, with their messages as i18n keys.
import * as v from 'valibot';
import { listQuery } from './list.schema';
import { CURRENCIES } from '../locales';
import { chosenId, oneOf, reasonText } from './fields';
import { msg } from '../validation-messages';

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const FAILED_REASON_MAX = 500;
/** How many chef/currency groups one payout batch may name; "everything due" needs no list. */
export const MAX_GROUPS = 500;

const useOneOf = (list: readonly string[]) => oneOf(list, 'validation.choice.useoneof');

/** A batch code as the create call returns it ("20260601-K3VQ7A"); references are YLC-<batch>-<chef>-<currency>. */
export const batchCode = v.pipe(v.string(), v.regex(/^\d{8}-[A-Z0-9]{6}$/, msg('validation.payout.batch')));

export const payoutsQuery = v.object({
  ...listQuery(['created_at'] as const),
  status: v.optional(v.picklist(PAYOUT_STATUSES, useOneOf(PAYOUT_STATUSES))),
  batch: v.optional(batchCode),
});

export const dueQuery = v.object({ ...listQuery(['release_at'] as const) });

/** POST /v1/admin/payouts: the due groups to pay; without `groups` every due group whose chef has bank details. */
export const createPayoutsBody = v.strictObject({
  groups: v.optional(
    v.pipe(
      v.array(v.strictObject({ chef_id: chosenId('validation.payout.chef'), currency: v.picklist(CURRENCIES, useOneOf(CURRENCIES)) }), msg('validation.payout.groups')),
      v.minLength(1, msg('validation.payout.groupsmin')),
      v.maxLength(MAX_GROUPS, msg('validation.payout.groupsmax', { max: MAX_GROUPS })),
    ),
  ),
});

/** The bank's files: the CSV of every currency, or an ISO 20022 credit-transfer file (pain.001) of one currency. */
export const EXPORT_FORMATS = ['csv', 'pain001'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /v1/admin/payouts/export: one batch, or every payout in a status (pending by default), as CSV or pain.001. */
export const exportQuery = v.object({
  batch: v.optional(batchCode),
  status: v.optional(v.picklist(PAYOUT_STATUSES, useOneOf(PAYOUT_STATUSES)), 'pending'),
  format: v.optional(v.picklist(EXPORT_FORMATS, useOneOf(EXPORT_FORMATS)), 'csv'),
  currency: v.optional(v.picklist(CURRENCIES, useOneOf(CURRENCIES))),
});

/** POST /v1/admin/payouts/{id}/failed: why the bank refused the transfer, which the chef reads. */
export const failedBody = v.strictObject({
  reason: reasonText('validation.payout.reasontype', 'validation.payout.failedreason', FAILED_REASON_MAX),
});
