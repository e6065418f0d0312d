// Admin payouts: the chefs' released earnings that are due (payout_items released and in no payout, grouped per
// chef and currency, with the bank details from the chef's payout details), payout batches created from them, the
// bank's CSV, and marking a payout paid (final) or failed (its earnings are due again). Every write is one batch,
// guarded by the rows' state, so two admins never put an item into two payouts nor pay a payout twice.
import { and, asc, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { as } from '../../db/columns-alias';
import type { DB } from '../../db/client';
import { guardedWrite } from '../../db/guarded-write';
import { bookings } from '../../db/schema/bookings';
import { heldReasonSql, LEDGER_STATUSES } from '../bookings/bookings.facade.service';
import { ChefStatus, chefs, payoutDetails } from '../../db/schema/chefs';
import { payoutItems, payouts } from '../../db/schema/payouts';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { ApiError, conflict, fieldError, keyedConflict, notFound } from '../../lib/errors';
import { messageText, type FieldMessages } from '#shared/validation-messages';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Currency, Locale } from '#shared/locales';
import { csvField, decimal } from '../../lib/csv';
import type { Deps } from '../../platform/deps';
import { auditIfWon } from '../audit/audit.service';
import { failedPayoutJson, payoutColumns, presentFailedPayout, presentPayoutColumns, waitsForNewDetails } from '../chef-area/chef-payouts.service';
import { maskIban } from '#shared/iban';
import { insertSelect, moneyParam, param, prepareNotice, sendNotices } from '../notifications/notify.service';
import { formatMoney } from '#shared/pricing';
import { companyQuery, toCompany } from '../settings/settings.service';
import type { ExportFormat, PayoutStatus } from '#shared/schemas/admin.payouts.schema';
import { auditEntry, type AdminActor } from './audit';
import { BANK_FILE_CURRENCIES, bankFileProblems, writePain001, type BankFileCurrency } from './pain001';

type Ctx = { locale: Locale };


/** Why the ledger line `t` (table name or alias) is held for an admin, or null (db/held-earnings.ts heldReasonSql). */
const heldReason = (t: string) => heldReasonSql(sql.raw(`"${t}"."booking_id"`), sql.raw(`"${t}"."chef_id"`));

