// A booking as its customer, its chef or an admin sees it: the effective status, the price breakdown, the status
// timeline and what the viewer can do next. Contact details of the other side appear only once the booking is
// confirmed; the chef sees the street of the address from then on too. Before that, contact details inside the
// texts the parties wrote (message, kitchen notes, reasons) are masked (lib/masking.ts); admins read them as written.
import { DAY_HOLDING_STATUSES, type BookingStatus } from '../../db/schema/bookings';
import type { LocaleNames } from '../../db/schema/lists';
import type { Locale } from '#shared/locales';
import { imageResource } from '../images/images.service';
import { dietaryConflicts, passportSummary, type AllergyLevel } from '#shared/dietary';
import { partyText } from '../../lib/masking';
import { formatConverted, formatMoney, settle } from '#shared/pricing';
import type { Settings } from '../settings/settings.service';
import {
  allowedRole,
  barredParty,
  chefPaused,
  TAKES_NEW_BOOKING,
  dueSystemStep,
  effectiveStatus,
  eventEndOf,
  extraGuard,
  complaintUntilOf,
  payoutReleaseOf,
  reviewUntilOf,
  TRANSITIONS,
  type Transition,
  type TransitionAction,
  type TransitionName,
} from './bookings.machine';
import { timed, type BookingRecord } from './bookings.query';
import type { HeldReason } from './ledger';
import { policyDates } from '#shared/cancellation-policy';
import { bookingWindow } from '#shared/booking-window';

export type View = 'customer' | 'chef' | 'admin';
export type PresentCtx = { now: Date; locale: Locale; currency: string; settings: Settings };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const isoMs = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());
const parse = <T>(json: string | null | undefined, fallback: T): T => (json ? (JSON.parse(json) as T) : fallback);

/** Contact details and the chef's expected earnings belong to bookings that take (or took) place. */
const TAKING_PLACE: readonly BookingStatus[] = DAY_HOLDING_STATUSES;
/** A request and an accepted booking earn nothing yet, but will once paid. */
const AWAITING_PAYMENT: readonly BookingStatus[] = ['requested', 'accepted'];

type RawEvent = { id: number; from: BookingStatus | null; to: BookingStatus; actor_role: string; note: string | null; created_at: number };

/** The history as stored, plus the time-based step the clock already took but no sweep wrote down yet. */
export function timeline(b: BookingRecord, now: Date) {
  const events = parse<RawEvent[]>(b.details?.eventsJson, [])
    .sort((x, y) => x.created_at - y.created_at || x.id - y.id)
    .map((e) => ({ from: e.from, to: e.to, actor_role: e.actor_role, note: e.note, created_at: isoMs(e.created_at)! }));
  const step = dueSystemStep(timed(b), now);
  if (step) events.push({ from: b.status, to: TRANSITIONS[step.name].to, actor_role: 'system', note: null, created_at: step.at.toISOString() });
  return events;
}

/**
 * What a party can do on a booking's page: the transitions of the table whose `action` the viewer may start from the
 * effective status (extraGuard included: the review window), then those that are not transitions — replying to the
 * published review, rating the guest (the chef, within the same window) and writing a message.
 */
export type BookingAction = TransitionAction | 'reply' | 'rate_guest' | 'message';

/**
 * What the viewer may do now, by the machine's rules. While a party is barred, whatever engages the parties (the
 * machine's `engages` transitions, and messages) is gone and only undoing is left.
 */
export function actionsFor(b: BookingRecord, view: View, now: Date): BookingAction[] {
  if (view === 'admin') return [];
  const status = effectiveStatus(timed(b), now);
  const party = barredParty(b);
  const barred = party != null;
  const paused = chefPaused(b);
  const out = new Set<BookingAction>();
  for (const [name, rule] of Object.entries(TRANSITIONS) as [TransitionName, Transition][]) {
    if (rule.action && rule.from === status && allowedRole(name, view) && !(barred && rule.engages) && !(paused && TAKES_NEW_BOOKING.has(name)) && !extraGuard(name, timed(b), now)) out.add(rule.action);
  }
  const review = parse<{ reply: string | null; published_at: number | null } | null>(b.details?.reviewJson, null);
  // A barred chef writes no reply (reviews.service); a closed customer account leaves the public review answerable.
  if (view === 'chef' && party !== 'chef' && review?.published_at != null && !review.reply) out.add('reply');
  const rateable = (status === 'completed' || status === 'reviewed') && now.getTime() < reviewUntilOf(b.startsAt).getTime();
  if (view === 'chef' && rateable && !barred && !b.details?.guestReviewJson) out.add('rate_guest');
  if (!barred) out.add('message');
  return [...out];
}

