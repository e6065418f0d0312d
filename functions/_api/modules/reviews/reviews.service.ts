// Reviews, both ways and blind (issue 18 §5, Sharetribe's rule): after the event the customer rates the booking
// (the seed's five ratings plus text) and the chef rates the guest (punctuality, kitchen as described, respect, plus
// text), each once, within 14 days of the event's end. Neither side reads the other's review until both are written
// or the 14 days are over; then both are published together. A review counts in the chef's and menu's
// review_count/review_avg (recomputed from the published reviews, never incremented) only once published; the
// publication and the recount are in the batch of the second review, or in the sweep's batch once the window
// closed, so the aggregates (and the search tables that triggers derive from them) always equal the published
// reviews. The chef may reply once to a published review. Guest reviews are never public: other chefs read a
// customer's published average and count on that customer's requests (bookings.query). A chef whose profile is
// banned (or whose account is disabled) writes neither; a paused chef does (a pause only stops new bookings).
import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { guardedWrite, type BatchStatements } from '../../db/guarded-write';
import { bookings, guestReviews, reviews } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';
import { menus } from '../../db/schema/menus';
import { conflict, forbidden, keyedRefusal } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { insertSelect, param, paramsOf, prepareNotice, sendNotices, whenParam } from '../notifications/notify.service';
import { bookingFor, getBooking, loadBooking, type ReadCtx, type Viewer } from '../bookings/bookings.service';
import {
  barredParty,
  bookingLink,
  chefInGoodStandingSql,
  effectiveStatus,
  isUniqueViolation,
  ledgerLine,
  partiesInGoodStandingSql,
  recipientOf,
  REVIEW_WITHIN_MS,
  reviewUntilOf,
  runTransition,
  timed,
  type BookingRecord,
} from '../bookings/bookings.facade.service';
import { EVENT_DURATION_MS } from '#shared/booking-window';
import type { GuestRateInput, RateInput } from '#shared/schemas/reviews.schema';

/**
 * The booking machine's rule on its parties, for what the chef writes after the event: a barred chef (banned profile,
 * disabled account) writes no reply and no guest review (403); a guest whose account is closed is rated no more (409),
 * while a reply to their published review stays possible (it is public, on the chef's profile).
 */
function assertChefMayWrite(b: BookingRecord, about: 'reply' | 'guest'): void {
  const barred = barredParty(b);
  if (barred === 'chef') throw keyedRefusal(403, 'validation.refusal.party_blocked_reviews', 'PARTY_BLOCKED');
  if (barred === 'customer' && about === 'guest') throw keyedRefusal(409, 'validation.refusal.party_blocked_guest', 'PARTY_BLOCKED');
}

/**
 * assertChefMayWrite() as the write's own condition, so that a ban or a closed account that lands after the booking
 * was read stops the write too: true while the booking's parties may still take part as `about` needs.
 */
const chefMayWriteSql = (bookingId: number, about: 'reply' | 'guest'): SQL =>
  sql`exists (select 1 from bookings where bookings.id = ${bookingId} and ${about === 'guest' ? partiesInGoodStandingSql() : chefInGoodStandingSql()})`;

/** After a write that its condition stopped: the refusal of the booking's parties as they are now, if any. */
async function assertChefMayStillWrite(deps: Deps, b: BookingRecord, about: 'reply' | 'guest'): Promise<void> {
  const now = await loadBooking(deps.db, b.id, deps.clock.now());
  if (now) assertChefMayWrite(now, about);
}

/** What a chef's or menu's rating counts: published reviews a moderator did not hide. */
const COUNTED = sql.raw('r.hidden_at is null and r.published_at is not null');
const aggregate = (column: 'chef_id' | 'menu_id', id: number | SQL) => ({
  reviewCount: sql<number>`(select count(*) from reviews r where r.${sql.raw(column)} = ${id} and ${COUNTED})`,
  reviewAvg: sql<number>`(select coalesce(avg(r.rating), 0) from reviews r where r.${sql.raw(column)} = ${id} and ${COUNTED})`,
});
// An update's own columns are left unqualified by drizzle: the subqueries name the outer row in full.
const CHEF_ROW = sql.raw('"chefs"."id"');
const MENU_ROW = sql.raw('"menus"."id"');

/** The chef's and the menu's ratings recounted from the published reviews, under the batch's condition. */
const recount = (db: DB, chefId: number, menuId: number, condition?: SQL): BatchItem<'sqlite'>[] => [
  db
    .update(chefs)
    .set(aggregate('chef_id', chefId))
    .where(and(eq(chefs.id, chefId), condition)),
  db
    .update(menus)
    .set(aggregate('menu_id', menuId))
    .where(and(eq(menus.id, menuId), condition)),
];