/** A payout_items row owed to the chef now: released, in no payout, with an amount, and its booking still owes it. */
function owedItem(t: string, now: Date): SQL {
  const r = sql.raw(`"${t}"`);
  const owed = sql.join(
    LEDGER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`(${r}."payout_id" is null and ${r}."amount" > 0 and ${r}."release_at" <= ${now.getTime()}
    and exists (select 1 from bookings bk where bk.id = ${r}."booking_id" and bk.status in (${owed})))`;
}

/**
 * A payout_items row that is due, as SQL over the table name or alias `t`: owed and not held (no complaint about the
 * booking is open, the chef is not banned: those earnings wait for an admin). Written out so the same condition
 * guards the select, the insert and the update: a complaint filed or a ban made while a payout batch is being made
 * either comes first, and the batch leaves the booking out, or finds the earnings in a payout (a complaint is then
 * refused, complaints.service fileComplaint; a banned chef's pending payout is kept out of the bank file).
 */
export function dueItem(t: string, now: Date): SQL {
  return sql`(${owedItem(t, now)} and ${heldReason(t)} is null)`;
}

/** A payout_items row that would be due but is held for an admin's decision (the payouts screen's "Held earnings"). */
const heldItem = (t: string, now: Date) => sql`(${owedItem(t, now)} and ${heldReason(t)} is not null)`;

/** A held row that only the chef's ban holds (no complaint is open): one a super-user may release or refund. */
export const heldForBan = (t: string, now: Date) => sql`(${owedItem(t, now)} and ${heldReason(t)} = 'chef_banned')`;

/** Per currency: the held earnings and the chefs they belong to (JSON array of ids). For the home screen's attention item. */
export function heldTotalsQuery(db: DB, now: Date) {
  return db
    .select({
      currency: payoutItems.currency,
      amount: sql<number>`sum(${payoutItems.amount})`.mapWith(Number).as('held_amount'),
      chefIds: sql<string>`json_group_array(distinct ${payoutItems.chefId})`.as('held_chefs'),
    })
    .from(payoutItems)
    .where(heldItem('payout_items', now))
    .groupBy(payoutItems.currency)
    .orderBy(asc(payoutItems.currency));
}

const hasDetails = (t: string) => sql`exists (select 1 from payout_details d where d.chef_id = ${sql.raw(`"${t}"`)}."chef_id")`;

/** Per currency: what is due, to how many chefs, and how many of them have no bank details yet. For the home screen too. */
export function dueTotalsQuery(db: DB, now: Date) {
  return db
    .select({
      currency: payoutItems.currency,
      amount: sql<number>`sum(${payoutItems.amount})`.mapWith(Number).as('due_amount'),
      items: sql<number>`count(*)`.mapWith(Number).as('due_items'),
      chefs: sql<number>`count(distinct ${payoutItems.chefId})`.mapWith(Number).as('due_chefs'),
      missingDetails: sql<number>`count(distinct case when ${hasDetails('payout_items')} then null else ${payoutItems.chefId} end)`.mapWith(Number).as('due_missing'),
      waiting: sql<number>`count(distinct case when ${waitsForNewDetails('payout_items')} then ${payoutItems.chefId} end)`.mapWith(Number).as('due_waiting'),
    })
    .from(payoutItems)
    .where(dueItem('payout_items', now))
    .groupBy(payoutItems.currency)
    .orderBy(asc(payoutItems.currency));
}

export const presentDueTotals = (rows: Awaited<ReturnType<typeof dueTotalsQuery>>, ctx: Ctx) =>
  rows.map((t) => ({
    currency: t.currency,
    amount: t.amount,
    amount_formatted: formatMoney(t.amount, t.currency, ctx.locale),
    items: t.items,
    chefs: t.chefs,
    chefs_without_bank_details: t.missingDetails,
    chefs_waiting_for_new_details: t.waiting,
  }));

// ---------------------------------------------------------------- due

/** The chef of a due or held group, as the payouts screen names them. */
const chefPerson = { firstname: users.firstname, lastname: users.lastname, email: users.email };
const chefOf = (g: { chefId: number; firstname: string; lastname: string; email: string }) => ({ id: g.chefId, firstname: g.firstname, lastname: g.lastname, email: g.email });

/** At most this many held groups are listed with the due ones (held earnings are rare: a complaint, a ban). */
const HELD_LIST_MAX = 100;


/** GET /v1/admin/payouts/due: one row per chef and currency, oldest release first, plus totals. One round trip. */
export async function listDue(deps: Pick<Deps, 'db' | 'clock'>, params: ListParams, ctx: Ctx) {
  const { db, clock } = deps;
  const now = clock.now();
  const due = dueItem('payout_items', now);
  const [rows, groups, totals, held] = await db.batch([
    db
      .select({
        chefId: payoutItems.chefId,
        currency: payoutItems.currency,
        amount: sql<number>`sum(${payoutItems.amount})`.mapWith(Number).as('due_amount'),
        items: sql<number>`count(*)`.mapWith(Number).as('due_items'),
        oldest: sql<number>`min(${payoutItems.releaseAt})`.mapWith(Number).as('oldest_release'),
        ...chefPerson,
        accountHolder: payoutDetails.accountHolder,
        iban: payoutDetails.iban,
        failedJson: failedPayoutJson('payout_items'),
      })
      .from(payoutItems)
      .innerJoin(chefs, eq(chefs.id, payoutItems.chefId))
      .innerJoin(users, eq(users.id, chefs.userId))
      .leftJoin(payoutDetails, eq(payoutDetails.chefId, payoutItems.chefId))
      .where(due)
      .groupBy(payoutItems.chefId, payoutItems.currency)
      .orderBy(params.order_dir === 'desc' ? sql`oldest_release desc` : sql`oldest_release asc`, asc(payoutItems.chefId))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db
      .select({ n: sql<number>`count(distinct ${payoutItems.chefId} || ':' || ${payoutItems.currency})`.mapWith(Number) })
      .from(payoutItems)
      .where(due),
    dueTotalsQuery(db, now),
    // Held earnings that would be due otherwise, per chef, currency and reason: what waits for an admin's decision.
    db
      .select({
        chefId: payoutItems.chefId,
        currency: payoutItems.currency,
        reason: heldReason('payout_items').as('held_reason'),
        amount: sql<number>`sum(${payoutItems.amount})`.mapWith(Number).as('held_amount'),
        items: sql<number>`count(*)`.mapWith(Number).as('held_items'),
        // Each booking of the group, for the per-booking release or refund of a banned chef's earnings.
        bookingsJson: sql<string>`json_group_array(json_object('booking_id', ${payoutItems.bookingId}, 'amount', ${payoutItems.amount},
          'menu_name', (select hb.menu_name from bookings hb where hb.id = ${payoutItems.bookingId}),
          'event_date', (select hb.event_date from bookings hb where hb.id = ${payoutItems.bookingId})))`.as('held_bookings'),
        ...chefPerson,
      })
      .from(payoutItems)
      .innerJoin(chefs, eq(chefs.id, payoutItems.chefId))
      .innerJoin(users, eq(users.id, chefs.userId))
      .where(heldItem('payout_items', now))
      .groupBy(payoutItems.chefId, payoutItems.currency, sql`held_reason`)
      .orderBy(asc(payoutItems.chefId), asc(payoutItems.currency))
      .limit(HELD_LIST_MAX),
  ]);
  const n = groups[0]?.n ?? 0;
  return {
    ...envelope(
      rows.map((r) => ({
        chef: chefOf(r),
        // A booking's currency, one of CURRENCIES; typed so, the screen sends it back in the create call's groups.
        currency: r.currency as Currency,
        amount: r.amount,
        amount_formatted: formatMoney(r.amount, r.currency, ctx.locale),
        item_count: r.items,
        oldest_release_at: new Date(r.oldest).toISOString(),
        bank: r.iban ? { account_holder: r.accountHolder, iban_masked: maskIban(r.iban) } : null,
        waiting_for_new_details: presentFailedPayout(r.failedJson),
      })),
      params,
      { total: n, filtered: n },
    ),
    totals: presentDueTotals(totals, ctx),
    held: held.map((g) => ({
      chef: chefOf(g),
      currency: g.currency,
      amount: g.amount,
      amount_formatted: formatMoney(g.amount, g.currency, ctx.locale),
      item_count: g.items,
      reason: g.reason!,
      bookings: (JSON.parse(g.bookingsJson) as { booking_id: number; amount: number; menu_name: string; event_date: string }[])
        .sort((a, b) => a.event_date.localeCompare(b.event_date) || a.booking_id - b.booking_id)
        .map((b) => ({ ...b, amount_formatted: formatMoney(b.amount, g.currency, ctx.locale) })),
    })),
  };
}

// ---------------------------------------------------------------- payouts

function payoutSelect(db: DB) {
  return db
    .select({
      ...payoutColumns,
      chefId: as(payouts.chefId, 'payout_chef_id'),
      chefUserId: as(users.id, 'chef_user_id'),
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      locale: users.locale,
    })
    .from(payouts)
    .innerJoin(chefs, eq(chefs.id, payouts.chefId))
    .innerJoin(users, eq(users.id, chefs.userId));
}
type PayoutRow = Awaited<ReturnType<ReturnType<typeof payoutSelect>['all']>>[number];

/** References are YLC-<batch>-<chef id>-<currency>; the batch is what the create call returned. */
const batchOf = (reference: string) => /^YLC-(\d{8}-[A-Z0-9]{6})-/.exec(reference)?.[1] ?? null;
const batchPattern = (batch: string) => `YLC-${batch}-%`;

function presentPayout(p: PayoutRow, ctx: Ctx) {
  return {
    ...presentPayoutColumns(p),
    status: p.status as PayoutStatus,
    chef: { id: p.chefId, firstname: p.firstname, lastname: p.lastname, email: p.email },
    amount_formatted: formatMoney(p.amount, p.currency, ctx.locale),
    batch: batchOf(p.reference),
  };
}
export type AdminPayout = ReturnType<typeof presentPayout>;

/** GET /v1/admin/payouts: newest first, by status or batch. One round trip. */
export async function listPayouts(deps: Pick<Deps, 'db'>, q: ListParams & { status?: PayoutStatus; batch?: string; explicitDir: boolean }, ctx: Ctx) {
  const { db } = deps;
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(payouts.status, q.status));
  if (q.batch) conds.push(like(payouts.reference, batchPattern(q.batch)));
  const where = conds.length ? and(...conds) : undefined;
  const asc_ = q.explicitDir && q.order_dir === 'asc';
  const [rows, filtered, total] = await db.batch([
    payoutSelect(db)
      .where(where)
      .orderBy(asc_ ? asc(payouts.id) : desc(payouts.id))
      .limit(q.page_size)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(payouts).where(where),
    db.select({ n: count() }).from(payouts),
  ]);
  return envelope(
    rows.map((p) => presentPayout(p, ctx)),
    q,
    { total: total[0]?.n ?? 0, filtered: filtered[0]?.n ?? 0 },
  );
}

