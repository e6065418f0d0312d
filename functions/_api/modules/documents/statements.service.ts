// The chef's monthly statements, one per month and currency, read from the ledger: each booking's ledger line
// (payout_items) in the month of its event (the chef's local date) with the booking's gross and commission, the
// difference to the line as "refunds and adjustments" (cancellations, complaint outcomes: whatever changed the
// line), the net (the line itself), and the payouts paid that month (in the chef's time zone) with their bank
// reference. Earnings held for an administrator (an open complaint, a banned chef: db/held-earnings.ts) are
// listed as such and counted apart, neither paid nor due. Each statement carries the balance due from the month
// before, so the last closing balance is what is still due, and the statements add up to the payouts plus what is
// still due plus what is held. Months after the current one have no statement yet (their bookings are still to come).
// A closed month's statement names the issuer, the chef and the issue date stored at its first download (issueOf).
import { and, asc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { as } from '../../db/columns-alias';
import { bookings, LEDGER_STATUSES, refunds } from '../../db/schema/bookings';
import { heldReasonSql, type HeldReason } from '../../db/held-earnings';
import { chefs } from '../../db/schema/chefs';
import { payoutItems, payouts, statementIssues } from '../../db/schema/payouts';
import { users } from '../../db/schema/users';
import { csvField, decimal } from '../../lib/csv';
import { localDay } from '#shared/event-time';
import { notFound } from '../../lib/errors';
import { CONTENT_WIDTH, PdfWriter } from '../../lib/pdf';
import type { Deps } from '../../platform/deps';
import { companyQuery, toCompany, type Company } from '../settings/settings.service';
import { docText, longDay, money, monthName, shortDay } from './document-text';
import { issuerNow, letterhead } from './receipts.service';

type BookingLine = {
  bookingId: number;
  eventDate: string;
  menuName: string;
  guests: number;
  gross: number;
  commission: number;
  adjustment: number;
  net: number;
  /** Why the line's earnings wait for an administrator (not paid out yet), or null. */
  held: HeldReason | null;
  refunds: { amount: number; at: Date }[];
};
type PayoutLine = { id: number; paidAt: Date; amount: number; reference: string };

export type StatementSummary = {
  month: string;
  currency: string;
  bookings: number;
  gross: number;
  commission: number;
  adjustments: number;
  net: number;
  paid_out: number;
  /** The month's net earnings held for an administrator: neither paid out nor due (not in the closing balance). */
  held: number;
  opening_balance: number;
  closing_balance: number;
};
type Statement = StatementSummary & { lines: BookingLine[]; payouts: PayoutLine[] };

const sum = <T>(rows: T[], of: (r: T) => number) => rows.reduce((s, r) => s + of(r), 0);

/** Every statement of a chef, oldest first, and the chef's name, locale and time zone. */
async function chefLedger(deps: Pick<Deps, 'db' | 'clock'>, chefId: number) {
  const { db } = deps;
  const [chefRows, lineRows, refundRows, payoutRows] = await db.batch([
    db
      .select({ timezone: chefs.timezone, firstname: users.firstname, lastname: users.lastname, locale: users.locale })
      .from(chefs)
      .innerJoin(users, eq(users.id, chefs.userId))
      .where(eq(chefs.id, chefId)),
    // The lines that count, as the earnings list counts them: paid ones always, others while their booking owes them.
    db
      .select({
        bookingId: payoutItems.bookingId,
        net: payoutItems.amount,
        currency: as(payoutItems.currency, 'line_currency'),
        eventDate: bookings.eventDate,
        menuName: bookings.menuName,
        guests: bookings.guests,
        gross: bookings.subtotal,
        commission: bookings.commission,
        earnings: bookings.chefEarnings,
        held: sql<HeldReason | null>`case when ${payouts.status} = 'paid' then null else ${heldReasonSql(sql`${payoutItems.bookingId}`, sql`${payoutItems.chefId}`)} end`.as('held_reason'),
      })
      .from(payoutItems)
      .innerJoin(bookings, eq(bookings.id, payoutItems.bookingId))
      .leftJoin(payouts, eq(payouts.id, payoutItems.payoutId))
      .where(and(eq(payoutItems.chefId, chefId), or(eq(payouts.status, 'paid'), and(inArray(bookings.status, [...LEDGER_STATUSES]), gt(payoutItems.amount, 0)))))
      .orderBy(asc(bookings.eventDate), asc(payoutItems.bookingId)),
    db
      .select({ bookingId: refunds.bookingId, amount: refunds.amount, at: refunds.createdAt })
      .from(refunds)
      .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
      .where(and(eq(bookings.chefId, chefId), ne(refunds.status, 'failed')))
      .orderBy(asc(refunds.id)),
    db
      .select({ id: payouts.id, paidAt: payouts.paidAt, amount: payouts.amount, currency: payouts.currency, reference: payouts.reference })
      .from(payouts)
      .where(and(eq(payouts.chefId, chefId), eq(payouts.status, 'paid')))
      .orderBy(asc(payouts.paidAt), asc(payouts.id)),
  ]);
  const chef = chefRows[0];
  if (!chef) throw notFound('Chef not found.');
  const currentMonth = localDay(deps.clock.now(), chef.timezone).slice(0, 7);
  const refundsOf = new Map<number, { amount: number; at: Date }[]>();
  for (const r of refundRows) refundsOf.set(r.bookingId, [...(refundsOf.get(r.bookingId) ?? []), { amount: r.amount, at: r.at }]);

  const byKey = new Map<string, Statement>();
  const statementOf = (month: string, currency: string) => {
    const key = `${month}|${currency}`;
    let s = byKey.get(key);
    if (!s) {
      s = { month, currency, bookings: 0, gross: 0, commission: 0, adjustments: 0, net: 0, paid_out: 0, held: 0, opening_balance: 0, closing_balance: 0, lines: [], payouts: [] };
      byKey.set(key, s);
    }
    return s;
  };
  for (const r of lineRows) {
    const month = r.eventDate.slice(0, 7);
    if (month > currentMonth) continue;
    statementOf(month, r.currency).lines.push({
      bookingId: r.bookingId,
      eventDate: r.eventDate,
      menuName: r.menuName,
      guests: r.guests,
      gross: r.gross,
      commission: r.commission,
      adjustment: r.net - r.earnings,
      net: r.net,
      held: r.held,
      refunds: refundsOf.get(r.bookingId) ?? [],
    });
  }
  for (const p of payoutRows) {
    if (!p.paidAt) continue;
    statementOf(localDay(p.paidAt, chef.timezone).slice(0, 7), p.currency).payouts.push({ id: p.id, paidAt: p.paidAt, amount: p.amount, reference: p.reference });
  }
  const statements = [...byKey.values()].sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency));
  const balance = new Map<string, number>();
  for (const s of statements) {
    s.bookings = s.lines.length;
    s.gross = sum(s.lines, (l) => l.gross);
    s.commission = sum(s.lines, (l) => l.commission);
    s.adjustments = sum(s.lines, (l) => l.adjustment);
    s.net = sum(s.lines, (l) => l.net);
    s.paid_out = sum(s.payouts, (p) => p.amount);
    s.held = sum(s.lines, (l) => (l.held ? l.net : 0));
    s.opening_balance = balance.get(s.currency) ?? 0;
    s.closing_balance = s.opening_balance + s.net - s.paid_out - s.held;
    balance.set(s.currency, s.closing_balance);
  }
  return { chef, statements, currentMonth };
}