type Course = { id: number; position: number; course_type: string; name: string; allergens: string[] | null };
type NameRow = { kind: string; key: string; names: LocaleNames | null };

const nameIn = (names: LocaleNames | null | undefined, key: string, locale: Locale) =>
  (names && (names[locale] ?? (locale === 'de-ch' ? names.de : undefined) ?? names.en)) || key;

/** The menu's courses and diet tags, and list names in the reader's locale, for the dietary checks of a booking. */
function dietaryContext(b: BookingRecord, locale: Locale) {
  const names = parse<NameRow[]>(b.details?.namesJson, []);
  const nameOf = (kind: string, key: string) => nameIn(names.find((n) => n.kind === kind && n.key === key)?.names, key, locale);
  const courses = parse<Course[]>(b.details?.coursesJson, [])
    .sort((x, y) => x.position - y.position || x.id - y.id)
    .map((c) => ({ id: c.id, course_type: c.course_type, name: c.name, allergens: c.allergens ?? [] }));
  return { nameOf, menu: { diets: parse<string[]>(b.details?.menuDietsJson, []), courses } };
}

const courseRefs = (courses: readonly { id: number; course_type: string; name: string }[]) => courses.map((c) => ({ id: c.id, course_type: c.course_type, name: c.name }));

/**
 * The customer's dietary needs against the menu (shared/dietary.ts, the rule the booking form warns with): which
 * diets the menu is not marked for and which courses contain an allergen someone cannot eat, named in the locale.
 */
export function dietaryNeeds(b: BookingRecord, locale: Locale) {
  const { nameOf, menu } = dietaryContext(b, locale);
  const result = dietaryConflicts(b, menu);
  const allergens = result.allergens.map((a) => ({
    key: a.key,
    name: nameOf('allergen', a.key),
    guests: a.guests,
    conflict: a.conflict,
    courses: courseRefs(a.courses),
  }));
  return {
    diets: result.diets.map((d) => ({ ...d, name: nameOf('diet', d.key) })),
    allergens,
    conflicts: allergens.filter((a) => a.conflict).map((a) => ({ key: a.key, name: a.name, guests: a.guests, courses: a.courses })),
  };
}

type RawAnswer = { id: number; name: string; diets: string[]; allergies: { key: string; level: AllergyLevel }[]; severe_at: number | null; updated_at: number };

/**
 * The guests' allergy passport: each guest's answer, the counts ("3 vegetarian, 1 severe nut allergy") held against
 * the menu's courses by the same rule as the customer's own entries, and the chef's written answer to severe
 * allergies with whether a newer severe allergy still waits for it.
 */
export function guestPassport(b: BookingRecord, locale: Locale, said: (text: string) => string = (text) => text) {
  const { nameOf, menu } = dietaryContext(b, locale);
  const answers = parse<RawAnswer[]>(b.details?.guestAnswersJson, []).sort((x, y) => x.id - y.id);
  const summary = passportSummary(answers, menu);
  const severeAt = Math.max(0, ...answers.map((a) => a.severe_at ?? 0));
  return {
    answers: answers.map((a) => ({
      id: a.id,
      name: said(a.name),
      diets: a.diets.map((key) => ({ key, name: nameOf('diet', key) })),
      allergies: a.allergies.map((al) => ({ key: al.key, level: al.level, name: nameOf('allergen', al.key) })),
      updated_at: isoMs(a.updated_at),
    })),
    summary: {
      answered: summary.answered,
      diets: summary.diets.map((d) => ({ key: d.key, name: nameOf('diet', d.key), count: d.count, menu_has_diet: d.menu_has_diet })),
      allergies: summary.allergies.map((a) => ({ key: a.key, name: nameOf('allergen', a.key), level: a.level, count: a.count, conflict: a.conflict, courses: courseRefs(a.courses) })),
      has_conflict: summary.hasConflict,
    },
    /** The latest severe answer's instant: the chef's answer is sent with it, so one written before a newer one is refused. */
    severe_version: severeAt ? isoMs(severeAt) : null,
    ack_required: b.severePending,
    ack: b.allergyAck ? { text: said(b.allergyAck), at: iso(b.allergyAckAt) } : null,
  };
}

