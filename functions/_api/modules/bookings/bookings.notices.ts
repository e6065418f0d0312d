// What each side is told about a booking: the notice key per transition and side (texts in i18n under
// notify.booking.<transition>.<customer|chef>), its parameters in the recipient's locale, and where it links.
import { zoneCity } from '#shared/event-time';
import { translate } from '../../lib/i18n';
import { partyText } from '../../lib/masking';
import type { Notice } from '../notifications/notify.service';
import { formatMoney } from '#shared/pricing';
import { TRANSITIONS, type TransitionName } from './bookings.machine';
import type { BookingRecord } from './bookings.query';

export type Side = 'customer' | 'chef';

/** Client routes of a booking (seed: account.bookings.detail and account.chefbookings.detail). */
export const bookingLinkPrefix = (side: Side) => (side === 'customer' ? '/account/me/bookings/' : '/account/me/chefbookings/');
export const bookingLink = (bookingId: number, side: Side) => `${bookingLinkPrefix(side)}${bookingId}`;

const localeTag = (locale: string) => (locale === 'de-ch' ? 'de-CH' : locale);

/**
 * An instant as the recipient reads it, in the event's time zone and 24-hour clock, with the zone named: the
 * server cannot know where the reader is ("12. Juni 2026 um 19:00 (Ortszeit Zürich)").
 */
export function formatWhen(instant: Date, timeZone: string, locale: string): string {
  let time: string;
  try {
    time = new Intl.DateTimeFormat(localeTag(locale), { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(instant);
  } catch {
    return instant.toISOString();
  }
  return translate(locale, 'notify.zonetime', { time, city: zoneCity(timeZone, locale) });
}

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
  return {
    key: `booking.${extras.byAdmin ? 'admin_cancel' : name}.${side}`,
    params: bookingParams(b, side, { ...extras, deadline }),
    type: TRANSITIONS[name].tone,
    link: bookingLink(b.id, side),
  };
}

/** What the texts about a booking may name, written for one side in its language. */
export function bookingParams(b: BookingRecord, side: Side, extras: NoticeExtras = {}): Record<string, string | number> {
  const locale = side === 'customer' ? b.customerLocale : b.chefLocale;
  const deadline = extras.deadline;
  return {
    menu: b.menuName,
    date: formatWhen(b.startsAt, b.timezone, locale),
    guests: b.guests,
    customer: b.customerFirstname || 'Customer',
    chef: b.chefFirstname || 'Chef',
    total: formatMoney(b.total, b.currency, locale),
    refund: formatMoney(extras.refund ?? 0, b.currency, locale),
    // A party's reason is masked like any text between the parties until the booking is confirmed.
    reason: (extras.byAdmin ? extras.reason?.trim() : extras.reason && partyText(extras.reason.trim(), b.confirmedAt, locale)) || '–',
    deadline: deadline ? formatWhen(deadline, b.timezone, locale) : '',
  };
}