const summary = ({ lines: _lines, payouts: _payouts, ...s }: Statement): StatementSummary => s;

/**
 * GET /v1/chefs/me/statements (and an admin's view of a chef's): every month and currency with its totals, newest
 * first, in the list envelope, with the month and amounts written for the reader's locale; `base` is where its files
 * are (…/statements/{yyyy-mm}.{pdf|csv}?currency=).
 */
export async function listStatements(deps: Pick<Deps, 'db' | 'clock'>, chefId: number, base: string, locale: string) {
  const { statements } = await chefLedger(deps, chefId);
  const newestFirst = [...statements].sort((a, b) => b.month.localeCompare(a.month) || a.currency.localeCompare(b.currency));
  const data = newestFirst.map((s) => {
    const query = `?currency=${s.currency}`;
    const amount = (minor: number) => money(minor, s.currency, locale);
    return {
      ...summary(s),
      label: monthName(s.month, locale),
      // Every figure the month's sums are made of, so the screen can show them adding up: gross − commission +
      // adjustments = net, and opening balance + net − paid out − held = the balance due at the month's end.
      formatted: {
        gross: amount(s.gross),
        commission: amount(s.commission),
        adjustments: amount(s.adjustments),
        net: amount(s.net),
        opening_balance: amount(s.opening_balance),
        paid_out: amount(s.paid_out),
        held: amount(s.held),
        closing_balance: amount(s.closing_balance),
      },
      pdf_url: `${base}/${s.month}.pdf${query}`,
      csv_url: `${base}/${s.month}.csv${query}`,
    };
  });
  return { data, total_count: data.length, filter_count: data.length };
}