export function priceBreakdown(b: BookingRecord, view: View, ctx: PresentCtx) {
  const f = (amount: number) => formatMoney(amount, b.currency, ctx.locale);
  let lc: string | null = null;
  try {
    lc = formatConverted(b.total, b.currency, ctx.currency, ctx.settings.currency_rates, ctx.locale);
  } catch {
    lc = null;
  }
  return {
    currency: b.currency,
    guests: b.guests,
    price_per_person: b.pricePerPerson,
    subtotal: b.subtotal,
    service_fee: b.serviceFee,
    total: b.total,
    service_fee_bp: b.serviceFeeBp,
    price_per_person_formatted: f(b.pricePerPerson),
    subtotal_formatted: f(b.subtotal),
    service_fee_formatted: f(b.serviceFee),
    total_formatted: f(b.total),
    /** The total in the visitor's display currency; only a display conversion, the charge is in `currency`. */
    lc_currency: ctx.currency,
    total_lc_formatted: lc,
    ...(view !== 'customer'
      ? { commission: b.commission, commission_bp: b.commissionBp, chef_earnings: b.chefEarnings, commission_formatted: f(b.commission), chef_earnings_formatted: f(b.chefEarnings) }
      : {}),
  };
}

/**
 * A booking's earnings as the chef and the admins read them: `expected` before the payment, `pending` until the
 * release, `held` while a complaint is open or the chef is banned (`held_reason` says which), `released`, `paid` with
 * the payout, `none` for a booking that ended without money for the chef. Named, so the answer carries the union rather than a string.
 */
type BookingEarningState = 'expected' | 'pending' | 'held' | 'released' | 'paid' | 'none';

type EarningLine = { amount: number; currency: string; release_at: number; payout_id: number | null; payout_status: string | null; paid_at: number | null; held: HeldReason | null };

/**
 * The chef's earnings of a booking: its ledger line once paid (and as a cancellation left it); before the payment
 * what the booking will earn (`expected`); nothing for a booking that ended without money for the chef.
 */
function earningsOf(b: BookingRecord, status: BookingStatus, line: EarningLine | null, ctx: PresentCtx) {
  const f = (amount: number) => formatMoney(amount, b.currency, ctx.locale);
  const release = payoutReleaseOf(b.startsAt);
  if (line) {
    // held: a complaint is open or the chef is banned, and the earnings wait for an administrator (db/held-earnings.ts heldReasonSql).
    const held = line.payout_status === 'paid' ? null : line.held;
    const state: BookingEarningState = line.payout_status === 'paid' ? 'paid' : held ? 'held' : line.release_at > ctx.now.getTime() ? 'pending' : 'released';
    return { amount: line.amount, currency: line.currency, amount_formatted: f(line.amount), release_at: isoMs(line.release_at), state, held_reason: held, payout_id: line.payout_id };
  }
  // Bookings confirmed before ledger lines existed earn their snapshot like any other that takes place.
  const state: BookingEarningState = AWAITING_PAYMENT.includes(status) ? 'expected' : TAKING_PLACE.includes(status) ? (release > ctx.now ? 'pending' : 'released') : 'none';
  const amount = state === 'none' ? 0 : b.chefEarnings;
  return { amount, currency: b.currency, amount_formatted: f(amount), release_at: state === 'none' ? null : release.toISOString(), state, held_reason: null, payout_id: null };
}

/** Where the customer's payment went (pricing.settle): for the chef's and the admins' views. */
function moneyOf(b: BookingRecord, paid: number, refunded: number, locale: Locale) {
  const m = settle({ serviceFee: b.serviceFee, chefEarnings: b.chefEarnings }, paid, refunded);
  const f = (amount: number) => formatMoney(amount, b.currency, locale);
  return {
    ...m,
    currency: b.currency,
    paid_formatted: f(m.paid),
    refunded_formatted: f(m.refunded),
    chef_earnings_formatted: f(m.chef_earnings),
    commission_formatted: f(m.commission),
    service_fee_formatted: f(m.service_fee),
  };
}

/**
 * Whether a booking the chef cancelled can still be rebooked: its evening is a day that can still be booked in the
 * event's zone (tomorrow or later). Once it is today or past there is nothing to search or rebook for it, so the
 * answer carries no `rebook` at all (the booking page would only hide it).
 */
const rebookable = (b: BookingRecord, now: Date) => b.eventDate >= bookingWindow(now, b.timezone).firstDay;

/**
 * After the chef cancelled (the guaranteed dinner): the booking's date, place, guests and dietary needs, to search
 * menus near for the alternatives (`region_id`, `date`, `guests`, `at_chefs_place`, `diets`, `allergens`; the
 * cancelling chef's own menus left out) and to fill in the booking form of the one picked, message and notes included;
 * `guest_answers` counts the guests' passport answers that the rebooking (`rebook_of`) takes along.
 */
