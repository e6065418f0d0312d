// Builders for the booking, payment, message and review tests: a bookable menu of an Active chef, customers,
// signed-in agents that survive clock jumps, and the booking at each step of its life, made through the API.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { DB } from '../../functions/_api/db/client';
import { listItems } from '../../functions/_api/db/schema/lists';
import { menuCourses, menuPriceTiers, menus, menuTags } from '../../functions/_api/db/schema/menus';
import { sessions } from '../../functions/_api/db/schema/users';
import { randomToken, sha256 } from '../../functions/_api/lib/crypto';
import { localDay, zonedTime } from '#shared/booking-window';
import { signStripePayload } from '../../functions/_api/platform/stripe-payments';
import { agent, type Agent } from './agent';
import { seedLists } from './chef-fixtures';
import { createChef, createMenu, createUser } from './fixtures';
import type { Harness } from './harness';
import { DAY } from '#shared/time';
import type { ClientRequestOptions, InferRequestType } from 'hono/client';
import { ok, on, typedClient, visitorClient } from './typed-client';

export const TZ = 'Europe/Zurich';

export type Party = { userId: number; email: string; chefId?: number };

/**
 * A signed-in agent for a user, with a fresh remembered session at the harness clock's "now". Tests that move the
 * clock by days ask for a new one (sessions end after 7 idle days), instead of signing in through scrypt each time.
 */
export async function as(h: Harness, party: Party): Promise<Agent> {
  const now = h.clock.now();
  const raw = randomToken(32);
  const expiresAt = new Date(now.getTime() + 400 * DAY);
  await h.db.insert(sessions).values({ idHash: await sha256(raw), userId: party.userId, createdAt: now, lastSeenAt: now, expiresAt, rememberMe: true });
  const token = await new SignJWT({ sid: raw })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(h.env.SESSION_SECRET!));
  const a = agent(h);
  a.jar.set('ylc_session', token);
  return a;
}

export async function customer(h: Harness, over: Parameters<typeof createUser>[1] = {}): Promise<Party> {
  const u = await createUser(h.db, { locale: 'en', ...over });
  return { userId: u.id, email: u.email };
}

export const COURSES = [
  { courseType: 'starter', name: 'Pumpkin soup', allergens: ['milk'] },
  { courseType: 'main', name: 'Älplermagronen', allergens: ['gluten', 'milk'] },
  { courseType: 'dessert', name: 'Vermicelles', allergens: ['nuts'] },
];

async function tag(db: DB, menuId: number, kind: string, keys: string[]) {
  for (const key of keys) {
    const [item] = await db.select({ id: listItems.id }).from(listItems).where(eq(listItems.key, key));
    if (item) await db.insert(menuTags).values({ menuId, itemId: item.id }).onConflictDoNothing();
    else throw new Error(`no list item ${kind}:${key}`);
  }
}

export type World = { chef: Party & { chefId: number }; menu: typeof menus.$inferSelect; customer: Party };

/** An Active chef (Europe/Zurich) with one published menu (2–12 guests, both places, 95 CHF) and a customer. */
export async function world(
  h: Harness,
  opts: { bookingMode?: 'request' | 'instant'; menu?: Partial<typeof menus.$inferInsert>; tiers?: { minGuests: number; pricePerPerson: number }[]; chefLocale?: string } = {},
): Promise<World> {
  await seedLists(h.db);
  const { chef, user } = await createChef(h.db, { timezone: TZ, user: { locale: opts.chefLocale ?? 'en', firstname: 'Marco' } });
  const menu = await createMenu(h.db, chef.id, {
    name: 'Alpine Autumn',
    minGuests: 2,
    maxGuests: 12,
    atCustomer: true,
    atChef: true,
    pricePerPerson: 9500,
    bookingMode: opts.bookingMode ?? 'request',
    ...opts.menu,
  });
  await h.db.insert(menuCourses).values(COURSES.map((c, position) => ({ menuId: menu.id, position, ...c })));
  if (opts.tiers?.length) await h.db.insert(menuPriceTiers).values(opts.tiers.map((t) => ({ menuId: menu.id, ...t })));
  await tag(h.db, menu.id, 'allergen', ['gluten', 'milk', 'nuts']);
  await tag(h.db, menu.id, 'diet', ['vegetarian']);
  return { chef: { userId: user.id, email: user.email, chefId: chef.id }, menu, customer: await customer(h, { firstname: 'Julia' }) };
}

/** An event start `days` from the harness clock's day, at `hour`:00 in Zürich, as ISO. */
export function startsIn(h: Harness, days: number, hour = 19): string {
  const day = localDay(new Date(h.clock.now().getTime() + days * DAY), TZ);
  return zonedTime(day, hour, 0, TZ).toISOString();
}

/** What POST /v1/bookings takes, as the route types it. */
export type BookingInput = InferRequestType<ReturnType<typeof typedClient>['bookings']['$post']>['json'];

export function bookingBody(menuId: number, h: Harness, over: Partial<BookingInput> = {}): BookingInput {
  return {
    menu_id: menuId,
    occasion: 'birthday',
    at_chefs_place: false,
    address: { street: 'Bahnhofstrasse 1', zip: '8001', city: 'Zürich' },
    guests: 4,
    starts_at: startsIn(h, 30),
    diets: ['vegetarian'],
    allergens: [{ key: 'nuts', guests: 1 }],
    kitchen_notes: 'Gas hob and a small oven.',
    message: 'We are celebrating a birthday!',
    ...over,
  };
}

let keySeq = 0;
export const newKey = () => `test-key-${Date.now()}-${++keySeq}-${Math.random().toString(36).slice(2)}`;

