// The booking state machine (PRODUCT "Booking lifecycle"): every state, every transition with the roles that may
// perform it and its guards, and the time-based states. Nothing else decides what may happen to a booking;
// bookings.transition.ts performs a transition named here in one guarded batch.
//
//   request-to-book:  requested ──accept──▶ accepted ──confirm (paid)──▶ confirmed ──complete──▶ completed ──review──▶ reviewed
//   instant-book:     instant ─▶ accepted (payment due) ──confirm──▶ confirmed …
//   requested ─▶ declined (chef, reason) | expired (respond_by passed) | cancelled (customer withdraws)
//   accepted  ─▶ payment_expired (payment_due_by passed) | cancelled (either side)
//   confirmed ─▶ cancelled_by_customer (refund by policy) | cancelled_by_chef (full refund, counted against the chef)
import { sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '../../db/schema/bookings';
import { ChefStatus, type ChefStatusValue } from '../../db/schema/chefs';
import { EVENT_DURATION_MS, RESPOND_BEFORE_EVENT_MS } from '#shared/booking-window';
import { DAY, HOUR } from '#shared/time';
import { messageText, type ValidationKey } from '#shared/validation-messages';


export { BOOKING_STATUSES } from '#shared/booking-statuses';

/** A chef answers a request within 48 hours, and at the latest 24 hours before the event. */
export const RESPOND_WITHIN_MS = 48 * HOUR;
export { RESPOND_BEFORE_EVENT_MS };
/** An accepted booking is paid within 48 hours, and at the latest when the event starts. */
export const PAY_WITHIN_MS = 48 * HOUR;
/** The customer rates within 14 days after the event ended. */
export const REVIEW_WITHIN_MS = 14 * DAY;
/**
 * The customer may report a problem until 48 hours after the event ended; the chef's earnings are released when
 * this window closes (and not while a complaint is open). One constant, so the two instants can never drift apart.
 */
export const COMPLAINT_WINDOW_MS = 48 * HOUR;

export const respondByFor = (createdAt: Date, startsAt: Date) => new Date(Math.min(createdAt.getTime() + RESPOND_WITHIN_MS, startsAt.getTime() - RESPOND_BEFORE_EVENT_MS));
export const paymentDueByFor = (acceptedAt: Date, startsAt: Date) => new Date(Math.min(acceptedAt.getTime() + PAY_WITHIN_MS, startsAt.getTime()));
export const eventEndOf = (startsAt: Date) => new Date(startsAt.getTime() + EVENT_DURATION_MS);
export const reviewUntilOf = (startsAt: Date) => new Date(startsAt.getTime() + EVENT_DURATION_MS + REVIEW_WITHIN_MS);
/** The first instant a complaint is too late (event end + 48 h). */
export const complaintUntilOf = (startsAt: Date) => new Date(startsAt.getTime() + EVENT_DURATION_MS + COMPLAINT_WINDOW_MS);
/** The earnings release is the end of the complaint window, by definition. */
export const payoutReleaseOf = complaintUntilOf;

export type ActorRole = 'customer' | 'chef' | 'admin' | 'system';

export type TransitionName =
  | 'request'
  | 'instant'
  | 'accept'
  | 'decline'
  | 'expire'
  | 'withdraw'
  | 'customer_cancel_accepted'
  | 'chef_cancel_accepted'
  | 'confirm'
  | 'expire_payment'
  | 'customer_cancel'
  | 'chef_cancel'
  | 'complete'
  | 'review';

type TransitionRule = {
  /** null: the transition creates the booking. */
  from: BookingStatus | null;
  to: BookingStatus;
  by: readonly ActorRole[];
  /** The sentence of the 409 when the booking is in another state (none for the two that create it). */
  requires?: ValidationKey;
  /** A reason is required (and shown to the other side). */
  reason?: 'required' | 'optional';
  /** Notification type per side. */
  tone: 'success' | 'info' | 'error';
  /** The parties commit to each other (the chef's yes, the payment): both must be in good standing (standingOf). */
  engages?: true;
  /**
   * The name of the button a party (customer or chef) presses for it, in the booking's `actions`; the cancellations
   * of each state are one "cancel". Without it, no party starts the transition from a booking's page.
   */
  action?: string;
};

/**
 * Every transition. Admins may act for either side where it makes sense (support cases); the admin area calls these.
 * Within a state the order is the order of the booking's `actions` (pay before cancel).
 */
const TRANSITION_TABLE = {
  // The customer sends a request for a request-to-book menu; the chef answers by respond_by.
  request: { from: null, to: 'requested', by: ['customer'], reason: 'optional', tone: 'info' },
  // Instant-book: the booking starts accepted with a payment deadline, so the same pay step confirms it.
  instant: { from: null, to: 'accepted', by: ['customer'], tone: 'info' },
  // The chef accepts; payment_due_by = accepted + 48 h, not later than the event start.
  accept: { from: 'requested', to: 'accepted', by: ['chef'], requires: 'validation.bookingrule.accept', tone: 'success', engages: true, action: 'accept' },
  // The chef declines with a reason the customer sees.
  decline: { from: 'requested', to: 'declined', by: ['chef', 'admin'], requires: 'validation.bookingrule.decline', reason: 'required', tone: 'error', action: 'decline' },
  // Nobody answered by respond_by.
  expire: { from: 'requested', to: 'expired', by: ['system'], requires: 'validation.bookingrule.expire', tone: 'info' },
  // The customer withdraws the request before the chef answered.
  withdraw: { from: 'requested', to: 'cancelled', by: ['customer', 'admin'], requires: 'validation.bookingrule.withdraw', reason: 'optional', tone: 'info', action: 'cancel' },
  // The payment succeeded (the customer on the test checkout, or Stripe's webhook as the system).
  confirm: { from: 'accepted', to: 'confirmed', by: ['customer', 'system'], requires: 'validation.bookingrule.confirm', tone: 'success', engages: true, action: 'pay' },
  // Not paid by payment_due_by (a checkout still running keeps it alive until its hold expires).
  expire_payment: { from: 'accepted', to: 'payment_expired', by: ['system'], requires: 'validation.bookingrule.expire_payment', tone: 'info' },
  // Either side calls off an accepted, unpaid booking; nothing was charged.
  customer_cancel_accepted: { from: 'accepted', to: 'cancelled', by: ['customer', 'admin'], requires: 'validation.bookingrule.customer_cancel_accepted', reason: 'optional', tone: 'info', action: 'cancel' },
  chef_cancel_accepted: { from: 'accepted', to: 'cancelled', by: ['chef', 'admin'], requires: 'validation.bookingrule.chef_cancel_accepted', reason: 'required', tone: 'error', action: 'cancel' },
  // The customer cancels a paid booking: refund by the cancellation policy.
  customer_cancel: { from: 'confirmed', to: 'cancelled_by_customer', by: ['customer', 'admin'], requires: 'validation.bookingrule.customer_cancel', reason: 'optional', tone: 'info', action: 'cancel' },
  // The chef cancels a paid booking: full refund, and it counts against the chef.
  chef_cancel: { from: 'confirmed', to: 'cancelled_by_chef', by: ['chef', 'admin'], requires: 'validation.bookingrule.chef_cancel', reason: 'required', tone: 'error', action: 'cancel' },
  // The event ended (start + 4 h).
  complete: { from: 'confirmed', to: 'completed', by: ['system'], requires: 'validation.bookingrule.complete', tone: 'info' },
  // The customer rates within 14 days after the event.
  review: { from: 'completed', to: 'reviewed', by: ['customer'], requires: 'validation.bookingrule.review', tone: 'success', action: 'rate' },
} as const satisfies Record<TransitionName, TransitionRule>;

/** The buttons of the booking's transitions, as the table names them: 'accept' | 'decline' | 'cancel' | 'pay' | 'rate'. */
export type TransitionAction = { [K in TransitionName]: (typeof TRANSITION_TABLE)[K] extends { action: infer A } ? A : never }[TransitionName];

export type Transition = Omit<TransitionRule, 'action'> & { action?: TransitionAction };

export const TRANSITIONS: Record<TransitionName, Transition> = TRANSITION_TABLE;

/** Which cancellation a party's "cancel" means in each state; anything else is a 409 with `CANCEL_REFUSED`'s text. */
export const CANCEL_BY: Record<'customer' | 'chef', Partial<Record<BookingStatus, TransitionName>>> = {
  customer: { requested: 'withdraw', accepted: 'customer_cancel_accepted', confirmed: 'customer_cancel' },
  chef: { accepted: 'chef_cancel_accepted', confirmed: 'chef_cancel' },
};

/**
 * The transition a cancellation for one side means in a state. An administrator cancelling for the chef also ends an
 * open request (declined), e.g. when pausing or banning a chef with upcoming bookings (the admin chefs area).
 */
export function cancelTransition(side: 'customer' | 'chef', status: BookingStatus, byAdmin: boolean): TransitionName | null {
  return CANCEL_BY[side][status] ?? (byAdmin && side === 'chef' && status === 'requested' ? 'decline' : null);
}

/** A booking status as the validation messages name it ("waiting for the chef"). */
export const statusKey = (status: BookingStatus): ValidationKey => `validation.bookingstatus.${status}`;

export function cancelRefusal(role: 'customer' | 'chef', status: BookingStatus): string {
  if (role === 'chef' && status === 'requested') return 'This request is still open: decline it instead of cancelling.';
  return `This booking can no longer be cancelled. It is ${messageText(statusKey(status))}.`;
}

/** The fields effectiveStatus reads; holdExpiresAt is the expiry of the booking's day hold, if it has one. */
export type TimedBooking = {
  status: BookingStatus;
  respondBy: Date | null;
  paymentDueBy: Date | null;
  startsAt: Date;
  holdExpiresAt?: Date | null;
};

/** The time-based step that is due for a stored status, with the instant it became due. */
export function dueSystemStep(b: TimedBooking, now: Date): { name: TransitionName; at: Date } | null {
  const t = now.getTime();
  if (b.status === 'requested' && b.respondBy && t >= b.respondBy.getTime()) return { name: 'expire', at: b.respondBy };
  if (b.status === 'accepted' && b.paymentDueBy && t >= b.paymentDueBy.getTime()) {
    // A customer who is in checkout keeps the booking until the checkout (its day hold) ends.
    if (b.holdExpiresAt && b.holdExpiresAt.getTime() > t) return null;
    const at = b.holdExpiresAt && b.holdExpiresAt.getTime() > b.paymentDueBy.getTime() ? b.holdExpiresAt : b.paymentDueBy;
    return { name: 'expire_payment', at };
  }
  if (b.status === 'confirmed' && t >= eventEndOf(b.startsAt).getTime()) return { name: 'complete', at: eventEndOf(b.startsAt) };
  return null;
}

/**
 * The status a booking has at `now`. Time-based states (expired, payment_expired, completed) are computed here on
 * every read, so they are right even when no sweep ran; the sweep then writes them down.
 */
export function effectiveStatus(b: TimedBooking, now: Date): BookingStatus {
  const step = dueSystemStep(b, now);
  return step ? TRANSITIONS[step.name].to : b.status;
}

/**
 * effectiveStatus as SQL over the bookings row, for filters and for the guard of every transition's update. Column
 * names are written out with the table name: inside UPDATE and single-table selects Drizzle would leave them bare,
 * and the hold subquery must not bind "id" to its own table.
 */
export function effectiveStatusSql(now: Date): SQL<BookingStatus> {
  const t = now.getTime();
  return sql<BookingStatus>`(case
    when "bookings"."status" = 'requested' and "bookings"."respond_by" <= ${t} then 'expired'
    when "bookings"."status" = 'accepted' and "bookings"."payment_due_by" <= ${t}
      and not exists (select 1 from booking_day_holds h where h.booking_id = "bookings"."id" and h.expires_at > ${t}) then 'payment_expired'
    when "bookings"."status" = 'confirmed' and "bookings"."starts_at" + ${EVENT_DURATION_MS} <= ${t} then 'completed'
    else "bookings"."status" end)`;
}

/** Statuses of a booking that is still going to take place. */
export const ACTIVE_STATUSES: readonly BookingStatus[] = ['requested', 'accepted', 'confirmed'];

export type Relation = 'customer' | 'chef' | null;

// ---------------------------------------------------------------- may both parties still transact?

/**
 * The one rule on the parties of a booking: a chef whose profile is banned, or whose account or whose customer's
 * account is disabled, takes no part in it any more. Engaging transitions (accept, pay and its completion) and
 * messages check it; undoing is still allowed (decline, withdraw, cancel with the refund that goes with it). A
 * payment that completes at the provider all the same is refunded in full, like one for a day that went to
 * somebody else.
 */
export type Standing = { chefStatus: ChefStatusValue; chefDisabledAt: Date | null; customerDisabledAt: Date | null };

/** Which party is barred from the booking, or null when both may go on. */
export function barredParty(p: Standing): 'chef' | 'customer' | null {
  if (p.chefStatus === ChefStatus.Banned || p.chefDisabledAt != null) return 'chef';
  if (p.customerDisabledAt != null) return 'customer';
  return null;
}

/**
 * The refusal for `actor` on a booking whose party is barred: the barred party is forbidden, the other side told why.
 * By message key, so each side reads it in their language.
 */
export function standingRefusal(p: Standing, actor: ActorRole): { status: 403 | 409; key: ValidationKey } | null {
  const barred = barredParty(p);
  if (!barred) return null;
  if (barred === actor) return { status: 403, key: barred === 'chef' ? 'validation.refusal.party_blocked_chef' : 'validation.refusal.party_blocked_account' };
  return { status: 409, key: barred === 'chef' ? 'validation.refusal.party_blocked_chef_other' : 'validation.refusal.party_blocked_customer_other' };
}

/** The booking's chef is not barred (barredParty()), as SQL over the bookings row. */
export const chefInGoodStandingSql = (): SQL => sql`exists (select 1 from chefs sc join users scu on scu.id = sc.user_id
    where sc.id = "bookings"."chef_id" and sc.status <> ${ChefStatus.Banned} and scu.disabled_at is null)`;

/** barredParty() as SQL over the bookings row: true while both parties may still transact (the guard of engaging updates). */
export const partiesInGoodStandingSql = (): SQL => sql`(${chefInGoodStandingSql()}
  and exists (select 1 from users scc where scc.id = "bookings"."customer_id" and scc.disabled_at is null))`;

// ---------------------------------------------------------------- a paused chef

/**
 * Transitions by which a chef takes on a new booking. A paused chef (by themselves or by support; PRODUCT "Status":
 * menus hidden, cannot be booked) takes none, but still declines, cancels, serves what was agreed and writes to the
 * customers; a customer still pays a booking the chef accepted before the pause.
 */
export const TAKES_NEW_BOOKING: ReadonlySet<TransitionName> = new Set<TransitionName>(['accept']);

/** True when the booking's chef is paused. */
export const chefPaused = (p: Pick<Standing, 'chefStatus'>) => p.chefStatus === ChefStatus.Paused;

/** chefPaused() negated as SQL over the bookings row: the guard of the transitions that take a new booking. */
export const chefNotPausedSql = (): SQL => sql`not exists (select 1 from chefs pc where pc.id = "bookings"."chef_id" and pc.status = ${ChefStatus.Paused})`;

// ---------------------------------------------------------------- guests' severe allergies

/**
 * Transitions that commit the chef to cooking for the guests: the chef's yes and the payment that confirms it. While
 * a guest's severe allergy (the allergy passport) has no written answer from the chef that is newer than it, they
 * are refused; a severe answer arriving after the chef's answer needs a new one.
 */
export const NEEDS_ALLERGY_ACK: ReadonlySet<TransitionName> = new Set<TransitionName>(['accept', 'confirm']);

/** True while a guest's severe allergy waits for the chef's written answer (SQL over the bookings row). */
export const severeAllergyPendingSql = (): SQL<number> => sql<number>`exists (select 1 from guest_answers ga
    where ga.booking_id = "bookings"."id" and ga.severe_at is not null
      and ("bookings"."allergy_ack_at" is null or ga.severe_at > "bookings"."allergy_ack_at"))`;

/** The 409 sentence for a transition that waits for the chef's answer to a severe allergy, or null. */
export function allergyGuard(name: TransitionName, severePending: boolean, actor: ActorRole): string | null {
  if (!severePending || !NEEDS_ALLERGY_ACK.has(name)) return null;
  return actor === 'chef'
    ? 'A guest has a severe allergy. Tell the customer in writing what you will change before you accept.'
    : 'A guest has a severe allergy that the chef has not answered yet. You can pay once the chef has answered it.';
}

/** May this role perform the transition at all (independent of the booking's state)? */
export const allowedRole = (name: TransitionName, role: ActorRole) => TRANSITIONS[name].by.includes(role);

/** Pure guards beyond the status: the review window. Returns the 409 sentence, or null. */
export function extraGuard(name: TransitionName, b: TimedBooking, now: Date): string | null {
  if (name === 'review' && now.getTime() >= reviewUntilOf(b.startsAt).getTime()) return 'The 14 days for rating this booking are over.';
  return null;
}
