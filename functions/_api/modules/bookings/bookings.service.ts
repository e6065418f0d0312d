// Bookings: the price quote, creating a booking (request-to-book or instant-book), the chef's answer, cancellation
// with the refund policy, and the customer's and chef's reads. Every state change goes through the machine
// (bookings.machine.ts) and its executor (bookings.transition.ts); every read shows the effective status.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import { bookingDayHolds, bookingEvents, bookings, chefCancellations, payments, refunds, type BookingStatus } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';
import { listItems } from '../../db/schema/lists';
import { menus } from '../../db/schema/menus';
import { notifications } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import { badRequest, conflict, forbidden, notFound, type FieldErrors } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Locale } from '../../lib/locales';
import type { Deps } from '../../platform/deps';
import { enforce } from '../../platform/rate-limit';
import { insertSelect, noticeTexts, param, paramsOf, prepareNotice, sendNotices, type Notice, type Recipient } from '../notifications/notify.service';
import { visibleMenu } from '../../db/visibility';
import { executeRefund } from '../refunds/refunds.service';
import { formatConverted, formatMoney, priceSnapshot, quote as priceQuote, type PriceTier } from '../pricing/pricing';
import { settingsQuery, toSettings, type Settings } from '../settings/settings.service';
import { bookingWindow, checkStartsAt, localDay, type BookingWindow as BookingWindowBounds, type WindowProblem } from './booking-window';
import { ACTIVE_STATUSES, cancelRefusal, cancelTransition, dueSystemStep, effectiveStatus, effectiveStatusSql, eventEndOf, paymentDueByFor, respondByFor, TRANSITIONS, type TransitionName } from './bookings.machine';
import { threadStatements } from './booking-thread';
import { bookingLinkPrefix, bookingNotice } from './bookings.notices';
import { BOOKINGS_PER_HOUR, chefMailNowSql, OPEN_PER_CHEF, openWithChefSql } from './request-limits';
import { presentBooking, type View } from './bookings.present';
import { bookingSelect, relationOf, timed, toRecord, type BookingRecord } from './bookings.query';
import type { CreateInput, Scope } from './bookings.schema';
import { isUniqueViolation, runTransition, type Actor, type Witness } from './bookings.transition';
import { ADMIN_REFUND_REASON, cancellationTerms, refundReason } from './cancellation-policy';
import { dayConflict, dayStateQuery, toDayState } from './day-conflicts';
import { fingerprintOf, idempotent } from './idempotency';
import { ledgerLine, ledgerLineAfterCancel } from './ledger';

export type ReadCtx = { locale: Locale; currency: string };
export type Viewer = { userId: number };

// ---------------------------------------------------------------- reads of one booking

export async function loadBooking(db: DB, id: number, now: Date, detailsFor?: number): Promise<BookingRecord | null> {
  const [row] = await bookingSelect(db, now, detailsFor === undefined ? {} : { detailsFor }).where(eq(bookings.id, id)).limit(1);
  return row ? toRecord(row) : null;
}

/**
 * The booking and how the viewer relates to it. Somebody with no relation gets 404, whatever the booking: its
 * existence is never revealed.
 */
export async function bookingFor(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, id: number, opts: { details?: boolean } = {}) {
  const b = await loadBooking(deps.db, id, deps.clock.now(), opts.details ? viewer.userId : undefined);
  const relation = b ? relationOf(b, viewer.userId) : null;
  if (!b || !relation) throw notFound('Booking not found.');
  return { b, relation };
}

/** GET /v1/bookings/{id}, /v1/users/me/orders/{id} (only: 'customer'), /v1/chefs/me/bookings/{id} (only: 'chef'). */
export async function getBooking(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, id: number, ctx: ReadCtx, only?: 'customer' | 'chef') {
  const now = deps.clock.now();
  const [[row], settingRows] = await deps.db.batch([bookingSelect(deps.db, now, { detailsFor: viewer.userId }).where(eq(bookings.id, id)).limit(1), settingsQuery(deps.db)]);
  const b = row ? toRecord(row) : null;
  const relation = b ? relationOf(b, viewer.userId) : null;
  if (!b || !relation || (only && relation !== only)) throw notFound('Booking not found.');
  return presentBooking(b, relation, { now, ...ctx, settings: toSettings(settingRows) });
}

