// Input schemas of the booking calls, shared with the booking flow's forms. Rules that need the database (the
// menu's guest range and places, list keys, the chef's calendar) are checked by the service on the same fields.
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { listQuery } from './list.schema';
import { CURRENCIES } from '../locales';
import { isCalendarDay } from '../event-time';
import { msg, type ValidationKey } from '../validation-messages';
import { chosenId, itemKey, longText, oneOf } from './fields';

/** Seed §1's events plus "other"; the demo seed imports this list. */
export const OCCASIONS = [
  'birthday',
  'anniversary',
  'holiday_gathering',
  'graduation',
  'family_reunion',
  'dinner_party',
  'baby_shower',
  'engagement_party',
  'retirement',
  'housewarming',
  'friendsgiving',
  'other',
] as const;

export const GUESTS_MIN = 2;
export const GUESTS_MAX = 100;
export const TEXT_MAX = 2000;
export const MAX_DIETARY_KEYS = 20;

const guests = v.pipe(
  v.number(msg('validation.booking.guestsrequired')),
  v.integer(msg('validation.booking.guestswhole')),
  v.minValue(GUESTS_MIN, msg('validation.booking.guestsmin', { min: GUESTS_MIN })),
  v.maxValue(GUESTS_MAX, msg('validation.booking.guestsmax', { max: GUESTS_MAX })),
);

/** A free text of several lines: notes, the message to the chef, a reason. */
const optionalText = (name: ValidationKey) => v.optional(longText(name, TEXT_MAX), '');

const requiredText = (required: ValidationKey, max: number) =>
  v.pipe(v.string(msg(required)), v.trim(), v.minLength(1, msg(required)), v.maxLength(max, msg('validation.text.thistoolong', { max })));

/** POST /v1/bookings/quote */
export const quoteBody = v.strictObject({
  menu_id: chosenId('validation.booking.menu'),
  guests,
  /** Display currency of the formatted strings; amounts stay in the menu's currency. */
  currency: v.optional(v.picklist(CURRENCIES, oneOf(CURRENCIES))),
});

/** An ISO 8601 instant with a zone ("2026-07-04T17:00:00Z" or "+02:00"). */
const instantString = v.pipe(
  v.string(msg('validation.booking.startsat')),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, msg('validation.booking.startsatformat')),
  // Date rolls 2027-02-31 over to 3 March; a day that does not exist is refused instead.
  v.check((s) => isCalendarDay(s.slice(0, 10)), msg('validation.booking.nosuchday')),
  v.transform((s) => new Date(s)),
  v.check((d) => !Number.isNaN(d.getTime()), msg('validation.booking.startsatvalid')),
);

const address = v.strictObject({
  street: requiredText('validation.address.street', 200),
  zip: v.pipe(v.string(msg('validation.address.zip')), v.trim(), v.regex(/^[A-Za-z0-9 -]{3,10}$/, msg('validation.address.zipinvalid'))),
  city: requiredText('validation.address.city', 100),
});

/** POST /v1/bookings (PRODUCT "Booking lifecycle": the booking start's inputs). */
export const createBody = v.pipe(
  v.strictObject({
    menu_id: chosenId('validation.booking.menu'),
    occasion: v.picklist(OCCASIONS, msg('validation.booking.occasion')),
    at_chefs_place: v.boolean(msg('validation.booking.place')),
    address: v.optional(v.nullable(address)),
    guests,
    starts_at: instantString,
    diets: v.optional(v.pipe(v.array(itemKey, msg('validation.booking.dietlist')), v.maxLength(MAX_DIETARY_KEYS, msg('validation.choice.atmost', { max: MAX_DIETARY_KEYS })), v.transform((l) => [...new Set(l)])), []),
    allergens: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            key: itemKey,
            guests: v.pipe(
              v.number(msg('validation.booking.allergenguests')),
              v.integer(msg('validation.booking.allergenwhole')),
              v.minValue(1, msg('validation.booking.allergenmin')),
              v.maxValue(GUESTS_MAX, msg('validation.booking.allergenmax', { max: GUESTS_MAX })),
            ),
          }),
          msg('validation.booking.allergenlist'),
        ),
        v.maxLength(MAX_DIETARY_KEYS, msg('validation.choice.atmost', { max: MAX_DIETARY_KEYS })),
        v.check((l) => new Set(l.map((a) => a.key)).size === l.length, msg('validation.booking.allergenonce')),
      ),
      [],
    ),
    kitchen_notes: optionalText('validation.field.kitchennotes'),
    message: optionalText('validation.field.message'),
    /** The booking the chef cancelled that this one replaces (the guaranteed dinner): its guests' passport comes along. */
    rebook_of: v.optional(chosenId('validation.booking.rebook')),
  }),
  v.forward(
    v.check((b) => b.at_chefs_place || b.address != null, msg('validation.booking.address')),
    ['address'],
  ),
  v.forward(
    v.check((b) => b.allergens.every((a) => a.guests <= b.guests), msg('validation.booking.allergentoomany')),
    ['allergens'],
  ),
);
export type CreateInput = v.InferOutput<typeof createBody>;

/** POST /v1/bookings/{id}/decline */
export const declineBody = v.strictObject({ reason: v.pipe(requiredText('validation.booking.declinereason', TEXT_MAX), multiline) });

/** POST /v1/bookings/{id}/cancel: the reason is required from a chef (the service checks). */
export const cancelBody = v.strictObject({ reason: optionalText('validation.field.reason') });

export const bookingIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, msg('validation.booking.unknown')), v.transform(Number)) });

export const SCOPES = ['upcoming', 'past', 'requests'] as const;
export type Scope = (typeof SCOPES)[number];

export const ordersQuery = v.object({ ...listQuery(['starts_at'] as const), scope: v.optional(v.picklist(SCOPES, oneOf(SCOPES, 'validation.choice.useoneof'))) });

/** The Idempotency-Key header of create and pay: 8 to 255 visible characters (a UUID from the client). */
export const idempotencyKey = v.pipe(
  v.string(msg('validation.booking.idempotency')),
  v.regex(/^[\x21-\x7e]{8,255}$/, msg('validation.booking.idempotencyformat')),
);
