// Admin bookings: search and filters over every booking, the details with the full history, payments, refunds,
// messages and the admin actions on it, and the support cancellation with a chosen refund. Reads and the
// cancellation go through the bookings module (adminBooking, cancellationPreviewFor, cancelAs), so the machine,
// refunds and the chef's ledger line behave exactly as when the customer or the chef cancels.
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { as } from '../../db/columns-alias';
import type { DB } from '../../db/client';
import { bookings, chefCancellations, payments, refunds } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';
import { messages, messageThreads, threadParticipants } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Locale } from '#shared/locales';
import type { Deps } from '../../platform/deps';
import { ACTIVE_STATUSES, effectiveStatus, effectiveStatusSql, bookingSelect, chefUser, customerUser, timed, toRecord, type BookingRecord } from '../bookings/bookings.facade.service';
import { cancelAs, cancellationPreviewFor } from '../bookings/booking-cancel.service';
import { adminBooking, loadBooking, type ReadCtx } from '../bookings/bookings.service';
import { formatMoney } from '#shared/pricing';
import type { AdminCancelInput, Side } from '#shared/schemas/admin.bookings.schema';
import { auditIfChanged, auditTrailQuery, type AdminActor, type AuditValues } from './audit';
import { containsText } from '../../db/like';
import { matchAccountWords } from '../../db/search';

// ---------------------------------------------------------------- list

export type AdminBookingsFilter = ListParams<'created_at' | 'starts_at'> & {
  q?: string;
  status?: string;
  from?: string;
  to?: string;
  explicitDir: boolean;
};

/** "123" or "#123": the search is for that booking number. */
const bookingNumber = (q: string) => /^#?(\d{1,12})$/.exec(q)?.[1];

/**
 * A booking number; or every word found in one party's name or e-mail (through the accounts' full-text index, as the
 * admin users search), or the text in the menu's name (LIKE's wildcards taken literally).
 */
function searchCondition(q: string): SQL {
  const id = bookingNumber(q);
  if (id) return eq(bookings.id, Number(id));
  return or(matchAccountWords(q, customerUser), matchAccountWords(q, chefUser), containsText(bookings.menuName, q))!;
}

/**
 * The bookings that match. Only the text search reads the parties' names, so only it joins them; every other filter
 * counts the bookings table alone, through an index (the joins drop no row: both parties are foreign keys).
 */
function filteredCount(db: DB, where: SQL | undefined, searchesParties: boolean) {
  if (!searchesParties) return db.select({ n: count() }).from(bookings).where(where);
  return db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(customerUser, eq(customerUser.id, bookings.customerId))
    .innerJoin(chefs, eq(chefs.id, bookings.chefId))
    .innerJoin(chefUser, eq(chefUser.id, chefs.userId))
    .where(where);
}

/** GET /v1/admin/bookings: every booking, searched and filtered by effective status and event day. One round trip. */
export async function listAdminBookings(deps: Pick<Deps, 'db' | 'clock'>, f: AdminBookingsFilter, ctx: ReadCtx) {
  const { db, clock } = deps;
  const now = clock.now();
  const conds: SQL[] = [];
  if (f.q) conds.push(searchCondition(f.q));
  if (f.status) conds.push(sql`${effectiveStatusSql(now)} = ${f.status}`);
  if (f.from) conds.push(sql`${bookings.eventDate} >= ${f.from}`);
  if (f.to) conds.push(sql`${bookings.eventDate} <= ${f.to}`);
  const where = conds.length ? and(...conds) : undefined;
  const dir = f.explicitDir ? f.order_dir : 'desc';
  const column = f.order === 'starts_at' ? bookings.startsAt : bookings.createdAt;
  const [rows, filtered, total] = await db.batch([
    bookingSelect(db, now)
      .where(where)
      .orderBy(dir === 'asc' ? asc(column) : desc(column), dir === 'asc' ? asc(bookings.id) : desc(bookings.id))
      .limit(f.page_size)
      .offset(offsetOf(f)),
    filteredCount(db, where, Boolean(f.q && !bookingNumber(f.q))),
    db.select({ n: count() }).from(bookings),
  ]);
  const data = rows.map((row) => adminBookingRow(toRecord(row), now, ctx.locale));
  return envelope(data, f, { total: total[0]?.n ?? 0, filtered: filtered[0]?.n ?? 0 });
}

