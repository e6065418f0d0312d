// The security suite's world: customer A and chef A with private data that must never reach anybody else (each
// piece carries a marker), customer B and chef B with their own data, a super-user, signed-in agents per request,
// fresh objects of A's for destructive calls, and database snapshots that prove a refused request wrote nothing.
import { createHash } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createHarness } from '#harness';
import { bookingDayHolds, bookings, payments } from '../../functions/_api/db/schema/bookings';
import { ChefStatus, chefs } from '../../functions/_api/db/schema/chefs';
import { DERIVED } from '../../functions/_api/db/data-versions';
import { contentPages } from '../../functions/_api/db/schema/content';
import { menuCourses } from '../../functions/_api/db/schema/menus';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { notifications } from '../../functions/_api/db/schema/messages';
import { guestAnswers, guestInvites } from '../../functions/_api/db/schema/passport';
import { rateLimits, sessions, users } from '../../functions/_api/db/schema/users';
import { sha256, randomToken } from '../../functions/_api/lib/crypto';
import { hashPassword } from '../../functions/_api/lib/password';
import { agent, type Agent } from '../support/agent';
import {
  acceptBooking,
  as,
  bookingBody,
  COURSES,
  customer,
  pay,
  refOf,
  requestBooking,
  startsIn,
  world,
  type Party,
  type World,
} from '../support/booking-fixtures';
import { ok } from '../support/typed-client';
import { blob, createBooking, pdf, png, REGIONS, seedRegions, upload } from '../support/chef-fixtures';
import { createChef, createImage, createMenu, createUser } from '../support/fixtures';
import { createReview } from '../support/discovery-fixtures';
import type { Harness } from '../support/harness';
import { DAY } from '#shared/time';

export const PASSWORD = 'correct horse battery';
/**
 * The actors of every cell. Besides the visitor, customers and chefs A and B and a super-user: a banned chef and a
 * chef whose account is disabled (issue 15 M2), each with bookings of their own made before the ban (`Sec.barred`).
 */
export const BASE_ACTORS = ['visitor', 'custA', 'custB', 'chefA', 'chefB', 'su'] as const;
export const BARRED_ACTORS = ['chefBanned', 'chefDisabled'] as const;
export const ACTORS = [...BASE_ACTORS, ...BARRED_ACTORS] as const;
export type BaseActor = (typeof BASE_ACTORS)[number];
export type BarredActor = (typeof BARRED_ACTORS)[number];
export type Actor = (typeof ACTORS)[number];
export type SignedActor = Exclude<Actor, 'visitor'>;
/** The owners: customer A and chef A share A's booking; everything the matrix targets belongs to them. */
export const OWNERS: readonly Actor[] = ['custA', 'chefA'];

/** A's private data. None of these strings may appear in a response to anybody but A (see `leaks`). */
export const MARK = {
  custEmail: 'cust-a-7731@example.com',
  chefEmail: 'chef-a-7731@example.com',
  phone: '+41790007731',
  street: 'Geheimgasse 7731',
  kitchen: 'Kitchen secret 7731',
  message: 'Message secret 7731',
  chefAddress: 'Privatweg 7731, 8001 Zürich',
  holder: 'Holder Secret Seven',
  draft: 'Draft secret menu 7731',
  file: 'passport-secret-7731.pdf',
  userAgent: 'UA-secret-7731',
  dayNote: 'Day note secret 7731',
  guest: 'Guest secret 7731',
} as const;

export const IBAN = 'CH9300762011623852957';

/** The ids of A's objects that the matrix puts into paths and bodies. */
export type Ids = {
  chefA: number;
  menuA: number;
  draftA: number;
  bookingA: number;
  paymentRefA: string;
  attachmentA: number;
  imageA: number;
  sessionA: string;
  notificationA: number;
  dayA: string;
  /** The path of chef A's private calendar feed (its token is the only key). */
  feedA: string;
  regionId: number;
  /** The token of an invite link to A's booking (the guest allergy passport). */
  inviteA: string;
};