/** One statement as a file: PDF in the chef's locale, or CSV. 404 for a month and currency with no statement. */
export async function statementFile(deps: Pick<Deps, 'db' | 'clock'>, chefId: number, q: { month: string; format: 'pdf' | 'csv'; currency: string }) {
  const { chef, statements, currentMonth } = await chefLedger(deps, chefId);
  const s = statements.find((x) => x.month === q.month && x.currency === q.currency);
  if (!s) throw notFound('There is no statement for this month and currency.');
  const issue = await issueOf(deps, chefId, s, `${chef.firstname} ${chef.lastname}`.trim(), s.month < currentMonth);
  const filename = `statement-${q.month}-${q.currency}.${q.format}`;
  if (q.format === 'csv') return { body: statementCsv(s), filename, contentType: 'text/csv; charset=utf-8' };
  const pdf = new PdfWriter(docText(chef.locale, 'statement.title', { month: monthName(s.month, chef.locale) }));
  renderStatement(pdf, s, { ...chef, ...issue });
  return { body: pdf.bytes(), filename, contentType: 'application/pdf' };
}

/** `provisional`: the month is still running, so the statement is not issued yet and its figures can change. */
type Issue = { company: Company; chefName: string; issuedAt: Date; provisional: boolean };

/**
 * Who issues the statement to whom, and when. A month that is over in the chef's time zone is closed: its statement
 * is issued at its first download (PDF or CSV), which stores the company settings, the chef's name and the date
 * (statement_issues; a download at the same moment stores nothing twice), and every later download prints those, as
 * an accounting record must keep them (OR 958f). The month still running has a provisional statement, with the
 * company and the name as they are now. Months closed before this was stored get theirs at their next download,
 * from the settings then: nothing older is known.
 */
async function issueOf(deps: Pick<Deps, 'db' | 'clock'>, chefId: number, s: Statement, chefName: string, closed: boolean): Promise<Issue> {
  const { db } = deps;
  const now = deps.clock.now();
  if (!closed) return { company: toCompany(await companyQuery(db)), chefName, issuedAt: now, provisional: true };
  const [, [stored]] = await db.batch([
    db
      .insert(statementIssues)
      .values({ chefId, month: s.month, currency: s.currency, issuedAt: now, issuedParties: sql`json_object('issuer', ${issuerNow()}, 'chef', ${chefName})` })
      .onConflictDoNothing(),
    db
      .select({ issuedAt: statementIssues.issuedAt, parties: statementIssues.issuedParties })
      .from(statementIssues)
      .where(and(eq(statementIssues.chefId, chefId), eq(statementIssues.month, s.month), eq(statementIssues.currency, s.currency))),
  ]);
  if (!stored) throw new Error('statement issue not stored');
  return { company: toCompany([{ key: 'company', value: stored.parties.issuer }]), chefName: stored.parties.chef, issuedAt: stored.issuedAt, provisional: false };
}

