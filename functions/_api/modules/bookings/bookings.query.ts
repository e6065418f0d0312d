// The one select behind every booking read and transition: the booking with both parties (for permissions and
// notifications) and, for the detail views, its history, messages counter, payment, review, earnings line and the
// menu's courses as JSON from correlated subqueries, so a booking page is one statement.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { as } from '../../db/columns-alias';
import { bookings, type BookingStatus } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';
import { users } from '../../db/schema/users';
import type { ImageRef } from '../images/images.service';
import { severeAllergyPendingSql, type Relation, type TimedBooking } from './bookings.machine';
import { heldReasonSql } from './ledger';

export const customerUser = alias(users, 'cu');
export const chefUser = alias(users, 'chu');

/** The booking's own id, written out: a bare "id" inside a subquery would bind to the subquery's table. */
const B = sql.raw('"bookings"');

const avatarJson = (userAlias: string) =>
  sql.raw(`(select json_object('id', i.id, 'status', i.status, 'stacks', json(i.stacks)) from images i where i.id = "${userAlias}"."avatar_image_id")`);

const detailColumns = (viewerUserId: number) => ({
  eventsJson: sql<string | null>`(select json_group_array(json_object('id', e.id, 'from', e.from_status, 'to', e.to_status, 'actor_role', e.actor_role,
    'note', e.note, 'created_at', e.created_at)) from booking_events e where e.booking_id = ${B}."id")`.as('events_json'),
  unseen: sql<number | null>`(select tp.unseen_count from message_threads mt join thread_participants tp on tp.thread_id = mt.id
    where mt.booking_id = ${B}."id" and tp.user_id = ${viewerUserId})`.as('viewer_unseen'),
  threadId: sql<number | null>`(select mt.id from message_threads mt where mt.booking_id = ${B}."id")`.as('thread_id'),
  paymentJson: sql<string | null>`(select json_object('id', p.id, 'status', p.status, 'amount', p.amount, 'refunded_amount', p.refunded_amount,
    'currency', p.currency, 'provider', p.provider, 'created_at', p.created_at, 'expires_at', p.expires_at)
    from payments p where p.booking_id = ${B}."id" order by case when p.status in ('succeeded', 'refunded', 'partially_refunded') then 0 else 1 end, p.id desc limit 1)`.as(
    'payment_json',
  ),
  refundsJson: sql<string | null>`(select json_group_array(json_object('id', r.id, 'payment_id', r.payment_id, 'amount', r.amount, 'currency', r.currency, 'status', r.status,
    'reason', r.reason, 'created_at', r.created_at)) from refunds r where r.booking_id = ${B}."id")`.as('refunds_json'),
  reviewJson: sql<string | null>`(select json_object('id', r.id, 'rating', r.rating, 'rating_food', r.rating_food, 'rating_service', r.rating_service,
    'rating_hygiene', r.rating_hygiene, 'rating_value', r.rating_value, 'rating_communication', r.rating_communication, 'text', r.text,
    'reply', r.reply, 'replied_at', r.replied_at, 'created_at', r.created_at, 'published_at', r.published_at) from reviews r where r.booking_id = ${B}."id")`.as('review_json'),
  guestReviewJson: sql<string | null>`(select json_object('id', g.id, 'rating', g.rating, 'rating_punctuality', g.rating_punctuality, 'rating_kitchen', g.rating_kitchen,
    'rating_respect', g.rating_respect, 'text', g.text, 'created_at', g.created_at, 'published_at', g.published_at) from guest_reviews g where g.booking_id = ${B}."id")`.as(
    'guest_review_json',
  ),
  // What chefs learn of the customer from other chefs: the published guest reviews' average and count, never a text.
  guestRatingJson: sql<string | null>`(select json_object('avg', coalesce(avg(g.rating), 0), 'count', count(*)) from guest_reviews g
    where g.customer_id = ${B}."customer_id" and g.published_at is not null)`.as('guest_rating_json'),
  earningJson: sql<string | null>`(select json_object('amount', pi.amount, 'currency', pi.currency, 'release_at', pi.release_at, 'payout_id', pi.payout_id,
    'payout_status', po.status, 'paid_at', po.paid_at,
    'held', ${heldReasonSql(sql`pi.booking_id`, sql`pi.chef_id`)}) from payout_items pi left join payouts po on po.id = pi.payout_id where pi.booking_id = ${B}."id")`.as(
    'earning_json',
  ),
  coursesJson: sql<string | null>`(select json_group_array(json_object('id', c.id, 'position', c.position, 'course_type', c.course_type, 'name', c.name,
    'allergens', json(c.allergens))) from menu_courses c where c.menu_id = ${B}."menu_id")`.as('courses_json'),
  menuDietsJson: sql<string | null>`(select json_group_array(li.key) from menu_tags mt join list_items li on li.id = mt.item_id
    where mt.menu_id = ${B}."menu_id" and li.kind = 'diet')`.as('menu_diets_json'),
  namesJson: sql<string | null>`(select json_group_array(json_object('kind', li.kind, 'key', li.key, 'names', json(li.names))) from list_items li
    where (li.kind = 'diet' and (li.key in (select value from json_each(${B}."diets"))
        or li.key in (select d.value from guest_answers ga, json_each(ga.diets) d where ga.booking_id = ${B}."id")))
       or (li.kind = 'allergen' and (li.key in (select json_extract(value, '$.key') from json_each(${B}."allergens"))
        or li.key in (select json_extract(a.value, '$.key') from guest_answers ga, json_each(ga.allergies) a where ga.booking_id = ${B}."id"))))`.as('names_json'),
  // The guests' allergy passport: their own answers (passport module), for both parties and admins only.
  guestAnswersJson: sql<string | null>`(select json_group_array(json_object('id', ga.id, 'name', ga.name, 'diets', json(ga.diets), 'allergies', json(ga.allergies),
    'severe_at', ga.severe_at, 'updated_at', ga.updated_at)) from guest_answers ga where ga.booking_id = ${B}."id")`.as('guest_answers_json'),
});