/** A booking as admins see it (both sides, contact details, earnings); for the admin area's booking details. */
export async function adminBooking(deps: Pick<Deps, 'db' | 'clock'>, adminUserId: number, id: number, ctx: ReadCtx) {
  const now = deps.clock.now();
  const [[row], settingRows] = await deps.db.batch([bookingSelect(deps.db, now, { detailsFor: adminUserId }).where(eq(bookings.id, id)).limit(1), settingsQuery(deps.db)]);
  if (!row) throw notFound('Booking not found.');
  return presentBooking(toRecord(row), 'admin', { now, ...ctx, settings: toSettings(settingRows) });
}

// ---------------------------------------------------------------- quote

function bookableMenuQuery(db: DB, menuId: number) {
  return db
    .select({
      id: menus.id,
      chefId: menus.chefId,
      name: menus.name,
      currency: menus.currency,
      pricePerPerson: menus.pricePerPerson,
      minGuests: menus.minGuests,
      maxGuests: menus.maxGuests,
      atCustomer: menus.atCustomer,
      atChef: menus.atChef,
      bookingMode: menus.bookingMode,
      chefUserId: chefs.userId,
      timezone: chefs.timezone,
      chefEmail: users.email,
      chefLocale: users.locale,
      chefFirstname: users.firstname,
      tiersJson: sql<string | null>`(select json_group_array(json_object('min_guests', t.min_guests, 'price', t.price_per_person))
        from menu_price_tiers t where t.menu_id = ${menus.id})`.as('tiers_json'),
    })
    .from(menus)
    .innerJoin(chefs, eq(chefs.id, menus.chefId))
    .innerJoin(users, eq(users.id, chefs.userId))
    // Only menus the public can see can be booked; anything else is "not found", as on the menu page.
    .where(and(eq(menus.id, menuId), visibleMenu()))
    .limit(1);
}
type BookableMenu = Awaited<ReturnType<typeof bookableMenuQuery>>[number];

const tiersOf = (json: string | null): PriceTier[] =>
  (json ? (JSON.parse(json) as { min_guests: number; price: number }[]) : []).map((t) => ({ minGuests: Number(t.min_guests), pricePerPerson: Number(t.price) }));

function guestRangeError(menu: BookableMenu, guests: number): string | null {
  if (guests < menu.minGuests || guests > menu.maxGuests) return `This menu is for ${menu.minGuests} to ${menu.maxGuests} guests.`;
  return null;
}

function quoteFor(menu: BookableMenu, guests: number, settings: Settings) {
  return priceQuote({
    pricePerPerson: menu.pricePerPerson,
    tiers: tiersOf(menu.tiersJson),
    currency: menu.currency,
    guests,
    serviceFeeBp: settings.service_fee_bp,
    commissionBp: settings.commission_bp,
  });
}

/** POST /v1/bookings/quote: pricing.quote() with the current settings, formatted in the menu's and the display currency. */
/** The quote, and the launch mode read with it (the route decides who may see it). */
export async function quoteBooking(deps: Pick<Deps, 'db' | 'clock' | 'config'>, input: { menu_id: number; guests: number; currency?: string }, ctx: ReadCtx) {
  const [menuRows, settingRows] = await deps.db.batch([bookableMenuQuery(deps.db, input.menu_id), settingsQuery(deps.db)]);
  const menu = menuRows[0];
  if (!menu) throw notFound('Menu not found.');
  const rangeError = guestRangeError(menu, input.guests);
  if (rangeError) throw badRequest(rangeError, { guests: [rangeError] });
  const settings = toSettings(settingRows, deps.config.launchModeOverride);
  const q = quoteFor(menu, input.guests, settings);
  const display = input.currency ?? ctx.currency;
  const f = (amount: number) => formatMoney(amount, q.currency, ctx.locale);
  const lc = (amount: number) => formatConverted(amount, q.currency, display, settings.currency_rates, ctx.locale);
  const quote = {
    menu_id: menu.id,
    booking_mode: menu.bookingMode,
    ...q,
    price_per_person_formatted: f(q.price_per_person),
    subtotal_formatted: f(q.subtotal),
    service_fee_formatted: f(q.service_fee),
    total_formatted: f(q.total),
    lc_currency: display,
    price_per_person_lc_formatted: lc(q.price_per_person),
    subtotal_lc_formatted: lc(q.subtotal),
    service_fee_lc_formatted: lc(q.service_fee),
    total_lc_formatted: lc(q.total),
  };
  return { quote, launchMode: settings.launch_mode };
}

