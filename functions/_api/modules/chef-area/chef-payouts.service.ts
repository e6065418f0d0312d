// Payout details (account holder and IBAN, shown masked, changed only with the account password) and the chef's
// earnings: one ledger line per booking (payout_items), released 48 hours after the event and carried by payouts.
// Earnings states are computed on read from the clock, so they are right even before any sweep ran.
import { and, asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { as, asJoined } from '../../db/columns-alias';
import type { DB } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { payoutDetails } from '../../db/schema/chefs';
import { payoutItems, payouts } from '../../db/schema/payouts';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { fieldError, notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import { verifyPassword } from '../../lib/password';
import type { Deps } from '../../platform/deps';
import { enforce } from '../../platform/rate-limit';
import { prepareNotice, sendNotices } from '../notifications/notify.service';
import { EVENT_DURATION_MS } from '#shared/booking-window';
import { heldReasonSql, LEDGER_STATUSES } from '../bookings/bookings.facade.service';
import { maskIban } from '#shared/iban';

/** Wrong passwords on this call count like sign-in failures: a few per quarter hour. */
const PASSWORD_LIMIT = { limit: 8, windowSeconds: 15 * 60 };

/**
 * A payout to the chef's bank details failed and the chef has not saved their details since that payout was made
 * (`t` names a table or alias with a "chef_id" column). Their earnings then wait, never sent to the same account
 * again, until the chef changes the details.
 */
const failedToCurrentDetails = (t: string) =>
  sql`from payouts f join payout_details d on d.chef_id = f.chef_id where f.chef_id = ${sql.raw(`"${t}"`)}."chef_id" and f.status = 'failed' and f.created_at >= d.updated_at`;
export const waitsForNewDetails = (t: string) => sql`exists (select 1 ${failedToCurrentDetails(t)})`;
/** That failed payout (the latest), as JSON for presentFailedPayout. */
export const failedPayoutJson = (t: string) =>
  sql<string | null>`(select json_object('payout_id', f.id, 'reason', f.failed_reason, 'iban', f.iban) ${failedToCurrentDetails(t)} order by f.id desc limit 1)`.as('failed_json');

export function presentFailedPayout(json: string | null) {
  if (!json) return null;
  const f = JSON.parse(json) as { payout_id: number; reason: string | null; iban: string };
  return { payout_id: f.payout_id, failed_reason: f.reason, iban_masked: maskIban(f.iban) };
}

export async function getPayoutDetails(deps: Pick<Deps, 'db'>, chefId: number) {
  const [row] = await deps.db
    .select({ accountHolder: payoutDetails.accountHolder, iban: payoutDetails.iban, updatedAt: payoutDetails.updatedAt, failedJson: failedPayoutJson('payout_details') })
    .from(payoutDetails)
    .where(eq(payoutDetails.chefId, chefId));
  if (!row) return null;
  return {
    account_holder: row.accountHolder,
    iban_masked: maskIban(row.iban),
    country: row.iban.slice(0, 2),
    updated_at: row.updatedAt.toISOString(),
    /** A payout to these details failed: the chef needs to change them before anything is paid again. */
    failed_payout: presentFailedPayout(row.failedJson),
  };
}

type Me = { userId: number; chefId: number; ip: string | null };

/**
 * PUT /v1/chefs/me/payout-details. Always asks for the account password (first entry too), so a stolen session
 * cannot redirect payouts. The change, its audit row and the chef's notification are one batch; the mail tells the
 * chef at once if someone else did it.
 */
export async function savePayoutDetails(deps: Deps, me: Me, input: { account_holder: string; iban: string; password: string }) {
  const { db, clock } = deps;
  const now = clock.now();
  await enforce(db, `payout-details:user:${me.userId}`, PASSWORD_LIMIT, now, 'Too many attempts. Please wait a few minutes and try again.');
  const [[user], [previous]] = await db.batch([
    db.select({ passwordHash: users.passwordHash, email: users.email, locale: users.locale, firstname: users.firstname }).from(users).where(eq(users.id, me.userId)),
    db.select({ iban: payoutDetails.iban, accountHolder: payoutDetails.accountHolder }).from(payoutDetails).where(eq(payoutDetails.chefId, me.chefId)),
  ]);
  if (!user) throw notFound('Account not found.');
  if (!user.passwordHash) {
    throw fieldError('password', 'validation.rule.nopassword');
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) throw fieldError('password', 'validation.rule.wrongpassword');

  const notice = prepareNotice(deps, { userId: me.userId, email: user.email, locale: user.locale, firstname: user.firstname }, {
    key: 'payout_details.changed',
    params: { iban: maskIban(input.iban) },
    type: 'info',
    link: '/account/me/payout',
  });
  await db.batch([
    db
      .insert(payoutDetails)
      .values({ chefId: me.chefId, accountHolder: input.account_holder, iban: input.iban, updatedAt: now })
      .onConflictDoUpdate({ target: payoutDetails.chefId, set: { accountHolder: input.account_holder, iban: input.iban, updatedAt: now } }),
    db.insert(auditLog).values({
      actorUserId: me.userId,
      action: previous ? 'chef.payout_details.update' : 'chef.payout_details.create',
      targetType: 'chef',
      targetId: String(me.chefId),
      // Only masked IBANs in the log: it is read by admins and kept for long.
      before: previous ? { account_holder: previous.accountHolder, iban: maskIban(previous.iban) } : null,
      after: { account_holder: input.account_holder, iban: maskIban(input.iban) },
      ip: me.ip,
      createdAt: now,
    }),
    notice.insert,
  ]);
  await sendNotices(deps, [notice]);
  return (await getPayoutDetails(deps, me.chefId))!;
}

/**
 * upcoming: the event is still to come; pending: it took place, released 48 hours after it ended; held: a complaint
 * about it is open or the chef is banned (before or after the event), and an admin decides first (`held_reason`).
 */
export type EarningState = 'upcoming' | 'pending' | 'held' | 'released' | 'paid';

/**
 * The ledger lines that count: paid ones always, others while their booking owes them (a cancellation reduces or
 * deletes the line, so what is left is what the chef earns).
 */
const countingLines = (chefId: number) =>
  and(eq(payoutItems.chefId, chefId), or(eq(payouts.status, 'paid'), and(inArray(bookings.status, [...LEDGER_STATUSES]), gt(payoutItems.amount, 0))));

/** GET /v1/chefs/me/earnings: per booking, newest event first, plus totals per currency over all lines. */
export async function earnings(deps: Pick<Deps, 'db' | 'clock'>, chefId: number, params: ListParams<'event_date'>) {
  const { db, clock } = deps;
  const now = clock.now().getTime();
  const held = heldReasonSql(sql`${payoutItems.bookingId}`, sql`${payoutItems.chefId}`);
  // Held comes before upcoming: a banned chef's kept booking still to come is not released after the event (only
  // an administrator releases it), so no release date is promised; the booking's own earnings say the same.
  const state = sql<EarningState>`case when ${payouts.status} = 'paid' then 'paid'
    when ${held} is not null then 'held'
    when ${bookings.status} = 'confirmed' and ${bookings.startsAt} + ${EVENT_DURATION_MS} > ${now} then 'upcoming'
    when ${payoutItems.releaseAt} > ${now} then 'pending' else 'released' end`;
  const where = countingLines(chefId);
  const from = () =>
    db
      .select({
        id: as(payoutItems.id, 'item_id'),
        bookingId: payoutItems.bookingId,
        amount: payoutItems.amount,
        currency: as(payoutItems.currency, 'item_currency'),
        releaseAt: payoutItems.releaseAt,
        payoutId: payoutItems.payoutId,
        eventDate: bookings.eventDate,
        menuName: bookings.menuName,
        bookingStatus: as(bookings.status, 'booking_status'),
        payoutStatus: asJoined(payouts.status, 'payout_status'),
        paidAt: payouts.paidAt,
        state: state.as('earning_state'),
        heldReason: held.as('held_reason'),
      })
      .from(payoutItems)
      .innerJoin(bookings, eq(bookings.id, payoutItems.bookingId))
      .leftJoin(payouts, eq(payouts.id, payoutItems.payoutId));
  const [rows, total, sums] = await db.batch([
    from()
      .where(where)
      .orderBy(params.order_dir === 'asc' ? asc(bookings.eventDate) : desc(bookings.eventDate), desc(payoutItems.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db
      .select({ n: count() })
      .from(payoutItems)
      .innerJoin(bookings, eq(bookings.id, payoutItems.bookingId))
      .leftJoin(payouts, eq(payouts.id, payoutItems.payoutId))
      .where(where),
    db
      .select({
        currency: as(payoutItems.currency, 'sum_currency'),
        upcoming: sql<number>`coalesce(sum(case when ${state} = 'upcoming' then ${payoutItems.amount} else 0 end), 0)`.mapWith(Number).as('upcoming'),
        pending: sql<number>`coalesce(sum(case when ${state} = 'pending' then ${payoutItems.amount} else 0 end), 0)`.mapWith(Number).as('pending'),
        held: sql<number>`coalesce(sum(case when ${state} = 'held' then ${payoutItems.amount} else 0 end), 0)`.mapWith(Number).as('held'),
        released: sql<number>`coalesce(sum(case when ${state} = 'released' then ${payoutItems.amount} else 0 end), 0)`.mapWith(Number).as('released'),
        paid: sql<number>`coalesce(sum(case when ${state} = 'paid' then ${payoutItems.amount} else 0 end), 0)`.mapWith(Number).as('paid'),
      })
      .from(payoutItems)
      .innerJoin(bookings, eq(bookings.id, payoutItems.bookingId))
      .leftJoin(payouts, eq(payouts.id, payoutItems.payoutId))
      .where(where)
      .groupBy(payoutItems.currency),
  ]);
  const list = envelope(
    rows.map((r) => ({
      booking_id: r.bookingId,
      event_date: r.eventDate,
      menu_name: r.menuName,
      booking_status: r.bookingStatus,
      chef_earnings: r.amount,
      currency: r.currency,
      status: r.state,
      held_reason: r.state === 'held' ? r.heldReason : null,
      release_at: r.releaseAt.toISOString(),
      payout_id: r.payoutId,
      paid_at: r.paidAt?.toISOString() ?? null,
    })),
    params,
    { total: total[0]?.n ?? 0 },
  );
  return { ...list, totals: sums.map((s) => ({ currency: s.currency, upcoming: s.upcoming, pending: s.pending, held: s.held, released: s.released, paid: s.paid })) };
}

/**
 * The columns of a payout both the chef's and the admin's lists show, with its number of items. The item count names
 * "payouts"."id" in full: a bare "id" inside the subquery would mean payout_items.id. Aliased where a join (the
 * admin's) would give two columns the same name.
 */
export const payoutColumns = {
  id: as(payouts.id, 'payout_id'),
  status: payouts.status,
  amount: payouts.amount,
  currency: payouts.currency,
  reference: payouts.reference,
  accountHolder: payouts.accountHolder,
  iban: payouts.iban,
  createdAt: as(payouts.createdAt, 'payout_created_at'),
  paidAt: payouts.paidAt,
  failedReason: payouts.failedReason,
  itemCount: sql<number>`(select count(*) from payout_items pi where pi.payout_id = "payouts"."id")`.mapWith(Number).as('item_count'),
};

const payoutColumnsSelect = (db: DB) => db.select(payoutColumns).from(payouts);
type PayoutColumns = Awaited<ReturnType<ReturnType<typeof payoutColumnsSelect>['all']>>[number];

export function presentPayoutColumns(p: PayoutColumns) {
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    currency: p.currency,
    reference: p.reference,
    account_holder: p.accountHolder,
    iban_masked: maskIban(p.iban),
    item_count: p.itemCount,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
    failed_reason: p.failedReason,
  };
}

/** GET /v1/chefs/me/payouts: the chef's payouts, newest first, in the list envelope. */
export async function chefPayouts(deps: Pick<Deps, 'db'>, chefId: number, params: ListParams<'created_at'>) {
  const { db } = deps;
  const [rows, total] = await db.batch([
    db
      .select(payoutColumns)
      .from(payouts)
      .where(eq(payouts.chefId, chefId))
      .orderBy(params.order_dir === 'asc' ? asc(payouts.id) : desc(payouts.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db.select({ n: count() }).from(payouts).where(eq(payouts.chefId, chefId)),
  ]);
  return envelope(
    rows.map(presentPayoutColumns),
    params,
    { total: total[0]?.n ?? 0 },
  );
}
