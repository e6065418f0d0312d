// Inputs of the complaint calls: the customer's report and the chef's answer (#shared/schemas/complaints.schema) and
// the administrator's decision (#shared/schemas/admin.complaints.schema), shared with the web client; the list query.
import * as v from 'valibot';
import { listQuery } from '#shared/schemas/list.schema';
import { COMPLAINT_CATEGORIES } from '#shared/schemas/complaints.schema';

export { COMPLAINT_CATEGORIES, answerBody, complaintBody, type ComplaintInput } from '#shared/schemas/complaints.schema';
export { decisionBody, type ComplaintOutcome, type DecisionInput } from '#shared/schemas/admin.complaints.schema';

export const COMPLAINT_STATUSES = ['open', 'decided'] as const;

/** GET /v1/admin/complaints: newest first unless the client orders. */
export const adminComplaintsQuery = v.object({
  ...listQuery(['created_at'] as const),
  status: v.optional(v.picklist(COMPLAINT_STATUSES, `Use one of ${COMPLAINT_STATUSES.join(', ')}.`)),
  category: v.optional(v.picklist(COMPLAINT_CATEGORIES, `Use one of ${COMPLAINT_CATEGORIES.join(', ')}.`)),
});