/** GET /v1/admin/payouts/{id}: the payout and the bookings it carries. */
export async function getPayout(deps: Pick<Deps, 'db'>, id: number, ctx: Ctx) {
  const { db } = deps;
  const [[p], items] = await db.batch([
    payoutSelect(db).where(eq(payouts.id, id)).limit(1),
    db
      .select({
        bookingId: payoutItems.bookingId,
        amount: payoutItems.amount,
        currency: payoutItems.currency,
        releaseAt: payoutItems.releaseAt,
        eventDate: bookings.eventDate,
        menuName: bookings.menuName,
        bookingStatus: as(bookings.status, 'booking_status'),
      })
      .from(payoutItems)
      .innerJoin(bookings, eq(bookings.id, payoutItems.bookingId))
      .where(eq(payoutItems.payoutId, id))
      .orderBy(asc(bookings.eventDate), asc(payoutItems.id)),
  ]);
  if (!p) throw notFound('Payout not found.');
  return {
    ...presentPayout(p, ctx),
    items: items.map((i) => ({
      booking_id: i.bookingId,
      event_date: i.eventDate,
      menu_name: i.menuName,
      booking_status: i.bookingStatus,
      amount: i.amount,
      amount_formatted: formatMoney(i.amount, i.currency, ctx.locale),
      release_at: i.releaseAt.toISOString(),
    })),
  };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A batch code: the UTC day and six random characters, e.g. 20260601-K3VQ7A. */
function newBatchCode(now: Date): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(6)), (x) => CODE_ALPHABET[x % CODE_ALPHABET.length]).join('');
  return `${now.toISOString().slice(0, 10).replace(/-/g, '')}-${random}`;
}