/**
 * Both reviews of a booking published together once both exist, then the ratings recounted. Each statement reads
 * the other table in the same batch, so of two reviews written at the same moment the second batch publishes both.
 */
function publishPair(db: DB, b: { id: number; chefId: number; menuId: number }, now: Date, condition?: SQL): BatchItem<'sqlite'>[] {
  return [
    db
      .update(reviews)
      .set({ publishedAt: now })
      .where(and(eq(reviews.bookingId, b.id), isNull(reviews.publishedAt), sql`exists (select 1 from guest_reviews g where g.booking_id = ${b.id})`)),
    db
      .update(guestReviews)
      .set({ publishedAt: now })
      .where(and(eq(guestReviews.bookingId, b.id), isNull(guestReviews.publishedAt), sql`exists (select 1 from reviews r where r.booking_id = ${b.id})`)),
    ...recount(db, b.chefId, b.menuId, condition),
  ];
}

/** POST /v1/users/me/orders/{id}/rate */
export async function rateBooking(deps: Deps, viewer: Viewer, bookingId: number, input: RateInput, ctx: ReadCtx) {
  const { db, clock } = deps;
  const now = clock.now();
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  if (relation !== 'customer') throw forbidden('Only the customer can rate this booking.');
  const ratings = [input.rating_food, input.rating_service, input.rating_hygiene, input.rating_value, input.rating_communication];
  const rating = ratings.reduce((s, r) => s + r, 0) / ratings.length;
  await runTransition(deps, {
    booking: b,
    name: 'review',
    actor: { role: 'customer', userId: viewer.userId },
    extra: (w) => [
      // A booking the clock completed without a sweep may still lack its ledger line.
      ledgerLine(db, b, w, now),
      insertSelect(
        db,
        reviews,
        {
          bookingId: param(reviews.bookingId, b.id),
          chefId: param(reviews.chefId, b.chefId),
          menuId: param(reviews.menuId, b.menuId),
          customerId: param(reviews.customerId, b.customerId),
          ratingFood: param(reviews.ratingFood, input.rating_food),
          ratingService: param(reviews.ratingService, input.rating_service),
          ratingHygiene: param(reviews.ratingHygiene, input.rating_hygiene),
          ratingValue: param(reviews.ratingValue, input.rating_value),
          ratingCommunication: param(reviews.ratingCommunication, input.rating_communication),
          rating: param(reviews.rating, rating),
          text: param(reviews.text, input.text),
          createdAt: param(reviews.createdAt, now),
        },
        sql`where ${w}`,
      ),
      ...publishPair(db, b, now, w),
    ],
    // Both sides' notices say when the reviews are published at the latest.
    notice: { deadline: reviewUntilOf(b.startsAt) },
    onUniqueViolation: conflict('This booking has already been rated.', 'ALREADY_RATED'),
  });
  return getBooking(deps, viewer, b.id, ctx, 'customer');
}

/**
 * POST /v1/bookings/{id}/guest-review: the chef rates the customer once, after the event and within the same 14 days
 * as the customer's rating. The customer is told (without the content: it is blind until both are in).
 */
export async function rateGuest(deps: Deps, viewer: Viewer, bookingId: number, input: GuestRateInput, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  if (relation !== 'chef') throw forbidden('Only the chef can rate the guest.');
  await writeGuestReview(deps, b, input);
  return getBooking(deps, viewer, b.id, ctx, 'chef');
}

/** The guest review of the booking `b` as read, with its checks; written only while both parties may still take part. */
export async function writeGuestReview(deps: Deps, b: BookingRecord, input: GuestRateInput): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  assertChefMayWrite(b, 'guest');
  const status = effectiveStatus(timed(b), now);
  if (status !== 'completed' && status !== 'reviewed') throw conflict('Only a completed booking can be rated. You can rate your guest after the event, within 14 days.', 'INVALID_BOOKING_STATE');
  const until = reviewUntilOf(b.startsAt);
  if (now.getTime() >= until.getTime()) throw conflict('The 14 days for rating this booking are over.', 'INVALID_BOOKING_STATE');
  const rating = (input.rating_punctuality + input.rating_kitchen + input.rating_respect) / 3;
  // The insert is the guard: a second guest review fails on the booking's unique index and the batch writes nothing;
  // a party barred since the read lets it insert no row.
  const write = guardedWrite(db);
  const notice = prepareNotice(
    deps,
    recipientOf(b, 'customer'),
    {
      key: 'booking.guest_review.customer',
      params: { chef: b.chefFirstname || 'Chef', menu: b.menuName, deadline: whenParam(until, b.timezone) },
      type: 'info',
      link: bookingLink(b.id, 'customer'),
    },
    { when: write.witness },
  );
  let inserted: unknown[];
  try {
    const guard = insertSelect(
      db,
      guestReviews,
      paramsOf(guestReviews, {
        bookingId: b.id,
        chefId: b.chefId,
        customerId: b.customerId,
        ratingPunctuality: input.rating_punctuality,
        ratingKitchen: input.rating_kitchen,
        ratingRespect: input.rating_respect,
        rating,
        text: input.text,
        createdAt: now,
      }),
      sql`where ${chefMayWriteSql(b.id, 'guest')}`,
    ).returning({ id: guestReviews.id });
    [inserted] = await db.batch([...write.statements(guard, [notice.insert]), ...publishPair(db, b, now)] as BatchStatements);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You have already rated this guest.', 'ALREADY_RATED');
    throw err;
  }
  if (!inserted.length) {
    await assertChefMayStillWrite(deps, b, 'guest');
    throw conflict('You have already rated this guest.', 'ALREADY_RATED');
  }
  await sendNotices(deps, [notice]);
}

