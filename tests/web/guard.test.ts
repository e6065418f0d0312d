import { describe, expect, it } from 'vitest';
import { PRELAUNCH_VISITOR_WHITELIST } from '#shared/prelaunch';
import { guardRedirect } from '../../web/src/app/guard';
import { PAGES } from '../../web/src/app/routeTable';
import { ROUTES, routeUrl } from '../../web/src/lib/routes';

const visitor = null;
const customer = { is_su: false };
const admin = { is_su: true };

describe('route guard in prelaunch mode', () => {
  const prelaunch = (path: string, user: { is_su: boolean } | null = visitor, search = '') => guardRedirect(path, search, { launchMode: 'prelaunch', user });

  it.each([
    '/become-a-chef',
    '/login',
    '/register',
    '/auth/recovery',
    '/auth/external',
    '/account',
    '/account/me',
    '/account/me/personal-details',
    '/account/me/login-security',
    '/chefs/anna-muster-12',
    '/chefs/anna-muster-12/menu/7',
    '/help',
    '/aboutus',
    '/page/contact',
    '/page/foodsafety',
    '/page/termsconditions',
    '/page/privacypolicy',
    '/page/legalnotice',
  ])('lets a visitor open %s', (path) => {
    expect(prelaunch(path)).toBeNull();
  });

  it.each(['/', '/menus/nearme/42', '/booking/begin/7', '/page/jobs', '/account/me/bookings', '/account/me/payment-payout', '/ylcadmin/home', '/sergiostyle', '/no-such-page'])(
    'sends a visitor from %s to /become-a-chef',
    (path) => {
      expect(prelaunch(path)).toBe('/become-a-chef');
    },
  );

  it('treats a trailing slash like the path without it', () => {
    expect(prelaunch('/help/')).toBeNull();
    expect(prelaunch('/menus/nearme/42/')).toBe('/become-a-chef');
  });

  it('closes the same way when the launch mode is unknown because the session fetch failed', () => {
    const unknown = (path: string) => guardRedirect(path, '', { launchMode: null, user: visitor });
    expect(unknown('/')).toBe('/become-a-chef');
    expect(unknown('/menus/nearme/42')).toBe('/become-a-chef');
    expect(unknown('/help')).toBeNull();
    expect(unknown('/chefs/anna-muster-12')).toBeNull();
  });

  it('keeps the whitelist to the seed list plus the OAuth return and the newsletter links', () => {
    expect(PRELAUNCH_VISITOR_WHITELIST).toHaveLength(20);
    expect(PRELAUNCH_VISITOR_WHITELIST).toContain('/auth/external');
    expect(PRELAUNCH_VISITOR_WHITELIST).toContain('/newsletter/confirm');
    expect(PRELAUNCH_VISITOR_WHITELIST).toContain('/newsletter/unsubscribe');
  });

  it('lets signed-in users open everything but admin pages, which need is_su', () => {
    expect(prelaunch('/', customer)).toBeNull();
    expect(prelaunch('/account/me/bookings/5', customer)).toBeNull();
    expect(prelaunch('/ylcadmin/users', customer)).toBe('/');
    expect(prelaunch('/ylcadmin/users', admin)).toBeNull();
  });
});

describe('route guard in live mode', () => {
  const live = (path: string, user: { is_su: boolean } | null = visitor, search = '') => guardRedirect(path, search, { launchMode: 'live', user });

  it.each(['/', '/menus/nearme/42', '/chefs/anna-muster-12', '/chefs/anna-muster-12/menu/7', '/booking/begin/7', '/help', '/aboutus', '/page/jobs', '/login', '/register', '/auth/recovery', '/auth/external', '/become-a-chef'])(
    'lets a visitor open %s',
    (path) => {
      expect(live(path)).toBeNull();
    },
  );

  it('lets a visitor reach the 404 page for unknown paths', () => {
    expect(live('/no-such-page')).toBeNull();
  });

  it('sends visitors from account pages to /login with the target as ?return=', () => {
    expect(live('/account/me/bookings')).toBe('/login?return=%2Faccount%2Fme%2Fbookings');
    expect(live('/account')).toBe('/login?return=%2Faccount');
    expect(live('/account/me/bookings/9/messages', visitor, '?tab=1')).toBe('/login?return=%2Faccount%2Fme%2Fbookings%2F9%2Fmessages%3Ftab%3D1');
  });

  it('sends visitors from admin pages to /login', () => {
    expect(live('/ylcadmin/chefs/3')).toBe('/login?return=%2Fylcadmin%2Fchefs%2F3');
    expect(live('/ylcadmin')).toBe('/login?return=%2Fylcadmin');
  });

  it('lets signed-in users into their account, and only super-users into admin', () => {
    expect(live('/account/me/chefbookings/4', customer)).toBeNull();
    expect(live('/ylcadmin/home', customer)).toBe('/');
    expect(live('/ylcadmin/home', admin)).toBeNull();
  });
});

describe('named routes', () => {
  it('builds the seed named routes', () => {
    expect(routeUrl('home')).toBe('/');
    expect(routeUrl('chefs.nearme', { regionId: 42 })).toBe('/menus/nearme/42');
    expect(routeUrl('chefs.near', { regionId: 42 })).toBe('/menus/nearme/42?at_chefs_place=1');
    expect(routeUrl('chefs.profile', { uri: 'anna-muster-12' })).toBe('/chefs/anna-muster-12');
    expect(routeUrl('ylcadmin.home')).toBe('/ylcadmin/home');
    expect(routeUrl('account.bookings')).toBe('/account/me/bookings');
    expect(routeUrl('account.home')).toBe('/account');
    expect(routeUrl('account.beachef')).toBe('/become-a-chef');
    expect(routeUrl('auth.login')).toBe('/login');
    expect(routeUrl('auth.external')).toBe('/auth/external');
    expect(routeUrl('account.bookings.detail', { bookingId: 5 })).toBe('/account/me/bookings/5');
    expect(routeUrl('account.bookings.detail', { bookingId: 5 }, { hash: 'messages' })).toBe('/account/me/bookings/5#messages');
    expect(routeUrl('account.chefbookings.detail', { bookingId: 6 }, { hash: 'messages' })).toBe('/account/me/chefbookings/6#messages');
  });

  it('refuses unknown names and missing parameters', () => {
    expect(() => routeUrl('nope')).toThrow(/Unknown route/);
    expect(() => routeUrl('chefs.profile')).toThrow(/uri/);
  });

  it('binds a page to every route that is not a redirect', () => {
    const unbound = ROUTES.filter((r) => !r.redirectTo && !PAGES[r.name]).map((r) => r.name);
    expect(unbound).toEqual([]);
  });

  it('flags home with the booking bar at full width', () => {
    expect(ROUTES.find((r) => r.name === 'home')?.flags).toMatchObject({ bookingBar: true, fullWidth: true });
    expect(ROUTES.find((r) => r.name === 'chefs.nearme')?.flags).toMatchObject({ bookingBar: true });
  });
});
