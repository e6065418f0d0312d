// Review request fields (seed §3): the customer's five ratings 1–5 and a text, the chef's three ratings of the guest,
// and the chef's one reply. Shared with the web client, so the review forms refuse what the server would, with the
// messages (i18n keys) in the visitor's language.
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { label, msg, type ValidationKey } from '../validation-messages';

export const REVIEW_TEXT_MAX = 2000;

const rating = (what: ValidationKey) => {
  const message = msg('validation.review.rating', label(what));
  return v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(5, message));
};

const reviewText = v.optional(
  v.pipe(v.string(msg('validation.review.texttype')), multiline, v.trim(), v.maxLength(REVIEW_TEXT_MAX, msg('validation.review.texttoolong', { max: REVIEW_TEXT_MAX }))),
  '',
);

/** A rating body: each rating 1–5, its message naming it by `labels`, and the optional text. */
function ratingsBody<K extends string>(labels: Record<K, ValidationKey>) {
  const ratings = Object.fromEntries(Object.entries<ValidationKey>(labels).map(([name, what]) => [name, rating(what)])) as Record<K, ReturnType<typeof rating>>;
  return v.strictObject({ ...ratings, text: reviewText });
}

/** POST /v1/users/me/orders/{id}/rate */
export const rateBody = ratingsBody({
  rating_food: 'validation.review.food',
  rating_service: 'validation.review.service',
  rating_hygiene: 'validation.review.hygiene',
  rating_value: 'validation.review.value',
  rating_communication: 'validation.review.communication',
});
export type RateInput = v.InferOutput<typeof rateBody>;

/** POST /v1/bookings/{id}/guest-review: the chef's three ratings of the guest 1–5 and a text. */
export const guestRateBody = ratingsBody({
  rating_punctuality: 'validation.review.punctuality',
  rating_kitchen: 'validation.review.kitchen',
  rating_respect: 'validation.review.respect',
});
export type GuestRateInput = v.InferOutput<typeof guestRateBody>;

/** POST /v1/bookings/{id}/review/reply */
export const replyBody = v.strictObject({
  text: v.pipe(
    v.string(msg('validation.review.reply')),
    multiline,
    v.trim(),
    v.minLength(1, msg('validation.review.reply')),
    v.maxLength(REVIEW_TEXT_MAX, msg('validation.review.replytoolong', { max: REVIEW_TEXT_MAX })),
  ),
});