// ---------------------------------------------------------------- create

export type Customer = { userId: number; chefId: number | null; email: string; firstname: string; locale: string };

/**
 * An in-app notification for a booking inserted in its own creation batch: its id (and so the link) only exists
 * inside the batch, hence the link is built in SQL. The mail is sent after the batch with prepareNotice.
 */
function creationNotification(db: DB, to: Recipient, notice: Notice, bookingId: SQL, linkPrefix: string, now: Date) {
  const { title, message } = noticeTexts(to.locale, notice);
  return insertSelect(
    db,
    notifications,
    {
      userId: param(notifications.userId, to.userId),
      type: param(notifications.type, notice.type ?? 'info'),
      title: param(notifications.title, title),
      message: param(notifications.message, message),
      link: sql`${linkPrefix} || ${bookingId}`,
      createdAt: param(notifications.createdAt, now),
    },
    sql`where ${bookingId} is not null`,
  );
}

/** POST /v1/bookings (Idempotency-Key): the request, or the instant booking waiting for payment. */
export async function createBooking(deps: Deps, me: Customer, input: CreateInput, key: string, ctx: ReadCtx) {
  const fingerprint = await fingerprintOf({ ...input, starts_at: input.starts_at.toISOString() });
  return idempotent(deps, { userId: me.userId, scope: 'bookings.create', key, fingerprint }, async () => {
    const booking = await insertBooking(deps, me, input, key);
    const data = await getBooking(deps, { userId: me.userId }, booking.id, ctx, 'customer');
    const instant = booking.status === 'accepted';
    return {
      status: 201,
      body: {
        message: instant ? 'Your booking is reserved. Please complete the payment to confirm it.' : 'Your request was sent to the chef.',
        next_action: instant ? 'pay' : 'wait_for_chef',
        data,
      },
    };
  });
}

const startsAtMessage = (problem: WindowProblem, w: BookingWindowBounds) =>
  problem === 'too_early'
    ? `The earliest time you can book is ${w.firstDay} at 13:00.`
    : problem === 'too_late'
      ? `You can book up to ${w.lastDay}.`
      : 'The chef needs a day to answer a request. Please choose a later date.';