function rebookOf(b: BookingRecord) {
  return {
    booking_id: b.id,
    cancelled_chef_id: b.chefId,
    region_id: b.regionId,
    date: b.eventDate,
    starts_at: b.startsAt.toISOString(),
    timezone: b.timezone,
    guests: b.guests,
    at_chefs_place: b.atChefsPlace,
    address: b.atChefsPlace ? null : { street: b.addressStreet ?? '', zip: b.addressZip ?? '', city: b.addressCity ?? '' },
    occasion: b.occasion,
    diets: b.diets,
    allergens: b.allergens,
    kitchen_notes: b.kitchenNotes,
    message: b.message,
    guest_answers: parse<RawAnswer[]>(b.details?.guestAnswersJson, []).length,
  };
}

function guestRatingOf(b: BookingRecord) {
  const g = parse<{ avg: number; count: number }>(b.details?.guestRatingJson, { avg: 0, count: 0 });
  return { avg: Math.round(Number(g.avg) * 10) / 10, count: Number(g.count) };
}

/** A review as bookings.query's review_json and guest_review_json hold it. */
type StoredReview = { id: number; rating: number; text: string | null; created_at: number; published_at: number | null };
type CustomerReview = StoredReview & {
  rating_food: number;
  rating_service: number;
  rating_hygiene: number;
  rating_value: number;
  rating_communication: number;
  reply: string | null;
  replied_at: number | null;
};
type GuestReview = StoredReview & { rating_punctuality: number; rating_kitchen: number; rating_respect: number };

/**
 * The booking's two reviews as the viewer may read them (issue 18 §5, blind): its author always reads their own,
 * with `published`; the other side reads it only once published; an admin reads both. `review` is the customer's of
 * the booking, `guest_review` the chef's of the customer.
 */
function reviewsFor(b: BookingRecord, view: View) {
  const shown = <R extends StoredReview>(json: string | null | undefined, author: View) => {
    const r = parse<R | null>(json, null);
    if (!r || (view !== author && view !== 'admin' && r.published_at == null)) return null;
    const { rating, created_at, published_at, ...rest } = r;
    return { ...rest, rating: Math.round(Number(rating) * 10) / 10, created_at: isoMs(created_at), published: published_at != null, published_at: isoMs(published_at) };
  };
  const review = shown<CustomerReview>(b.details?.reviewJson, 'customer');
  return { review: review && { ...review, replied_at: isoMs(review.replied_at) }, guest_review: shown<GuestReview>(b.details?.guestReviewJson, 'chef') };
}

const secondsUntil = (d: Date | null, now: Date) => (d ? Math.max(0, Math.floor((d.getTime() - now.getTime()) / 1000)) : null);

