// The authorization matrix: every /v1 route (outside /v1/admin) with A's object ids in its path, a valid request
// body, and the status each actor gets. The matrix test sends every cell; the fuzz and CSRF tests reuse the valid
// requests. A route that is in createApp().routes but not in this table fails the matrix test.
//
// Product rules the table encodes: a visitor gets 401 on anything that needs an account; somebody who is not party
// to a booking gets 404 whatever the booking (its existence is never revealed), while the other party of the booking
// gets 403 for the side's actions it may not take; a user without a chef profile gets 404 NOT_A_CHEF on /chefs/me;
// /me routes always act on the caller's own data; super-users have no extra rights outside /v1/admin, except
// downloading a chef's documents (audit-logged). A chef whose account is disabled has no session: a visitor. A
// banned chef is a chef like chef B, except that it writes nothing of its chef profile (403). Their part in their own
// bookings is BARRED_MATRIX below.
import { TEST_ORIGIN } from '../support/harness';
import { blob, cookieOf, menuInput, pdf, png } from '../support/chef-fixtures';
import { newKey, type Party } from '../support/booking-fixtures';
import type { Agent } from '../support/agent';
import {
  ACTORS,
  freshAccepted,
  freshAttachment,
  freshBlockedDay,
  freshCompleted,
  freshComplaint,
  freshRecent,
  freshDraft,
  freshEarning,
  freshPaid,
  EDIT_KEY,
  freshAnswer,
  freshInvite,
  freshPendingRef,
  freshSevere,
  severeSeen,
  freshRequested,
  freshReviewed,
  freshSession,
  IBAN,
  MARK,
  newBookingBody,
  PASSWORD,
  unique,
  dayAhead,
  freshParty,
  makeRoom,
  type Actor,
  type BarredActor,
  type BaseActor,
  type Ids,
  type Sec,
} from './support';

export type Req = {
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Multipart fields (uploads); otherwise the body is sent as JSON. */
  multipart?: Record<string, string | [ReturnType<typeof blob>, string]>;
};

export type Expect = Record<BaseActor, number>;

export type Row = {
  /** `METHOD path` exactly as createApp().routes lists it. */
  route: string;
  req: (ids: Ids, s: Sec, who: Actor) => Req;
  expect: Expect;
  /** The banned and the disabled chef where they differ from their rule (see expectOf). */
  barred?: Partial<Record<BarredActor, number>>;
  /** Destructive for the owner: every cell (every actor) gets its own new object of A's. */
  fresh?: (s: Sec) => Promise<Partial<Ids> & { booking?: number; ref?: string; day?: string }>;
  /** The call changes the caller itself (pause, password, sessions): each signed-in actor is a new user of its kind. */
  freshActors?: true;
  /** Actors other than A's who may legitimately receive A's private data here. */
  leakOk?: readonly Actor[];
  /** Actors other than A's whose legitimate call changes A's data (booking A's menu, asking for A's password reset). */
  changesA?: readonly Actor[];
};

/** The actor whose answer a barred chef gets unless the row says otherwise: a disabled account is a visitor, a banned chef is chef B. */
const LIKE: Record<BarredActor, BaseActor> = { chefDisabled: 'visitor', chefBanned: 'chefB' };
const baseOf = (who: Actor): BaseActor => (who in LIKE ? LIKE[who as BarredActor] : (who as BaseActor));

/** The status a row expects for an actor. */
export const expectOf = (row: Row, who: Actor): number => row.barred?.[who as BarredActor] ?? row.expect[baseOf(who)];
/** Whether an actor may see A's data, or change it, in a row: as the actor it stands for. */
export const leakOkFor = (row: Row, who: Actor) => row.leakOk?.includes(baseOf(who)) ?? false;
export const changesAFor = (row: Row, who: Actor) => row.changesA?.includes(baseOf(who)) ?? false;

/** A banned chef writes nothing of its chef profile. */
const BANNED_WRITE = { chefBanned: 403 } as const;

// ---- expectation shorthands ----

const all = (s: number): Expect => ({ visitor: s, custA: s, custB: s, chefA: s, chefB: s, su: s });
/** Any signed-in user, each on their own data. */
const signedIn = (s: number): Expect => ({ ...all(s), visitor: 401 });
/** Any chef on their own chef data; users without a chef profile get 404 NOT_A_CHEF. */
const chefs = (s: number): Expect => ({ visitor: 401, custA: 404, custB: 404, chefA: s, chefB: s, su: 404 });
/** Only chef A (A's object in the path); every other chef reads it as not found. */
const chefA = (s: number): Expect => ({ ...chefs(s), chefB: 404 });
/** A's booking: its customer and its chef; anybody else 404. */
const party = (custA: number, chefA: number): Expect => ({ visitor: 401, custA, custB: 404, chefA, chefB: 404, su: 404 });
/** Only customer A. */
const custA = (s: number): Expect => ({ ...party(s, 404) });

