// A booking as a calendar event (RFC 5545): the invite mailed on confirmation and cancellation, the "Add to calendar"
// file and the chef's feed all write the same VEVENT. Its UID never changes, and its SEQUENCE follows the booking's
// phase (tentative 0, confirmed 1, cancelled 2), so a calendar that holds an older copy replaces it with a newer
// one, and a CANCEL removes it. Times are the event's clock time in its own zone (TZID with a VTIMEZONE).
import { DAY_HOLDING_STATUSES, type BookingStatus } from '../../db/schema/bookings';
import { calendarText, escapeText, localStamp, utcStamp, vtimezone, type IcalLine } from '../../lib/ical';
import { translate } from '../../lib/i18n';
import { absoluteUrl, type Config } from '../../platform/config';
import type { Deps } from '../../platform/deps';
import type { Notice } from '../notifications/notify.service';
import { eventEndOf, TRANSITIONS, type TransitionName } from './bookings.machine';
import { bookingLink, type Side } from './bookings.notices';
import { recipientOf, type BookingRecord } from './bookings.query';

export type CalendarPhase = 'tentative' | 'confirmed' | 'cancelled';
/** Who the event is written for: a party, or a super-user (the customer's view, linked to the admin page). */
export type CalendarViewer = Side | 'admin';
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

const SEQUENCE: Record<CalendarPhase, number> = { tentative: 0, confirmed: 1, cancelled: 2 };
const STATUS: Record<CalendarPhase, string> = { tentative: 'TENTATIVE', confirmed: 'CONFIRMED', cancelled: 'CANCELLED' };

export const PRODID = '-//YourLocalChef//Bookings//EN';

/** A status as a calendar sees it: waiting (requested, accepted), taking place, or called off. */
export function phaseOf(status: BookingStatus): CalendarPhase {
  if ((DAY_HOLDING_STATUSES as readonly string[]).includes(status)) return 'confirmed';
  return status === 'requested' || status === 'accepted' ? 'tentative' : 'cancelled';
}

/** The domain part of our UIDs: the public host name (RFC 5545 suggests a domain; a port is no part of one). */
export const uidDomain = (config: Pick<Config, 'publicOrigin'>) => new URL(config.publicOrigin).hostname;

/** The same UID in every copy of the booking's event: mails, downloads and the chef's feed. */
export const bookingUid = (bookingId: number, config: Pick<Config, 'publicOrigin'>) => `booking-${bookingId}@${uidDomain(config)}`;

const linkOf = (b: BookingRecord, viewer: CalendarViewer) => (viewer === 'admin' ? `/ylcadmin/bookings/${b.id}` : bookingLink(b.id, viewer));

/**
 * Where the dinner takes place, as the viewer may read it: the customer has their own address; the chef reads the
 * street only while the booking takes place (as on the booking page), before that the zip and city.
 */