async function insertBooking(deps: Deps, me: Customer, input: CreateInput, key: string) {
  const { db, clock } = deps;
  const now = clock.now();
  const keys = { diets: JSON.stringify(input.diets), allergens: JSON.stringify(input.allergens.map((a) => a.key)) };
  const [menuRows, settingRows, knownKeys] = await db.batch([
    bookableMenuQuery(db, input.menu_id),
    settingsQuery(db),
    // One JSON parameter per list keeps the statement far below D1's 100 bound parameters.
    db
      .select({ kind: listItems.kind, key: listItems.key })
      .from(listItems)
      .where(
        and(
          isNull(listItems.retiredAt),
          sql`((${listItems.kind} = 'diet' and ${listItems.key} in (select value from json_each(${keys.diets})))
            or (${listItems.kind} = 'allergen' and ${listItems.key} in (select value from json_each(${keys.allergens}))))`,
        ),
      ),
  ]);
  const menu = menuRows[0];
  if (!menu) throw notFound('Menu not found.');
  if (menu.chefId === me.chefId || menu.chefUserId === me.userId) throw forbidden('You cannot book your own menu.');

  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const rangeError = guestRangeError(menu, input.guests);
  if (rangeError) add('guests', rangeError);
  if (input.at_chefs_place && !menu.atChef) add('at_chefs_place', 'This menu is not offered at the chef’s place.');
  if (!input.at_chefs_place && !menu.atCustomer) add('at_chefs_place', 'This menu is only offered at the chef’s place.');
  const window = checkStartsAt(input.starts_at, now, menu.timezone, menu.bookingMode);
  if (window) add('starts_at', startsAtMessage(window, bookingWindow(now, menu.timezone)));
  const instant = menu.bookingMode === 'instant';
  const respondBy = respondByFor(now, input.starts_at);
  const known = new Set(knownKeys.map((k) => `${k.kind}:${k.key}`));
  for (const d of input.diets) if (!known.has(`diet:${d}`)) add('diets', `Unknown diet "${d}".`);
  for (const a of input.allergens) if (!known.has(`allergen:${a.key}`)) add('allergens', `Unknown allergen "${a.key}".`);
  if (Object.keys(errors).length) throw badRequest('Please check the highlighted fields.', errors);

  const day = localDay(input.starts_at, menu.timezone);
  const [dayRow] = await dayStateQuery(db, menu.chefId, day);
  if (dayConflict(toDayState(dayRow))) throw conflict('The chef is not available on that day. Please choose another date.', 'CHEF_UNAVAILABLE');

  // Counted only for a booking that would be made: a form sent back with errors costs nothing (issue 15 M4).
  await enforce(db, `bookings:create:user:${me.userId}`, BOOKINGS_PER_HOUR, now, `You can make up to ${BOOKINGS_PER_HOUR.limit} bookings an hour. Please try again later.`);

  const settings = toSettings(settingRows);
  const q = quoteFor(menu, input.guests, settings);
  const status: BookingStatus = instant ? 'accepted' : 'requested';
  const paymentDueBy = instant ? paymentDueByFor(now, input.starts_at) : null;
  const bookingId = sql`(select b.id from bookings b where b.customer_id = ${me.userId} and b.idempotency_key = ${key})`;
  const name: TransitionName = instant ? 'instant' : 'request';

  // Notice texts need the booking's fields; the id is only known inside the batch (see creationNotification).
  const draft = {
    id: 0,
    menuName: menu.name,
    startsAt: input.starts_at,
    timezone: menu.timezone,
    guests: input.guests,
    customerFirstname: me.firstname,
    chefFirstname: menu.chefFirstname,
    customerLocale: me.locale,
    chefLocale: menu.chefLocale,
    total: q.total,
    currency: q.currency,
    respondBy: instant ? null : respondBy,
    paymentDueBy,
  } as BookingRecord;
  const recipients = {
    customer: { userId: me.userId, email: me.email, locale: me.locale, firstname: me.firstname },
    chef: { userId: menu.chefUserId, email: menu.chefEmail, locale: menu.chefLocale, firstname: menu.chefFirstname },
  };
  // The booking is inserted only while the customer has fewer than OPEN_PER_CHEF open bookings with this chef,
  // checked inside the insert so parallel requests cannot pass it together; everything else in the batch is
  // inserted only with the booking. Whether the chef's mail goes out now or in the digest is decided there too.
  const bookingMade = sql`${bookingId} is not null`;
  const insertIfRoom = (values: typeof bookings.$inferInsert) =>
    insertSelect(
      db,
      bookings,
      { ...paramsOf(bookings, values), chefMailedAt: chefMailNowSql(menu.chefId, now) },
      sql`where ${openWithChefSql(me.userId, menu.chefId, now)} < ${OPEN_PER_CHEF}`,
    );
  const statements: BatchItem<'sqlite'>[] = [
    insertIfRoom({
      customerId: me.userId,
      chefId: menu.chefId,
      menuId: menu.id,
      menuName: menu.name,
      status,
      occasion: input.occasion,
      atChefsPlace: input.at_chefs_place,
      addressStreet: input.at_chefs_place ? null : (input.address?.street ?? null),
      addressZip: input.at_chefs_place ? null : (input.address?.zip ?? null),
      addressCity: input.at_chefs_place ? null : (input.address?.city ?? null),
      guests: input.guests,
      eventDate: day,
      startsAt: input.starts_at,
      timezone: menu.timezone,
      diets: input.diets,
      allergens: input.allergens,
      kitchenNotes: input.kitchen_notes,
      message: input.message,
      ...priceSnapshot(q),
      respondBy: instant ? null : respondBy,
      paymentDueBy,
      acceptedAt: instant ? now : null,
      idempotencyKey: key,
      createdAt: now,
      updatedAt: now,
    }),
    insertSelect(
      db,
      bookingEvents,
      {
        bookingId,
        fromStatus: sql`null`,
        toStatus: param(bookingEvents.toStatus, status),
        actorRole: param(bookingEvents.actorRole, 'customer'),
        actorUserId: param(bookingEvents.actorUserId, me.userId),
        createdAt: param(bookingEvents.createdAt, now),
      },
      sql`where ${bookingMade}`,
    ),
    ...threadStatements(db, { bookingId, customerId: me.userId, chefUserId: menu.chefUserId, message: input.message, now }),
    ...(['customer', 'chef'] as const).map((side) => creationNotification(db, recipients[side], bookingNotice(draft, name, side), bookingId, bookingLinkPrefix(side), now)),
  ];
  try {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    // The same key again (a double submission that slipped past the key claim): the booking already exists.
    if (!isUniqueViolation(err)) throw err;
  }
  const [created] = await db
    .select({ id: bookings.id, status: bookings.status, chefMailedAt: bookings.chefMailedAt })
    .from(bookings)
    .where(and(eq(bookings.customerId, me.userId), eq(bookings.idempotencyKey, key)));
  if (!created) {
    throw conflict(`You already have ${OPEN_PER_CHEF} bookings with this chef waiting for an answer or a payment. Please wait for the chef, or withdraw one, before you send another.`, 'OPEN_REQUESTS_LIMIT');
  }
  draft.id = created.id;
  // The chef's in-app notification is in the batch; the mail goes now only if no other told the chef lately.
  const chefMail = created.chefMailedAt != null;
  await sendNotices(
    deps,
    (['customer', 'chef'] as const).map((side) => prepareNotice(deps, recipients[side], { ...bookingNotice(draft, name, side), ...(side === 'chef' && !chefMail ? { mail: false } : {}) })),
  );
  return created;
}