const json = (path: string, body: unknown = {}, headers?: Record<string, string>): Req => ({ path, body, ...(headers ? { headers } : {}) });
const get = (path: string): Req => ({ path });

export const MATRIX: Row[] = [
  { route: 'GET /v1/ping', req: () => get('/v1/ping'), expect: all(200) },

  // ---- auth ----
  { route: 'GET /v1/auth/session/user', req: () => get('/v1/auth/session/user'), expect: all(200) },
  {
    route: 'POST /v1/auth/signup',
    req: () => json('/v1/auth/signup', { firstname: 'Nina', lastname: 'Neu', email: `${unique('signup')}@example.com`, password: PASSWORD, cftoken: '' }),
    expect: { ...all(400), visitor: 201 },
  },
  {
    route: 'POST /v1/auth/signin',
    req: () => json('/v1/auth/signin', { identifier: MARK.custEmail, secret: PASSWORD }),
    expect: { ...all(400), visitor: 200 },
    // The visitor knows A's password: signing in as A is what it is for.
    leakOk: ['visitor'],
    changesA: ['visitor'],
  },
  { route: 'POST /v1/auth/logout', req: () => json('/v1/auth/logout'), expect: all(200) },
  // Anybody may ask for A's reset link; the answer is the same whether or not the address exists.
  { route: 'POST /v1/auth/forgot', req: () => json('/v1/auth/forgot', { email: MARK.custEmail }), expect: all(200), changesA: ['visitor', 'custB', 'chefB', 'su'] },
  { route: 'POST /v1/auth/recover', req: () => json('/v1/auth/recover', { email: MARK.custEmail, token: 'not-a-real-token-123', password: PASSWORD }), expect: all(400) },
  { route: 'POST /v1/auth/send-verify', req: () => json('/v1/auth/send-verify'), expect: signedIn(200) },
  { route: 'GET /v1/auth/verify/email', req: () => get('/v1/auth/verify/email?token=not-a-real-token-123'), expect: all(303) },
  // A number per actor: one number gets at most three codes an hour.
  { route: 'POST /v1/auth/send-verify/mobile', req: (_o, _s, who) => json('/v1/auth/send-verify/mobile', { phone: `079 123 45 ${10 + ACTORS.indexOf(who)}`, country: 'CH' }), expect: signedIn(200) },
  { route: 'GET /v1/auth/confirm/mobile', req: () => get('/v1/auth/confirm/mobile'), expect: signedIn(200) },
  { route: 'POST /v1/auth/confirm/mobile', req: () => json('/v1/auth/confirm/mobile', { code: '000000' }), expect: signedIn(400) },
  // No provider is configured in the tests: every caller gets the same 400 PROVIDER_DISABLED.
  { route: 'POST /v1/auth/oauth', req: () => json('/v1/auth/oauth', { provider: 'google' }), expect: all(400) },
  { route: 'POST /v1/auth/oauth/apple/callback', req: () => json('/v1/auth/oauth/apple/callback'), expect: all(303) },

  // ---- public reads ----
  // A's avatar waits for moderation: until approved it is customer A's and the super-users' only (issue 15 L4).
  { route: 'GET /v1/images/:id/:stack', req: (o) => get(`/v1/images/${o.imageA}/t256x256`), expect: { visitor: 404, custA: 200, custB: 404, chefA: 404, chefB: 404, su: 200 } },
  { route: 'GET /v1/lists', req: () => get('/v1/lists'), expect: all(200) },
  { route: 'GET /v1/menus/featured', req: () => get('/v1/menus/featured'), expect: all(200) },
  { route: 'GET /v1/menus/near/:regionId', req: (o) => get(`/v1/menus/near/${o.regionId}`), expect: all(200) },
  { route: 'GET /v1/menus/:id{[0-9]+}', req: (o) => get(`/v1/menus/${o.menuA}`), expect: all(200) },
  // A draft is nobody's public menu, not even its chef's.
  { route: 'GET /v1/menus/:id{[0-9]+}', req: (o) => get(`/v1/menus/${o.draftA}`), expect: all(404) },
  // Which days a menu can be booked: public, never the chef's private notes on blocked days.
  { route: 'GET /v1/menus/:id{[0-9]+}/availability', req: (o) => get(`/v1/menus/${o.menuA}/availability`), expect: all(200) },
  { route: 'GET /v1/menus/:id{[0-9]+}/availability', req: (o) => get(`/v1/menus/${o.draftA}/availability`), expect: all(404) },
  { route: 'GET /v1/chefs/:id{[A-Za-z0-9-]*[0-9]}', req: (o) => get(`/v1/chefs/${o.chefA}`), expect: all(200) },
  { route: 'GET /v1/chefs/:id{[A-Za-z0-9-]*[0-9]}/reviews', req: (o) => get(`/v1/chefs/${o.chefA}/reviews`), expect: all(200) },
  { route: 'GET /v1/chefs/:id{[A-Za-z0-9-]*[0-9]}/menus', req: (o) => get(`/v1/chefs/${o.chefA}/menus`), expect: all(200) },
  { route: 'GET /v1/chefs/:id{[A-Za-z0-9-]*[0-9]}/menus/:menuId{[0-9]+}', req: (o) => get(`/v1/chefs/${o.chefA}/menus/${o.menuA}`), expect: all(200) },
  { route: 'GET /v1/chefs/:id{[A-Za-z0-9-]*[0-9]}/menus/:menuId{[0-9]+}', req: (o) => get(`/v1/chefs/${o.chefA}/menus/${o.draftA}`), expect: all(404) },
  { route: 'GET /v1/faq/topics', req: () => get('/v1/faq/topics?resolve=entries'), expect: all(200) },
  { route: 'GET /v1/locations', req: () => get('/v1/locations'), expect: all(200) },
  { route: 'GET /v1/locations/regions', req: () => get('/v1/locations/regions?text=zur'), expect: all(200) },
  { route: 'POST /v1/locations/geocode/address', req: () => json('/v1/locations/geocode/address', { address: 'Bahnhofstrasse 1, 8001 Zürich' }), expect: all(200) },
  { route: 'POST /v1/locations/geocode/locations', req: () => json('/v1/locations/geocode/locations', { lat: 47.37, lon: 8.55 }), expect: all(200) },
  { route: 'POST /v1/newsletter/register', req: () => json('/v1/newsletter/register', { email: `${unique('news')}@example.com` }), expect: all(200) },
  // The double opt-in's links: a made-up token or a signature that is not the address's changes nothing for anybody.
  { route: 'POST /v1/newsletter/confirm', req: () => json('/v1/newsletter/confirm', { token: 'not-a-real-token-123' }), expect: all(400) },
  { route: 'POST /v1/newsletter/unsubscribe', req: () => json('/v1/newsletter/unsubscribe', { email: MARK.custEmail, token: 'not-a-real-signature-123' }), expect: all(400) },
  { route: 'GET /v1/pages/:url', req: () => get('/v1/pages/contact'), expect: all(200) },

  // ---- the chef's own area ----
  { route: 'POST /v1/chefs', req: () => json('/v1/chefs'), expect: { visitor: 401, custA: 201, custB: 201, chefA: 200, chefB: 200, su: 201 }, freshActors: true },
  { route: 'GET /v1/chefs/me', req: () => get('/v1/chefs/me'), expect: chefs(200) },
  { route: 'PUT /v1/chefs/me', req: () => json('/v1/chefs/me', { display_location: 'Zürich, ZH' }), expect: chefs(200), barred: BANNED_WRITE },
  { route: 'GET /v1/chefs/me/onboarding', req: () => get('/v1/chefs/me/onboarding'), expect: chefs(200) },
  { route: 'PUT /v1/chefs/me/regions', req: (o) => json('/v1/chefs/me/regions', { regions: [o.regionId] }), expect: chefs(200), barred: BANNED_WRITE },
  { route: 'POST /v1/chefs/me/regions/derive', req: (o) => json('/v1/chefs/me/regions/derive', { region_id: o.regionId, travel_radius_km: 20 }), expect: chefs(200) },
  // A banned profile cannot be paused (409: only an Active one can).
  { route: 'POST /v1/chefs/me/:action{submit|pause|resume}', req: () => json('/v1/chefs/me/pause'), expect: chefs(200), barred: { chefBanned: 409 }, freshActors: true },
  { route: 'GET /v1/chefs/me/menus', req: () => get('/v1/chefs/me/menus'), expect: chefs(200) },
  { route: 'POST /v1/chefs/me/menus', req: () => json('/v1/chefs/me/menus', menuInput({ name: 'Matrix menu' })), expect: chefs(201), barred: BANNED_WRITE },
  { route: 'GET /v1/chefs/me/menus/:id', req: (o) => get(`/v1/chefs/me/menus/${o.draftA}`), expect: chefA(200) },
  { route: 'PUT /v1/chefs/me/menus/:id', req: (o) => json(`/v1/chefs/me/menus/${o.draftA}`, menuInput({ name: MARK.draft })), expect: chefA(200), barred: BANNED_WRITE },
  { route: 'DELETE /v1/chefs/me/menus/:id', fresh: async (s) => ({ draftA: await freshDraft(s) }), req: (o) => json(`/v1/chefs/me/menus/${o.draftA}`), expect: chefA(200), barred: BANNED_WRITE },
  {
    route: 'POST /v1/chefs/me/menus/:id/:action{publish|unpublish}',
    fresh: async (s) => ({ draftA: await freshDraft(s) }),
    req: (o) => json(`/v1/chefs/me/menus/${o.draftA}/publish`),
    expect: chefA(200),
    barred: BANNED_WRITE,
  },
  { route: 'GET /v1/chefs/me/availability', req: (_o, s) => get(`/v1/chefs/me/availability?from=${dayAhead(s.h, 1)}&to=${dayAhead(s.h, 120)}`), expect: chefs(200) },
  { route: 'PUT /v1/chefs/me/availability/:day', req: (_o, s) => json(`/v1/chefs/me/availability/${dayAhead(s.h, 501)}`, { note: null }), expect: chefs(200), barred: BANNED_WRITE },
  // Chef B "unblocking" A's day only touches B's own calendar: 200 "was not blocked", and A's day stays blocked.
  {
    route: 'DELETE /v1/chefs/me/availability/:day',
    fresh: async (s) => ({ dayA: await freshBlockedDay(s) }),
    req: (o) => json(`/v1/chefs/me/availability/${o.dayA}`),
    expect: chefs(200),
    barred: BANNED_WRITE,
  },
  // Each chef's own private feed URL; rotating replaces only the caller's.
  { route: 'GET /v1/chefs/me/calendar-feed', req: () => get('/v1/chefs/me/calendar-feed'), expect: chefs(200) },
  { route: 'POST /v1/chefs/me/calendar-feed/rotate', req: () => json('/v1/chefs/me/calendar-feed/rotate'), expect: chefs(200), freshActors: true },
  // The feed itself needs no cookie: whoever holds A's URL reads A's calendar (that is what it is for), and a token
  // nobody was given opens nothing.
  { route: 'GET /v1/calendar-feeds/:file{[A-Za-z0-9_-]{43}\\.ics}', req: (o) => get(o.feedA), expect: all(200), leakOk: ['visitor', 'custB', 'chefB', 'su'] },
  { route: 'GET /v1/calendar-feeds/:file{[A-Za-z0-9_-]{43}\\.ics}', req: () => get(`/v1/calendar-feeds/${'x'.repeat(43)}.ics`), expect: all(404) },
  { route: 'GET /v1/chefs/me/payout-details', req: () => get('/v1/chefs/me/payout-details'), expect: chefs(200) },
  {
    route: 'PUT /v1/chefs/me/payout-details',
    req: (_o, _s, who) => json('/v1/chefs/me/payout-details', { account_holder: who === 'chefA' ? MARK.holder : 'Bea Beispiel', iban: IBAN, password: PASSWORD }),
    expect: chefs(200),
    barred: BANNED_WRITE,
  },
  { route: 'GET /v1/chefs/me/earnings', req: () => get('/v1/chefs/me/earnings'), expect: chefs(200) },
  { route: 'GET /v1/chefs/me/payouts', req: () => get('/v1/chefs/me/payouts'), expect: chefs(200) },
  { route: 'GET /v1/chefs/me/statements', req: () => get('/v1/chefs/me/statements'), expect: chefs(200) },
  // Each chef's own statements only: chef B has none for the month of A's booking.
  {
    route: 'GET /v1/chefs/me/statements/:file',
    fresh: async (s) => ({ dayA: await freshEarning(s) }),
    req: (o) => get(`/v1/chefs/me/statements/${o.dayA.slice(0, 7)}.csv?currency=CHF`),
    expect: chefA(200),
  },

  // ---- the signed-in user's own account ----
  {
    route: 'POST /v1/users/me/attachments',
    req: () => ({ path: '/v1/users/me/attachments', multipart: { kind: 'other', file: [blob(pdf(), 'application/pdf'), 'doc.pdf'] } }),
    expect: signedIn(201),
  },
  { route: 'GET /v1/users/me/attachments', req: () => get('/v1/users/me/attachments'), expect: signedIn(200) },
  { route: 'DELETE /v1/users/me/attachments/:id', fresh: async (s) => ({ attachmentA: await freshAttachment(s) }), req: (o) => json(`/v1/users/me/attachments/${o.attachmentA}`), expect: custA(200) },
  // The owner or a super-user (reviewing an application; audit-logged); anybody else 404.
  { route: 'GET /v1/users/me/attachments/:id/download', req: (o) => get(`/v1/users/me/attachments/${o.attachmentA}/download`), expect: { ...custA(200), su: 200 }, leakOk: ['su'] },
  {
    route: 'POST /v1/users/me/images',
    req: () => ({ path: '/v1/users/me/images', multipart: { kind: 'avatar', t256x256: [blob(png(256, 256), 'image/png'), 'me.png'] } }),
    expect: signedIn(201),
  },
  { route: 'PUT /v1/users/me', req: () => json('/v1/users/me', { firstname: 'Julia', lastname: 'Muster' }), expect: signedIn(200) },
  { route: 'POST /v1/users/me/change_password', req: () => json('/v1/users/me/change_password', { old_password: PASSWORD, password: PASSWORD }), expect: signedIn(200), freshActors: true },
  { route: 'GET /v1/users/me/sessions', req: () => get('/v1/users/me/sessions'), expect: signedIn(200) },
  { route: 'DELETE /v1/users/me/sessions/:id', fresh: async (s) => ({ sessionA: await freshSession(s) }), req: (o) => json(`/v1/users/me/sessions/${o.sessionA}`), expect: custA(200) },
  { route: 'POST /v1/users/me/sessions/revoke-others', req: () => json('/v1/users/me/sessions/revoke-others'), expect: signedIn(200), freshActors: true },
  { route: 'GET /v1/users/me/sign-in-methods', req: () => get('/v1/users/me/sign-in-methods'), expect: signedIn(200) },
  { route: 'GET /v1/users/me/notifications', req: () => get('/v1/users/me/notifications'), expect: signedIn(200) },
  // Another user's notification id is ignored (updated: 0); A's notification stays unread.
  { route: 'POST /v1/users/me/notifications/read', req: (o) => json('/v1/users/me/notifications/read', { ids: [o.notificationA] }), expect: signedIn(200) },

  // ---- bookings ----
  { route: 'POST /v1/bookings/quote', req: (o) => json('/v1/bookings/quote', { menu_id: o.menuA, guests: 4 }), expect: all(200) },
  // Anybody signed in may book A's published menu, except chef A (their own menu); a banned chef books as a customer.
  {
    route: 'POST /v1/bookings',
    fresh: async (s) => {
      await makeRoom(s);
      return {};
    },
    req: (_o, s) => json('/v1/bookings', newBookingBody(s), { 'idempotency-key': newKey() }),
    expect: { ...signedIn(201), chefA: 403 },
    changesA: ['custB', 'chefB', 'su'],
  },
  { route: 'GET /v1/bookings/:id{[0-9]{1,12}}', req: (o) => get(`/v1/bookings/${o.bookingA}`), expect: party(200, 200) },
  // The receipt is the customer's (and the super-users'); the chef reads it as not found, like anybody else.
  {
    route: 'GET /v1/bookings/:id/receipt.pdf',
    fresh: async (s) => ({ bookingA: await freshPaid(s) }),
    req: (o) => get(`/v1/bookings/${o.bookingA}/receipt.pdf`),
    expect: { ...custA(200), su: 200 },
    leakOk: ['su'],
  },
  { route: 'GET /v1/bookings/:id{[0-9]{1,12}}/cancellation', req: (o) => get(`/v1/bookings/${o.bookingA}/cancellation`), expect: party(200, 200) },
  // The booking's calendar file: its parties, and super-users (support); anybody else 404.
  { route: 'GET /v1/bookings/:id{[0-9]{1,12}}/calendar.ics', req: (o) => get(`/v1/bookings/${o.bookingA}/calendar.ics`), expect: { ...party(200, 200), su: 200 }, leakOk: ['su'] },
  {
    route: 'POST /v1/bookings/:id{[0-9]{1,12}}/cancel',
    fresh: async (s) => ({ bookingA: await freshAccepted(s) }),
    req: (o) => json(`/v1/bookings/${o.bookingA}/cancel`, { reason: 'Our plans changed.' }),
    expect: party(200, 200),
  },
  { route: 'POST /v1/bookings/:id{[0-9]{1,12}}/accept', fresh: async (s) => ({ bookingA: await freshRequested(s) }), req: (o) => json(`/v1/bookings/${o.bookingA}/accept`), expect: party(403, 200) },
  {
    route: 'POST /v1/bookings/:id{[0-9]{1,12}}/decline',
    fresh: async (s) => ({ bookingA: await freshRequested(s) }),
    req: (o) => json(`/v1/bookings/${o.bookingA}/decline`, { reason: 'I am away that week.' }),
    expect: party(403, 200),
  },
  // ---- the guests' allergy passport: invite links are the customer's, the written answer the chef's; the guest page
  // needs no account, and an unknown edit key finds nothing.
  { route: 'POST /v1/bookings/:id{[0-9]{1,12}}/guest-invites', req: (o) => json(`/v1/bookings/${o.bookingA}/guest-invites`), expect: party(201, 403) },
  {
    route: 'POST /v1/bookings/:id{[0-9]{1,12}}/allergy-ack',
    fresh: async (s) => ({ bookingA: await freshSevere(s) }),
    req: (o) => json(`/v1/bookings/${o.bookingA}/allergy-ack`, { text: 'No nuts in any course.', seen: severeSeen(o.bookingA) }),
    expect: party(403, 200),
  },
  { route: 'GET /v1/guest-invites/:token', req: (o) => get(`/v1/guest-invites/${o.inviteA}`), expect: all(200) },
  {
    route: 'POST /v1/guest-invites/:token/answers',
    fresh: async (s) => ({ inviteA: await freshInvite(s) }),
    req: (o) => json(`/v1/guest-invites/${o.inviteA}/answers`, { name: 'Lena', diets: ['vegetarian'], allergies: [{ key: 'milk', level: 'intolerance' }] }),
    expect: all(201),
    // Answering is what an invite link is for, whoever holds it.
    changesA: ['visitor', 'custB', 'chefB', 'su'],
  },
  {
    route: 'PUT /v1/guest-invites/:token/answers',
    fresh: async (s) => ({ inviteA: await freshAnswer(s) }),
    req: (o) => json(`/v1/guest-invites/${o.inviteA}/answers`, { name: 'Lena B.', diets: ['vegetarian'], allergies: [], edit_key: EDIT_KEY }),
    expect: all(200),
    // The edit key is the guest's device's: whoever holds it is that guest.
    changesA: ['visitor', 'custB', 'chefB', 'su'],
  },
  { route: 'GET /v1/users/me/orders', req: () => get('/v1/users/me/orders'), expect: signedIn(200) },
  { route: 'GET /v1/users/me/orders/:id{[0-9]{1,12}}', req: (o) => get(`/v1/users/me/orders/${o.bookingA}`), expect: custA(200) },
  { route: 'GET /v1/chefs/me/bookings', req: () => get('/v1/chefs/me/bookings'), expect: chefs(200) },
  { route: 'GET /v1/chefs/me/bookings/:id{[0-9]{1,12}}', req: (o) => get(`/v1/chefs/me/bookings/${o.bookingA}`), expect: chefA(200) },

  // ---- payments ----
  {
    route: 'POST /v1/bookings/:id{[0-9]{1,12}}/pay',
    fresh: async (s) => ({ bookingA: await freshAccepted(s) }),
    req: (o) => json(`/v1/bookings/${o.bookingA}/pay`, {}, { 'idempotency-key': newKey() }),
    expect: party(201, 403),
  },
  { route: 'GET /v1/payments/test/:ref{[A-Za-z0-9_-]{1,100}}', req: (o) => get(`/v1/payments/test/${o.paymentRefA}`), expect: custA(200) },
  {
    route: 'POST /v1/payments/test/:ref{[A-Za-z0-9_-]{1,100}}/complete',
    fresh: async (s) => ({ paymentRefA: await freshPendingRef(s) }),
    req: (o) => json(`/v1/payments/test/${o.paymentRefA}/complete`, { outcome: 'succeed' }),
    expect: custA(200),
  },
  // Stripe is not configured in the tests: the webhook does not exist for anybody (404).
  { route: 'POST /v1/payments/webhook', req: () => json('/v1/payments/webhook', { type: 'checkout.session.completed' }), expect: all(404) },
  { route: 'GET /v1/users/me/payments', req: () => get('/v1/users/me/payments'), expect: signedIn(200) },

  // ---- messages and reviews ----
  { route: 'GET /v1/users/me/message-threads', req: () => get('/v1/users/me/message-threads'), expect: signedIn(200) },
  { route: 'GET /v1/bookings/:id{[0-9]{1,12}}/messages', req: (o) => get(`/v1/bookings/${o.bookingA}/messages`), expect: party(200, 200) },
  { route: 'POST /v1/bookings/:id{[0-9]{1,12}}/messages', req: (o) => json(`/v1/bookings/${o.bookingA}/messages`, { text: 'See you soon!' }), expect: party(201, 201) },
  {
    route: 'POST /v1/users/me/orders/:id{[0-9]{1,12}}/rate',
    fresh: async (s) => ({ bookingA: await freshCompleted(s) }),
    req: (o) => json(`/v1/users/me/orders/${o.bookingA}/rate`, { rating_food: 4, rating_service: 5, rating_hygiene: 5, rating_value: 4, rating_communication: 5, text: 'Lovely.' }),
    expect: party(201, 403),
  },
  // The chef's review of the guest (issue 18 §5): chef A of the booking only; its customer 403, anybody else 404.
  {
    route: 'POST /v1/bookings/:id{[0-9]{1,12}}/guest-review',
    fresh: async (s) => ({ bookingA: await freshCompleted(s) }),
    req: (o) => json(`/v1/bookings/${o.bookingA}/guest-review`, { rating_punctuality: 5, rating_kitchen: 4, rating_respect: 5, text: 'Kind hosts.' }),
    expect: party(403, 201),
  },
  {
    route: 'POST /v1/bookings/:id{[0-9]{1,12}}/review/reply',
    fresh: async (s) => ({ bookingA: await freshReviewed(s) }),
    req: (o) => json(`/v1/bookings/${o.bookingA}/review/reply`, { text: 'Thank you!' }),
    expect: party(403, 201),
  },

  // ---- complaints: the customer reports, the chef answers, both (and the admins) see the photos ----
  { route: 'GET /v1/bookings/:id{[0-9]{1,12}}/complaint', req: (o) => get(`/v1/bookings/${o.bookingA}/complaint`), expect: party(200, 200) },
  {
    route: 'POST /v1/bookings/:id{[0-9]{1,12}}/complaint',
    fresh: async (s) => ({ bookingA: await freshRecent(s) }),
    req: (o) => json(`/v1/bookings/${o.bookingA}/complaint`, { category: 'food_quality', text: 'The main course was served cold.' }),
    expect: party(201, 403),
  },
  {
    route: 'PUT /v1/bookings/:id{[0-9]{1,12}}/complaint/answer',
    fresh: freshComplaint,
    req: (o) => json(`/v1/bookings/${o.bookingA}/complaint/answer`, { text: 'I cleaned up before leaving.' }),
    expect: party(403, 200),
  },
  {
    route: 'GET /v1/bookings/:id{[0-9]{1,12}}/complaint/photos/:photo',
    fresh: freshComplaint,
    req: (o) => get(`/v1/bookings/${o.bookingA}/complaint/photos/${o.attachmentA}`),
    // Administrators decide complaints: they see the photos (as they may download a chef's documents).
    expect: { ...party(200, 200), su: 200 },
    leakOk: ['su'],
  },
];

