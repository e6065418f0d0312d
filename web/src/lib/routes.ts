// Named routes (seed §2): paths, layout flags and who may open them. Pages are bound to these names in
// app/routeTable.tsx; everything else builds links with `routeUrl(name, params)` instead of writing paths by hand.

export interface LayoutFlags {
  /** Show the booking bar in the header. */
  bookingBar?: boolean;
  /** White page background instead of the warm cream one. */
  whiteBackground?: boolean;
  /** Content spans the full width instead of the centred container. */
  fullWidth?: boolean;
  /** Hide the footer (menus near me, seed §2). */
  hideFooter?: boolean;
}

/** What the route table hands every page: the path's parameters (features import this, never the route table). */
export interface PageProps {
  params: Record<string, string>;
  /** Translation key of the screen's name, for pages that share one placeholder component. */
  screenKey?: string;
}

/** Who the client lets in; the server enforces the same rules on its side. */
export type Access = 'public' | 'user' | 'su';

export interface RouteDef {
  name: string;
  path: string;
  flags?: LayoutFlags;
  access?: Access;
  /** Sends the visitor on to another named route (e.g. /ylcadmin → /ylcadmin/home). */
  redirectTo?: string;
}

const account = (name: string, path: string, flags?: LayoutFlags): RouteDef => ({
  name: `account.${name}`,
  path: `/account${path}`,
  access: 'user',
  ...(flags ? { flags } : {}),
});
const admin = (name: string, path: string): RouteDef => ({
  name: `ylcadmin.${name}`,
  path: `/ylcadmin${path}`,
  access: 'su',
  // The console is a work screen: no consumer footer (newsletter, social links) under its tables.
  flags: { fullWidth: true, whiteBackground: true, hideFooter: true },
});

export const ROUTES: readonly RouteDef[] = [
  { name: 'home', path: '/', flags: { bookingBar: true, fullWidth: true } },
  { name: 'style', path: '/sergiostyle' },
  { name: 'help', path: '/help', flags: { whiteBackground: true } },
  { name: 'page', path: '/page/:pageUrl', flags: { whiteBackground: true } },
  { name: 'aboutus', path: '/aboutus', flags: { whiteBackground: true } },
  { name: 'account.beachef', path: '/become-a-chef' },
  { name: 'auth.login', path: '/login' },
  { name: 'auth.register', path: '/register' },
  { name: 'auth.recovery', path: '/auth/recovery' },
  { name: 'auth.external', path: '/auth/external' },
  { name: 'newsletter.confirm', path: '/newsletter/confirm' },
  { name: 'newsletter.unsubscribe', path: '/newsletter/unsubscribe' },
  // A guest's allergy passport answer: the invite link the customer shares (no account).
  { name: 'guest.answer', path: '/guest/:token', flags: { whiteBackground: true } },
  { name: 'chefs.nearme', path: '/menus/nearme/:regionId', flags: { bookingBar: true, fullWidth: true, hideFooter: true } },
  { name: 'chefs.profile', path: '/chefs/:uri', flags: { whiteBackground: true } },
  { name: 'chefs.menu', path: '/chefs/:uri/menu/:menuId', flags: { whiteBackground: true } },
  { name: 'booking.begin', path: '/booking/begin/:menuId' },
  { name: 'checkout.test', path: '/checkout/test/:ref', access: 'user' },
  account('home', ''),
  account('me', '/me'),
  account('personaldetails', '/me/personal-details'),
  account('loginsecurity', '/me/login-security'),
  account('paymentpayout', '/me/payment-payout'),
  account('bookings', '/me/bookings'),
  account('bookings.detail', '/me/bookings/:bookingId'),
  account('bookings.messages', '/me/bookings/:bookingId/messages'),
  account('bookings.rate', '/me/bookings/:bookingId/rate'),
  account('notifications', '/me/notifications'),
  account('chefprofile', '/me/chefprofile'),
  account('becomechef', '/me/becomechef'),
  account('menumanagement', '/me/menumanagement'),
  account('menumanagement.detail', '/me/menumanagement/:menuId'),
  account('payout', '/me/payout'),
  account('availability', '/me/availability'),
  account('chefbookings', '/me/chefbookings'),
  account('chefbookings.detail', '/me/chefbookings/:bookingId'),
  { name: 'ylcadmin', path: '/ylcadmin', access: 'su', redirectTo: 'ylcadmin.home' },
  admin('home', '/home'),
  admin('images', '/images'),
  admin('locations', '/locations'),
  admin('lists', '/lists'),
  admin('users', '/users'),
  admin('users.detail', '/users/:userId'),
  admin('chefs', '/chefs'),
  admin('chefs.detail', '/chefs/:chefId'),
  admin('bookings', '/bookings'),
  admin('bookings.detail', '/bookings/:bookingId'),
  admin('payouts', '/payouts'),
  admin('complaints', '/complaints'),
  admin('complaints.detail', '/complaints/:complaintId'),
  admin('settings', '/settings'),
  admin('outbox', '/outbox'),
  admin('audit', '/audit'),
];

/** Names that build URLs but are not separate screens: chefs.near is chefs.nearme with the event at the chef's place. */
const ALIASES: Record<string, { route: string; query: Record<string, string> }> = {
  'chefs.near': { route: 'chefs.nearme', query: { at_chefs_place: '1' } },
};

const byName = new Map(ROUTES.map((r) => [r.name, r]));

export type RouteParams = Record<string, string | number>;

/** Matches `/chefs/:uri` style patterns segment by segment; returns the decoded params or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const split = (p: string) => p.split('/').filter(Boolean);
  const want = split(pattern);
  const got = split(path);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

export function findRoute(path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

export function routeUrl(name: string, params: RouteParams = {}, options: { hash?: string; query?: Record<string, string> } = {}): string {
  const alias = ALIASES[name];
  const route = byName.get(alias ? alias.route : name);
  if (!route) throw new Error(`Unknown route name: ${name}`);
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Route ${name} needs the parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams({ ...alias?.query, ...options.query }).toString();
  return `${path}${query ? `?${query}` : ''}${options.hash ? `#${options.hash}` : ''}`;
}
