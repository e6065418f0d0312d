// Input schemas of the signed-in chef's calls (/v1/chefs, /v1/chefs/me/...), shared with the chef-area and
// onboarding forms of the client. Rules that need the database (ownership, list keys, region ids) are checked by
// the services and reported on the same field names.
import * as v from 'valibot';
import { CURRENCIES } from '../locales';
import { checkIban } from '../iban';
import { isCalendarDay } from '../event-time';
import { msg, type ValidationKey } from '../validation-messages';
import { chosenId, itemKey, longText, oneOf, requiredText, text, wholeNumber } from './fields';

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

/** A list of list-item keys (cuisine, diet or allergen keys as in list_items.key), without duplicates. */
const keys = (max: number) =>
  v.pipe(v.array(itemKey, msg('validation.choice.keylist')), v.maxLength(max, msg('validation.choice.atmost', { max })), v.transform((list) => [...new Set(list)]));

/** The fields of PUT /v1/chefs/me, which forms of the chef area send some of. */
const chefProfileFields = v.strictObject({
  profile_bio: v.optional(longText('validation.field.bio', BIO_MAX)),
  display_location: v.optional(text('validation.field.displaylocation', 120)),
  address: v.optional(text('validation.field.address', 300)),
  languages: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.toLowerCase(), v.check((c) => LANGUAGE_CODES.has(c), msg('validation.chef.languagecode'))), msg('validation.chef.languagelist')),
      v.maxLength(20, msg('validation.chef.languagesmax', { max: 20 })),
      v.transform((list) => [...new Set(list)]),
    ),
  ),
  experience_years: v.optional(v.nullable(wholeNumber('validation.field.experience', 0, 70))),
  cuisines: v.optional(keys(10)),
  travel_radius_km: v.optional(wholeNumber('validation.field.travelradius', TRAVEL_RADIUS_MIN, TRAVEL_RADIUS_MAX)),
  home_region_id: v.optional(v.nullable(chosenId('validation.chef.homeregion'))),
  /** Exact coordinates (e.g. from POST /v1/locations/geocode/address); otherwise the home region's are used. */
  lat: v.optional(v.pipe(v.number(), v.finite(), v.minValue(-90), v.maxValue(90))),
  lon: v.optional(v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180))),
  avatar_image_id: v.optional(v.nullable(chosenId('validation.choice.picture'))),
});
/** PUT /v1/chefs/me: every field is optional; fields not sent keep their value (each onboarding step saves its own). */
export const chefProfileBody = v.pipe(
  chefProfileFields,
  v.forward(
    v.partialCheck([['lat'], ['lon']], (b) => (b.lat === undefined) === (b.lon === undefined), msg('validation.chef.latlon')),
    ['lat'],
  ),
);
export type ChefProfileInput = v.InferOutput<typeof chefProfileBody>;

/** PUT /v1/chefs/me/regions */
export const regionsBody = v.strictObject({
  regions: v.pipe(
    v.array(chosenId('validation.chef.region'), msg('validation.chef.regionlist')),
    v.maxLength(MAX_REGIONS, msg('validation.chef.regionsmax', { max: MAX_REGIONS })),
    v.transform((list) => [...new Set(list)]),
  ),
});

/**
 * The chef area's location form, checked at once before it makes its two calls: the address, home region and travel
 * radius of PUT /v1/chefs/me, then the regions served of PUT /v1/chefs/me/regions.
 */
export const chefLocationBody = v.strictObject({
  ...v.pick(chefProfileFields, ['address', 'home_region_id', 'travel_radius_km']).entries,
  ...regionsBody.entries,
});

/** POST /v1/chefs/me/regions/derive */
export const deriveRegionsBody = v.strictObject({
  region_id: chosenId('validation.chef.region'),
  travel_radius_km: wholeNumber('validation.field.travelradius', TRAVEL_RADIUS_MIN, TRAVEL_RADIUS_MAX),
});

const course = v.strictObject({
  course_type: v.picklist(COURSE_TYPES, oneOf(COURSE_TYPES, 'validation.menu.coursetype')),
  name: requiredText('validation.field.coursename', 'validation.menu.coursename', 1, 120),
  description: v.optional(longText('validation.field.coursedescription', 1000), ''),
  allergens: v.optional(keys(14), []),
});