export function presentBooking(b: BookingRecord, view: View, ctx: PresentCtx) {
  const { now } = ctx;
  const status = effectiveStatus(timed(b), now);
  const contact = TAKING_PLACE.includes(status) || view === 'admin';
  const payment = parse<{ id: number; status: string; amount: number; refunded_amount: number; currency: string; provider: string; created_at: number; expires_at: number | null } | null>(
    b.details?.paymentJson,
    null,
  );
  const refunds = parse<{ id: number; payment_id: number; amount: number; currency: string; status: string; reason: string | null; created_at: number }[]>(b.details?.refundsJson, []).sort((x, y) => x.id - y.id);
  const earning = parse<EarningLine | null>(b.details?.earningJson, null);
  const showStreet = view !== 'chef' || contact;
  // Both sides see the needs against the menu: the chef to plan, the customer to check what they entered.
  const dietary = dietaryNeeds(b, ctx.locale);
  const paid = payment && ['succeeded', 'refunded', 'partially_refunded'].includes(payment.status) ? payment.amount : 0;
  const policy = policyDates(b.startsAt, b.confirmedAt);
  /** A text a party wrote, as this viewer may read it; an administrator's notes are not a party's. */
  const said = (text: string | null, by: string = 'customer') => (text == null || view === 'admin' || by === 'admin' ? text : partyText(text, b.confirmedAt, ctx.locale));
  const history = timeline(b, now);
  // The reason is written with the note of the step that ended the booking.
  const reasonBy = history.findLast((e) => e.note != null)?.actor_role;

  return {
    id: b.id,
    status,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    occasion: b.occasion,
    /** Booked instantly: it was accepted when the customer booked (no chef acted), so it never had a respond_by. */
    instant: b.respondBy === null,
    at_chefs_place: b.atChefsPlace,
    address: b.atChefsPlace ? null : { street: showStreet ? b.addressStreet : null, zip: b.addressZip, city: b.addressCity },
    guests: b.guests,
    starts_at: b.startsAt.toISOString(),
    ends_at: eventEndOf(b.startsAt).toISOString(),
    event_date: b.eventDate,
    timezone: b.timezone,
    diets: b.diets,
    allergens: b.allergens,
    dietary,
    // Guests' names and the chef's answer are texts between the parties: masked like the others until confirmed.
    passport: guestPassport(b, ctx.locale, (text) => said(text)!),
    kitchen_notes: said(b.kitchenNotes),
    message: said(b.message),
    menu: { id: b.menuId, name: b.menuName },
    chef: {
      id: b.chefId,
      uri: b.chefUri,
      firstname: b.chefFirstname,
      lastname: b.chefLastname,
      avatar: imageResource(b.chefAvatar),
      ...(view !== 'chef' && contact ? { contact: { email: b.chefEmail, phone: b.chefPhone } } : {}),
    },
    customer: {
      firstname: b.customerFirstname,
      lastname: view === 'chef' && !contact ? `${b.customerLastname.slice(0, 1)}.`.replace(/^\.$/, '') : b.customerLastname,
      avatar: imageResource(b.customerAvatar),
      ...(view !== 'customer' && contact ? { contact: { email: b.customerEmail, phone: b.customerPhone } } : {}),
      // Chefs' published reviews of this customer (average and count only), for the chef answering and for admins.
      ...(view !== 'customer' ? { guest_rating: guestRatingOf(b) } : {}),
    },
    price: priceBreakdown(b, view, ctx),
    respond_by: iso(b.respondBy),
    respond_seconds_left: status === 'requested' ? secondsUntil(b.respondBy, now) : null,
    payment_due_by: iso(b.paymentDueBy),
    payment_seconds_left: status === 'accepted' ? secondsUntil(b.paymentDueBy, now) : null,
    accepted_at: iso(b.acceptedAt),
    confirmed_at: iso(b.confirmedAt),
    completed_at: iso(b.completedAt ?? (status === 'completed' || status === 'reviewed' ? eventEndOf(b.startsAt) : null)),
    cancelled_at: iso(b.cancelledAt),
    reason: said(b.reason, reasonBy),
    rate_until: status === 'completed' || status === 'reviewed' ? reviewUntilOf(b.startsAt).toISOString() : null,
    /** The end of the complaint window (and the chef's payout release), for a booking that takes or took place. */
    complaint_until: TAKING_PLACE.includes(status) ? complaintUntilOf(b.startsAt).toISOString() : null,
    actions: actionsFor(b, view, now),
    /** A party barred from the booking (chef banned or disabled, customer disabled): it can only be called off. */
    barred_party: barredParty(b),
    /** The chef's own profile is paused: they take no new booking (no accept), the rest goes on. Only the chef is told. */
    chef_paused: view === 'chef' && chefPaused(b),
    cancellation_policy: {
      free_until: policy.free_until.toISOString(),
      half_refund_until: policy.half_refund_until.toISOString(),
      cooling_off_until: iso(policy.cooling_off_until),
    },
    timeline: history.map((e) => ({ ...e, note: said(e.note, e.actor_role) })),
    messages: { thread_id: b.details?.threadId ?? null, unseen_count: b.details?.unseen ?? 0 },
    ...reviewsFor(b, view),
    ...(view === 'customer' && status === 'cancelled_by_chef' && rebookable(b, now) ? { rebook: rebookOf(b) } : {}),
    ...(view !== 'chef'
      ? {
          payment: payment
            ? {
                id: payment.id,
                status: payment.status,
                provider: payment.provider,
                amount: payment.amount,
                amount_formatted: formatMoney(payment.amount, payment.currency, ctx.locale),
                refunded_amount: payment.refunded_amount,
                paid_amount: paid,
                currency: payment.currency,
                created_at: isoMs(payment.created_at),
                expires_at: isoMs(payment.expires_at),
                // A refund always has its time: the client reads it as a date, never null.
                refunds: refunds.map((r) => ({ ...r, created_at: new Date(Number(r.created_at)).toISOString(), amount_formatted: formatMoney(r.amount, r.currency, ctx.locale) })),
              }
            : null,
        }
      : {}),
    ...(view !== 'customer'
      ? {
          conflicts: dietary.conflicts,
          earnings: earningsOf(b, status, earning, ctx),
          money: moneyOf(b, paid, refunds.filter((r) => r.payment_id === payment?.id).reduce((sum, r) => sum + r.amount, 0), ctx.locale),
        }
      : {}),
  };
}
