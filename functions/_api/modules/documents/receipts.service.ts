// The customer's receipt of a booking: one PDF in the customer's locale with the company, the booking, the price
// lines from the booking's snapshot, the payment and every refund, amounts from the ledger (minor units). The same
// document is downloaded from the booking page and attached to the payment confirmation and refund mails, so each
// shows the payment as it stands then. Its issuer and the names of customer and chef are the ones stored with the
// payment when it succeeded (issuedPartiesNow), as a receipt must keep them (OR 958f, MWSTG art. 26): a later
// change of the company settings or of a name shows on receipts of later payments only.
import { and, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { bookings, payments, refunds } from '../../db/schema/bookings';
import { settings } from '../../db/schema/system';
import { chefs } from '../../db/schema/chefs';
import { users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';
import { formatWhen } from '../../lib/event-text';
import { CONTENT_WIDTH, PdfWriter, type Cell } from '../../lib/pdf';
import type { Deps } from '../../platform/deps';
import type { MailAttachment } from '../../platform/mail';
import { SITE_NAME } from '../seo/seo.service';
import { companyQuery, toCompany, type Company } from '../settings/settings.service';
import { docText, longDay, money } from './document-text';

/** Payment statuses in which money was taken: the booking has a receipt. */
const PAID = ['succeeded', 'refunded', 'partially_refunded'];

export type ReceiptViewer = { userId: number; isSu: boolean };

const customer = alias(users, 'receipt_customer');
const chefUser = alias(users, 'receipt_chef');
const fullName = (u: { firstname: AnyColumn; lastname: AnyColumn }, name: string) => sql<string>`trim(${u.firstname} || ' ' || ${u.lastname})`.as(name);

/** The company settings as they are at this moment, as a JSON value for SQL (an empty object before an admin set them). */
export const issuerNow = () => sql`json(coalesce((select s.value from ${settings} s where s.key = 'company'), '{}'))`;

/**
 * The receipt's parties as they are at this moment, as SQL for the payment row an UPDATE of `payments` marks paid
 * (so they are written by the very statement, in the very batch, that marks it): the company settings (the
 * receipt's issuer), the booking's customer by name (the e-mail address without one) and its chef by name. The
 * migration 0020 filled payments made before it with the same expression.
 */
export const issuedPartiesNow = () => sql`json_object(
  'issuer', ${issuerNow()},
  'customer', (select coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email) from ${bookings} b join ${users} u on u.id = b.customer_id where b.id = ${payments.bookingId}),
  'chef', (select trim(u.firstname || ' ' || u.lastname) from ${bookings} b join ${chefs} c on c.id = b.chef_id join ${users} u on u.id = c.user_id where b.id = ${payments.bookingId})
)`;

/**
 * The booking with its parties, its payment (if money was taken) with the parties stored when it succeeded, that
 * payment's refunds and the company as the settings hold it now (only for a payment row stored without parties:
 * none the product writes since migration 0020), in one round trip.
 */
async function receiptData(db: DB, bookingId: number) {
  const [[b], [payment], refundRows, companyRows] = await db.batch([
    db
      .select({
        id: bookings.id,
        customerId: bookings.customerId,
        menuName: bookings.menuName,
        guests: bookings.guests,
        startsAt: bookings.startsAt,
        timezone: bookings.timezone,
        pricePerPerson: bookings.pricePerPerson,
        subtotal: bookings.subtotal,
        serviceFee: bookings.serviceFee,
        total: bookings.total,
        confirmedAt: bookings.confirmedAt,
        customerName: fullName(customer, 'customer_name'),
        customerEmail: customer.email,
        locale: customer.locale,
        chefName: fullName(chefUser, 'chef_name'),
      })
      .from(bookings)
      .innerJoin(customer, eq(customer.id, bookings.customerId))
      .innerJoin(chefs, eq(chefs.id, bookings.chefId))
      .innerJoin(chefUser, eq(chefUser.id, chefs.userId))
      .where(eq(bookings.id, bookingId)),
    db
      .select({ id: payments.id, amount: payments.amount, currency: payments.currency, provider: payments.provider, createdAt: payments.createdAt, issued: payments.issuedParties })
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, PAID)))
      .orderBy(desc(payments.id))
      .limit(1),
    db
      .select({ paymentId: refunds.paymentId, amount: refunds.amount, status: refunds.status, providerRef: refunds.providerRef, createdAt: refunds.createdAt })
      .from(refunds)
      .where(eq(refunds.bookingId, bookingId))
      .orderBy(refunds.id),
    companyQuery(db),
  ]);
  if (!b) return null;
  const issued = payment?.issued;
  return {
    b: issued ? { ...b, customerName: issued.customer, chefName: issued.chef } : b,
    payment: payment ?? null,
    refunds: refundRows.filter((r) => r.paymentId === payment?.id),
    company: toCompany(issued ? [{ key: 'company', value: issued.issuer }] : companyRows),
  };
}

type ReceiptData = NonNullable<Awaited<ReturnType<typeof receiptData>>>;

/**
 * GET /v1/bookings/{id}/receipt.pdf: for the booking's customer and super-users. Anybody else gets 404, as for the
 * booking itself; a booking not paid (yet) has no receipt (409).
 */