export type Json = Record<string, any>;

/** The calls on one booking as agent `a`, e.g. `bookingCalls(a).accept.$post({ ...on(id), json: {} })`. */
export const bookingCalls = (a: Agent) => typedClient(a).bookings[':id{[0-9]{1,12}}'];

/** The customer's booking (GET /v1/users/me/orders/{id}) as agent `a` (with request options such as headers): the pending typed call. */
export const orderOf = (a: Agent, id: number, options?: ClientRequestOptions) => typedClient(a).users.me.orders[':id{[0-9]{1,12}}'].$get(on(id), options);

/** The chef's booking (GET /v1/chefs/me/bookings/{id}) as agent `a` (with request options such as headers): the pending typed call. */
export const chefBookingOf = (a: Agent, id: number, options?: ClientRequestOptions) => typedClient(a).chefs.me.bookings[':id{[0-9]{1,12}}'].$get(on(id), options);

/** The customer's payments (GET /v1/users/me/payments) as agent `a`: the pending typed call. */
export const paymentsList = (a: Agent, query: { count?: string } = {}) => typedClient(a).users.me.payments.$get({ query });

/** POST /v1/bookings/{id}/messages as agent `a` (with request options such as headers): the pending typed call. */
export const sendMessage = (a: Agent, id: number, text: string, options?: ClientRequestOptions) => bookingCalls(a).messages.$post({ ...on(id), json: { text } }, options);

/** What the customer's rating takes (POST /v1/users/me/orders/{id}/rate), as the route types it. */
export type Ratings = InferRequestType<ReturnType<typeof typedClient>['users']['me']['orders'][':id{[0-9]{1,12}}']['rate']['$post']>['json'];

/** The customer rates booking `id` as agent `a`: the pending typed call. */
export const rateCall = (a: Agent, id: number, json: Ratings) => typedClient(a).users.me.orders[':id{[0-9]{1,12}}'].rate.$post({ ...on(id), json });

/** What the chef's review of the guest takes (POST /v1/bookings/{id}/guest-review), as the route types it. */
export type GuestRatings = InferRequestType<ReturnType<typeof bookingCalls>['guest-review']['$post']>['json'];

/** The chef rates the guest of booking `id` as agent `a`: the pending typed call. */
export const rateGuestCall = (a: Agent, id: number, json: GuestRatings) => bookingCalls(a)['guest-review'].$post({ ...on(id), json });

/** A chef's public reviews (GET /v1/chefs/{id}/reviews), read by a visitor. */
export const publicReviews = async (h: Harness, chefId: number) =>
  (await ok(visitorClient(h).chefs[':id{[A-Za-z0-9-]*[0-9]}'].reviews.$get({ param: { id: String(chefId) }, query: {} }))).body.data;

/** POST /v1/bookings with a fresh Idempotency-Key (or the given one): the pending typed call, for ok() or refused(). */
export const book = (a: Agent, body: BookingInput, key: string = newKey()) =>
  typedClient(a).bookings.$post({ json: body, header: { 'idempotency-key': key } });

/** A booking made through the API; returns its id. */
export async function requestBooking(h: Harness, w: World, over: Partial<BookingInput> = {}, who: Party = w.customer): Promise<number> {
  return (await ok(book(await as(h, who), bookingBody(w.menu.id, h, over)))).body.data.id;
}

export async function acceptBooking(h: Harness, w: World, id: number) {
  return (await ok(bookingCalls(await as(h, w.chef)).accept.$post({ ...on(id), json: {} }))).body.data;
}

/** requested → accepted, through the API; returns its id. */
export async function acceptedBooking(h: Harness, w: World, over: Partial<BookingInput> = {}, who: Party = w.customer): Promise<number> {
  const id = await requestBooking(h, w, over, who);
  await acceptBooking(h, w, id);
  return id;
}

/** The test reference in a local checkout url (/checkout/test/{ref}?…). */
export const refOf = (checkoutUrl: string) => checkoutUrl.split('/checkout/test/')[1]!.split('?')[0]!;

/** POST /v1/bookings/{id}/pay with a fresh Idempotency-Key (or the given one): the pending typed call. */
export const pay = (a: Agent, id: number, key: string = newKey()) =>
  bookingCalls(a).pay.$post({ ...on(id), json: {}, header: { 'idempotency-key': key } });

/** GET /v1/payments/test/{ref}, the test checkout page: the pending typed call. */
export const checkout = (a: Agent, ref: string) => typedClient(a).payments.test[':ref{[A-Za-z0-9_-]{1,100}}'].$get({ param: { ref } });

/** POST /v1/payments/test/{ref}/complete: the pending typed call. */
export const complete = (a: Agent, ref: string, outcome: 'succeed' | 'fail' = 'succeed') =>
  typedClient(a).payments.test[':ref{[A-Za-z0-9_-]{1,100}}'].complete.$post({ param: { ref }, json: { outcome } });

/** requested → accepted → paid → confirmed, through the API. */
export async function confirmedBooking(h: Harness, w: World, over: Partial<BookingInput> = {}, who: Party = w.customer): Promise<number> {
  const id = await requestBooking(h, w, over, who);
  await acceptBooking(h, w, id);
  const a = await as(h, who);
  const started = await ok(pay(a, id));
  await ok(complete(a, refOf(started.body.data.checkout_url)));
  return id;
}

/** The Stripe-Signature header for a payload, as Stripe computes it. */
export const stripeSignature = (payload: string, secret: string, at: Date) => signStripePayload(payload, secret, Math.floor(at.getTime() / 1000));