const partyColumns = {
  customerEmail: as(customerUser.email, 'customer_email'),
  customerLocale: as(customerUser.locale, 'customer_locale'),
  customerFirstname: as(customerUser.firstname, 'customer_firstname'),
  customerLastname: as(customerUser.lastname, 'customer_lastname'),
  customerPhone: as(customerUser.phone, 'customer_phone'),
  customerAvatarJson: sql<string | null>`${avatarJson('cu')}`.as('customer_avatar_json'),
  chefUserId: as(chefUser.id, 'chef_user_id'),
  chefEmail: as(chefUser.email, 'chef_email'),
  chefLocale: as(chefUser.locale, 'chef_locale'),
  chefFirstname: as(chefUser.firstname, 'chef_firstname'),
  chefLastname: as(chefUser.lastname, 'chef_lastname'),
  chefPhone: as(chefUser.phone, 'chef_phone'),
  chefAvatarJson: sql<string | null>`${avatarJson('chu')}`.as('chef_avatar_json'),
  chefUri: as(chefs.uri, 'chef_uri'),
  chefStatus: as(chefs.status, 'chef_status'),
  chefDisabledAt: as(chefUser.disabledAt, 'chef_disabled_at'),
  customerDisabledAt: as(customerUser.disabledAt, 'customer_disabled_at'),
};

const holdColumn = (now: Date) =>
  sql<number | null>`(select h.expires_at from booking_day_holds h where h.booking_id = ${B}."id" and h.expires_at > ${now.getTime()})`.as('hold_expires_at');

