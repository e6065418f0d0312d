// Creating a booking (POST /v1/bookings): the request to the chef, or the instant booking waiting for payment. The
// booking, its history row, its message thread, both notifications and, for a rebooking after the chef cancelled, its
// guests' allergy passport (booking-rebook.ts) are one batch, idempotent by the key.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import { bookingEvents, bookings, type BookingStatus } from '../../db/schema/bookings';
import { notifications } from '../../db/schema/messages';
import { badRequest, conflict, forbidden, keyedConflict, notFound, type FieldErrors } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { enforce } from '../../platform/rate-limit';
import { insertSelect, noticeTexts, param, paramsOf, prepareNotice, sendNotices, type Notice, type Recipient } from '../notifications/notify.service';
import { priceSnapshot } from '#shared/pricing';
import { settingsQuery, toSettings } from '../settings/settings.service';
import { bookingWindow, checkStartsAt, localDay, type BookingWindow as BookingWindowBounds, type WindowProblem } from '#shared/booking-window';
import { dietaryKeysQuery } from '../lists/lists.service';
import { bookableMenuQuery, guestRangeError, quoteFor } from './booking-quote.service';
import { paymentDueByFor, respondByFor, type TransitionName } from './bookings.machine';
import { bookingLinkPrefix, bookingNotice } from './bookings.notices';
import type { BookingRecord } from './bookings.query';
import type { CreateInput } from '#shared/schemas/bookings.schema';
import { getBooking, type ReadCtx } from './bookings.service';
import { isUniqueViolation } from './bookings.transition';
import { dayConflict, dayStateQuery, toDayState } from './day-conflicts';
import { fingerprintOf, idempotent } from './idempotency';
import { threadStatements } from './booking-thread';
import { BOOKINGS_PER_HOUR, chefMailNowSql, OPEN_PER_CHEF, openWithChefSql } from './request-limits';
import { copyPassport, REBOOK_REFUSED, rebookSourceQuery } from './booking-rebook';
import { showMasks } from '../../lib/masking';

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
      key: param(notifications.key, notice.key),
      params: param(notifications.params, notice.params ?? null),
      link: sql`${linkPrefix} || ${bookingId}`,
      createdAt: param(notifications.createdAt, now),
    },
    sql`where ${bookingId} is not null`,
  );
}

/** POST /v1/bookings (Idempotency-Key): the request, or the instant booking waiting for payment. */
/**
 * The region the event takes place in, fixed when the booking is made (bookings.region_id): the region of the
 * address's postal code, else (an event at the chef's place, or a postal code the dataset does not know) the chef's
 * home region. Read where a booking's place is searched (the alternatives after a chef cancels). Migration 0015
 * filled it in the same way for the bookings made before.
 */
const eventRegionSql = (zip: string | null, chefId: number) =>
  sql`coalesce((select pc.region_id from postal_codes pc where pc.zip = ${zip} order by pc.region_id limit 1), (select hc.home_region_id from chefs hc where hc.id = ${chefId}))`;

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
  const [menuRows, settingRows, knownKeys, rebookRows] = await db.batch([
    bookableMenuQuery(db, input.menu_id),
    settingsQuery(db),
    dietaryKeysQuery(db, input.diets, input.allergens.map((a) => a.key)),
    rebookSourceQuery(db, me.userId, input.rebook_of ?? 0),
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
  if (input.rebook_of != null && !rebookRows.length) add('rebook_of', REBOOK_REFUSED);
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

  // The booking keeps the menu's name as it was booked; a masked contact detail in it reads in the customer's language.
  const menuName = showMasks(menu.name, me.locale);
  // Notice texts need the booking's fields; the id is only known inside the batch (see creationNotification).
  const draft = {
    id: 0,
    menuName,
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
      { ...paramsOf(bookings, values), chefMailedAt: chefMailNowSql(menu.chefId, now), regionId: eventRegionSql(input.at_chefs_place ? null : (input.address?.zip ?? null), menu.chefId) },
      sql`where ${openWithChefSql(me.userId, menu.chefId, now)} < ${OPEN_PER_CHEF}`,
    );
  const statements: BatchItem<'sqlite'>[] = [
    insertIfRoom({
      customerId: me.userId,
      chefId: menu.chefId,
      menuId: menu.id,
      menuName,
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
    ...(input.rebook_of != null ? copyPassport(deps, input.rebook_of, bookingId) : []),
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
    throw keyedConflict('validation.refusal.open_requests_limit', 'OPEN_REQUESTS_LIMIT', { max: OPEN_PER_CHEF });
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
