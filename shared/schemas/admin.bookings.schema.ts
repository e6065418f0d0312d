// Inputs of the admin booking calls, shared with the admin screens: search and filters of the list, the side an
// admin cancels for, the reason and the chosen refund; their messages are i18n keys.
import * as v from 'valibot';
import { listQuery } from './list.schema';
import { BOOKING_STATUSES } from '../booking-statuses';
import { oneOf, reasonText } from './fields';
import { label, msg, type ValidationKey } from '../validation-messages';

export const SEARCH_MAX = 100;
export const REASON_MAX = 2000;
export const SIDES = ['customer', 'chef'] as const;
export type Side = (typeof SIDES)[number];

const day = (name: ValidationKey) => v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, msg('validation.adminbooking.day', label(name)))));

/** GET /v1/admin/bookings: newest first unless the client orders; dates are event days in the chef's time zone. */
export const adminBookingsQuery = v.pipe(
  v.object({
    ...listQuery(['created_at', 'starts_at'] as const),
    q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX, msg('validation.admin.search', { max: SEARCH_MAX })))),
    status: v.optional(v.picklist(BOOKING_STATUSES, oneOf(BOOKING_STATUSES, 'validation.choice.useoneof'))),
    from: day('validation.adminbooking.firstday'),
    to: day('validation.adminbooking.lastday'),
  }),
  v.forward(
    v.check((q) => !q.from || !q.to || q.from <= q.to, msg('validation.adminbooking.dayorder')),
    ['to'],
  ),
);

export const sideQuery = v.object({ side: v.optional(v.picklist(SIDES, msg('validation.adminbooking.side')), 'customer') });

const refund = msg('validation.adminbooking.refundtype');

/** POST /v1/admin/bookings/{id}/cancel */
export const adminCancelBody = v.strictObject({
  side: v.picklist(SIDES, msg('validation.adminbooking.cancelside')),
  reason: reasonText('validation.adminbooking.reasontype', 'validation.adminbooking.reason', REASON_MAX),
  /** Minor units of the booking's currency; without it the cancellation policy decides. */
  refund_amount: v.optional(v.pipe(v.number(refund), v.integer(msg('validation.adminbooking.refundwhole')), v.minValue(0, msg('validation.adminbooking.refundmin')))),
});
export type AdminCancelInput = v.InferOutput<typeof adminCancelBody>;
