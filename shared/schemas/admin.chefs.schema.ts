// Input of the admin chefs API (/v1/admin/chefs): the list filters, the status actions with their bodies, the tier.
// The reject and ban bodies are shared with the admin screen's dialogs, so this file imports no database code.
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { listQuery } from './list.schema';
import { searchText } from './admin.users.schema';
import { chosenId, emptyBody, oneOf } from './fields';
import { msg } from '../validation-messages';

export const CHEF_ORDER = ['created_at', 'submitted_at', 'lastname', 'id'] as const;
/** The names of ChefStatus (seed §3), which the list filters by (the service's ChefStatus[name] checks them). */
export const CHEF_STATUS_FILTER = ['New', 'Active', 'Paused', 'Onboarded', 'OnboardingFailed', 'Banned'] as const;
export const CHEF_TIERS = ['chef', 'pro', 'signature'] as const;
export type ChefTierName = (typeof CHEF_TIERS)[number];
const TIER_MESSAGE = msg('validation.admin.tier');

export const chefsQuery = v.strictObject({
  ...listQuery(CHEF_ORDER),
  q: searchText,
  status: v.optional(v.picklist(CHEF_STATUS_FILTER, oneOf(CHEF_STATUS_FILTER))),
  tier: v.optional(v.picklist(CHEF_TIERS, TIER_MESSAGE)),
});

export const chefIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, msg('validation.admin.chefid')), v.transform(Number)) });

export const REASON_MAX = 1000;
/** The chef's upcoming bookings one pause or ban may cancel at most (a chef has one event a day). */
export const CANCEL_BOOKINGS_MAX = 400;
const REASON_REQUIRED = msg('validation.admin.reason');
const CANCEL_REASON_REQUIRED = msg('validation.admin.cancelreason');
const REASON_TOO_LONG = msg('validation.text.usemax', { max: REASON_MAX });
const reasonText = v.pipe(v.string(REASON_REQUIRED), multiline, v.trim(), v.maxLength(REASON_MAX, REASON_TOO_LONG));

/**
 * Pausing or banning a chef with upcoming bookings (issue 14 §5): the admin chooses for each booking to keep it or
 * cancel it with a full refund (a cancellation on the chef's side). `cancel_bookings` lists those to cancel, and
 * `cancel_reason` is what their customers read; the others are kept, and the booking machine refuses a banned chef's
 * part in them. `{ reason }` alone keeps every booking.
 */
const withBookings = {
  cancel_bookings: v.optional(
    v.pipe(
      v.array(chosenId('validation.admin.bookingid'), msg('validation.admin.cancelbookings')),
      v.maxLength(CANCEL_BOOKINGS_MAX, msg('validation.admin.cancelmax', { max: CANCEL_BOOKINGS_MAX })),
      v.check((ids) => new Set(ids).size === ids.length, msg('validation.admin.cancelonce')),
    ),
  ),
  cancel_reason: v.optional(v.pipe(v.string(CANCEL_REASON_REQUIRED), multiline, v.trim(), v.maxLength(REASON_MAX, REASON_TOO_LONG))),
};
type WithBookings = { cancel_bookings?: number[]; cancel_reason?: string };
const cancelReasonWhenCancelling = v.forward(
  v.check((b: WithBookings) => !b.cancel_bookings?.length || Boolean(b.cancel_reason), CANCEL_REASON_REQUIRED),
  ['cancel_reason'],
);

/**
 * The status changes an admin makes, each with its body: reject and pause need the reason the chef will read (a
 * paused chef sees it in the chef area); ban may note one. Pause and ban may cancel upcoming bookings.
 */
export const CHEF_ADMIN_ACTIONS = {
  approve: emptyBody,
  reject: v.pipe(
    v.strictObject({ reason: v.optional(reasonText) }),
    v.forward(v.check((b) => Boolean(b.reason), REASON_REQUIRED), ['reason']),
  ),
  pause: v.pipe(
    v.strictObject({ reason: v.optional(reasonText), ...withBookings }),
    v.forward(v.check((b) => Boolean(b.reason), REASON_REQUIRED), ['reason']),
    cancelReasonWhenCancelling,
  ),
  resume: emptyBody,
  ban: v.pipe(v.strictObject({ reason: v.optional(reasonText), ...withBookings }), cancelReasonWhenCancelling),
  unban: emptyBody,
} as const;
export type ChefActionBody = { reason?: string } & WithBookings;
export type ChefAdminAction = keyof typeof CHEF_ADMIN_ACTIONS;
/**
 * The actions whose route takes an empty body (approve, resume, unban), and those that carry one (reject, pause, ban).
 * A caller picks one kind: the typed client refuses a field on an empty body, so one call over all six actions would
 * have to send a body that is both empty and a reason.
 */
export type ChefActionWithoutBody = { [A in ChefAdminAction]: [keyof v.InferInput<(typeof CHEF_ADMIN_ACTIONS)[A]>] extends [never] ? A : never }[ChefAdminAction];
export type ChefActionWithBody = Exclude<ChefAdminAction, ChefActionWithoutBody>;
export const isWithoutBody = (action: ChefAdminAction): action is ChefActionWithoutBody => CHEF_ADMIN_ACTIONS[action] === emptyBody;

export const tierBody = v.pipe(
  v.strictObject({ tier: v.optional(v.picklist(CHEF_TIERS, TIER_MESSAGE)) }),
  v.forward(v.check((b) => b.tier !== undefined, TIER_MESSAGE), ['tier']),
  v.transform((b) => ({ tier: b.tier as ChefTierName })),
);
