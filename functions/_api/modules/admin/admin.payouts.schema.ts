// Inputs of the admin payout calls, shared with the payouts screen.
import * as v from 'valibot';
import { multiline } from '#shared/text-rules';
import { listQuery } from '#shared/schemas/list.schema';
import { CURRENCIES } from '#shared/locales';

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const FAILED_REASON_MAX = 500;
/** How many chef/currency groups one payout batch may name; "everything due" needs no list. */
export const MAX_GROUPS = 500;

/** A batch code as the create call returns it ("20260601-K3VQ7A"); references are YLC-<batch>-<chef>-<currency>. */
export const batchCode = v.pipe(v.string(), v.regex(/^\d{8}-[A-Z0-9]{6}$/, 'Unknown payout batch.'));

export const payoutsQuery = v.object({
  ...listQuery(['created_at'] as const),
  status: v.optional(v.picklist(PAYOUT_STATUSES, `Use one of ${PAYOUT_STATUSES.join(', ')}.`)),
  batch: v.optional(batchCode),
});

export const dueQuery = v.object({ ...listQuery(['release_at'] as const) });

/** POST /v1/admin/payouts: the due groups to pay; without `groups` every due group whose chef has bank details. */
export const createPayoutsBody = v.strictObject({
  groups: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          chef_id: v.pipe(v.number('Choose a chef.'), v.integer('Choose a chef.'), v.minValue(1, 'Choose a chef.')),
          currency: v.picklist(CURRENCIES, `Use one of ${CURRENCIES.join(', ')}.`),
        }),
        'Send a list of chef and currency pairs.',
      ),
      v.minLength(1, 'Choose at least one payout.'),
      v.maxLength(MAX_GROUPS, `Choose at most ${MAX_GROUPS} payouts at once.`),
    ),
  ),
});

/** The bank's files: the CSV of every currency, or an ISO 20022 credit-transfer file (pain.001) of one currency. */
export const EXPORT_FORMATS = ['csv', 'pain001'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /v1/admin/payouts/export: one batch, or every payout in a status (pending by default), as CSV or pain.001. */
export const exportQuery = v.object({
  batch: v.optional(batchCode),
  status: v.optional(v.picklist(PAYOUT_STATUSES, `Use one of ${PAYOUT_STATUSES.join(', ')}.`), 'pending'),
  format: v.optional(v.picklist(EXPORT_FORMATS, `Use one of ${EXPORT_FORMATS.join(', ')}.`), 'csv'),
  currency: v.optional(v.picklist(CURRENCIES, `Use one of ${CURRENCIES.join(', ')}.`)),
});

export const failedBody = v.strictObject({
  reason: v.pipe(
    v.string('Please enter the reason.'),
    multiline,
    v.trim(),
    v.minLength(1, 'Please enter why the transfer failed. The chef reads it.'),
    v.maxLength(FAILED_REASON_MAX, `The reason can be at most ${FAILED_REASON_MAX} characters long.`),
  ),
});