/** The barred chefs' own bookings, made before the ban or the disabling, one per destructive call. */
export type BarredIds = {
  /** A request to the banned chef (accept it, write about it). */
  bannedRequest: number;
  /** Another request to the banned chef, for the decline. */
  bannedToDecline: number;
  /** Accepted bookings of the banned and of the disabled chef, for the customer's payment. */
  bannedAccepted: number;
  disabledAccepted: number;
  /** Checkouts opened before the ban or the disabling, for their completion. */
  bannedPendingRef: string;
  disabledPendingRef: string;
  /** An accepted booking of the banned chef that its customer calls off. */
  bannedToCancel: number;
  /** Bookings of the banned chef whose event is over: one not rated yet, one whose review is published. */
  bannedCompleted: number;
  bannedReviewed: number;
  /** The customers who opened those checkouts (one unpaid checkout per customer and chef). */
  bannedPayer: Party;
  disabledPayer: Party;
};

export type Sec = {
  h: Harness;
  parties: Record<SignedActor, Party>;
  /** The banned and the disabled chef's worlds: each chef's menu and customer. */
  barredWorlds: Record<BarredActor, World>;
  barred: BarredIds;
  wA: World;
  wB: World;
  ids: Ids;
  menuImageId: number;
};

let passwordHash: Promise<string> | null = null;
/** One scrypt hash for every test user, so the suite pays for it once. */
export const knownPasswordHash = () => (passwordHash ??= hashPassword(PASSWORD));

let seq = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** A day `days` ahead of the harness clock, as the calendar and the booking form write it. */
export const dayAhead = (h: Harness, days: number) => startsIn(h, days).slice(0, 10);

/**
 * Each destructive call gets a booking on a day of its own, so holds and confirmed days never collide. Bookings use
 * days 21 to about 120 ahead; A's blocked day is 500 days ahead and fresh blocked days 600 and more (the calendar reaches two years ahead, bookings one).
 */
let nextDay = 20;
const freshDay = () => ++nextDay;
let nextPastDay = 0;
let nextBlockedDay = 0;

export async function withPassword(h: Harness, userId: number, over: Partial<typeof users.$inferInsert> = {}) {
  await h.db.update(users).set({ passwordHash: await knownPasswordHash(), ...over }).where(eq(users.id, userId));
}

/** A brand-new user of the actor's kind, for calls that change the caller itself (pause, password, sessions). */
export async function freshParty(h: Harness, who: SignedActor): Promise<Party> {
  if (who === 'chefA' || who === 'chefB' || who === 'chefBanned' || who === 'chefDisabled') {
    const banned = who === 'chefBanned';
    const { chef, user } = await createChef(h.db, { user: { locale: 'en' }, ...(banned ? { status: ChefStatus.Banned, statusBeforeBan: ChefStatus.Active } : {}) });
    await withPassword(h, user.id, who === 'chefDisabled' ? { disabledAt: h.clock.now() } : {});
    return { userId: user.id, email: user.email, chefId: chef.id };
  }
  const p = await customer(h);
  await withPassword(h, p.userId, who === 'su' ? { isSu: true } : {});
  return p;
}

/** A signed-in agent for an actor (a fresh session each time), or a cookie-less visitor. */
export async function agentFor(s: Sec, who: Actor, party?: Party): Promise<Agent> {
  if (who === 'visitor') return agent(s.h);
  return as(s.h, party ?? s.parties[who]);
}

