// Input schemas of the signed-in chef's calls (/v1/chefs, /v1/chefs/me/...), shared with the chef-area and
// onboarding forms of the client. Rules that need the database (ownership, list keys, region ids) are checked by
// the services and reported on the same field names.
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { CURRENCIES } from '../locales';
import { checkIban } from '../iban';
import { isCalendarDay } from '../event-time';

export const GUESTS_MIN = 2;
export const GUESTS_MAX = 100;
export const PRICE_MIN = 1000;
export const PRICE_MAX = 100_000;
export const MAX_PRICE_TIERS = 5;
export const MAX_COURSES = 12;
/** A menu can be published (and counts for onboarding) from this many courses. */
export const MIN_COURSES_TO_PUBLISH = 3;
export const BIO_MAX = 5000;
/** The onboarding profile step asks for a bio of at least this length. */
export const BIO_MIN_FOR_ONBOARDING = 50;
export const MAX_REGIONS = 500;
export const TRAVEL_RADIUS_MIN = 1;
export const TRAVEL_RADIUS_MAX = 200;
/** Longest range GET /v1/chefs/me/availability answers at once. */
export const AVAILABILITY_MAX_DAYS = 400;
/** Days can be blocked up to two years ahead; bookings reach one year ahead. */
export const BLOCK_MAX_DAYS_AHEAD = 730;

export const COURSE_TYPES = ['amuse', 'starter', 'soup', 'main', 'cheese', 'dessert', 'side', 'drink'] as const;
export const BOOKING_MODES = ['instant', 'request'] as const;

/** ISO 639-1 language codes. */
export const LANGUAGE_CODES = new Set(
  ('aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es ' +
    'et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj ' +
    'kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ' +
    'ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti ' +
    'tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu').split(' '),
);

const id = (what: string) => v.pipe(v.number(`Choose ${what}.`), v.integer(`Choose ${what}.`), v.minValue(1, `Choose ${what}.`));

const int = (label: string, min: number, max: number) =>
  v.pipe(
    v.number(`${label} must be a number.`),
    v.integer(`${label} must be a whole number.`),
    v.minValue(min, `${label} must be at least ${min}.`),
    v.maxValue(max, `${label} must be at most ${max}.`),
  );

const text = (label: string, max: number) => v.pipe(v.string(`${label} must be text.`), v.trim(), v.maxLength(max, `${label} can be at most ${max} characters long.`));
/** Markdown and descriptions keep their line breaks. */
const longText = (label: string, max: number) => v.pipe(text(label, max), multiline);

const requiredText = (label: string, min: number, max: number) =>
  v.pipe(
    v.string(`Please enter ${label.toLowerCase()}.`),
    v.trim(),
    v.minLength(min, min === 1 ? `Please enter ${label.toLowerCase()}.` : `${label} must be at least ${min} characters long.`),
    v.maxLength(max, `${label} can be at most ${max} characters long.`),
  );

/** A list of list-item keys (cuisine, diet or allergen keys as in list_items.key), without duplicates. */
const keys = (max: number) =>
  v.pipe(
    v.array(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Unknown key.')), 'Send a list of keys.'),
    v.maxLength(max, `Choose at most ${max}.`),
    v.transform((list) => [...new Set(list)]),
  );

/** POST /v1/chefs: the seed sends an empty body. */
export const startChefBody = v.strictObject({});

/** PUT /v1/chefs/me: every field is optional; fields not sent keep their value (each onboarding step saves its own). */
export const chefProfileBody = v.pipe(
  v.strictObject({
    profile_bio: v.optional(longText('Your bio', BIO_MAX)),
    display_location: v.optional(text('The location shown on your profile', 120)),
    address: v.optional(text('Your address', 300)),
    languages: v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.toLowerCase(), v.check((c) => LANGUAGE_CODES.has(c), 'Use ISO 639-1 language codes such as "de" or "en".')), 'Send a list of language codes.'),
        v.maxLength(20, 'Choose at most 20 languages.'),
        v.transform((list) => [...new Set(list)]),
      ),
    ),
    experience_years: v.optional(v.nullable(int('Years of experience', 0, 70))),
    cuisines: v.optional(keys(10)),
    travel_radius_km: v.optional(int('The travel radius', TRAVEL_RADIUS_MIN, TRAVEL_RADIUS_MAX)),
    home_region_id: v.optional(v.nullable(id('your home region'))),
    /** Exact coordinates (e.g. from POST /v1/locations/geocode/address); otherwise the home region's are used. */
    lat: v.optional(v.pipe(v.number(), v.finite(), v.minValue(-90), v.maxValue(90))),
    lon: v.optional(v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180))),
    avatar_image_id: v.optional(v.nullable(id('a picture'))),
  }),
  v.forward(
    v.partialCheck([['lat'], ['lon']], (b) => (b.lat === undefined) === (b.lon === undefined), 'Send lat and lon together.'),
    ['lat'],
  ),
);
export type ChefProfileInput = v.InferOutput<typeof chefProfileBody>;

/** PUT /v1/chefs/me/regions */
export const regionsBody = v.strictObject({
  regions: v.pipe(
    v.array(id('a region'), 'Send a list of region ids.'),
    v.maxLength(MAX_REGIONS, `Choose at most ${MAX_REGIONS} regions.`),
    v.transform((list) => [...new Set(list)]),
  ),
});

/** POST /v1/chefs/me/regions/derive */
export const deriveRegionsBody = v.strictObject({
  region_id: id('a region'),
  travel_radius_km: int('The travel radius', TRAVEL_RADIUS_MIN, TRAVEL_RADIUS_MAX),
});