export async function receiptFor(deps: Pick<Deps, 'db'>, viewer: ReceiptViewer, bookingId: number) {
  const data = await receiptData(deps.db, bookingId);
  if (!data || (data.b.customerId !== viewer.userId && !viewer.isSu)) throw notFound('Booking not found.');
  if (!data.payment) throw conflict('This booking has not been paid, so it has no receipt yet.', 'NOT_PAID');
  return { bytes: renderReceipt({ ...data, payment: data.payment }), filename: receiptFilename(bookingId) };
}

const receiptFilename = (bookingId: number) => `receipt-${bookingId}.pdf`;

/** The receipt as a mail attachment (for the payment and refund mails); none when the booking has no payment. */
export async function receiptAttachments(deps: Pick<Deps, 'db'>, bookingId: number): Promise<MailAttachment[]> {
  const data = await receiptData(deps.db, bookingId);
  if (!data?.payment) return [];
  const bytes = renderReceipt({ ...data, payment: data.payment });
  return [{ filename: receiptFilename(bookingId), contentType: 'application/pdf', content: base64(bytes) }];
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * The company's letterhead lines: name, address and contact e-mail, VAT number and bank account, each where set (the
 * brand alone until an admin has entered the company in the settings).
 */
export function letterhead(pdf: PdfWriter, company: Company, locale: string) {
  pdf.row([{ text: company.name || SITE_NAME, x: 0, bold: true, size: 14 }], 20);
  const address = [company.street, [company.postcode, company.city].filter(Boolean).join(' '), company.country].filter(Boolean).join(', ');
  const contact = [address, company.email].filter(Boolean).join(' · ');
  if (contact) pdf.row([{ text: contact, x: 0, muted: true }]);
  const numbers = [company.vatId && docText(locale, 'vat', { id: company.vatId }), company.iban && docText(locale, 'bank', { iban: company.iban, bic: company.bic || '–' })].filter(Boolean);
  if (numbers.length) pdf.row([{ text: numbers.join(' · '), x: 0, muted: true }]);
  pdf.gap(14);
}

const RIGHT = CONTENT_WIDTH;

function renderReceipt({ b, payment, refunds, company }: ReceiptData & { payment: NonNullable<ReceiptData['payment']> }): Uint8Array {
  const locale = b.locale;
  const t = (key: string, params?: Record<string, string | number>) => docText(locale, `receipt.${key}`, params);
  const amount = (minor: number) => money(minor, payment.currency, locale);
  const paidAt = b.confirmedAt ?? payment.createdAt;
  const pdf = new PdfWriter(`${t('title')} ${t('booking', { number: b.id })}`);
  letterhead(pdf, company, locale);

  pdf.row([
    { text: t('title'), x: 0, bold: true, size: 18 },
    { text: t('booking', { number: b.id }), x: RIGHT, align: 'right', bold: true, size: 11 },
  ], 26);
  pdf.row([{ text: docText(locale, 'issued', { date: longDay(paidAt, b.timezone, locale) }), x: 0, muted: true }]).gap(10);

  const field = (label: string, value: string) => pdf.row([{ text: label, x: 0, muted: true }, { text: value, x: 120, maxWidth: RIGHT - 120 }]);
  field(t('customer'), b.customerName || b.customerEmail);
  field(t('chef'), b.chefName);
  field(t('event'), formatWhen(b.startsAt, b.timezone, locale));
  field(t('menu'), b.menuName);
  field(t('guests'), String(b.guests));
  pdf.gap(12).rule(true);

  const line = (label: string, minor: number, bold = false): Cell[] => [
    { text: label, x: 0, bold, maxWidth: RIGHT - 110 },
    { text: amount(minor), x: RIGHT, align: 'right', bold },
  ];
  pdf.row(line(t('perperson', { guests: b.guests, price: amount(b.pricePerPerson) }), b.subtotal), 16);
  pdf.row(line(t('servicefee'), b.serviceFee), 16).rule();
  pdf.row(line(t('total'), b.total, true), 18).gap(10);

  pdf.row(line(t('paid', { date: longDay(paidAt, b.timezone, locale) }), payment.amount), 16);
  pdf.row([{ text: t('method', { method: payment.provider === 'stripe' ? t('methodcard') : t('methodtest') }), x: 0, muted: true }]);
  if (refunds.length) {
    // A refund is deducted once the provider has taken it (it has the provider's reference), as the payment's
    // refunded amount counts it; one not sent yet, or refused and sent again by the sweep, is listed below, not
    // deducted, so the receipt always adds up with the payment.
    const taken = refunds.filter((r) => r.providerRef != null);
    const open = refunds.filter((r) => r.providerRef == null);
    const when = (r: (typeof refunds)[number]) => ({ date: longDay(r.createdAt, b.timezone, locale) });
    pdf.gap(6);
    for (const r of taken) pdf.row(line(r.status === 'succeeded' ? t('refund', when(r)) : t('refundpending', when(r)), -r.amount), 16);
    pdf.rule().row(line(t('netpaid'), payment.amount - taken.reduce((sum, r) => sum + r.amount, 0), true), 18);
    if (open.length) {
      pdf.gap(8).row([{ text: t('openrefunds'), x: 0, muted: true }]);
      for (const r of open) pdf.row(line(r.status === 'failed' ? t('refundfailed', when(r)) : t('refundpending', when(r)), r.amount), 16);
    }
  }
  pdf.gap(24).row([{ text: t('thanks'), x: 0, muted: true }]);
  return pdf.bytes();
}
