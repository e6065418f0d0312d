// The administrator's decision on a complaint (POST /v1/admin/complaints/{id}/decision), shared with the admin's
// decision form so it refuses what the server would; its messages are i18n keys. Built on the complaint texts'
// longText. The list query stays with the server (functions/_api/modules/complaints/complaints.schema.ts).
import * as v from 'valibot';
import { longText } from './complaints.schema';
import { oneOf } from './fields';
import { msg } from '../validation-messages';

export const COMPLAINT_OUTCOMES = ['no_refund', 'partial_refund', 'full_refund'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const DECISION_NOTE_MAX = 2000;

/** refund_amount (minor units) only, and required, for a partial refund; what can still be refunded is the server's rule. */
export const decisionBody = v.pipe(
  v.strictObject({
    outcome: v.picklist(COMPLAINT_OUTCOMES, oneOf(COMPLAINT_OUTCOMES, 'validation.complaint.outcome')),
    refund_amount: v.optional(
      v.pipe(
        v.number(msg('validation.adminbooking.refundtype')),
        v.integer(msg('validation.adminbooking.refundwhole')),
        v.minValue(1, msg('validation.complaint.refundmin')),
      ),
    ),
    note: longText('validation.complaint.decisionnote', DECISION_NOTE_MAX),
  }),
  v.forward(
    v.check((d) => d.outcome !== 'partial_refund' || d.refund_amount !== undefined, msg('validation.complaint.refundrequired')),
    ['refund_amount'],
  ),
  v.forward(
    v.check((d) => d.outcome === 'partial_refund' || d.refund_amount === undefined, msg('validation.complaint.refundonly')),
    ['refund_amount'],
  ),
);
export type DecisionInput = v.InferOutput<typeof decisionBody>;
