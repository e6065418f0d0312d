// The route guard as a pure function (seed §2 "Route guard", PRODUCT.md "Launch mode"). The app applies it once the
// session is fetched; the server enforces access on its own, with the same prelaunch whitelist.
import { PRELAUNCH_VISITOR_WHITELIST } from '#shared/prelaunch';
import { findRoute, matchPath, routeUrl } from '../lib/routes';

export type LaunchMode = 'live' | 'prelaunch';

export interface GuardContext {
  /** null when the session could not be fetched: the guard then errs on the closed side, as before launch. */
  launchMode: LaunchMode | null;
  user: { is_su: boolean } | null;
}

export const normalisePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') || '/' : path || '/');

export const isPrelaunchWhitelisted = (path: string): boolean =>
  PRELAUNCH_VISITOR_WHITELIST.some((pattern) => matchPath(pattern, normalisePath(path)) !== null);

/**
 * Where to send someone who asks for `path` (+ `search`), or null to let them in.
 * - prelaunch visitor, or launch mode unknown (the session fetch failed): only the whitelist; anything else →
 *   /become-a-chef
 * - live visitor: public pages (and the 404 page); account and admin → /login?return=<target>
 * - signed-in user: everything except admin pages, which need `is_su` (→ home)
 */
export function guardRedirect(path: string, search: string, ctx: GuardContext): string | null {
  const target = normalisePath(path);
  const access = findRoute(target)?.route.access ?? 'public';

  if (ctx.user) {
    return access === 'su' && !ctx.user.is_su ? routeUrl('home') : null;
  }

  if (ctx.launchMode !== 'live') {
    return isPrelaunchWhitelisted(target) ? null : routeUrl('account.beachef');
  }

  if (access === 'public') return null;
  return routeUrl('auth.login', {}, { query: { return: `${target}${search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : ''}` } });
}
