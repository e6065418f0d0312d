// The route guard as a pure function (seed §2 "Route guard", PRODUCT.md "Launch mode"). The app applies it once the
// session is fetched; the server enforces access on its own.
import { findRoute, matchPath, routeUrl } from '../lib/routes';

export type LaunchMode = 'live' | 'prelaunch';

export interface GuardContext {
  launchMode: LaunchMode;
  user: { is_su: boolean } | null;
}

/** Seed §2: what a visitor may open before launch (plus the OAuth return). Everything else redirects to /become-a-chef. */
export const PRELAUNCH_VISITOR_WHITELIST: readonly string[] = [
  '/become-a-chef',
  '/login',
  '/register',
  '/auth/recovery',
  // Returning from Apple, Google or Meta: the visitor is not signed in until this page completes it.
  '/auth/external',
  '/account',
  '/account/me',
  '/account/me/personal-details',
  '/account/me/login-security',
  '/chefs/:uri',
  '/chefs/:uri/menu/:menuId',
  '/help',
  '/aboutus',
  '/page/contact',
  '/page/foodsafety',
  '/page/termsconditions',
  '/page/privacypolicy',
  '/page/legalnotice',
];

export const normalisePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/');

export const isPrelaunchWhitelisted = (path: string): boolean =>
  PRELAUNCH_VISITOR_WHITELIST.some((pattern) => matchPath(pattern, normalisePath(path)) !== null);

/**
 * Where to send someone who asks for `path` (+ `search`), or null to let them in.
 * - prelaunch visitor: only the whitelist; anything else → /become-a-chef
 * - live visitor: public pages (and the 404 page); account and admin → /login?return=<target>
 * - signed-in user: everything except admin pages, which need `is_su` (→ home)
 */
export function guardRedirect(path: string, search: string, ctx: GuardContext): string | null {
  const target = normalisePath(path);
  const access = findRoute(target)?.route.access ?? 'public';

  if (ctx.user) {
    return access === 'su' && !ctx.user.is_su ? routeUrl('home') : null;
  }

  if (ctx.launchMode === 'prelaunch') {
    return isPrelaunchWhitelisted(target) ? null : routeUrl('account.beachef');
  }

  if (access === 'public') return null;
  return routeUrl('auth.login', {}, { query: { return: `${target}${search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : ''}` } });
}
