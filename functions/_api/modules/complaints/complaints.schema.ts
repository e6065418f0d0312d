// Inputs of the complaint calls: the customer's report and the chef's answer (shared with the web client:
// #shared/schemas/complaints.schema) and the administrator's decision and list query.
import * as v from 'valibot';
import { listQuery } from '#shared/schemas/list.schema';
import { COMPLAINT_CATEGORIES, longText } from '#shared/schemas/complaints.schema';

export { COMPLAINT_CATEGORIES, answerBody, complaintBody, type ComplaintInput } from '#shared/schemas/complaints.schema';

export const COMPLAINT_OUTCOMES = ['no_refund', 'partial_refund', 'full_refund'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const COMPLAINT_STATUSES = ['open', 'decided'] as const;

export const DECISION_NOTE_MAX = 2000;

/** POST /v1/admin/complaints/{id}/decision; refund_amount (minor units) only, and required, for a partial refund. */
export const decisionBody = v.pipe(
  v.strictObject({
    outcome: v.picklist(COMPLAINT_OUTCOMES, `Choose the decision: ${COMPLAINT_OUTCOMES.join(', ')}.`),
    refund_amount: v.optional(v.pipe(v.number('Enter the refund as an amount.'), v.integer('Enter the refund in whole cents.'), v.minValue(1, 'A partial refund is more than nothing.'))),
    note: longText('validation.complaint.decisionnote', DECISION_NOTE_MAX),
  }),
  v.forward(
    v.check((d) => d.outcome !== 'partial_refund' || d.refund_amount !== undefined, 'Enter the amount of the partial refund.'),
    ['refund_amount'],
  ),
  v.forward(
    v.check((d) => d.outcome === 'partial_refund' || d.refund_amount === undefined, 'Only a partial refund takes an amount.'),
    ['refund_amount'],
  ),
);
export type DecisionInput = v.InferOutput<typeof decisionBody>;

/** GET /v1/admin/complaints: newest first unless the client orders. */
export const adminComplaintsQuery = v.object({
  ...listQuery(['created_at'] as const),
  status: v.optional(v.picklist(COMPLAINT_STATUSES, `Use one of ${COMPLAINT_STATUSES.join(', ')}.`)),
  category: v.optional(v.picklist(COMPLAINT_CATEGORIES, `Use one of ${COMPLAINT_CATEGORIES.join(', ')}.`)),
});