export async function buildWorld(h: Harness): Promise<Sec> {
  await seedRegions(h.db);
  const wA = await world(h);
  const wB = await world(h);
  await withPassword(h, wA.customer.userId, { email: MARK.custEmail, phone: MARK.phone, phoneCountry: 'CH' });
  await withPassword(h, wA.chef.userId, { email: MARK.chefEmail });
  wA.customer.email = MARK.custEmail;
  wA.chef.email = MARK.chefEmail;
  await withPassword(h, wB.customer.userId);
  await withPassword(h, wB.chef.userId);
  await h.db.update(chefs).set({ address: MARK.chefAddress }).where(eq(chefs.id, wA.chef.chefId));
  const suUser = await createUser(h.db, { isSu: true });
  await withPassword(h, suUser.id);
  const parties = {
    custA: wA.customer,
    chefA: wA.chef,
    custB: wB.customer,
    chefB: wB.chef,
    su: { userId: suUser.id, email: suUser.email },
  } as Sec['parties'];
  const menuImageId = (await createImage(h.db, { t512_1x1: 'menus/x/1.png', t512_2x1: 'menus/x/2.png', t1024_2x1: 'menus/x/3.png' }, { ownerUserId: wA.chef.userId })).id;
  const draft = await freshDraft({ h, wA, menuImageId }, MARK.draft);

  const barredWorlds = { chefBanned: await world(h), chefDisabled: await world(h) };
  for (const bw of Object.values(barredWorlds)) {
    await withPassword(h, bw.chef.userId);
    await withPassword(h, bw.customer.userId);
  }
  parties.chefBanned = barredWorlds.chefBanned.chef;
  parties.chefDisabled = barredWorlds.chefDisabled.chef;
  const s: Sec = { h, parties, barredWorlds, barred: {} as BarredIds, wA, wB, menuImageId, ids: {} as Ids };
  s.barred = await barredBookings(s, suUser.id);
  const custA = await agentFor(s, 'custA');
  const chefA = await agentFor(s, 'chefA');

  // A's booking with the private details, then one accepted and paid for (its checkout reference and notifications).
  const bookingA = await requestBooking(h, wA, {
    starts_at: startsIn(h, 15),
    address: { street: MARK.street, zip: '8001', city: 'Zürich' },
    kitchen_notes: MARK.kitchen,
    message: MARK.message,
  });
  // A's booking is the world's: makeRoom never closes it. A guest answered its allergy passport.
  s.ids = { bookingA } as Ids;
  await h.db.insert(guestAnswers).values({ bookingId: bookingA, editKeyHash: await sha256(randomToken(24)), name: MARK.guest, diets: [], allergies: [{ key: 'milk', level: 'preference' }] });
  const inviteA = await freshInvite(s, bookingA);
  const paymentRefA = await freshPendingRef(s);
  const [note] = await h.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, wA.customer.userId)).limit(1);
  if (!note) throw new Error('customer A has no notification');

  const attachmentA = await freshAttachment(s, MARK.file);
  const avatar = await upload(h, custA, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(png(256, 256), 'image/png'), 'me.png'] });
  if (avatar.status !== 201) throw new Error(`avatar upload failed: ${avatar.status}`);
  const imageA = ((await avatar.json()) as { data: { id: number } }).data.id;

  const dayA = dayAhead(h, 500);
  const blocked = await chefA.put(`/v1/chefs/me/availability/${dayA}`, { note: MARK.dayNote });
  if (blocked.status !== 200) throw new Error(`block failed: ${blocked.status} ${await blocked.text()}`);
  const saved = await chefA.put('/v1/chefs/me/payout-details', { account_holder: MARK.holder, iban: IBAN, password: PASSWORD });
  if (saved.status !== 200) throw new Error(`payout details failed: ${saved.status} ${await saved.text()}`);

  await h.db.insert(contentPages).values({ url: 'contact', locale: 'en', title: 'Contact', content: 'Write to us.' }).onConflictDoNothing();
  const feed = await chefA.get('/v1/chefs/me/calendar-feed');
  if (feed.status !== 200) throw new Error(`calendar feed failed: ${feed.status}`);
  const feedA = new URL(((await feed.json()) as { url: string }).url).pathname;

  s.ids = {
    chefA: wA.chef.chefId,
    menuA: wA.menu.id,
    draftA: draft,
    bookingA,
    paymentRefA,
    attachmentA,
    imageA,
    sessionA: await freshSession(s, MARK.userAgent),
    notificationA: note.id,
    dayA,
    feedA,
    regionId: REGIONS.zurich.id,
    inviteA,
  };
  return s;
}

/**
 * The banned and the disabled chef's bookings with their customers, made while both were in good standing, then
 * the ban and the disabling through the admin API (as an admin does it).
 */
