// The complaint bodies both sides check (the customer's report and the chef's answer), with their messages as i18n
// keys, so the booking page refuses what the server would, in the visitor's language. The admin's decision
// (admin.complaints.schema.ts) is built on the same longText.
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { msg, type ValidationKey } from '../validation-messages';

export const COMPLAINT_CATEGORIES = ['no_show_or_late', 'food_quality', 'dietary_not_respected', 'hygiene', 'behaviour', 'other'] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number];

export const COMPLAINT_TEXT_MIN = 20;
export const COMPLAINT_TEXT_MAX = 4000;
export const ANSWER_MAX = 4000;
export const COMPLAINT_PHOTOS_MAX = 3;

/** A multi-line text, trimmed, of `min` (default: 1) to `max` characters; `empty` says what to write. */
export const longText = (empty: ValidationKey, max: number, min = 1) =>
  v.pipe(
    v.string(msg(empty)),
    multiline,
    v.trim(),
    v.nonEmpty(msg(empty)),
    // An empty text hears only what to write; a short one how long it must be.
    v.check((text) => text.length === 0 || text.length >= min, msg('validation.complaint.textmin', { min })),
    v.maxLength(max, msg('validation.complaint.toolong', { max })),
  );

const photoId = msg('validation.complaint.photo');

/** POST /v1/bookings/{id}/complaint: a category from the list, the text, up to three photos uploaded before. */
export const complaintBody = v.strictObject({
  category: v.picklist(COMPLAINT_CATEGORIES, msg('validation.complaint.category')),
  text: longText('validation.complaint.textrequired', COMPLAINT_TEXT_MAX, COMPLAINT_TEXT_MIN),
  photo_ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.number(photoId), v.integer(photoId), v.minValue(1, photoId))),
      v.maxLength(COMPLAINT_PHOTOS_MAX, msg('validation.complaint.photosmax', { max: COMPLAINT_PHOTOS_MAX })),
      v.check((ids) => new Set(ids).size === ids.length, msg('validation.complaint.photoonce')),
    ),
    [],
  ),
});
export type ComplaintInput = v.InferOutput<typeof complaintBody>;

/** PUT /v1/bookings/{id}/complaint/answer */
export const answerBody = v.strictObject({ text: longText('validation.complaint.answer', ANSWER_MAX) });
