// What the client's menus-near-me page (web/src/features/discovery/filters.ts) asks GET /v1/menus/near for, shared
// with the edge, which asks for the same first page when it paints that page's first row of pictures
// (modules/seo/near-page.edge.ts): both then see the same menus, and the second ask is served from the result cache.

/**
 * Seed §7 lists `version` among the page's parameters without giving its value. It names the shape of the answer
 * this client reads (1: the shape of today). The API accepts it and answers every version alike; the result cache
 * is keyed by what the body depends on, so the client's call and the edge's share one cached answer.
 */
export const NEAR_PAGE_VERSION = '1';

/** The page's fixed parameters: its resolve, its picture stacks, the version and a page of 200 (seed §7, §9). */
export const NEAR_PAGE_QUERY = {
  resolve: 'chef,diets,cuisines,image,chef.user_public,chef.user_public.avatar',
  stacks: 't512_1x1,t512_2x1,t1024_2x1',
  version: NEAR_PAGE_VERSION,
  page_size: 200,
} as const;

/**
 * The booking settings that change which menus the page shows, mirrored by the client into this cookie (they live in
 * localStorage, which the edge cannot read): the event day when a bookable one is set, the guests and the place.
 */
export const NEAR_SETTINGS_COOKIE = 'near';

export type NearSettings = { date?: string; guests: number; at_chefs_place: boolean };

/** `2026-12-24_6_1`: day (or nothing), guests, 1 at the chef's place. */
export const nearSettingsCookieValue = (s: NearSettings) => `${s.date ?? ''}_${s.guests}_${s.at_chefs_place ? 1 : 0}`;

/** The cookie's settings, or null when it is missing or malformed. The day and guests are checked again by the API's own query schema. */
export function parseNearSettingsCookie(value: string | undefined): NearSettings | null {
  const m = /^(\d{4}-\d{2}-\d{2})?_(\d{1,3})_([01])$/.exec(value ?? '');
  return m ? { date: m[1], guests: Number(m[2]), at_chefs_place: m[3] === '1' } : null;
}