async function barredBookings(s: Sec, suUserId: number): Promise<BarredIds> {
  const { h } = s;
  const banned = s.barredWorlds.chefBanned;
  const disabled = s.barredWorlds.chefDisabled;
  const request = (w: World) => requestBooking(h, w, { starts_at: startsIn(h, freshDay()) });
  const accepted = async (w: World) => {
    const id = await request(w);
    await acceptBooking(h, w, id);
    return id;
  };
  const pendingRef = async (w: World) => {
    const id = await accepted(w);
    return refOf((await ok(pay(await as(h, w.customer), id))).body.data.checkout_url);
  };
  const completed = async (w: World, daysAgo: number) => {
    const eventDate = new Date(h.clock.now().getTime() - daysAgo * DAY).toISOString().slice(0, 10);
    return (await createBooking(h.db, { chefId: w.chef.chefId, menuId: w.menu.id, customerId: w.customer.userId, status: 'completed', eventDate })).id;
  };
  // A booking with the customer's published review, written straight to the tables: rating through the API would also
  // write the banned chef's earning, and with it a statement the matrix expects the chef not to have.
  const reviewed = async (w: World) => (await createReview(h.db, { chefId: w.chef.chefId, menuId: w.menu.id, customerId: w.customer.userId })).bookingId;
  // One checkout per customer and chef at a time (issue 15 M1): each pending one is paid for by a customer of its own.
  const bannedPayer = await securedCustomer(h);
  const disabledPayer = await securedCustomer(h);
  const ids: BarredIds = {
    bannedRequest: await request(banned),
    bannedToDecline: await request(banned),
    bannedAccepted: await accepted(banned),
    disabledAccepted: await accepted(disabled),
    bannedPendingRef: await pendingRef({ ...banned, customer: bannedPayer }),
    disabledPendingRef: await pendingRef({ ...disabled, customer: disabledPayer }),
    bannedToCancel: await accepted(banned),
    bannedCompleted: await completed(banned, 1),
    bannedReviewed: await reviewed(banned),
    bannedPayer,
    disabledPayer,
  };
  const su = await as(h, { userId: suUserId, email: '' });
  const ban = await su.post(`/v1/admin/chefs/${banned.chef.chefId}/ban`, { reason: 'Security suite.' });
  if (ban.status !== 200) throw new Error(`ban failed: ${ban.status} ${await ban.text()}`);
  const off = await su.put(`/v1/admin/users/${disabled.chef.userId}/disabled`, { disabled: true });
  if (off.status !== 200) throw new Error(`disable failed: ${off.status} ${await off.text()}`);
  return ids;
}

async function securedCustomer(h: Harness) {
  const p = await customer(h);
  await withPassword(h, p.userId);
  return p;
}

/**
 * A suite file's setup: a fresh harness and world built once before its tests and closed after them. The world is
 * read through the returned object (`w.h`, `w.s`) once the tests run.
 */
export function useWorld(): { readonly h: Harness; readonly s: Sec } {
  let h: Harness | undefined;
  let s: Sec | undefined;
  beforeAll(async () => {
    const harness = await createHarness();
    h = harness;
    s = await buildWorld(harness);
  }, 120_000);
  afterAll(() => h?.close());
  return {
    get h() {
      return h!;
    },
    get s() {
      return s!;
    },
  };
}

// ---- fresh objects of A's: one per cell of a destructive call ----

/**
 * The matrix makes far more bookings of A's than a customer may keep open (issue 15 M1 and M4: five open with one
 * chef, one unpaid checkout per chef, twenty new bookings an hour). Before each new one, customer A's open bookings
 * with chef A made for earlier cells (all but A's booking), whose cells are done, are closed in the database (their
 * checkouts failed, their holds gone) and A's hourly booking counter starts again, so every cell meets the limits
 * as a real customer would.
 */
export async function makeRoom(s: Sec) {
  const { db } = s.h;
  const earlier = and(eq(bookings.customerId, s.wA.customer.userId), eq(bookings.chefId, s.wA.chef.chefId), ne(bookings.id, s.ids.bookingA ?? 0));
  const ids = db.select({ id: bookings.id }).from(bookings).where(earlier);
  await db.batch([
    db.update(bookings).set({ status: 'cancelled' }).where(and(earlier, inArray(bookings.status, ['requested', 'accepted']))),
    db.delete(bookingDayHolds).where(inArray(bookingDayHolds.bookingId, ids)),
    db.update(payments).set({ status: 'failed' }).where(and(inArray(payments.bookingId, ids), eq(payments.status, 'pending'))),
    db.delete(rateLimits).where(eq(rateLimits.key, `bookings:create:user:${s.wA.customer.userId}`)),
  ]);
}

export async function freshRequested(s: Sec) {
  await makeRoom(s);
  return requestBooking(s.h, s.wA, { starts_at: startsIn(s.h, freshDay()) });
}

/** An invite link to a booking of A's (a new request by default): its token. */
export async function freshInvite(s: Sec, bookingId?: number) {
  const id = bookingId ?? (await freshRequested(s));
  const token = randomToken(32);
  const [b] = await s.h.db.select({ startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.id, id));
  await s.h.db.insert(guestInvites).values({ bookingId: id, tokenHash: await sha256(token), expiresAt: b!.startsAt });
  return token;
}