/** Booking, both parties and the day hold; with `viewerUserId`, the detail columns as well. */
export function bookingSelect(db: DB, now: Date, opts: { detailsFor?: number } = {}) {
  return db
    .select({
      ...getTableColumns(bookings),
      ...partyColumns,
      holdExpiresAt: holdColumn(now),
      severePending: sql<number>`${severeAllergyPendingSql()}`.as('severe_pending'),
      ...(opts.detailsFor !== undefined ? detailColumns(opts.detailsFor) : {}),
    })
    .from(bookings)
    .innerJoin(customerUser, eq(customerUser.id, bookings.customerId))
    .innerJoin(chefs, eq(chefs.id, bookings.chefId))
    .innerJoin(chefUser, eq(chefUser.id, chefs.userId));
}

type SelectRow = Awaited<ReturnType<ReturnType<typeof bookingSelect>['all']>>[number];

export type BookingRecord = Omit<SelectRow, 'holdExpiresAt' | 'status' | 'severePending'> & {
  status: BookingStatus;
  /** A guest's severe allergy waits for the chef's written answer (bookings.machine NEEDS_ALLERGY_ACK). */
  severePending: boolean;
  holdExpiresAt: Date | null;
  customerAvatar: ImageRef;
  chefAvatar: ImageRef;
  details?: BookingDetails;
};

export type BookingDetails = {
  eventsJson: string | null;
  unseen: number | null;
  threadId: number | null;
  paymentJson: string | null;
  refundsJson: string | null;
  reviewJson: string | null;
  guestReviewJson: string | null;
  guestRatingJson: string | null;
  earningJson: string | null;
  coursesJson: string | null;
  menuDietsJson: string | null;
  namesJson: string | null;
  guestAnswersJson: string | null;
};

const parseImage = (json: string | null): ImageRef => {
  if (!json) return { id: null, status: null, stacks: null };
  const o = JSON.parse(json) as { id: number; status: string; stacks: Record<string, string> | null };
  return { id: o.id, status: o.status, stacks: o.stacks };
};

/** A select row → a BookingRecord (timestamps as Dates, images parsed, detail columns grouped). */
export function toRecord(row: Record<string, unknown>): BookingRecord {
  const r = row as SelectRow & Partial<BookingDetails>;
  const hold = r.holdExpiresAt == null ? null : new Date(Number(r.holdExpiresAt));
  const details: BookingDetails | undefined =
    'eventsJson' in r
      ? {
          eventsJson: r.eventsJson ?? null,
          unseen: r.unseen == null ? null : Number(r.unseen),
          threadId: r.threadId == null ? null : Number(r.threadId),
          paymentJson: r.paymentJson ?? null,
          refundsJson: r.refundsJson ?? null,
          reviewJson: r.reviewJson ?? null,
          guestReviewJson: r.guestReviewJson ?? null,
          guestRatingJson: r.guestRatingJson ?? null,
          earningJson: r.earningJson ?? null,
          coursesJson: r.coursesJson ?? null,
          menuDietsJson: r.menuDietsJson ?? null,
          namesJson: r.namesJson ?? null,
          guestAnswersJson: r.guestAnswersJson ?? null,
        }
      : undefined;
  return {
    ...r,
    status: r.status as BookingStatus,
    holdExpiresAt: hold,
    severePending: Boolean(Number(r.severePending)),
    customerAvatar: parseImage(r.customerAvatarJson),
    chefAvatar: parseImage(r.chefAvatarJson),
    details,
  };
}

/** How the user relates to the booking. */
export function relationOf(b: Pick<BookingRecord, 'customerId' | 'chefUserId'>, userId: number): Relation {
  if (b.customerId === userId) return 'customer';
  if (b.chefUserId === userId) return 'chef';
  return null;
}

export const timed = (b: BookingRecord): TimedBooking => ({
  status: b.status,
  respondBy: b.respondBy,
  paymentDueBy: b.paymentDueBy,
  startsAt: b.startsAt,
  holdExpiresAt: b.holdExpiresAt,
});

export const recipientOf = (b: BookingRecord, side: 'customer' | 'chef') =>
  side === 'customer'
    ? { userId: b.customerId, email: b.customerEmail, locale: b.customerLocale, firstname: b.customerFirstname }
    : { userId: b.chefUserId, email: b.chefEmail, locale: b.chefLocale, firstname: b.chefFirstname };
