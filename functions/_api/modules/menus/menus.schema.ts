// Query schemas of the public menu and chef reads (seed §7 "Chefs and menus"): resolve and stacks lists, the
// filters of /v1/menus/near/{regionId} and its availability parameters.
import * as v from 'valibot';
import { fieldError } from '../../lib/errors';
import { MAX_PAGE_SIZE } from '#shared/schemas/list.schema';
import { addDays, MARKET_TIMEZONE } from '#shared/booking-window';
import { isCalendarDay, localDay } from '#shared/event-time';

/** Image sizes a menu image is stored in (client-side resized, PRODUCT "Menus"). */
export const MENU_STACKS = ['t512_1x1', 't512_2x1', 't1024_2x1'] as const;
/** Seed §9: near-me page size 200. */
export const NEAR_PAGE_SIZE = MAX_PAGE_SIZE;
/** Guests 2 to 100 (seed §5, §9). */
export const GUESTS_MIN = 2;
export const GUESTS_MAX = 100;
/**
 * At most this many keys per filter list. D1 binds at most 100 parameters per statement and the facet queries
 * carry every filter; 3 × 20 keys plus the other conditions stays below that.
 */
export const MAX_FILTER_KEYS = 20;

const splitList = (s: string) => [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))];

/** A comma list whose every entry is one of `allowed`; the error lands on the parameter itself. */
export function commaList<T extends string>(allowed: readonly T[]) {
  return v.optional(
    v.pipe(
      v.string(),
      v.transform(splitList),
      v.check((list) => list.every((x) => (allowed as readonly string[]).includes(x)), `Use a comma list of: ${allowed.join(', ')}.`),
      v.transform((list) => list as T[]),
    ),
    '',
  );
}

/** A comma list of list-item keys (cuisine, diet and allergen keys as in list_items.key). */
export const keyList = v.optional(
  v.pipe(
    v.string(),
    v.transform(splitList),
    v.check((list) => list.every((x) => /^[a-z0-9][a-z0-9_-]{0,39}$/.test(x)), 'Use a comma list of keys such as "italian,french".'),
    v.check((list) => list.length <= MAX_FILTER_KEYS, `Choose at most ${MAX_FILTER_KEYS} values.`),
  ),
  '',
);

/** A resolve list where "a.b" implies "a", so `resolve=chef.user_public.avatar` also resolves the chef. */
export function resolveList<T extends string>(allowed: readonly T[]) {
  return v.pipe(
    commaList(allowed),
    v.transform((list) => {
      const out = new Set<T>();
      for (const item of list) {
        const parts = item.split('.');
        // Every prefix of an allowed path is itself allowed (the resolve lists name parents before children).
        for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join('.') as T);
      }
      return out as ReadonlySet<T>;
    }),
  );
}

const intString = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Must be a whole number.'), v.transform(Number), v.minValue(min, `Must be at least ${min}.`), v.maxValue(max, `Must be at most ${max}.`));

export const guestsParam = v.optional(intString(GUESTS_MIN, GUESTS_MAX));

export const idParam = v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a numeric id.'), v.transform(Number));

export const NEAR_RESOLVE = ['chef', 'diets', 'cuisines', 'image', 'chef.user_public', 'chef.user_public.avatar'] as const;
export type NearResolve = (typeof NEAR_RESOLVE)[number];

/** GET /v1/menus/near/{regionId}: exactly the seed's parameters plus date, guests and at_chefs_place. */
export const nearQuery = v.object({
  resolve: resolveList(NEAR_RESOLVE),
  stacks: commaList(MENU_STACKS),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'The search can be at most 100 characters long.')), ''),
  cuisines: keyList,
  diets: keyList,
  allergies_exclude: keyList,
  /** The answer's shape the client reads (modules/menus/near-page.ts NEAR_PAGE_VERSION); accepted, one shape for all. */
  version: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]{0,32}$/, 'Invalid version.'))),
  page: v.optional(intString(0, 100_000), '0'),
  page_size: v.optional(intString(1, NEAR_PAGE_SIZE), String(NEAR_PAGE_SIZE)),
  count: v.optional(v.picklist(['0', '1'], 'Use count=1 or count=0.'), '0'),
  date: v.optional(
    v.pipe(
      v.string(),
      v.isoDate('Use a date like 2026-07-15.'),
      v.check(isCalendarDay, 'This date does not exist.'),
    ),
  ),
  guests: guestsParam,
  at_chefs_place: v.optional(v.picklist(['0', '1'], 'Use at_chefs_place=1 or at_chefs_place=0.')),
});

export const MENU_RESOLVE = ['diets', 'allergies', 'cuisines', 'items', 'image'] as const;
export type MenuResolve = (typeof MENU_RESOLVE)[number];

/** GET /v1/chefs/{id}/menus */
export const chefMenusQuery = v.object({ resolve: resolveList(MENU_RESOLVE), stacks: commaList(MENU_STACKS) });

/** GET /v1/menus/{id}: everything is resolved; stacks may narrow the image urls, guests picks the price tier. */
export const menuDetailQuery = v.object({ stacks: commaList(MENU_STACKS), guests: guestsParam });

/**
 * Seed §9: the earliest bookable time is tomorrow 13:00 and the latest one year ahead, so a searchable day lies in
 * [tomorrow, today + 1 year]. A day outside it can never be booked, so asking for it is a client error.
 */
export function checkBookableDay(day: string, now: Date): void {
  const { first, last } = bookableDays(now);
  if (day < first || day > last) throw fieldError('date', 'validation.rule.daterange', { first, last });
}

/** The range of checkBookableDay, worked out once a minute (the market's zone moves its days on whole minutes). */
let bookable: { minute: number; first: string; last: string } | null = null;
function bookableDays(now: Date) {
  const minute = Math.floor(now.getTime() / 60_000);
  if (bookable?.minute !== minute) {
    const today = localDay(now, MARKET_TIMEZONE);
    bookable = { minute, first: addDays(today, 1), last: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}` };
  }
  return bookable;
}
