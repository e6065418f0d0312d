// Inputs of the admin booking calls, shared with the admin screens: search and filters of the list, the side an
// admin cancels for, the reason and the chosen refund.
import * as v from 'valibot';
import { multiline } from '#shared/text-rules';
import { listQuery } from '#shared/schemas/list.schema';
import { BOOKING_STATUSES } from '../bookings/bookings.facade.service';

export const SEARCH_MAX = 100;
export const REASON_MAX = 2000;
export const SIDES = ['customer', 'chef'] as const;
export type Side = (typeof SIDES)[number];

const day = (label: string) => v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD).`)));

/** GET /v1/admin/bookings: newest first unless the client orders; dates are event days in the chef's time zone. */
export const adminBookingsQuery = v.pipe(
  v.object({
    ...listQuery(['created_at', 'starts_at'] as const),
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters.`))),
    status: v.optional(v.picklist(BOOKING_STATUSES, `Use one of ${BOOKING_STATUSES.join(', ')}.`)),
    from: day('The first day'),
    to: day('The last day'),
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, 'The last day cannot be before the first day.'),
    ['to'],
  ),
);

export const sideQuery = v.object({ side: v.optional(v.picklist(SIDES, 'Choose the customer or the chef.'), 'customer') });

/** POST /v1/admin/bookings/{id}/cancel */
export const adminCancelBody = v.strictObject({
  side: v.picklist(SIDES, 'Choose for whom you cancel: the customer or the chef.'),
  reason: v.pipe(
    v.string('Please enter the reason.'),
    multiline,
    v.trim(),
    v.minLength(1, 'Please enter the reason. Both sides read it.'),
    v.maxLength(REASON_MAX, `The reason can be at most ${REASON_MAX} characters long.`),
  ),
  /** Minor units of the booking's currency; without it the cancellation policy decides. */
  refund_amount: v.optional(
    v.pipe(v.number('Enter the refund as an amount.'), v.integer('Enter the refund in whole cents.'), v.minValue(0, 'The refund cannot be negative.')),
  ),
});
export type AdminCancelInput = v.InferOutput<typeof adminCancelBody>;