/**
 * POST /v1/admin/payouts: one payout per due chef/currency group (only chefs with bank details), in ONE batch: the
 * payouts are inserted from the due items' sums, then exactly the items that are still due get the payout's id,
 * then one audit row per payout, then the new payouts are read back. The batch is a transaction and both
 * statements carry the same "due" condition, so a second admin's batch (before or after) finds nothing left to take.
 */
export async function createPayouts(deps: Pick<Deps, 'db' | 'clock'>, actor: AdminActor, groups: { chef_id: number; currency: string }[] | undefined, ctx: Ctx) {
  const { db } = deps;
  const now = actor.now;
  const code = newBatchCode(now);
  const reference = (t: string) => sql`'YLC-' || ${code} || '-' || ${sql.raw(`"${t}"`)}."chef_id" || '-' || ${sql.raw(`"${t}"`)}."currency"`;
  // One JSON parameter, whatever the number of groups (D1 binds at most 100 parameters per statement).
  const chosen = (t: string) =>
    groups ? sql` and (${sql.raw(`"${t}"`)}."chef_id" || ':' || ${sql.raw(`"${t}"`)}."currency") in (select value from json_each(${JSON.stringify(groups.map((g) => `${g.chef_id}:${g.currency}`))}))` : sql``;

  const [, , , created] = await db.batch([
    insertSelect(
      db,
      payouts,
      {
        chefId: sql`pi.chef_id`,
        status: param(payouts.status, 'pending'),
        amount: sql`sum(pi.amount)`,
        currency: sql`pi.currency`,
        reference: reference('pi'),
        accountHolder: sql`pd.account_holder`,
        iban: sql`pd.iban`,
        createdBy: param(payouts.createdBy, actor.userId),
        createdAt: param(payouts.createdAt, now),
      },
      sql`from payout_items pi join payout_details pd on pd.chef_id = pi.chef_id where ${dueItem('pi', now)}${chosen('pi')} and not ${waitsForNewDetails('pi')}
        group by pi.chef_id, pi.currency`,
    ),
    db
      .update(payoutItems)
      .set({ payoutId: sql`(select p.id from payouts p where p.reference = ${reference('payout_items')})` })
      .where(sql`${dueItem('payout_items', now)}${chosen('payout_items')} and exists (select 1 from payouts p where p.reference = ${reference('payout_items')})`),
    insertSelect(
      db,
      auditLog,
      {
        actorUserId: param(auditLog.actorUserId, actor.userId),
        action: param(auditLog.action, 'payout.create'),
        targetType: param(auditLog.targetType, 'payout'),
        targetId: sql`cast(p.id as text)`,
        after: sql`json_object('status', p.status, 'chef_id', p.chef_id, 'amount', p.amount, 'currency', p.currency, 'reference', p.reference,
          'batch', ${code}, 'items', (select count(*) from payout_items i where i.payout_id = p.id))`,
        ip: param(auditLog.ip, actor.ip),
        createdAt: param(auditLog.createdAt, now),
      },
      sql`from payouts p where p.reference like ${batchPattern(code)}`,
    ),
    payoutSelect(db).where(like(payouts.reference, batchPattern(code))).orderBy(asc(payouts.id)),
  ]);
  if (!created.length) throw conflict('Nothing to pay: these earnings are in a payout already, or the chefs have no working bank details yet.', 'NOTHING_DUE');
  return { batch: code, payouts: created.map((p) => presentPayout(p, ctx)) };
}