/**
 * The banned and the disabled chef's own bookings (issue 15 M2): the booking machine's one rule on its parties.
 * Reading and calling off stay open; accepting, paying, completing a payment and writing are refused, with 403 to the
 * barred chef and 409 PARTY_BLOCKED to the customer. A disabled chef has no session at all.
 */
export type BarredRow = {
  label: string;
  method: 'GET' | 'POST';
  who: (s: Sec) => Party;
  req: (s: Sec) => Req;
  status: number;
  code?: string;
};

const bannedChef = (s: Sec) => s.parties.chefBanned;
const disabledChef = (s: Sec) => s.parties.chefDisabled;
const bannedCustomer = (s: Sec) => s.barredWorlds.chefBanned.customer;
const disabledCustomer = (s: Sec) => s.barredWorlds.chefDisabled.customer;
const MESSAGE = { text: 'Are we still on?' };

export const BARRED_MATRIX: BarredRow[] = [
  { label: 'the banned chef reads the booking', method: 'GET', who: bannedChef, req: (s) => get(`/v1/chefs/me/bookings/${s.barred.bannedRequest}`), status: 200 },
  { label: 'the banned chef reads the thread', method: 'GET', who: bannedChef, req: (s) => get(`/v1/bookings/${s.barred.bannedRequest}/messages`), status: 200 },
  { label: 'the banned chef accepts', method: 'POST', who: bannedChef, req: (s) => json(`/v1/bookings/${s.barred.bannedRequest}/accept`), status: 403, code: 'PARTY_BLOCKED' },
  { label: 'the banned chef writes', method: 'POST', who: bannedChef, req: (s) => json(`/v1/bookings/${s.barred.bannedRequest}/messages`, MESSAGE), status: 403, code: 'PARTY_BLOCKED' },
  { label: 'the banned chef declines', method: 'POST', who: bannedChef, req: (s) => json(`/v1/bookings/${s.barred.bannedToDecline}/decline`, { reason: 'I stop cooking.' }), status: 200 },
  { label: 'its customer reads the booking', method: 'GET', who: bannedCustomer, req: (s) => get(`/v1/users/me/orders/${s.barred.bannedRequest}`), status: 200 },
  { label: 'its customer writes', method: 'POST', who: bannedCustomer, req: (s) => json(`/v1/bookings/${s.barred.bannedRequest}/messages`, MESSAGE), status: 409, code: 'PARTY_BLOCKED' },
  {
    label: 'its customer pays',
    method: 'POST',
    who: bannedCustomer,
    req: (s) => json(`/v1/bookings/${s.barred.bannedAccepted}/pay`, {}, { 'idempotency-key': newKey() }),
    status: 409,
    code: 'PARTY_BLOCKED',
  },
  {
    label: 'a checkout opened before the ban completes',
    method: 'POST',
    who: (s) => s.barred.bannedPayer,
    req: (s) => json(`/v1/payments/test/${s.barred.bannedPendingRef}/complete`, { outcome: 'succeed' }),
    status: 409,
    code: 'PARTY_BLOCKED',
  },
  { label: 'its customer cancels', method: 'POST', who: bannedCustomer, req: (s) => json(`/v1/bookings/${s.barred.bannedToCancel}/cancel`, { reason: '' }), status: 200 },
  {
    label: 'the banned chef replies to the review',
    method: 'POST',
    who: bannedChef,
    req: (s) => json(`/v1/bookings/${s.barred.bannedReviewed}/review/reply`, { text: 'Thank you!' }),
    status: 403,
    code: 'PARTY_BLOCKED',
  },
  {
    label: 'the banned chef rates the guest',
    method: 'POST',
    who: bannedChef,
    req: (s) => json(`/v1/bookings/${s.barred.bannedCompleted}/guest-review`, { rating_punctuality: 5, rating_kitchen: 4, rating_respect: 5 }),
    status: 403,
    code: 'PARTY_BLOCKED',
  },
  { label: 'the disabled chef reads the booking', method: 'GET', who: disabledChef, req: (s) => get(`/v1/chefs/me/bookings/${s.barred.disabledAccepted}`), status: 401 },
  { label: 'the disabled chef writes', method: 'POST', who: disabledChef, req: (s) => json(`/v1/bookings/${s.barred.disabledAccepted}/messages`, MESSAGE), status: 401 },
  { label: 'its customer reads the booking', method: 'GET', who: disabledCustomer, req: (s) => get(`/v1/users/me/orders/${s.barred.disabledAccepted}`), status: 200 },
  { label: 'its customer writes', method: 'POST', who: disabledCustomer, req: (s) => json(`/v1/bookings/${s.barred.disabledAccepted}/messages`, MESSAGE), status: 409, code: 'PARTY_BLOCKED' },
  {
    label: 'its customer pays',
    method: 'POST',
    who: disabledCustomer,
    req: (s) => json(`/v1/bookings/${s.barred.disabledAccepted}/pay`, {}, { 'idempotency-key': newKey() }),
    status: 409,
    code: 'PARTY_BLOCKED',
  },
  {
    label: 'a checkout opened before the disabling completes',
    method: 'POST',
    who: (s) => s.barred.disabledPayer,
    req: (s) => json(`/v1/payments/test/${s.barred.disabledPendingRef}/complete`, { outcome: 'succeed' }),
    status: 409,
    code: 'PARTY_BLOCKED',
  },
];