// ---------------------------------------------------------------- the chef's answer

/** Statements every transition out of "accepted" needs: the day hold and any open checkout end with it. */
const endCheckout = (db: DB, bookingId: number, w: Witness, now: Date): BatchItem<'sqlite'>[] => [
  db.delete(bookingDayHolds).where(and(eq(bookingDayHolds.bookingId, bookingId), w)),
  db
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending'), w)),
];

function requireRelation(relation: 'customer' | 'chef', needed: 'customer' | 'chef', message: string) {
  if (relation !== needed) throw forbidden(message);
}

/** POST /v1/bookings/{id}/accept */
export async function acceptBooking(deps: Deps, viewer: Viewer, id: number, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, id);
  requireRelation(relation, 'chef', 'Only the chef can accept a request.');
  const now = deps.clock.now();
  const current = effectiveStatus(timed(b), now);
  if (current === 'requested') {
    const [dayRow] = await dayStateQuery(deps.db, b.chefId, b.eventDate);
    const clash = dayConflict(toDayState(dayRow), b.id);
    if (clash === 'booked') throw conflict('You already have a confirmed booking on that day.', 'CHEF_UNAVAILABLE');
    if (clash === 'blocked') throw conflict('You blocked this day in your calendar. Unblock it first to accept the request.', 'CHEF_UNAVAILABLE');
  }
  const paymentDueBy = paymentDueByFor(now, b.startsAt);
  await runTransition(deps, {
    booking: b,
    name: 'accept',
    actor: { role: 'chef', userId: viewer.userId },
    set: { acceptedAt: now, paymentDueBy },
    notice: { deadline: paymentDueBy },
  });
  return getBooking(deps, viewer, id, ctx, 'chef');
}

/** POST /v1/bookings/{id}/decline {reason} */
export async function declineBooking(deps: Deps, viewer: Viewer, id: number, reason: string, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, id);
  requireRelation(relation, 'chef', 'Only the chef can decline a request.');
  await runTransition(deps, {
    booking: b,
    name: 'decline',
    actor: { role: 'chef', userId: viewer.userId },
    set: { reason, cancelledAt: deps.clock.now() },
    note: reason,
    notice: { reason },
  });
  return getBooking(deps, viewer, id, ctx, 'chef');
}