// ---------------------------------------------------------------- settle

async function loadPayout(db: DB, id: number) {
  const [p] = await payoutSelect(db).where(eq(payouts.id, id)).limit(1);
  if (!p) throw notFound('Payout not found.');
  return p;
}

const settledConflict = (p: PayoutRow) =>
  p.status === 'paid'
    ? conflict('This payout was paid. A paid payout is final.', 'PAYOUT_SETTLED')
    : conflict('This payout failed. Its earnings are paid again once the chef has changed their bank details.', 'PAYOUT_SETTLED');

/**
 * Marks a pending payout paid or failed: the status update guarded by "still pending" with the audit row and the
 * chef's notification as its dependents (a guarded write), and for a failure the release of its items. Repeating the same mark is a
 * harmless no-op (changed: false); the other mark on a settled payout is a 409.
 */
async function settlePayout(deps: Deps, actor: AdminActor, id: number, to: 'paid' | 'failed', reason: string | null, ctx: Ctx) {
  const { db } = deps;
  const now = actor.now;
  const p = await loadPayout(db, id);
  if (p.status === to) return { changed: false, data: presentPayout(p, ctx) };
  if (p.status !== 'pending') throw settledConflict(p);

  const write = guardedWrite(db);
  const notice = prepareNotice(
    deps,
    { userId: p.chefUserId, email: p.email, locale: p.locale, firstname: p.firstname },
    {
      key: `payout.${to}`,
      params: { amount: moneyParam(p.amount, p.currency), iban: maskIban(p.iban), reference: p.reference, reason: reason ?? '' },
      type: to === 'paid' ? 'success' : 'error',
      link: '/account/me/payout',
    },
    { when: write.witness },
  );
  const [updated, , , , , , [after]] = await db.batch([
    ...write.statements(
      db
        .update(payouts)
        .set(to === 'paid' ? { status: 'paid', paidAt: now } : { status: 'failed', failedReason: reason })
        .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
        .returning({ id: payouts.id }),
      [
        auditIfWon(
          db,
          write.witness,
          {
            actorUserId: actor.userId,
            action: `payout.${to}`,
            targetType: 'payout',
            targetId: String(id),
            before: { status: 'pending', item_count: p.itemCount },
            after: { status: to, amount: p.amount, currency: p.currency, reference: p.reference, ...(to === 'paid' ? { paid_at: now.toISOString() } : { reason }) },
            ip: actor.ip,
          },
          now,
        ),
        notice.insert,
      ],
    ),
    // A failed transfer gives its earnings back to "due", where they wait for new bank details (waitsForNewDetails);
    // a no-op unless the payout is failed.
    db
      .update(payoutItems)
      .set({ payoutId: null })
      .where(and(eq(payoutItems.payoutId, id), sql`exists (select 1 from payouts p where p.id = ${id} and p.status = 'failed')`)),
    payoutSelect(db).where(eq(payouts.id, id)).limit(1),
  ]);
  if (!updated.length) {
    // Another admin settled it a moment ago.
    if (after!.status === to) return { changed: false, data: presentPayout(after!, ctx) };
    throw settledConflict(after!);
  }
  await sendNotices(deps, [notice]);
  return { changed: true, data: presentPayout(after!, ctx) };
}