/**
 * The sweep's step: the reviews of bookings whose 14 days are over are published, also when the other side never
 * wrote one, and the ratings they count in recounted, in one batch. Running twice publishes nothing twice: the
 * updates take only unpublished rows and the recount reads the table.
 */
export async function publishDueReviews(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  // A booking's window closes 14 days after the event's end.
  const startedBy = new Date(now.getTime() - EVENT_DURATION_MS - REVIEW_WITHIN_MS);
  const closed = (bookingId: SQLiteColumn) => inArray(bookingId, db.select({ id: bookings.id }).from(bookings).where(lte(bookings.startsAt, startedBy)));
  const [due, dueGuests] = await db.batch([
    db.select({ chefId: reviews.chefId, menuId: reviews.menuId }).from(reviews).where(and(isNull(reviews.publishedAt), closed(reviews.bookingId))),
    db.select({ id: guestReviews.id }).from(guestReviews).where(and(isNull(guestReviews.publishedAt), closed(guestReviews.bookingId))),
  ]);
  if (!due.length && !dueGuests.length) return 0;
  const recounts: BatchItem<'sqlite'>[] = due.length
    ? [
        db.update(chefs).set(aggregate('chef_id', CHEF_ROW)).where(inArray(chefs.id, [...new Set(due.map((r) => r.chefId))])),
        db.update(menus).set(aggregate('menu_id', MENU_ROW)).where(inArray(menus.id, [...new Set(due.map((r) => r.menuId))])),
      ]
    : [];
  const [published, publishedGuests] = await db.batch([
    db.update(reviews).set({ publishedAt: now }).where(and(isNull(reviews.publishedAt), closed(reviews.bookingId))).returning({ id: reviews.id }),
    db.update(guestReviews).set({ publishedAt: now }).where(and(isNull(guestReviews.publishedAt), closed(guestReviews.bookingId))).returning({ id: guestReviews.id }),
    ...recounts,
  ]);
  return published.length + publishedGuests.length;
}

/** POST /v1/bookings/{id}/review/reply {text}: the chef answers the published review once. */
export async function replyToReview(deps: Deps, viewer: Viewer, bookingId: number, text: string, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  if (relation !== 'chef') throw forbidden('Only the chef can reply to the review.');
  await writeReply(deps, b, text);
  return getBooking(deps, viewer, b.id, ctx, 'chef');
}

/** The chef's reply to the review of the booking `b` as read, with its checks; written only while the chef may still write. */
export async function writeReply(deps: Deps, b: BookingRecord, text: string): Promise<void> {
  const { db, clock } = deps;
  assertChefMayWrite(b, 'reply');
  const [review] = await db.select({ id: reviews.id, reply: reviews.reply, publishedAt: reviews.publishedAt }).from(reviews).where(eq(reviews.bookingId, b.id));
  // An unpublished review is not the chef's to read yet: as if there were none.
  if (!review?.publishedAt) throw conflict('This booking has no published review yet.', 'NOT_RATED');
  if (review.reply != null) throw conflict('You have already replied to this review.', 'ALREADY_REPLIED');
  const write = guardedWrite(db);
  const notice = prepareNotice(
    deps,
    recipientOf(b, 'customer'),
    { key: 'booking.review_reply.customer', params: { chef: b.chefFirstname, menu: b.menuName }, type: 'info', link: bookingLink(b.id, 'customer') },
    { when: write.witness },
  );
  const [updated] = await db.batch(
    write.statements(
      db
        .update(reviews)
        .set({ reply: text, repliedAt: clock.now() })
        .where(and(eq(reviews.id, review.id), isNull(reviews.reply), chefMayWriteSql(b.id, 'reply')))
        .returning({ id: reviews.id }),
      [notice.insert],
    ),
  );
  if (!updated.length) {
    await assertChefMayStillWrite(deps, b, 'reply');
    throw conflict('You have already replied to this review.', 'ALREADY_REPLIED');
  }
  await sendNotices(deps, [notice]);
}
