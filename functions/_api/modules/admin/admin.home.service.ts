// The admin dashboard: bookings by (effective) status, gross volume and commission over 7 and 30 days per currency
// from the bookings' price snapshots, pending applications, payouts due, images waiting for moderation, and what
// needs attention (open complaints first), each with the screen that handles it. One db.batch of aggregate queries:
// one round trip.
import { and, count, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { bookings, DAY_HOLDING_STATUSES, refunds, type BookingStatus } from '../../db/schema/bookings';
import { complaints } from '../../db/schema/complaints';
import { ChefStatus, chefs } from '../../db/schema/chefs';
import { images } from '../../db/schema/files';
import { payouts } from '../../db/schema/payouts';
import { DEFAULT_CURRENCY, type Locale } from '#shared/locales';
import type { Deps } from '../../platform/deps';
import { BOOKING_STATUSES, effectiveStatusSql } from '../bookings/bookings.facade.service';
import { convert, formatMoney } from '#shared/pricing';
import { settingsQuery, toSettings } from '../settings/settings.service';
import { dueTotalsQuery, heldTotalsQuery, presentDueTotals } from './admin.payouts.service';
import { DAY, MINUTE } from '#shared/time';

export const PERIODS = { last_7_days: 7, last_30_days: 30 } as const;
type Period = keyof typeof PERIODS;

/** A refund the provider has not taken for this long is one the sweep retries; it needs a look (as retryRefunds). */
const REFUND_STUCK_MS = MINUTE;

type MoneyRow = { currency: string; bookings: number; gross: number; serviceFees: number; commission: number };
type Figures = { bookings: number; gross: number; service_fees: number; commission: number; refunded: number };

/**
 * Money per period: bookings paid (confirmed_at) in the period, their gross (what customers paid, service fee
 * included); service fees and commission only of those that still take place; refunds recorded in the period. All
 * from the amounts each booking snapshotted when it was made.
 */
function moneyQuery(db: Deps['db'], since: Date, now: Date) {
  const standing = inArray(bookings.status, [...DAY_HOLDING_STATUSES]);
  return db
    .select({
      currency: bookings.currency,
      bookings: sql<number>`count(*)`.mapWith(Number).as('paid_bookings'),
      gross: sql<number>`coalesce(sum(${bookings.total}), 0)`.mapWith(Number).as('gross'),
      serviceFees: sql<number>`coalesce(sum(case when ${standing} then ${bookings.serviceFee} else 0 end), 0)`.mapWith(Number).as('service_fees'),
      commission: sql<number>`coalesce(sum(case when ${standing} then ${bookings.commission} else 0 end), 0)`.mapWith(Number).as('commission'),
    })
    .from(bookings)
    .where(and(gte(bookings.confirmedAt, since), lte(bookings.confirmedAt, now)))
    .groupBy(bookings.currency);
}

function refundsQuery(db: Deps['db'], since: Date, now: Date) {
  return db
    .select({ currency: refunds.currency, amount: sql<number>`coalesce(sum(${refunds.amount}), 0)`.mapWith(Number).as('refunded') })
    .from(refunds)
    .where(and(gte(refunds.createdAt, since), lte(refunds.createdAt, now), inArray(refunds.status, ['pending', 'succeeded'])))
    .groupBy(refunds.currency);
}

/** `amount_formatted`: the money the item is about, per currency (held earnings). */
export type AttentionItem = { key: string; count: number; route: string | null; action?: 'sweep'; amount_formatted?: string };

/** GET /v1/admin/home */
export async function adminHome(deps: Pick<Deps, 'db' | 'clock'>, ctx: { locale: Locale }) {
  const { db, clock } = deps;
  const now = clock.now();
  const since = (days: number) => new Date(now.getTime() - days * DAY);
  const eff = effectiveStatusSql(now);
  const [statusRows, money7, money30, refunds7, refunds30, [applications], [imagesWaiting], dueRows, [pendingPayouts], [sweepDue], [stuckRefunds], [openComplaints], heldRows, settingRows] =
    await db.batch([
      db.select({ status: eff.as('eff_status'), n: count() }).from(bookings).groupBy(sql`eff_status`),
      moneyQuery(db, since(PERIODS.last_7_days), now),
      moneyQuery(db, since(PERIODS.last_30_days), now),
      refundsQuery(db, since(PERIODS.last_7_days), now),
      refundsQuery(db, since(PERIODS.last_30_days), now),
      db.select({ n: count() }).from(chefs).where(eq(chefs.status, ChefStatus.Onboarded)),
      db.select({ n: count() }).from(images).where(eq(images.status, 'pending')),
      dueTotalsQuery(db, now),
      db.select({ n: count() }).from(payouts).where(eq(payouts.status, 'pending')),
      // Bookings whose stored status is behind the clock: the sweep writes them down.
      db
        .select({ n: count() })
        .from(bookings)
        .where(and(inArray(bookings.status, ['requested', 'accepted', 'confirmed']), sql`${eff} <> "bookings"."status"`)),
      db
        .select({ n: count() })
        .from(refunds)
        .where(and(isNull(refunds.providerRef), or(eq(refunds.status, 'failed'), eq(refunds.status, 'pending')), lt(refunds.createdAt, new Date(now.getTime() - REFUND_STUCK_MS)))),
      // Complaints hold the chef's earnings until an administrator decides.
      db.select({ n: count() }).from(complaints).where(eq(complaints.status, 'open')),
      // Released earnings held for a decision (an open complaint, a banned chef): the payouts screen lists them.
      heldTotalsQuery(db, now),
      settingsQuery(db),
    ]);
  const settings = toSettings(settingRows);

  const byStatus = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
  for (const r of statusRows) byStatus[r.status as BookingStatus] = r.n;

  const f = (amount: number, currency: string) => formatMoney(amount, currency, ctx.locale);
  const period = (rows: MoneyRow[], refunded: { currency: string; amount: number }[]) => {
    const per = new Map<string, Figures>();
    const at = (currency: string) => per.get(currency) ?? per.set(currency, { bookings: 0, gross: 0, service_fees: 0, commission: 0, refunded: 0 }).get(currency)!;
    for (const r of rows) Object.assign(at(r.currency), { bookings: r.bookings, gross: r.gross, service_fees: r.serviceFees, commission: r.commission });
    for (const r of refunded) at(r.currency).refunded = r.amount;
    const currencies = [...per.entries()].sort(([a], [b]) => a.localeCompare(b));
    // The sum over currencies in the default currency, at the rates admins set: an indication, not accounting.
    const inDefault = (key: 'gross' | 'commission') => currencies.reduce((sum, [cur, x]) => sum + convert(x[key], cur, DEFAULT_CURRENCY, settings.currency_rates), 0);
    const gross = inDefault('gross');
    const commission = inDefault('commission');
    return {
      per_currency: currencies.map(([currency, x]) => ({
        currency,
        ...x,
        gross_formatted: f(x.gross, currency),
        service_fees_formatted: f(x.service_fees, currency),
        commission_formatted: f(x.commission, currency),
        refunded_formatted: f(x.refunded, currency),
      })),
      total: { currency: DEFAULT_CURRENCY, gross, commission, gross_formatted: f(gross, DEFAULT_CURRENCY), commission_formatted: f(commission, DEFAULT_CURRENCY) },
    };
  };
  const money: Record<Period, ReturnType<typeof period>> = {
    last_7_days: period(money7, refunds7),
    last_30_days: period(money30, refunds30),
  };

  const due = presentDueTotals(dueRows, ctx);
  const missingDetails = due.reduce((n, d) => n + d.chefs_without_bank_details, 0);
  const failedDetails = due.reduce((n, d) => n + d.chefs_waiting_for_new_details, 0);
  const dueChefs = due.reduce((n, d) => n + d.chefs, 0) - missingDetails - failedDetails;
  const heldChefs = new Set(heldRows.flatMap((r) => JSON.parse(r.chefIds) as number[]));
  const attention: AttentionItem[] = [
    { key: 'complaints_open', count: openComplaints?.n ?? 0, route: 'ylcadmin.complaints' },
    { key: 'applications', count: applications?.n ?? 0, route: 'ylcadmin.chefs' },
    { key: 'images', count: imagesWaiting?.n ?? 0, route: 'ylcadmin.images' },
    { key: 'payouts_due', count: dueChefs, route: 'ylcadmin.payouts' },
    { key: 'payouts_pending', count: pendingPayouts?.n ?? 0, route: 'ylcadmin.payouts' },
    { key: 'bank_details_missing', count: missingDetails, route: 'ylcadmin.payouts' },
    { key: 'bank_details_failed', count: failedDetails, route: 'ylcadmin.payouts' },
    { key: 'held_earnings', count: heldChefs.size, route: 'ylcadmin.payouts', amount_formatted: heldRows.map((r) => f(r.amount, r.currency)).join(' · ') },
    { key: 'refunds_stuck', count: stuckRefunds?.n ?? 0, route: 'ylcadmin.bookings' },
    { key: 'sweep_due', count: sweepDue?.n ?? 0, route: null, action: 'sweep' },
  ];

  return {
    generated_at: now.toISOString(),
    bookings_by_status: byStatus,
    bookings_total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    money,
    pending_applications: applications?.n ?? 0,
    images_waiting: imagesWaiting?.n ?? 0,
    payouts_due: due,
    payouts_pending: pendingPayouts?.n ?? 0,
    attention: attention.filter((a) => a.count > 0),
  };
}