export const markPaid = (deps: Deps, actor: AdminActor, id: number, ctx: Ctx) => settlePayout(deps, actor, id, 'paid', null, ctx);
export const markFailed = (deps: Deps, actor: AdminActor, id: number, reason: string, ctx: Ctx) => settlePayout(deps, actor, id, 'failed', reason, ctx);

// ---------------------------------------------------------------- export: CSV and bank files

export const CSV_HEADER = ['account_holder', 'iban', 'amount', 'currency', 'reference'];

type ExportQuery = { batch?: string; status: PayoutStatus; format: ExportFormat; currency?: Currency };
export type ExportFile = { body: string; filename: string; contentType: string };

/**
 * GET /v1/admin/payouts/export: the payouts of one batch (or of every payout in a status) for the bank, with the full
 * IBANs, as a CSV or as a pain.001 bank file of one currency. Reading them is recorded in the audit log.
 */
export function exportPayouts(deps: Pick<Deps, 'db'>, actor: AdminActor, q: ExportQuery): Promise<ExportFile> {
  return q.format === 'pain001' ? exportBankFile(deps, actor, q) : exportCsv(deps, actor, q);
}

const exportName = (q: ExportQuery, actor: AdminActor, ext: string) =>
  `ylc-payouts-${q.batch ?? `${q.status}-${actor.now.toISOString().slice(0, 10)}`}${q.currency ? `-${q.currency}` : ''}.${ext}`;

/** The CSV: every payout of the selection, whatever its status or currency; the read and its audit row are one round trip. */
async function exportCsv(deps: Pick<Deps, 'db'>, actor: AdminActor, q: ExportQuery): Promise<ExportFile> {
  const { db } = deps;
  const where = and(q.batch ? like(payouts.reference, batchPattern(q.batch)) : eq(payouts.status, q.status), q.currency ? eq(payouts.currency, q.currency) : undefined);
  const whereP = sql`${q.batch ? sql`p.reference like ${batchPattern(q.batch)}` : sql`p.status = ${q.status}`}${q.currency ? sql` and p.currency = ${q.currency}` : sql``}`;
  const [rows] = await db.batch([
    db
      .select({ accountHolder: payouts.accountHolder, iban: payouts.iban, amount: payouts.amount, currency: payouts.currency, reference: payouts.reference })
      .from(payouts)
      .where(where)
      .orderBy(asc(payouts.id)),
    insertSelect(
      db,
      auditLog,
      {
        actorUserId: param(auditLog.actorUserId, actor.userId),
        action: param(auditLog.action, 'payout.export'),
        targetType: param(auditLog.targetType, 'payout_export'),
        targetId: param(auditLog.targetId, q.batch ?? q.status),
        after: sql`json_object('batch', ${q.batch ?? null}, 'status', ${q.batch ? null : q.status}, 'format', 'csv', 'currency', ${q.currency ?? null}, 'payout_ids', (select json_group_array(p.id) from payouts p where ${whereP}))`,
        ip: param(auditLog.ip, actor.ip),
        createdAt: param(auditLog.createdAt, actor.now),
      },
      sql`where true`,
    ),
  ]);
  const lines = [CSV_HEADER, ...rows.map((r) => [r.accountHolder, r.iban, decimal(r.amount), r.currency, r.reference])];
  const body = lines.map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
  return { body, filename: exportName(q, actor, 'csv'), contentType: 'text/csv; charset=utf-8' };
}

