// Inputs of the complaint calls: the customer's report (a category from a fixed list, the text, up to three photos
// uploaded before as attachments of kind complaint_photo), the chef's answer and the administrator's decision.
import * as v from 'valibot';
import { listQuery } from '#shared/schemas/list.schema';
import { multiline } from '#shared/text-rules';

export const COMPLAINT_CATEGORIES = ['no_show_or_late', 'food_quality', 'dietary_not_respected', 'hygiene', 'behaviour', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_OUTCOMES = ['no_refund', 'partial_refund', 'full_refund'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const COMPLAINT_STATUSES = ['open', 'decided'] as const;

export const COMPLAINT_TEXT_MIN = 20;
export const COMPLAINT_TEXT_MAX = 4000;
export const ANSWER_MAX = 4000;
export const DECISION_NOTE_MAX = 2000;
export const COMPLAINT_PHOTOS_MAX = 3;

const longText = (empty: string, max: number, min = 1) =>
  v.pipe(
    v.string(empty),
    multiline,
    v.trim(),
    v.minLength(min, min > 1 ? `Please describe what happened in at least ${min} characters.` : empty),
    v.maxLength(max, `This text can be at most ${max} characters long.`),
  );

/** POST /v1/bookings/{id}/complaint */
export const complaintBody = v.strictObject({
  category: v.picklist(COMPLAINT_CATEGORIES, `Choose what went wrong: ${COMPLAINT_CATEGORIES.join(', ')}.`),
  text: longText('Please describe what happened.', COMPLAINT_TEXT_MAX, COMPLAINT_TEXT_MIN),
  photo_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.number('A photo is the id of an uploaded picture.'), v.integer('A photo is the id of an uploaded picture.'), v.minValue(1, 'A photo is the id of an uploaded picture.'))),
      v.maxLength(COMPLAINT_PHOTOS_MAX, `Add at most ${COMPLAINT_PHOTOS_MAX} photos.`),
      v.check((ids) => new Set(ids).size === ids.length, 'Add each photo once.'),
    ),
    [],
  ),
});
export type ComplaintInput = v.InferOutput<typeof complaintBody>;

/** PUT /v1/bookings/{id}/complaint/answer */
export const answerBody = v.strictObject({ text: longText('Please write your answer.', ANSWER_MAX) });

/** POST /v1/admin/complaints/{id}/decision; refund_amount (minor units) only, and required, for a partial refund. */
export const decisionBody = v.pipe(
  v.strictObject({
    outcome: v.picklist(COMPLAINT_OUTCOMES, `Choose the decision: ${COMPLAINT_OUTCOMES.join(', ')}.`),
    refund_amount: v.optional(v.pipe(v.number('Enter the refund as an amount.'), v.integer('Enter the refund in whole cents.'), v.minValue(1, 'A partial refund is more than nothing.'))),
    note: longText('Please explain the decision. Both sides read it.', DECISION_NOTE_MAX),
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
