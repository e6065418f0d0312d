// The hot requests of the product, by who makes them, over a database with the demo marketplace (its accounts,
// bookings and threads). The benchmark explains their SQL on the scaled database; tests/perf does it on a small one.
import { and, asc, eq } from 'drizzle-orm';
import type { DB } from '../../functions/_api/db/client';
import { ChefStatus, chefs } from '../../functions/_api/db/schema/chefs';
import { menus } from '../../functions/_api/db/schema/menus';
import { users } from '../../functions/_api/db/schema/users';
import { NEAR_PAGE_QUERY } from '#shared/near-page';
import { DEMO_CITIES } from '../seed/regions';
import { DEMO_EMAILS } from '../seed/demo';
import { DAY } from '#shared/time';

export type Role = 'visitor' | 'customer' | 'chef' | 'admin';
export type HotRequest = { name: string; role: Role; path: string };

/** What the web client's menus-near-me page asks for (web/src/features/discovery/filters.ts nearApiPath). */
export const NEAR_ME_QUERY = new URLSearchParams({ ...NEAR_PAGE_QUERY, page_size: String(NEAR_PAGE_QUERY.page_size), page: '0', count: '1', at_chefs_place: '0', guests: '2' }).toString();

export const ROLE_EMAILS: Record<Exclude<Role, 'visitor'>, string> = { customer: DEMO_EMAILS.customer, chef: DEMO_EMAILS.chef, admin: DEMO_EMAILS.admin };

export type HotIds = { regionId: number; chefUri: string; chefId: number; menuId: number; day: string };

/** Ids the requests need: a demo city, the demo chef and one of its published menus. */
export async function hotIds(db: DB, now: Date): Promise<HotIds> {
  const [chef] = await db
    .select({ id: chefs.id, uri: chefs.uri, menuId: menus.id })
    .from(chefs)
    .innerJoin(users, eq(users.id, chefs.userId))
    .innerJoin(menus, and(eq(menus.chefId, chefs.id), eq(menus.status, 'published')))
    .where(and(eq(users.email, DEMO_EMAILS.chef), eq(chefs.status, ChefStatus.Active)))
    .orderBy(asc(menus.id))
    .limit(1);
  if (!chef) throw new Error('the demo chef with a published menu is missing: seed with demo data');
  const day = new Date(now.getTime() + 20 * DAY).toISOString().slice(0, 10);
  return { regionId: DEMO_CITIES[0]!.geonameid, chefUri: chef.uri, chefId: chef.id, menuId: chef.menuId, day };
}

export function hotRequests(ids: HotIds): HotRequest[] {
  const near = `/v1/menus/near/${ids.regionId}`;
  return [
    { name: 'session', role: 'customer', path: '/v1/auth/session/user' },
    { name: 'session (visitor)', role: 'visitor', path: '/v1/auth/session/user' },
    { name: 'menus near', role: 'visitor', path: `${near}?${NEAR_ME_QUERY}` },
    { name: 'menus near, filtered', role: 'visitor', path: `${near}?${NEAR_ME_QUERY}&cuisines=italian,swiss&diets=vegetarian&allergies_exclude=nuts&search=menu&date=${ids.day}` },
    { name: 'featured menus', role: 'visitor', path: '/v1/menus/featured' },
    { name: 'chef profile', role: 'visitor', path: `/v1/chefs/${ids.chefUri}?resolve=user_public,user_public.avatar` },
    { name: 'chef menus', role: 'visitor', path: `/v1/chefs/${ids.chefId}/menus?resolve=diets,allergies,cuisines,items,image` },
    { name: 'chef reviews', role: 'visitor', path: `/v1/chefs/${ids.chefId}/reviews?resolve=user_public,user_public.avatar&count=1` },
    { name: 'menu detail', role: 'visitor', path: `/v1/menus/${ids.menuId}` },
    { name: 'menu availability', role: 'visitor', path: `/v1/menus/${ids.menuId}/availability` },
    { name: 'region search, name', role: 'visitor', path: '/v1/locations/regions?text=zur' },
    { name: 'region search, zip', role: 'visitor', path: '/v1/locations/regions?text=80' },
    { name: 'region search, nearest', role: 'visitor', path: '/v1/locations/regions?lat=47.37&lon=8.54' },
    { name: 'popular cities', role: 'visitor', path: '/v1/locations' },
    { name: 'message threads (customer)', role: 'customer', path: '/v1/users/me/message-threads?count=1' },
    { name: 'message threads (chef)', role: 'chef', path: '/v1/users/me/message-threads?count=1' },
    { name: 'my bookings, upcoming', role: 'customer', path: '/v1/users/me/orders?scope=upcoming&count=1' },
    { name: 'my bookings, past', role: 'customer', path: '/v1/users/me/orders?scope=past&count=1' },
    { name: 'notifications', role: 'customer', path: '/v1/users/me/notifications?count=1' },
    { name: 'chef bookings', role: 'chef', path: '/v1/chefs/me/bookings?count=1' },
    { name: 'admin users', role: 'admin', path: '/v1/admin/users?count=1' },
    { name: 'admin users, search', role: 'admin', path: '/v1/admin/users?count=1&q=anna' },
    { name: 'admin chefs', role: 'admin', path: '/v1/admin/chefs?count=1' },
    { name: 'admin chefs, search', role: 'admin', path: '/v1/admin/chefs?count=1&q=zurich%20anna' },
    { name: 'admin bookings', role: 'admin', path: '/v1/admin/bookings?count=1' },
    { name: 'admin images', role: 'admin', path: '/v1/admin/images?count=1' },
    { name: 'admin payouts', role: 'admin', path: '/v1/admin/payouts?count=1' },
    { name: 'admin outbox', role: 'admin', path: '/v1/admin/outbox?count=1' },
    { name: 'admin audit log', role: 'admin', path: '/v1/admin/audit?count=1' },
  ];
}

export type Call = (path: string, init?: RequestInit) => Response | Promise<Response>;

/** Signs in through the API like a browser and returns the cookie header to send back. */
export async function signIn(call: Call, email: string, password: string, ip = '10.9.9.9'): Promise<string> {
  const res = await call('/v1/auth/signin', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-real-ip': ip },
    body: JSON.stringify({ identifier: email, secret: password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
}

/** Signs in every role once; the visitor sends no cookie. */
export async function roleCookies(call: Call, password: string): Promise<Record<Role, string | null>> {
  return {
    visitor: null,
    customer: await signIn(call, ROLE_EMAILS.customer, password, '10.9.9.1'),
    chef: await signIn(call, ROLE_EMAILS.chef, password, '10.9.9.2'),
    admin: await signIn(call, ROLE_EMAILS.admin, password, '10.9.9.3'),
  };
}

export async function requestAs(call: Call, cookies: Record<Role, string | null>, req: HotRequest): Promise<Response> {
  const cookie = cookies[req.role];
  return call(req.path, { headers: { 'x-real-ip': '10.9.9.10', ...(cookie ? { cookie } : {}) } });
}