/**
 * The CSV: one row per booking (`booking_held` for one whose earnings are held) and per payout, then the totals,
 * what is held and the balances. Amounts in major units with a dot
 * ("-12.50"), dates as YYYY-MM-DD, so a spreadsheet in any language reads them.
 */
export const STATEMENT_CSV_HEADER = ['kind', 'date', 'booking_id', 'menu', 'guests', 'gross', 'commission', 'adjustment', 'net', 'paid_out', 'reference', 'currency'];

function statementCsv(s: Statement): string {
  const row = (kind: string, cells: Partial<Record<(typeof STATEMENT_CSV_HEADER)[number], string | number>>) =>
    STATEMENT_CSV_HEADER.map((h) => (h === 'kind' ? kind : h === 'currency' ? s.currency : String(cells[h] ?? '')));
  const rows = [
    STATEMENT_CSV_HEADER,
    ...s.lines.map((l) =>
      row(l.held ? 'booking_held' : 'booking', { date: l.eventDate, booking_id: l.bookingId, menu: l.menuName, guests: l.guests, gross: decimal(l.gross), commission: decimal(l.commission), adjustment: decimal(l.adjustment), net: decimal(l.net) }),
    ),
    ...s.payouts.map((p) => row('payout', { date: p.paidAt.toISOString().slice(0, 10), paid_out: decimal(p.amount), reference: p.reference })),
    row('total', { date: s.month, gross: decimal(s.gross), commission: decimal(s.commission), adjustment: decimal(s.adjustments), net: decimal(s.net), paid_out: decimal(s.paid_out) }),
    row('opening_balance', { date: s.month, net: decimal(s.opening_balance) }),
    row('held', { date: s.month, net: decimal(s.held) }),
    row('closing_balance', { date: s.month, net: decimal(s.closing_balance) }),
  ];
  // Only the texts people typed (menu names) and references go through csvField: the amounts are ours, and a
  // negative one must stay a number, not become the text "'-12.50".
  const text = new Set([STATEMENT_CSV_HEADER.indexOf('menu'), STATEMENT_CSV_HEADER.indexOf('reference')]);
  return rows.map((cells, r) => cells.map((c, i) => (r > 0 && text.has(i) ? csvField(c) : c)).join(',')).join('\r\n') + '\r\n';
}

// Columns of the statement's booking table: right edges of the amounts, left edges of the texts.
const COL = { date: 0, booking: 62, menu: 112, gross: 280, commission: 345, adjustment: 420, net: CONTENT_WIDTH } as const;