// ---------------------------------------------------------------- cancellation

/** The captured payment of a booking and what can still be refunded of it. */
async function capturedPayment(db: DB, bookingId: number) {
  const [p] = await db
    .select({ id: payments.id, amount: payments.amount, refunded: payments.refundedAmount, currency: payments.currency })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'partially_refunded'])))
    .orderBy(desc(payments.id))
    .limit(1);
  return p ? { ...p, refundable: p.amount - p.refunded } : null;
}

/** The policy's terms (or an administrator's refund) for the booking's captured payment. */
function termsFor(b: BookingRecord, side: 'customer' | 'chef', now: Date, paid: Awaited<ReturnType<typeof capturedPayment>>, chosenRefund?: number) {
  const price = { serviceFee: b.serviceFee, chefEarnings: b.chefEarnings };
  return cancellationTerms({ by: side, startsAt: b.startsAt, now, paidAt: b.confirmedAt, paid: paid?.amount ?? 0, refunded: paid?.refunded ?? 0, price, chosenRefund });
}

function cancellationFor(b: BookingRecord, relation: 'customer' | 'chef', now: Date, byAdmin = false) {
  const status = effectiveStatus(timed(b), now);
  return { status, name: cancelTransition(relation, status, byAdmin) };
}

/** GET /v1/bookings/{id}/cancellation: what cancelling now would mean for the caller, before confirming it. */
export async function cancellationPreview(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, id: number, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, id);
  return cancellationPreviewFor(deps, b, relation, ctx);
}

/** What cancelling for one side would mean now; admins preview either side of any booking. */
export async function cancellationPreviewFor(deps: Pick<Deps, 'db' | 'clock'>, b: BookingRecord, relation: 'customer' | 'chef', ctx: ReadCtx, byAdmin = false) {
  const now = deps.clock.now();
  const { status, name } = cancellationFor(b, relation, now, byAdmin);
  const paid = name === 'customer_cancel' || name === 'chef_cancel' ? await capturedPayment(deps.db, b.id) : null;
  const terms = termsFor(b, relation, now, paid);
  const f = (amount: number) => formatMoney(amount, b.currency, ctx.locale);
  return {
    booking_id: b.id,
    status,
    can_cancel: name != null,
    ...(name ? { to_status: TRANSITIONS[name].to } : { message: cancelRefusal(relation, status) }),
    reason_required: name ? TRANSITIONS[name].reason === 'required' : false,
    currency: b.currency,
    paid: paid?.refundable ?? 0,
    paid_formatted: f(paid?.refundable ?? 0),
    refund_tier: paid ? terms.tier : 'none',
    refund_percent: paid ? terms.refund_bp / 100 : 0,
    refund_amount: paid ? terms.refund_amount : 0,
    refund_formatted: f(paid ? terms.refund_amount : 0),
    free_until: terms.free_until.toISOString(),
    half_refund_until: terms.half_refund_until.toISOString(),
    cooling_off_until: terms.cooling_off_until?.toISOString() ?? null,
    ...(relation === 'chef' ? { chef_earnings_after: terms.settlement.chef_earnings, counts_against_you: name === 'chef_cancel' } : {}),
  };
}

/** POST /v1/bookings/{id}/cancel {reason}: the caller's side decides which cancellation (and refund) it is. */
export async function cancelBooking(deps: Deps, viewer: Viewer, id: number, rawReason: string, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, id);
  return cancelAs(deps, b, { role: relation, userId: viewer.userId }, relation, rawReason, ctx);
}

/** What a cancellation did, for statements that record it in the same batch (an admin's audit entry). */
export type CancelOutcome = { name: TransitionName; from: BookingStatus; to: BookingStatus; paid: number; refund: number; chefEarnings: number };

export type CancelOptions = {
  /** An administrator's refund (minor units, 0 up to what was paid) instead of the policy's. */
  refund?: number;
  /** More statements of the cancellation's batch; each must be conditioned on the witness. */
  extra?: (w: Witness, outcome: CancelOutcome) => BatchItem<'sqlite'>[];
};

