// Review request fields (seed §3): five ratings 1–5 and a text; the chef's one reply.
import * as v from 'valibot';
import { multiline } from '#shared/text-rules';

export const REVIEW_TEXT_MAX = 2000;

const rating = (label: string) =>
  v.pipe(v.number(`Rate the ${label} from 1 to 5.`), v.integer(`Rate the ${label} from 1 to 5.`), v.minValue(1, `Rate the ${label} from 1 to 5.`), v.maxValue(5, `Rate the ${label} from 1 to 5.`));

/** POST /v1/users/me/orders/{id}/rate */
export const rateBody = v.strictObject({
  rating_food: rating('food'),
  rating_service: rating('service'),
  rating_hygiene: rating('hygiene'),
  rating_value: rating('value for money'),
  rating_communication: rating('communication'),
  text: v.optional(v.pipe(v.string('The review must be text.'), multiline, v.trim(), v.maxLength(REVIEW_TEXT_MAX, `The review can be at most ${REVIEW_TEXT_MAX} characters long.`)), ''),
});
export type RateInput = v.InferOutput<typeof rateBody>;

/** POST /v1/bookings/{id}/guest-review: the chef's three ratings of the guest 1–5 and a text. */
export const guestRateBody = v.strictObject({
  rating_punctuality: rating('punctuality'),
  rating_kitchen: rating('kitchen as described'),
  rating_respect: rating('respect'),
  text: v.optional(v.pipe(v.string('The review must be text.'), multiline, v.trim(), v.maxLength(REVIEW_TEXT_MAX, `The review can be at most ${REVIEW_TEXT_MAX} characters long.`)), ''),
});
export type GuestRateInput = v.InferOutput<typeof guestRateBody>;

/** POST /v1/bookings/{id}/review/reply */
export const replyBody = v.strictObject({
  text: v.pipe(v.string('Please write your reply.'), multiline, v.trim(), v.minLength(1, 'Please write your reply.'), v.maxLength(REVIEW_TEXT_MAX, `The reply can be at most ${REVIEW_TEXT_MAX} characters long.`)),
});
