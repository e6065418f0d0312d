// Input schemas of the booking calls, shared with the booking flow's forms. Rules that need the database (the
// menu's guest range and places, list keys, the chef's calendar) are checked by the service on the same fields.
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { listQuery } from './list.schema';
import { CURRENCIES } from '../locales';
import { isCalendarDay } from '../event-time';

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

const idNumber = (what: string) => v.pipe(v.number(`Choose ${what}.`), v.integer(`Choose ${what}.`), v.minValue(1, `Choose ${what}.`));

const guests = v.pipe(
  v.number('Enter the number of guests.'),
  v.integer('The number of guests must be a whole number.'),
  v.minValue(GUESTS_MIN, `Book for at least ${GUESTS_MIN} guests.`),
  v.maxValue(GUESTS_MAX, `Book for at most ${GUESTS_MAX} guests.`),
);

/** A free text of several lines: notes, the message to the chef, a reason. */
const optionalText = (label: string) =>
  v.optional(v.pipe(v.string(`${label} must be text.`), multiline, v.trim(), v.maxLength(TEXT_MAX, `${label} can be at most ${TEXT_MAX} characters long.`)), '');

const requiredText = (label: string, max: number) =>
  v.pipe(v.string(`Please enter ${label}.`), v.trim(), v.minLength(1, `Please enter ${label}.`), v.maxLength(max, `This can be at most ${max} characters long.`));

const key = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Unknown key.'));

/** POST /v1/bookings/quote */
export const quoteBody = v.strictObject({
  menu_id: idNumber('a menu'),
  guests,
  /** Display currency of the formatted strings; amounts stay in the menu's currency. */
  currency: v.optional(v.picklist(CURRENCIES, `Choose one of ${CURRENCIES.join(', ')}.`)),
});

/** An ISO 8601 instant with a zone ("2026-07-04T17:00:00Z" or "+02:00"). */
const instantString = v.pipe(
  v.string('Choose a date and time.'),
  v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, 'Send the start as an ISO date and time with a time zone.'),
  // Date rolls 2027-02-31 over to 3 March; a day that does not exist is refused instead.
  v.check((s) => isCalendarDay(s.slice(0, 10)), 'This date does not exist.'),
  v.transform((s) => new Date(s)),
  v.check((d) => !Number.isNaN(d.getTime()), 'Choose a valid date and time.'),
);

const address = v.strictObject({
  street: requiredText('the street and number', 200),
  zip: v.pipe(v.string('Please enter the postal code.'), v.trim(), v.regex(/^[A-Za-z0-9 -]{3,10}$/, 'Please enter a valid postal code.')),
  city: requiredText('the city', 100),
});

/** POST /v1/bookings (PRODUCT "Booking lifecycle": the booking start's inputs). */
export const createBody = v.pipe(
  v.strictObject({
    menu_id: idNumber('a menu'),
    occasion: v.picklist(OCCASIONS, 'Choose an occasion.'),
    at_chefs_place: v.boolean('Choose where the event takes place.'),
    address: v.optional(v.nullable(address)),
    guests,
    starts_at: instantString,
    diets: v.optional(v.pipe(v.array(key, 'Send a list of diet keys.'), v.maxLength(MAX_DIETARY_KEYS, `Choose at most ${MAX_DIETARY_KEYS}.`), v.transform((l) => [...new Set(l)])), []),
    allergens: v.optional(
      v.pipe(
        v.array(
          v.strictObject({
            key,
            guests: v.pipe(v.number('Enter how many guests.'), v.integer('Enter a whole number.'), v.minValue(1, 'At least one guest.'), v.maxValue(GUESTS_MAX, `At most ${GUESTS_MAX} guests.`)),
          }),
          'Send a list of allergens with guest counts.',
        ),
        v.maxLength(MAX_DIETARY_KEYS, `Choose at most ${MAX_DIETARY_KEYS}.`),
        v.check((l) => new Set(l.map((a) => a.key)).size === l.length, 'Name each allergen once.'),
      ),
      [],
    ),
    kitchen_notes: optionalText('Kitchen notes'),
    message: optionalText('The message'),
    /** The booking the chef cancelled that this one replaces (the guaranteed dinner): its guests' passport comes along. */
    rebook_of: v.optional(idNumber('the booking to rebook')),
  }),
  v.forward(
    v.check((b) => b.at_chefs_place || b.address != null, 'Please enter the address of the event.'),
    ['address'],
  ),
  v.forward(
    v.check((b) => b.allergens.every((a) => a.guests <= b.guests), 'An allergen cannot concern more guests than are coming.'),
    ['allergens'],
  ),
);
export type CreateInput = v.InferOutput<typeof createBody>;

/** POST /v1/bookings/{id}/decline */
export const declineBody = v.strictObject({ reason: v.pipe(requiredText('a reason for the customer', TEXT_MAX), multiline) });

/** POST /v1/bookings/{id}/cancel: the reason is required from a chef (the service checks). */
export const cancelBody = v.strictObject({ reason: optionalText('The reason') });

export const emptyBody = v.strictObject({});

export const bookingIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown booking.'), v.transform(Number)) });

export const SCOPES = ['upcoming', 'past', 'requests'] as const;
export type Scope = (typeof SCOPES)[number];

export const ordersQuery = v.object({ ...listQuery(['starts_at'] as const), scope: v.optional(v.picklist(SCOPES, `Use one of ${SCOPES.join(', ')}.`)) });

/** The Idempotency-Key header of create and pay: 8 to 255 visible characters (a UUID from the client). */
export const idempotencyKey = v.pipe(
  v.string('Send an Idempotency-Key header, e.g. a random UUID per submission.'),
  v.regex(/^[\x21-\x7e]{8,255}$/, 'The Idempotency-Key must be 8 to 255 visible characters, e.g. a random UUID.'),
);