/** One booking as the admin lists show it. */
function adminBookingRow(b: BookingRecord, now: Date, locale: Locale) {
  return {
    id: b.id,
    status: effectiveStatus(timed(b), now),
    stored_status: b.status,
    created_at: b.createdAt.toISOString(),
    starts_at: b.startsAt.toISOString(),
    event_date: b.eventDate,
    timezone: b.timezone,
    guests: b.guests,
    menu: { id: b.menuId, name: b.menuName },
    customer: { id: b.customerId, firstname: b.customerFirstname, lastname: b.customerLastname, email: b.customerEmail },
    chef: { id: b.chefId, user_id: b.chefUserId, firstname: b.chefFirstname, lastname: b.chefLastname, email: b.chefEmail },
    currency: b.currency,
    total: b.total,
    total_formatted: formatMoney(b.total, b.currency, locale),
  };
}

/** Effective statuses of a booking that is still going to take place. */
const upcoming = sql.join(
  ACTIVE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * A chef's bookings that are still going to take place (waiting for the chef, for the payment, or confirmed), soonest
 * first: what pausing or banning the chef touches, each of which the admin keeps or cancels (issue 14 §5).
 */
export function chefUpcomingQuery(db: DB, chefId: number, now: Date) {
  return bookingSelect(db, now)
    .where(and(eq(bookings.chefId, chefId), sql`${effectiveStatusSql(now)} in (${upcoming})`))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
}

export const chefUpcomingRows = (rows: Awaited<ReturnType<typeof chefUpcomingQuery>>, now: Date, locale: Locale) =>
  rows.map((row) => adminBookingRow(toRecord(row), now, locale));

/** How many of a chef's cancellations the admin chef record lists (newest first); `count` is all of them. */
const CANCELLATIONS_SHOWN = 50;

/**
 * The confirmed bookings a chef cancelled (chef_cancellations, written by the cancellation's batch), newest first,
 * with the count of all of them: the guaranteed dinner's record of what counts against the chef.
 */
export function chefCancellationsQuery(db: DB, chefId: number) {
  return db
    .select({
      bookingId: chefCancellations.bookingId,
      hoursBeforeEvent: chefCancellations.hoursBeforeEvent,
      reason: chefCancellations.reason,
      createdAt: chefCancellations.createdAt,
      menuName: bookings.menuName,
      startsAt: bookings.startsAt,
      timezone: bookings.timezone,
      guests: bookings.guests,
      total: sql<number>`(select count(*) from chef_cancellations a where a.chef_id = ${chefId})`.as('total'),
    })
    .from(chefCancellations)
    .innerJoin(bookings, eq(bookings.id, chefCancellations.bookingId))
    .where(eq(chefCancellations.chefId, chefId))
    .orderBy(desc(chefCancellations.createdAt), desc(chefCancellations.bookingId))
    .limit(CANCELLATIONS_SHOWN);
}

export const chefCancellationRows = (rows: Awaited<ReturnType<typeof chefCancellationsQuery>>) => ({
  count: rows.length ? Number(rows[0]!.total) : 0,
  items: rows.map((r) => ({
    booking_id: r.bookingId,
    menu_name: r.menuName,
    starts_at: r.startsAt.toISOString(),
    timezone: r.timezone,
    guests: r.guests,
    hours_before_event: r.hoursBeforeEvent,
    reason: r.reason,
    cancelled_at: r.createdAt.toISOString(),
  })),
});

// ---------------------------------------------------------------- details

const sender = alias(users, 'sender');

/** Every payment attempt, refund, message and admin action of a booking: one batch next to adminBooking's. */
async function bookingRecords(db: DB, id: number) {
  const [paymentRows, refundRows, messageRows, auditRows] = await db.batch([
    db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.bookingId, id)).orderBy(asc(refunds.id)),
    db
      .select({
        id: as(messages.id, 'message_id'),
        text: messages.text,
        createdAt: as(messages.createdAt, 'message_created_at'),
        senderUserId: messages.senderUserId,
        firstname: sender.firstname,
        lastname: sender.lastname,
        isChef: threadParticipants.isChef,
      })
      .from(messages)
      .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
      .leftJoin(sender, eq(sender.id, messages.senderUserId))
      .leftJoin(threadParticipants, and(eq(threadParticipants.threadId, messages.threadId), eq(threadParticipants.userId, messages.senderUserId)))
      .where(eq(messageThreads.bookingId, id))
      .orderBy(asc(messages.id))
      .limit(500),
    auditTrailQuery(db, 'booking', id),
  ]);
  return { paymentRows, refundRows, messageRows, auditRows };
}