function renderStatement(pdf: PdfWriter, s: Statement, chef: { locale: string; timezone: string } & Issue) {
  const locale = chef.locale;
  const t = (key: string, params?: Record<string, string | number>) => docText(locale, `statement.${key}`, params);
  const amount = (minor: number) => money(minor, s.currency, locale);
  letterhead(pdf, chef.company, locale);
  pdf.row([{ text: t('title', { month: monthName(s.month, locale) }), x: 0, bold: true, size: 18 }], 26);
  pdf.row([
    { text: t('chef', { name: chef.chefName }), x: 0 },
    { text: t('currency', { currency: s.currency }), x: CONTENT_WIDTH, align: 'right' },
  ]);
  pdf.row([{ text: docText(locale, 'issued', { date: longDay(chef.issuedAt, chef.timezone, locale) }), x: 0, muted: true }]);
  if (chef.provisional) pdf.row([{ text: t('provisional'), x: 0, muted: true, maxWidth: CONTENT_WIDTH }]);
  pdf.gap(12);

  pdf
    .row([
      { text: t('date'), x: COL.date, bold: true, size: 8 },
      { text: t('booking'), x: COL.booking, bold: true, size: 8 },
      { text: t('menu'), x: COL.menu, bold: true, size: 8 },
      { text: t('gross'), x: COL.gross, align: 'right', bold: true, size: 8 },
      { text: t('commission'), x: COL.commission, align: 'right', bold: true, size: 8 },
      { text: t('adjustments'), x: COL.adjustment, align: 'right', bold: true, size: 8, maxWidth: COL.adjustment - COL.commission - 8 },
      { text: t('net'), x: COL.net, align: 'right', bold: true, size: 8 },
    ])
    .rule(true);
  if (!s.lines.length) pdf.row([{ text: t('nobookings'), x: 0, muted: true }]);
  for (const l of s.lines) {
    pdf.ensure(14 + 12 * l.refunds.length + (l.held ? 11 : 0));
    pdf.row([
      { text: shortDay(l.eventDate, locale), x: COL.date, size: 8 },
      { text: `#${l.bookingId}`, x: COL.booking, size: 8 },
      { text: l.menuName, x: COL.menu, size: 8, maxWidth: COL.gross - COL.menu - 60 },
      { text: amount(l.gross), x: COL.gross, align: 'right', size: 8 },
      { text: amount(-l.commission), x: COL.commission, align: 'right', size: 8 },
      { text: l.adjustment ? amount(l.adjustment) : '–', x: COL.adjustment, align: 'right', size: 8 },
      { text: amount(l.net), x: COL.net, align: 'right', size: 8 },
    ]);
    for (const r of l.refunds) pdf.row([{ text: t('refundnote', { amount: amount(r.amount), date: longDay(r.at, chef.timezone, locale) }), x: COL.menu, size: 7, muted: true }], 11);
    if (l.held) pdf.row([{ text: t(l.held === 'chef_banned' ? 'heldbanned' : 'heldcomplaint'), x: COL.menu, size: 7, muted: true }], 11);
  }
  pdf.rule().row([
    { text: t('total'), x: COL.date, bold: true, size: 8 },
    { text: amount(s.gross), x: COL.gross, align: 'right', bold: true, size: 8 },
    { text: amount(-s.commission), x: COL.commission, align: 'right', bold: true, size: 8 },
    { text: amount(s.adjustments), x: COL.adjustment, align: 'right', bold: true, size: 8 },
    { text: amount(s.net), x: COL.net, align: 'right', bold: true, size: 8 },
  ]);

  pdf.gap(16).row([{ text: t('payouts'), x: 0, bold: true, size: 11 }], 18).rule(true);
  if (!s.payouts.length) pdf.row([{ text: t('nopayouts'), x: 0, muted: true }]);
  for (const p of s.payouts) {
    pdf.row([
      { text: t('payout', { date: longDay(p.paidAt, chef.timezone, locale), reference: p.reference }), x: 0, maxWidth: CONTENT_WIDTH - 100 },
      { text: amount(p.amount), x: CONTENT_WIDTH, align: 'right' },
    ]);
  }

  pdf.gap(16).row([{ text: t('summary'), x: 0, bold: true, size: 11 }], 18).rule(true);
  const total = (label: string, minor: number, bold = false) => pdf.row([{ text: label, x: 0, bold }, { text: amount(minor), x: CONTENT_WIDTH, align: 'right', bold }], 15);
  total(t('opening'), s.opening_balance);
  total(t('earned'), s.net);
  total(t('paidout'), s.paid_out ? -s.paid_out : 0);
  if (s.held) total(t('held'), -s.held);
  pdf.rule();
  total(t('closing'), s.closing_balance, true);
}