/** Admin routes follow one rule (their super-user behaviour is asserted in tests/api/admin-*.test.ts). */
export const ADMIN_PREFIX = '/v1/admin/';
export const adminExpect = { visitor: 401, custA: 403, custB: 403, chefA: 403, chefB: 403, chefBanned: 403, chefDisabled: 401 } as const;

/** Every route of the app, as `METHOD path`, without the catch-all middleware entries. */
export function appRoutes(routes: readonly { method: string; path: string }[]): { method: string; path: string }[] {
  const seen = new Set<string>();
  return routes
    .filter((r) => r.method !== 'ALL' && !r.path.endsWith('*'))
    .filter((r) => {
      const key = `${r.method} ${r.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A path for an admin route: every parameter becomes 1. */
export const adminPath = (path: string) => path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, '1');

/** Sends one request as an agent: JSON (same origin) or multipart, with the agent's cookies and IP. */
export function send(s: Sec, a: Agent, method: string, req: Req, extra: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = { 'x-real-ip': a.ip, ...(a.jar.size ? { cookie: cookieOf(a) } : {}) };
  if (method === 'GET') return s.h.request(req.path, { method, headers: { ...headers, ...req.headers }, ...extra });
  headers.origin = TEST_ORIGIN;
  if (req.multipart) {
    const form = new FormData();
    for (const [name, value] of Object.entries(req.multipart)) {
      if (Array.isArray(value)) form.append(name, value[0], value[1]);
      else form.append(name, value);
    }
    return s.h.request(req.path, { method, headers: { ...headers, ...req.headers }, body: form, ...extra });
  }
  return s.h.request(req.path, {
    method,
    headers: { ...headers, 'content-type': 'application/json', ...req.headers },
    body: JSON.stringify(req.body ?? {}),
    ...extra,
  });
}

export const methodOf = (row: Row) => row.route.split(' ')[0]!;

/** Writes that are not same-origin JSON by design: checked by signature (Stripe) or by the OAuth state (Apple). */
export const EXTERNAL = new Set(['POST /v1/payments/webhook', 'POST /v1/auth/oauth/apple/callback']);
export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const OWN_ORDER: readonly BaseActor[] = ['custA', 'chefA', 'custB', 'chefB', 'su', 'visitor'];

/** A route's valid request sent by the actor it lets in (admin routes: the super-user with `{}` and ids of 1). */
export type Target = { route: string; method: string; pattern: string; actor: Actor; party?: Awaited<ReturnType<typeof freshParty>>; req: Req; admin: boolean };

export async function ownerCall(s: Sec, route: string, method: string, pattern: string): Promise<Target> {
  if (pattern.startsWith(ADMIN_PREFIX)) return { route, method, pattern, actor: 'su', req: { path: adminPath(pattern), body: {} }, admin: true };
  const row = MATRIX.find((r) => r.route === route);
  if (!row) throw new Error(`no matrix row for ${route}`);
  // The first actor the route lets in; for a route that refuses everybody's valid request (e.g. a wrong code),
  // the first actor it does not turn away at the door.
  const actor = OWN_ORDER.find((who) => row.expect[who] < 300) ?? OWN_ORDER.find((who) => ![401, 403, 404].includes(row.expect[who]))!;
  const ids: Ids = row.fresh ? { ...s.ids, ...(await row.fresh(s)) } : s.ids;
  const party = row.freshActors && actor !== 'visitor' ? await freshParty(s.h, actor) : undefined;
  return { route, method, pattern, actor, party, req: row.req(ids, s, actor), admin: false };
}

/** Every mutating route of the app outside the external callbacks. */
export function mutatingRoutes(routes: readonly { method: string; path: string }[]) {
  return appRoutes(routes)
    .filter((r) => MUTATING.has(r.method))
    .map((r) => ({ route: `${r.method} ${r.path}`, method: r.method, pattern: r.path }))
    .filter((r) => !EXTERNAL.has(r.route));
}