/** A cancellation for one side; admins call it with `side` (they act for that side), optionally with a chosen refund. */
export async function cancelAs(deps: Deps, b: BookingRecord, actor: Actor, side: 'customer' | 'chef', rawReason: string, ctx: ReadCtx, opts: CancelOptions = {}) {
  const { db, clock } = deps;
  const now = clock.now();
  const reason = rawReason.trim();
  const { status, name } = cancellationFor(b, side, now, actor.role === 'admin');
  if (!name) throw conflict(cancelRefusal(side, status), 'INVALID_BOOKING_STATE');
  if (TRANSITIONS[name].reason === 'required' && !reason) {
    throw badRequest('Please tell the customer why you cancel.', { reason: ['Please tell the customer why you cancel.'] });
  }
  const paidBooking = name === 'customer_cancel' || name === 'chef_cancel';
  const paid = paidBooking ? await capturedPayment(db, b.id) : null;
  const refundable = paid?.refundable ?? 0;
  if (opts.refund !== undefined && opts.refund > refundable) {
    const message = `The refund can be at most ${formatMoney(refundable, b.currency, ctx.locale)}, what was paid.`;
    throw badRequest(message, { refund_amount: [message] });
  }
  const terms = termsFor(b, side, now, paid, opts.refund);
  const refund = paid && terms.refund_amount > 0 ? terms.refund_amount : 0;
  const byAdmin = actor.role === 'admin';
  const outcome: CancelOutcome = { name, from: status, to: TRANSITIONS[name].to, paid: refundable, refund, chefEarnings: terms.settlement.chef_earnings };

  const extra = (w: Witness): BatchItem<'sqlite'>[] => {
    const out: BatchItem<'sqlite'>[] = [...endCheckout(db, b.id, w, now)];
    if (paid && refund > 0) {
      out.push(
        insertSelect(
          db,
          refunds,
          {
            paymentId: param(refunds.paymentId, paid.id),
            bookingId: param(refunds.bookingId, b.id),
            amount: param(refunds.amount, refund),
            currency: param(refunds.currency, paid.currency),
            status: param(refunds.status, 'pending'),
            reason: param(refunds.reason, opts.refund !== undefined ? ADMIN_REFUND_REASON : refundReason(side, terms.tier)),
            createdAt: param(refunds.createdAt, now),
          },
          sql`where ${w}`,
        ),
      );
    }
    if (paidBooking) out.push(ledgerLineAfterCancel(db, b, terms.settlement.chef_earnings, w, now));
    if (name === 'chef_cancel') {
      out.push(
        insertSelect(
          db,
          chefCancellations,
          {
            bookingId: param(chefCancellations.bookingId, b.id),
            chefId: param(chefCancellations.chefId, b.chefId),
            hoursBeforeEvent: param(chefCancellations.hoursBeforeEvent, Math.floor((b.startsAt.getTime() - now.getTime()) / 3600_000)),
            reason: param(chefCancellations.reason, reason),
            createdAt: param(chefCancellations.createdAt, now),
          },
          sql`where ${w}`,
        ),
      );
    }
    out.push(...(opts.extra?.(w, outcome) ?? []));
    return out;
  };
  await runTransition(deps, {
    booking: b,
    name,
    actor,
    set: { cancelledAt: now, reason: reason || null },
    extra,
    note: reason || null,
    notice: { reason: reason || null, refund, byAdmin },
  });
  if (refund > 0) {
    const [row] = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.bookingId, b.id), eq(refunds.status, 'pending'), isNull(refunds.providerRef)))
      .orderBy(desc(refunds.id))
      .limit(1);
    if (row) await executeRefund(deps, row.id);
  }
  if (byAdmin) return null;
  return getBooking(deps, { userId: actor.userId! }, b.id, ctx, side);
}

// ---------------------------------------------------------------- time-based steps (the sweep)