/** The edit key of freshAnswer()'s answer: any device holding it may change that answer. */
export const EDIT_KEY = 'matrix-edit-key-0123456789';

/** A guest's answer on a new request of A's, with its invite link: the link's token. */
export async function freshAnswer(s: Sec) {
  const id = await freshRequested(s);
  await s.h.db.insert(guestAnswers).values({ bookingId: id, editKeyHash: await sha256(EDIT_KEY), name: 'Lena', diets: [], allergies: [] });
  return freshInvite(s, id);
}

/** When the severe answer of freshSevere() is dated: derived from the booking, so the matrix's request can name it. */
export const severeSeen = (bookingId: number) => new Date(1_700_000_000_000 + bookingId).toISOString();

/** A request of A's whose guest has a severe allergy the chef has not answered yet. */
export async function freshSevere(s: Sec) {
  const id = await freshRequested(s);
  await s.h.db.insert(guestAnswers).values({
    bookingId: id,
    editKeyHash: await sha256(randomToken(24)),
    name: MARK.guest,
    diets: [],
    allergies: [{ key: 'nuts', level: 'severe' }],
    severeAt: new Date(severeSeen(id)),
  });
  return id;
}

export async function freshAccepted(s: Sec) {
  const id = await freshRequested(s);
  await acceptBooking(s.h, s.wA, id);
  return id;
}

/** An accepted booking whose payment was started: the test checkout's reference. */
export async function freshPendingRef(s: Sec) {
  const id = await freshAccepted(s);
  return refOf((await ok(pay(await as(s.h, s.wA.customer), id))).body.data.checkout_url);
}

/**
 * A booking of A's whose event took place a few days ago (completed, within the 14 days for rating). Those days are
 * few: when the day comes round again, the booking an earlier cell used there is set aside (cancelled), since the
 * chef has one event a day.
 */
export async function freshCompleted(s: Sec) {
  const day = new Date(s.h.clock.now().getTime() - (++nextPastDay % 13 || 13) * DAY).toISOString().slice(0, 10);
  await s.h.db
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.chefId, s.wA.chef.chefId), eq(bookings.eventDate, day), inArray(bookings.status, ['completed', 'reviewed'])));
  const b = await createBooking(s.h.db, { chefId: s.wA.chef.chefId, menuId: s.wA.menu.id, customerId: s.wA.customer.userId, status: 'completed', eventDate: day });
  return b.id;
}

/**
 * A booking of A's whose event ended yesterday evening, within the 48 hours for reporting a problem; the booking an
 * earlier cell made on that day is set aside (the chef has one event a day).
 */
export async function freshRecent(s: Sec) {
  const day = new Date(s.h.clock.now().getTime() - DAY).toISOString().slice(0, 10);
  await s.h.db
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.chefId, s.wA.chef.chefId), eq(bookings.eventDate, day), inArray(bookings.status, ['completed', 'reviewed'])));
  return (await createBooking(s.h.db, { chefId: s.wA.chef.chefId, menuId: s.wA.menu.id, customerId: s.wA.customer.userId, status: 'completed', eventDate: day })).id;
}

/** A recent booking of A's with customer A's complaint and its photo (an attachment of A's). */
export async function freshComplaint(s: Sec): Promise<{ bookingA: number; attachmentA: number }> {
  const bookingA = await freshRecent(s);
  const a = await as(s.h, s.wA.customer);
  const up = await upload(s.h, a, '/v1/users/me/attachments', { kind: 'complaint_photo', file: [blob(png(40, 30), 'image/png'), 'plate.png'] });
  if (up.status !== 201) throw new Error(`photo upload failed: ${up.status} ${await up.text()}`);
  const attachmentA = ((await up.json()) as { data: { id: number } }).data.id;
  const res = await a.post(`/v1/bookings/${bookingA}/complaint`, { category: 'hygiene', text: 'The kitchen was left dirty after the dinner.', photo_ids: [attachmentA] });
  if (res.status !== 201) throw new Error(`complaint failed: ${res.status} ${await res.text()}`);
  return { bookingA, attachmentA };
}

/** A completed booking of A's that customer A paid for: it has a receipt. */
export async function freshPaid(s: Sec) {
  const id = await freshCompleted(s);
  await s.h.db.insert(payments).values({ bookingId: id, userId: s.wA.customer.userId, provider: 'local', status: 'succeeded', amount: 39900, currency: 'CHF' });
  return id;
}