/** GET /v1/admin/bookings/{id}: the admin view of the bookings module plus every record around the booking. */
export async function adminBookingDetail(deps: Pick<Deps, 'db' | 'clock'>, actor: AdminActor, id: number, ctx: ReadCtx) {
  const [data, r] = await Promise.all([adminBooking(deps, actor.userId, id, ctx), bookingRecords(deps.db, id)]);
  const f = (amount: number, currency: string) => formatMoney(amount, currency, ctx.locale);
  return {
    ...data,
    payments: r.paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      status: p.status,
      amount: p.amount,
      amount_formatted: f(p.amount, p.currency),
      refunded_amount: p.refundedAmount,
      refunded_formatted: f(p.refundedAmount, p.currency),
      currency: p.currency,
      provider_ref: p.providerPaymentRef ?? p.providerRef,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    })),
    refunds: r.refundRows.map((x) => ({
      id: x.id,
      payment_id: x.paymentId,
      status: x.status,
      amount: x.amount,
      amount_formatted: f(x.amount, x.currency),
      currency: x.currency,
      reason: x.reason,
      provider_ref: x.providerRef,
      created_at: x.createdAt.toISOString(),
    })),
    // Admins read the thread as written (no masking) and without marking it seen for either side.
    thread: r.messageRows.map((m) => ({
      id: m.id,
      text: m.text,
      created_at: m.createdAt.toISOString(),
      sender: { user_id: m.senderUserId, firstname: m.firstname ?? '', lastname: m.lastname ?? '', side: m.isChef == null ? null : m.isChef ? 'chef' : 'customer' },
    })),
    admin_actions: r.auditRows.map((a) => ({
      id: a.id,
      action: a.action,
      before: a.before as AuditValues,
      after: a.after as AuditValues,
      created_at: a.createdAt.toISOString(),
      actor: a.actorUserId == null ? null : { id: a.actorUserId, name: `${a.actorFirstname ?? ''} ${a.actorLastname ?? ''}`.trim() },
    })),
  };
}

async function requireBooking(deps: Pick<Deps, 'db' | 'clock'>, id: number) {
  const b = await loadBooking(deps.db, id, deps.clock.now());
  if (!b) throw notFound('Booking not found.');
  return b;
}

/** GET /v1/admin/bookings/{id}/cancellation?side=: the policy's refund for that side, the default of the admin's choice. */
export async function adminCancellationPreview(deps: Pick<Deps, 'db' | 'clock'>, id: number, side: Side, ctx: ReadCtx) {
  const b = await requireBooking(deps, id);
  return { ...(await cancellationPreviewFor(deps, b, side, ctx, true)), side };
}

/**
 * POST /v1/admin/bookings/{id}/cancel: the side's cancellation (its transition, refund row and ledger change) with
 * the admin as actor and, if given, the admin's refund. The audit entry rides in the transition's batch.
 */
export async function adminCancelBooking(deps: Deps, actor: AdminActor, id: number, input: AdminCancelInput, ctx: ReadCtx) {
  const b = await requireBooking(deps, id);
  await cancelAs(deps, b, { role: 'admin', userId: actor.userId }, input.side, input.reason, ctx, {
    refund: input.refund_amount,
    extra: (w, o) => [
      auditIfChanged(deps.db, actor, w, {
        action: 'booking.cancel',
        targetType: 'booking',
        targetId: b.id,
        before: { status: o.from, paid: o.paid, chef_earnings: b.chefEarnings, currency: b.currency },
        after: { status: o.to, side: input.side, reason: input.reason, refund: o.refund, refund_chosen: input.refund_amount !== undefined, chef_earnings: o.chefEarnings },
      }),
    ],
  });
  return adminBookingDetail(deps, actor, id, ctx);
}