/** Writes down the time-based step that is due for a booking (expired, payment_expired, completed), if any. */
export async function runDueStep(deps: Deps, b: BookingRecord): Promise<TransitionName | null> {
  const now = deps.clock.now();
  const step = dueSystemStep(timed(b), now);
  if (!step) return null;
  await runTransition(deps, {
    booking: b,
    name: step.name,
    actor: { role: 'system', userId: null },
    at: step.at,
    set: step.name === 'complete' ? { completedAt: eventEndOf(b.startsAt) } : {},
    extra: step.name === 'expire_payment' ? (w) => endCheckout(deps.db, b.id, w, now) : step.name === 'complete' ? (w) => [ledgerLine(deps.db, b, w, now)] : undefined,
  });
  return step.name;
}

/** Bookings whose stored status is behind the clock, oldest deadline first. */
export async function dueBookings(db: DB, now: Date, limit: number): Promise<BookingRecord[]> {
  const rows = await bookingSelect(db, now)
    .where(and(inArray(bookings.status, ['requested', 'accepted', 'confirmed']), sql`${effectiveStatusSql(now)} <> "bookings"."status"`))
    .orderBy(asc(bookings.startsAt))
    .limit(limit);
  return rows.map(toRecord);
}

// ---------------------------------------------------------------- lists

const activeList = sql.join(
  ACTIVE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

function scopeCondition(scope: Scope | undefined, now: Date): SQL | undefined {
  const eff = effectiveStatusSql(now);
  if (scope === 'upcoming') return sql`${eff} in (${activeList})`;
  if (scope === 'past') return sql`${eff} not in (${activeList})`;
  if (scope === 'requests') return sql`${eff} = 'requested'`;
  return undefined;
}

async function listBookings(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: Viewer,
  view: View,
  where: SQL,
  params: ListParams & { scope?: Scope; explicitDir: boolean },
  orderBy: SQL[],
  ctx: ReadCtx,
) {
  const { db, clock } = deps;
  const now = clock.now();
  const filtered = and(where, scopeCondition(params.scope, now))!;
  const [rows, total, settingRows] = await db.batch([
    bookingSelect(db, now, { detailsFor: viewer.userId })
      .where(filtered)
      .orderBy(...orderBy, desc(bookings.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db.select({ n: count() }).from(bookings).where(filtered),
    settingsQuery(db),
  ]);
  const settings = toSettings(settingRows);
  return envelope(
    rows.map((r) => presentBooking(toRecord(r), view, { now, ...ctx, settings })),
    { count: '1' },
    { total: Number(total[0]?.n ?? 0) },
  );
}

/** GET /v1/users/me/orders: upcoming soonest first, past latest first; everything latest first without a scope. */
export function listOrders(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, params: ListParams & { scope?: Scope; explicitDir: boolean }, ctx: ReadCtx) {
  const dir = params.explicitDir ? params.order_dir : params.scope === 'upcoming' ? 'asc' : 'desc';
  return listBookings(deps, viewer, 'customer', eq(bookings.customerId, viewer.userId), params, [dir === 'asc' ? asc(bookings.startsAt) : desc(bookings.startsAt)], ctx);
}

/**
 * GET /v1/chefs/me/bookings: requests needing an answer first (the most urgent first), then upcoming bookings
 * soonest first, then the past latest first.
 */
export function listChefBookings(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, chefId: number, params: ListParams & { scope?: Scope; explicitDir: boolean }, ctx: ReadCtx) {
  const eff = effectiveStatusSql(deps.clock.now());
  const rank = sql`(case when ${eff} = 'requested' then 0 when ${eff} in (${activeList}) then 1 else 2 end)`;
  const order = params.explicitDir
    ? [params.order_dir === 'asc' ? asc(bookings.startsAt) : desc(bookings.startsAt)]
    : [asc(rank), sql`case when ${rank} = 0 then "bookings"."respond_by" when ${rank} = 1 then "bookings"."starts_at" else -"bookings"."starts_at" end asc`];
  return listBookings(deps, viewer, 'chef', eq(bookings.chefId, chefId), params, order, ctx);
}

/** A chef's cancellations of confirmed bookings (for the admin area: they count against the chef). */
export async function chefCancellationCount(db: DB, chefId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(chefCancellations).where(eq(chefCancellations.chefId, chefId));
  return Number(row?.n ?? 0);
}