/** A paid booking of A's with chef A's ledger line: chef A has a statement for its month; returns its event day. */
export async function freshEarning(s: Sec) {
  const id = await freshPaid(s);
  const [b] = await s.h.db.select({ eventDate: bookings.eventDate, startsAt: bookings.startsAt }).from(bookings).where(eq(bookings.id, id));
  await s.h.db.insert(payoutItems).values({ bookingId: id, chefId: s.wA.chef.chefId, amount: 32300, currency: 'CHF', releaseAt: b!.startsAt });
  return b!.eventDate;
}

export async function freshReviewed(s: Sec) {
  const id = await freshCompleted(s);
  const a = await as(s.h, s.wA.customer);
  const res = await a.post(`/v1/users/me/orders/${id}/rate`, { rating_food: 5, rating_service: 5, rating_hygiene: 5, rating_value: 5, rating_communication: 5, text: 'Great' });
  if (res.status !== 201) throw new Error(`rate failed: ${res.status} ${await res.text()}`);
  // The chef's review of the guest publishes the customer's (blind reviews), so the chef can reply to it.
  const c = await as(s.h, s.wA.chef);
  const guest = await c.post(`/v1/bookings/${id}/guest-review`, { rating_punctuality: 5, rating_kitchen: 5, rating_respect: 5 });
  if (guest.status !== 201) throw new Error(`guest review failed: ${guest.status} ${await guest.text()}`);
  return id;
}

/** A complete draft menu of chef A's (with a picture and three courses), so publishing it would succeed. */
export async function freshDraft(s: Pick<Sec, 'h' | 'wA' | 'menuImageId'>, name = 'Fresh draft menu') {
  const m = await createMenu(s.h.db, s.wA.chef.chefId, { name, status: 'draft', imageId: s.menuImageId });
  await s.h.db.insert(menuCourses).values(COURSES.map((c, position) => ({ menuId: m.id, position, ...c })));
  return m.id;
}