const course = v.strictObject({
  course_type: v.picklist(COURSE_TYPES, `Choose a course type: ${COURSE_TYPES.join(', ')}.`),
  name: requiredText('The course name', 1, 120),
  description: v.optional(longText('The course description', 1000), ''),
  allergens: v.optional(keys(14), []),
});

const tier = v.strictObject({
  min_guests: int('The tier guest count', GUESTS_MIN, GUESTS_MAX),
  price_per_person: int('The tier price', PRICE_MIN, PRICE_MAX),
});

/** Strictly increasing thresholds, each above the menu's minimum and within its maximum. */
export function tiersFit(tiers: { min_guests: number }[], minGuests: number, maxGuests: number): boolean {
  let last = minGuests;
  for (const t of tiers) {
    if (t.min_guests <= last || t.min_guests > maxGuests) return false;
    last = t.min_guests;
  }
  return true;
}

/** The maximum guest count is not below the minimum; named so a form can tell this failure from a bad count. */
export const guestsInOrder = (m: { min_guests: number; max_guests: number }): boolean => m.min_guests <= m.max_guests;

/** A tier is a group discount: a tier at or above the base would charge a larger group as much or more per person. */
export const tiersBelowBase = (m: { price_tiers: { price_per_person: number }[]; price_per_person: number }): boolean =>
  m.price_tiers.every((t) => t.price_per_person < m.price_per_person);

/** POST /v1/chefs/me/menus and PUT /v1/chefs/me/menus/{id} (the whole menu each time). */
export const menuBody = v.pipe(
  v.strictObject({
    name: requiredText('The menu name', 3, 120),
    description: v.optional(longText('The description', 4000), ''),
    image_id: v.optional(v.nullable(id('a picture')), null),
    min_guests: int('The minimum guest count', GUESTS_MIN, GUESTS_MAX),
    max_guests: int('The maximum guest count', GUESTS_MIN, GUESTS_MAX),
    price_per_person: int('The price per person', PRICE_MIN, PRICE_MAX),
    /** Optional; when sent it must be the chef's currency (menus are priced in it). */
    currency: v.optional(v.picklist(CURRENCIES, `Use one of ${CURRENCIES.join(', ')}.`)),
    price_tiers: v.optional(v.pipe(v.array(tier), v.maxLength(MAX_PRICE_TIERS, `Add at most ${MAX_PRICE_TIERS} price tiers.`)), []),
    at_customer: v.boolean('Choose whether you cook at the customer’s place.'),
    at_chef: v.boolean('Choose whether guests can come to your place.'),
    booking_mode: v.picklist(BOOKING_MODES, 'Choose instant booking or booking on request.'),
    cuisines: v.optional(keys(10), []),
    diets: v.optional(keys(10), []),
    courses: v.pipe(v.array(course, 'Add the courses of the menu.'), v.minLength(1, 'Add at least one course.'), v.maxLength(MAX_COURSES, `Add at most ${MAX_COURSES} courses.`)),
  }),
  v.forward(
    v.partialCheck([['min_guests'], ['max_guests']], guestsInOrder, 'The maximum guest count must not be below the minimum.'),
    ['max_guests'],
  ),
  v.forward(
    v.partialCheck([['at_customer'], ['at_chef']], (m) => m.at_customer || m.at_chef, 'Offer the menu at the customer’s place, at yours, or both.'),
    ['at_customer'],
  ),
  v.forward(
    v.partialCheck(
      [['price_tiers'], ['min_guests'], ['max_guests']],
      (m) => tiersFit(m.price_tiers, m.min_guests, m.max_guests),
      'Each price tier must start at a higher guest count than the one before, above the minimum and within the maximum guest count.',
    ),
    ['price_tiers'],
  ),
  v.forward(v.partialCheck([['price_tiers'], ['price_per_person']], tiersBelowBase, 'Each price tier must be lower than the price per person.'), ['price_tiers']),
);
export type MenuInput = v.InferOutput<typeof menuBody>;

export const dayString = (label: string) =>
  v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: use a date like 2026-07-15.`), v.check(isCalendarDay, `${label}: this date does not exist.`));

/** GET /v1/chefs/me/availability?from=&to= (both optional: from defaults to today, to to 90 days later). */
export const availabilityQuery = v.object({ from: v.optional(dayString('from')), to: v.optional(dayString('to')) });

/** PUT /v1/chefs/me/availability/{day} */
export const blockDayBody = v.strictObject({ note: v.optional(v.nullable(text('The note', 200))) });

/** An IBAN as typed (spaces, lower case): checked (country length, mod-97) and given back normalised, as it is stored. */
export const ibanInput = (required: string) =>
  v.pipe(
    v.string(required),
    v.nonEmpty(required),
    v.maxLength(64, 'This IBAN is too long.'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const r = checkIban(dataset.value);
      if (!r.ok) {
        addIssue({ message: r.error });
        return NEVER;
      }
      return r.iban;
    }),
  );

/** PUT /v1/chefs/me/payout-details: the account password is asked every time, so a stolen session cannot redirect payouts. */
export const payoutDetailsBody = v.strictObject({
  account_holder: requiredText('The account holder', 2, 100),
  iban: ibanInput('Please enter your IBAN.'),
  password: v.pipe(v.string('Please enter your password.'), v.nonEmpty('Please enter your password.'), v.maxLength(256)),
});

/** Status transitions the chef asks for; the body may carry nothing. */
export const emptyBody = v.strictObject({});