const tier = v.strictObject({
  min_guests: wholeNumber('validation.field.tierguests', GUESTS_MIN, GUESTS_MAX),
  price_per_person: wholeNumber('validation.field.tierprice', PRICE_MIN, PRICE_MAX),
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

/** The maximum guest count is not below the minimum. */
const guestsInOrder = (m: { min_guests: number; max_guests: number }): boolean => m.min_guests <= m.max_guests;

/** A tier is a group discount: a tier at or above the base would charge a larger group as much or more per person. */
const tiersBelowBase = (m: { price_tiers: { price_per_person: number }[]; price_per_person: number }): boolean =>
  m.price_tiers.every((t) => t.price_per_person < m.price_per_person);

/** POST /v1/chefs/me/menus and PUT /v1/chefs/me/menus/{id} (the whole menu each time). */
export const menuBody = v.pipe(
  v.strictObject({
    name: requiredText('validation.field.menuname', 'validation.menu.name', 3, 120),
    description: v.optional(longText('validation.field.description', 4000), ''),
    image_id: v.optional(v.nullable(chosenId('validation.choice.picture')), null),
    min_guests: wholeNumber('validation.field.minguests', GUESTS_MIN, GUESTS_MAX),
    max_guests: wholeNumber('validation.field.maxguests', GUESTS_MIN, GUESTS_MAX),
    price_per_person: wholeNumber('validation.field.price', PRICE_MIN, PRICE_MAX),
    /** Optional; when sent it must be the chef's currency (menus are priced in it). */
    currency: v.optional(v.picklist(CURRENCIES, oneOf(CURRENCIES, 'validation.choice.useoneof'))),
    price_tiers: v.optional(v.pipe(v.array(tier), v.maxLength(MAX_PRICE_TIERS, msg('validation.menu.tiersmax', { max: MAX_PRICE_TIERS }))), []),
    at_customer: v.boolean(msg('validation.menu.atcustomer')),
    at_chef: v.boolean(msg('validation.menu.atchef')),
    booking_mode: v.picklist(BOOKING_MODES, msg('validation.menu.bookingmode')),
    cuisines: v.optional(keys(10), []),
    diets: v.optional(keys(10), []),
    courses: v.pipe(
      v.array(course, msg('validation.menu.courselist')),
      v.minLength(1, msg('validation.menu.coursesmin')),
      v.maxLength(MAX_COURSES, msg('validation.menu.coursesmax', { max: MAX_COURSES })),
    ),
  }),
  v.forward(
    v.partialCheck([['min_guests'], ['max_guests']], guestsInOrder, msg('validation.menu.guestorder')),
    ['max_guests'],
  ),
  v.forward(
    v.partialCheck([['at_customer'], ['at_chef']], (m) => m.at_customer || m.at_chef, msg('validation.menu.place')),
    ['at_customer'],
  ),
  v.forward(
    v.partialCheck(
      [['price_tiers'], ['min_guests'], ['max_guests']],
      (m) => tiersFit(m.price_tiers, m.min_guests, m.max_guests),
      msg('validation.menu.tierorder'),
    ),
    ['price_tiers'],
  ),
  v.forward(v.partialCheck([['price_tiers'], ['price_per_person']], tiersBelowBase, msg('validation.menu.tierbelowbase')), ['price_tiers']),
);
export type MenuInput = v.InferOutput<typeof menuBody>;

/** A calendar day of a query parameter; the message names the parameter (`from`, `to`). */
export const dayString = (name: string) =>
  v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, msg('validation.chef.dayformat', { name })), v.check(isCalendarDay, msg('validation.chef.daymissing', { name })));

/** GET /v1/chefs/me/availability?from=&to= (both optional: from defaults to today, to to 90 days later). */
export const availabilityQuery = v.object({ from: v.optional(dayString('from')), to: v.optional(dayString('to')) });

/** PUT /v1/chefs/me/availability/{day} */
export const blockDayBody = v.strictObject({ note: v.optional(v.nullable(text('validation.field.note', 200))) });

/** An IBAN as typed (spaces, lower case): checked (country length, mod-97) and given back normalised, as it is stored. */
export const ibanInput = (required: ValidationKey) =>
  v.pipe(
    v.string(msg(required)),
    v.nonEmpty(msg(required)),
    v.maxLength(64, msg('validation.iban.toolong')),
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
  account_holder: requiredText('validation.field.accountholder', 'validation.chef.accountholder', 2, 100),
  iban: ibanInput('validation.iban.required'),
  password: v.pipe(v.string(msg('validation.password.required')), v.nonEmpty(msg('validation.password.required')), v.maxLength(256)),
});