function locationOf(b: BookingRecord, viewer: CalendarViewer, phase: CalendarPhase, locale: string): string {
  if (b.atChefsPlace) return translate(locale, 'notify.calendar.at_chef');
  const street = viewer !== 'chef' || phase === 'confirmed' ? b.addressStreet : null;
  return [street, [b.addressZip, b.addressCity].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export type EventOptions = { viewer: CalendarViewer; phase: CalendarPhase; locale: string; config: Pick<Config, 'publicOrigin'>; now: Date };

/** The VEVENT of a booking for one viewer, in the viewer's language. */
export function bookingEvent(b: BookingRecord, o: EventOptions): IcalLine[] {
  const t = (key: string) =>
    translate(o.locale, `notify.calendar.${key}`, { menu: b.menuName, guests: b.guests, chef: b.chefFirstname || 'Chef', customer: b.customerFirstname || 'Customer' });
  const url = absoluteUrl(o.config, linkOf(b, o.viewer));
  const description = [t('menu'), t('guests'), o.viewer === 'chef' ? t('customer') : t('chef'), `${translate(o.locale, 'notify.calendar.booking')} ${url}`].join('\n');
  const tz = { TZID: b.timezone };
  return [
    { name: 'BEGIN', value: 'VEVENT' },
    { name: 'UID', value: bookingUid(b.id, o.config) },
    { name: 'DTSTAMP', value: utcStamp(o.now) },
    { name: 'SEQUENCE', value: String(SEQUENCE[o.phase]) },
    { name: 'STATUS', value: STATUS[o.phase] },
    { name: 'DTSTART', params: tz, value: localStamp(b.startsAt, b.timezone) },
    { name: 'DTEND', params: tz, value: localStamp(eventEndOf(b.startsAt), b.timezone) },
    { name: 'SUMMARY', value: escapeText(o.viewer === 'chef' ? t('summary_chef') : t('summary_customer')) },
    { name: 'LOCATION', value: escapeText(locationOf(b, o.viewer, o.phase, o.locale)) },
    { name: 'DESCRIPTION', value: escapeText(description) },
    { name: 'URL', params: { VALUE: 'URI' }, value: url },
    { name: 'TRANSP', value: 'OPAQUE' },
    { name: 'END', value: 'VEVENT' },
  ];
}

export type ZoneSpan = { timeZone: string; from: Date; to: Date };

/** The zones of bookings with the span of their events, one VTIMEZONE each. */
export function zoneSpans(list: Pick<BookingRecord, 'timezone' | 'startsAt'>[]): ZoneSpan[] {
  const spans = new Map<string, ZoneSpan>();
  for (const b of list) {
    const end = eventEndOf(b.startsAt);
    const span = spans.get(b.timezone);
    if (!span) spans.set(b.timezone, { timeZone: b.timezone, from: b.startsAt, to: end });
    else {
      if (b.startsAt < span.from) span.from = b.startsAt;
      if (end > span.to) span.to = end;
    }
  }
  return [...spans.values()];
}

/** A VCALENDAR around events, with the VTIMEZONE of each zone they use for the span of their times. */
export function calendarOf(method: CalendarMethod, zones: ZoneSpan[], events: IcalLine[], extra: IcalLine[] = []): string {
  return calendarText([
    { name: 'BEGIN', value: 'VCALENDAR' },
    { name: 'VERSION', value: '2.0' },
    { name: 'PRODID', value: PRODID },
    { name: 'CALSCALE', value: 'GREGORIAN' },
    { name: 'METHOD', value: method },
    ...extra,
    ...zones.flatMap((z) => vtimezone(z.timeZone, z.from, z.to)),
    ...events,
    { name: 'END', value: 'VCALENDAR' },
  ]);
}

/**
 * The booking's calendar file for one viewer. REQUEST and CANCEL are the mailed invites (iTIP: the platform's
 * address organises, the recipient attends); PUBLISH is the downloaded copy, which asks nobody for an answer.
 */
export function bookingCalendar(b: BookingRecord, method: CalendarMethod, o: EventOptions & { organizer?: string; attendee?: { email: string; name: string } }): string {
  const event = bookingEvent(b, o);
  if (method !== 'PUBLISH' && o.organizer && o.attendee) {
    event.splice(
      event.length - 1,
      0,
      { name: 'ORGANIZER', params: { CN: 'YourLocalChef' }, value: `mailto:${o.organizer}` },
      { name: 'ATTENDEE', params: { CN: o.attendee.name, ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'ACCEPTED', RSVP: 'FALSE' }, value: `mailto:${o.attendee.email}` },
    );
  }
  return calendarOf(method, zoneSpans([b]), event);
}

/** UTF-8 text as base64, for a mail attachment. */
function base64Of(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The invite a transition's mail carries, if any: a REQUEST when the booking becomes confirmed, a CANCEL (higher
 * SEQUENCE, same UID) when a confirmed booking is called off. Built only when the mail is sent.
 */
export function inviteFor(deps: Pick<Deps, 'config' | 'clock'>, b: BookingRecord, name: TransitionName, side: Side): Notice['attachments'] {
  const rule = TRANSITIONS[name];
  const from = rule.from ? phaseOf(rule.from) : null;
  const to = phaseOf(rule.to);
  const method = to === 'confirmed' && from !== 'confirmed' ? 'REQUEST' : to === 'cancelled' && from === 'confirmed' ? 'CANCEL' : null;
  if (!method) return undefined;
  const who = recipientOf(b, side);
  return async () => {
    const text = bookingCalendar(b, method, {
      viewer: side,
      phase: to,
      locale: who.locale,
      config: deps.config,
      now: deps.clock.now(),
      organizer: deps.config.mailFrom,
      attendee: { email: who.email, name: who.firstname || who.email },
    });
    return [{ filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content: base64Of(text) }];
  };
}
