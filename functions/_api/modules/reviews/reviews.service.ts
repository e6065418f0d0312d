// Reviews: the customer of a completed booking rates it once, within 14 days after the event, on the seed's five
// ratings plus text; the chef may reply once. The review, the booking's move to "reviewed" with its history row,
// and the chef's and menu's review_count/review_avg (recomputed from the reviews table, never incremented) are
// one batch, so the aggregates always equal the reviews.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { guardedWrite } from '../../db/guarded-write';
import { chefs } from '../../db/schema/chefs';
import { reviews } from '../../db/schema/bookings';
import { menus } from '../../db/schema/menus';
import { conflict, forbidden } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { insertSelect, param, prepareNotice, sendNotices } from '../notifications/notify.service';
import { bookingFor, getBooking, type ReadCtx, type Viewer } from '../bookings/bookings.service';
import { bookingLink, recipientOf, runTransition, ledgerLine } from '../bookings/bookings.facade.service';
import type { RateInput } from './reviews.schema';

/** Visible reviews of a chef / menu; hidden (moderated) reviews do not count. */
const chefAggregate = (chefId: number) => ({
  reviewCount: sql<number>`(select count(*) from reviews r where r.chef_id = ${chefId} and r.hidden_at is null)`,
  reviewAvg: sql<number>`(select coalesce(avg(r.rating), 0) from reviews r where r.chef_id = ${chefId} and r.hidden_at is null)`,
});
const menuAggregate = (menuId: number) => ({
  reviewCount: sql<number>`(select count(*) from reviews r where r.menu_id = ${menuId} and r.hidden_at is null)`,
  reviewAvg: sql<number>`(select coalesce(avg(r.rating), 0) from reviews r where r.menu_id = ${menuId} and r.hidden_at is null)`,
});

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
      db
        .update(chefs)
        .set(chefAggregate(b.chefId))
        .where(and(eq(chefs.id, b.chefId), w)),
      db
        .update(menus)
        .set(menuAggregate(b.menuId))
        .where(and(eq(menus.id, b.menuId), w)),
    ],
    onUniqueViolation: conflict('This booking has already been rated.', 'ALREADY_RATED'),
  });
  return getBooking(deps, viewer, b.id, ctx, 'customer');
}

/** POST /v1/bookings/{id}/review/reply {text}: the chef answers the review once. */
export async function replyToReview(deps: Deps, viewer: Viewer, bookingId: number, text: string, ctx: ReadCtx) {
  const { db, clock } = deps;
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  if (relation !== 'chef') throw forbidden('Only the chef can reply to the review.');
  const [review] = await db.select({ id: reviews.id, reply: reviews.reply }).from(reviews).where(eq(reviews.bookingId, b.id));
  if (!review) throw conflict('This booking has not been rated yet.', 'NOT_RATED');
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
        .where(and(eq(reviews.id, review.id), isNull(reviews.reply)))
        .returning({ id: reviews.id }),
      [notice.insert],
    ),
  );
  if (!updated.length) throw conflict('You have already replied to this review.', 'ALREADY_REPLIED');
  await sendNotices(deps, [notice]);
  return getBooking(deps, viewer, b.id, ctx, 'chef');
}