/** The one currency of a bank file: the one asked for, or the only one among the payouts. */
function bankFileCurrency(asked: Currency | undefined, present: string[], nothing: () => ApiError): BankFileCurrency {
  const currency = asked ?? (present.length > 1 ? null : present[0]);
  if (currency === null) throw fieldError('currency', 'validation.rule.onecurrency', { list: present });
  if (currency === undefined) throw nothing();
  if (!(BANK_FILE_CURRENCIES as readonly string[]).includes(currency)) throw fieldError('currency', 'validation.rule.bankcurrency', { currency });
  return currency as BankFileCurrency;
}

/**
 * The 422 of a bank file that cannot be written: the currency and how many problems (one per field), each listed
 * under its field, in English and by key (`error_keys`) for the admin's language.
 */
function bankFileInvalid(currency: BankFileCurrency, problems: FieldMessages): ApiError {
  const errors = Object.fromEntries(Object.entries(problems).map(([field, list]) => [field, list.map((m) => messageText(m.key, m.params))]));
  const key = 'validation.refusal.bank_file_invalid_count' as const;
  const params = { currency, count: Object.keys(problems).length };
  return new ApiError(422, messageText(key, params), 'BANK_FILE_INVALID', errors, undefined, { message: { key, params }, errors: problems });
}

/**
 * The pain.001 file of the pending payouts of a batch (or of all pending payouts) in one currency. One read takes the
 * payouts, what their bookings' earnings add up to, and the company; the file is written only when every payout and
 * the company pass (pain001.ts), otherwise a 422 lists each reason and nothing is written or logged.
 */
async function exportBankFile(deps: Pick<Deps, 'db'>, actor: AdminActor, q: ExportQuery): Promise<ExportFile> {
  const { db } = deps;
  if (!q.batch && q.status !== 'pending') throw fieldError('status', 'validation.rule.bankpending');
  const selection = and(eq(payouts.status, 'pending'), q.batch ? like(payouts.reference, batchPattern(q.batch)) : undefined);
  const [rows, itemTotals, companyRows] = await db.batch([
    db
      .select({
        id: payouts.id,
        reference: payouts.reference,
        accountHolder: payouts.accountHolder,
        iban: payouts.iban,
        amount: payouts.amount,
        currency: payouts.currency,
        chefBanned: sql<boolean>`exists (select 1 from chefs bc where bc.id = ${payouts.chefId} and bc.status = ${ChefStatus.Banned})`.mapWith(Boolean),
      })
      .from(payouts)
      .where(selection)
      .orderBy(asc(payouts.id)),
    db
      .select({ currency: payouts.currency, total: sql<number>`sum(${payoutItems.amount})`.mapWith(Number).as('items_total') })
      .from(payoutItems)
      .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
      .where(selection)
      .groupBy(payouts.currency),
    companyQuery(db),
  ]);
  // Says which payouts were asked for: the batch (or all pending ones) and the currency, when one was chosen.
  const nothing = (currency?: string) =>
    q.batch
      ? keyedConflict(currency ? 'validation.refusal.nothing_to_export_batch_currency' : 'validation.refusal.nothing_to_export_batch', 'NOTHING_TO_EXPORT', { batch: q.batch, ...(currency ? { currency } : {}) })
      : keyedConflict(currency ? 'validation.refusal.nothing_to_export_all_currency' : 'validation.refusal.nothing_to_export_all', 'NOTHING_TO_EXPORT', currency ? { currency } : undefined);
  const currency = bankFileCurrency(q.currency, [...new Set(rows.map((r) => r.currency))], () => nothing());
  const chosen = rows.filter((r) => r.currency === currency);
  if (!chosen.length) throw nothing(currency);
  const input = { currency, batch: q.batch ?? null, total: itemTotals.find((t) => t.currency === currency)?.total ?? 0, company: toCompany(companyRows), payouts: chosen, now: actor.now };
  const errors = bankFileProblems(input);
  if (Object.keys(errors).length) throw bankFileInvalid(currency, errors);
  const file = writePain001(input);
  await auditEntry(db, actor, {
    action: 'payout.export',
    targetType: 'payout_export',
    targetId: q.batch ?? 'pending',
    after: { batch: q.batch ?? null, status: 'pending', format: 'pain001', currency, message_id: file.messageId, payout_ids: chosen.map((p) => p.id) },
  });
  return { body: file.xml, filename: exportName({ ...q, currency }, actor, 'xml'), contentType: 'application/xml; charset=utf-8' };
}