export async function freshAttachment(s: Sec, filename = 'fresh.pdf') {
  const a = await as(s.h, s.wA.customer);
  const res = await upload(s.h, a, '/v1/users/me/attachments', { kind: 'id_document', file: [blob(pdf(), 'application/pdf'), filename] });
  if (res.status !== 201) throw new Error(`attachment upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** A session of customer A's (as another device); returns its public id. */
export async function freshSession(s: Sec, userAgent = 'Other device') {
  const now = s.h.clock.now();
  const idHash = await sha256(randomToken(32));
  await s.h.db.insert(sessions).values({ idHash, userId: s.wA.customer.userId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + DAY), rememberMe: true, userAgent, ip: '10.7.7.31' });
  return idHash.slice(0, 16);
}

export async function freshBlockedDay(s: Sec) {
  const day = dayAhead(s.h, 600 + ++nextBlockedDay);
  const res = await (await as(s.h, s.wA.chef)).put(`/v1/chefs/me/availability/${day}`, { note: 'fresh' });
  if (res.status !== 200) throw new Error(`block failed: ${res.status}`);
  return day;
}

/** A booking request for A's menu (the body of POST /v1/bookings) on a day of its own. */
export const newBookingBody = (s: Sec) => bookingBody(s.wA.menu.id, s.h, { starts_at: startsIn(s.h, freshDay()) });


// ---- what a response may contain ----

/** The markers of A's private data found in a response body. */
export function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return Object.values(MARK).filter((m) => lower.includes(m.toLowerCase()));
}

/** The error shape every refusal has: `{ message, code, errors?: { field: string[] } }`, and nothing internal. */
export function expectErrorShape(status: number, body: unknown, context: string) {
  expect(body, context).toBeTypeOf('object');
  const b = body as Record<string, unknown>;
  expect(typeof b.message, `${context}: message`).toBe('string');
  expect((b.message as string).length, `${context}: message`).toBeGreaterThan(0);
  expect(b.code, `${context}: code`).toMatch(/^[A-Z][A-Z0-9_]+$/);
  if (b.errors !== undefined) {
    expect(b.errors, `${context}: errors`).toBeTypeOf('object');
    for (const [field, messages] of Object.entries(b.errors as Record<string, unknown>)) {
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string' && m.length > 0), `${context}: errors.${field}`).toBe(true);
    }
  }
  expect(JSON.stringify(b), `${context}: no internals`).not.toMatch(/sqlite|libsql|drizzle|at \w+ \(|\.ts:\d+|"stack":"/i);
  expect(status, context).toBeGreaterThanOrEqual(400);
}

// ---- database snapshots ----

type TableInfo = { name: string; columns: string[] };
const tableCache = new WeakMap<Harness, Promise<TableInfo[]>>();

/**
 * Tables that record traffic or derived state rather than anybody's data: counters, the mail outbox, the audit
 * trail, and the cache versions that triggers bump on any catalogue change.
 */
const TRAFFIC_TABLES = new Set(['rate_limits', 'outbox', 'audit_log', 'newsletter_subscribers', 'webhook_events', 'idempotency_keys', 'data_versions']);

function tables(h: Harness): Promise<TableInfo[]> {
  let cached = tableCache.get(h);
  if (!cached) {
    cached = (async () => {
      // Not what triggers derive from rows: full-text tables and their shadow tables (user_search, user_search_data…)
      // and the menus search and card tables (DERIVED).
      const names = await h.db.all<{ name: string }>(
        sql.raw(`select name from sqlite_master m where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'
          and name not in (${Object.keys(DERIVED).map((t) => `'${t}'`).join(', ')})
          and not exists (select 1 from sqlite_master v where v.sql like 'CREATE VIRTUAL TABLE%' and (m.name = v.name or m.name like v.name || '\\_%' escape '\\'))
          order by name`),
      );
      const out: TableInfo[] = [];
      for (const { name } of names) {
        const cols = await h.db.all<{ name: string }>(sql.raw(`pragma table_info(${name})`));
        out.push({ name, columns: cols.map((c) => c.name) });
      }
      return out;
    })();
    tableCache.set(h, cached);
  }
  return cached;
}

/** One statement that reads the given row sets of all tables as JSON, one row per table. */
async function digest(h: Harness, where: (t: TableInfo) => string | null): Promise<Record<string, string>> {
  const parts: string[] = [];
  for (const t of await tables(h)) {
    const filter = where(t);
    if (filter === null) continue;
    const cols = t.columns.map((c) => `"${c}"`).join(', ');
    parts.push(`select '${t.name}' as t, (select json_group_array(json_array(${cols})) from (select * from "${t.name}" where ${filter} order by ${cols})) as rows`);
  }
  const rows = await h.db.all<{ t: string; rows: string }>(sql.raw(parts.join(' union all ')));
  return Object.fromEntries(rows.map((r) => [r.t, createHash('sha256').update(r.rows).digest('hex')]));
}

/** Every table's content (the fuzz corpus must leave all of it as it was, traffic counters included). */
export const databaseDigest = (h: Harness) => digest(h, () => '1');

/**
 * Everything of A's: rows that point at A's users, chef, bookings, menus, threads or payments, plus the shared
 * reference tables (settings, regions, lists, content). Nobody but A may change any of it through the non-admin API.
 */
export function aStateDigest(s: Sec) {
  const U = `${s.wA.customer.userId}, ${s.wA.chef.userId}`;
  const C = `${s.wA.chef.chefId}`;
  const B = `(select id from bookings where customer_id in (${U}) or chef_id = ${C})`;
  const M = `(select id from menus where chef_id = ${C})`;
  const T = `(select id from message_threads where booking_id in ${B})`;
  const P = `(select id from payments where booking_id in ${B})`;
  const own: Record<string, string> = {
    user_id: `in (${U})`,
    customer_id: `in (${U})`,
    owner_user_id: `in (${U})`,
    sender_user_id: `in (${U})`,
    chef_id: `= ${C}`,
    booking_id: `in ${B}`,
    menu_id: `in ${M}`,
    thread_id: `in ${T}`,
    payment_id: `in ${P}`,
  };
  const byId: Record<string, string> = { users: `in (${U})`, chefs: `= ${C}`, bookings: `in ${B}`, menus: `in ${M}`, message_threads: `in ${T}`, payments: `in ${P}` };
  return digest(s.h, (t) => {
    if (TRAFFIC_TABLES.has(t.name)) return null;
    const conds = [...(byId[t.name] ? [`id ${byId[t.name]}`] : []), ...t.columns.filter((c) => own[c]).map((c) => `"${c}" ${own[c]}`)];
    return conds.length ? conds.join(' or ') : '1';
  });
}

/** The tables whose digest differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
}
