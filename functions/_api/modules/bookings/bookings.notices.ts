// What each side is told about a booking: the notice key per transition and side (texts in i18n under
// notify.booking.<transition>.<customer|chef>), its parameters (written out in the reader's locale), and where it links.
import { ChefStatus } from '../../db/schema/chefs';
import { formatWhen } from '../../lib/event-text';
import { CONTACT_MARK, contactsVisible, maskContacts } from '../../lib/masking';
import { moneyParam, whenParam, type Notice, type NoticeParams } from '../notifications/notify.service';
import { TRANSITIONS, type TransitionName } from './bookings.machine';
import type { BookingRecord } from './bookings.query';

export type Side = 'customer' | 'chef';

/** Client routes of a booking (seed: account.bookings.detail and account.chefbookings.detail). */
export const bookingLinkPrefix = (side: Side) => (side === 'customer' ? '/account/me/bookings/' : '/account/me/chefbookings/');
export const bookingLink = (bookingId: number, side: Side) => `${bookingLinkPrefix(side)}${bookingId}`;

// Mails, receipts and reminders say when in the same words (lib/event-text.ts).
export { formatWhen };

/** The booking page's section of alternatives after the chef cancelled. */
export const ALTERNATIVES_ANCHOR = 'alternatives';

export type NoticeExtras = {
  /** Refund to the customer, in minor units of the booking's currency. */
  refund?: number;
  reason?: string | null;
  /** The deadline the recipient must act by (respond_by for a request, payment_due_by once accepted). */
  deadline?: Date | null;
  /** An administrator acted (a support cancellation): both sides read notify.booking.admin_cancel.<side>. */
  byAdmin?: boolean;
};

export function bookingNotice(b: BookingRecord, name: TransitionName, side: Side, extras: NoticeExtras = {}): Notice {
  const deadline = extras.deadline !== undefined ? extras.deadline : name === 'instant' ? b.paymentDueBy : b.respondBy;
  // A banned chef's earnings are held, not released after the event (db/held-earnings.ts): their completion says so.
  const heldCompletion = name === 'complete' && side === 'chef' && b.chefStatus === ChefStatus.Banned;
  return {
    key: `booking.${extras.byAdmin ? 'admin_cancel' : heldCompletion ? 'complete_held' : name}.${side}`,
    params: bookingParams(b, side, { ...extras, deadline }),
    type: TRANSITIONS[name].tone,
    // The guaranteed dinner: a customer whose chef cancelled lands on the menus still free that evening.
    link: name === 'chef_cancel' && side === 'customer' ? `${bookingLink(b.id, side)}#${ALTERNATIVES_ANCHOR}` : bookingLink(b.id, side),
  };
}

/** What the texts about a booking may name for one side; dates, amounts and masks are written in the reader's language (localParams). */
export function bookingParams(b: BookingRecord, side: Side, extras: NoticeExtras = {}): NoticeParams {
  const deadline = extras.deadline;
  return {
    menu: b.menuName,
    date: whenParam(b.startsAt, b.timezone),
    guests: b.guests,
    customer: b.customerFirstname || 'Customer',
    chef: b.chefFirstname || 'Chef',
    total: moneyParam(b.total, b.currency),
    refund: moneyParam(extras.refund ?? 0, b.currency),
    // A party's reason is masked like any text between the parties until the booking is confirmed.
    reason: (extras.byAdmin ? extras.reason?.trim() : extras.reason && (contactsVisible(b.confirmedAt) ? extras.reason.trim() : maskContacts(extras.reason.trim(), CONTACT_MARK))) || '–',
    deadline: deadline ? whenParam(deadline, b.timezone) : '',
  };
}
