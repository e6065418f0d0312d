// The customer's receipt PDF: generated from a paid booking, read back as text and checked against the database
// (booking snapshot, payment, refunds, company settings), in the customer's locale; who may download it; the
// receipt attached to the payment confirmation and refund mails; and its issuer and names kept as they were when
// the payment succeeded, whatever the settings become.
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import migration0020 from '../../migrations/0020_documents_as_issued.sql?raw';
import { useHarness } from '../support/use-harness';
import { bookings, payments, refunds } from '../../functions/_api/db/schema/bookings';
import { outbox, settings } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { winAnsi } from '../../functions/_api/lib/pdf';
import { COMPANY, superUser } from '../support/admin-fixtures';
import { agent, type Agent } from '../support/agent';
import { as, bookingCalls, confirmedBooking, customer, requestBooking, startsIn, world } from '../support/booking-fixtures';
import { ok, on, refused, typedClient } from '../support/typed-client';
import { pdfText } from '../support/pdf-text';

const h = useHarness();
beforeAll(async () => {
  await h.db
    .insert(settings)
    .values({ key: 'company', value: { name: 'YourLocalChef GmbH', street: 'Limmatquai 1', postcode: '8001', city: 'Zürich', country: 'CH', vatId: 'CHE-123.456.789 MWST', iban: 'CH93 0076 2011 6238 5295 7', bic: 'POFICHBEXXX' } })
    .onConflictDoNothing();
});

const DAY = 86_400_000;
const TAGS: Record<string, string> = { 'de-ch': 'de-CH', de: 'de', en: 'en', fr: 'fr', it: 'it' };

/** An amount as the locale writes it, computed here from the database's minor units (and as WinAnsi shows spaces). */
const money = (minor: number, currency: string, locale: string) =>
  new Intl.NumberFormat(TAGS[locale], { style: 'currency', currency, minimumFractionDigits: 2 }).format(minor / 100).replace(/[\u202f\u2009]/g, '\u00a0');

/** The receipt download: a PDF, so its answer is read as bytes (a refusal as JSON), not through ok(). */
const receiptCall = (a: Agent, id: number | string, headers: Record<string, string> = {}) =>
  typedClient(a).bookings[':id']['receipt.pdf'].$get({ param: { id: String(id) } }, { headers });

async function receipt(a: Agent, id: number, headers?: Record<string, string>) {
  const res = await receiptCall(a, id, headers);
  return { res, pdf: res.status === 200 ? await pdfText(await res.arrayBuffer()) : null };
}

async function bookingRow(id: number) {
  const [b] = await h.db.select().from(bookings).where(eq(bookings.id, id));
  const [p] = await h.db.select().from(payments).where(eq(payments.bookingId, id));
  return { b: b!, p: p! };
}

describe('the receipt of a paid booking', () => {
  it('shows the company, the booking, the price lines, the payment and its method, with the database amounts', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w);
    const { b, p } = await bookingRow(id);
    const { res, pdf } = await receipt(await as(h, w.customer), id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${id}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const lines = pdf!.pages[0]!;
    expect(pdf!.pages).toHaveLength(1);
    expect(lines[0]).toBe('YourLocalChef GmbH');
    expect(lines).toContain('Limmatquai 1, 8001 Zürich, CH');
    expect(lines).toContain('VAT ID CHE-123.456.789 MWST · IBAN CH93 0076 2011 6238 5295 7 · BIC POFICHBEXXX');
    expect(lines).toContain(`Receipt Booking ${id}`);
    const nameOf = async (userId: number) => (await h.db.select().from(users).where(eq(users.id, userId))).map((u) => `${u.firstname} ${u.lastname}`.trim())[0];
    expect(lines).toContain(`Customer ${await nameOf(w.customer.userId)}`);
    expect(lines).toContain(`Chef ${await nameOf(w.chef.userId)}`);
    expect(lines.find((l) => l.startsWith('Date and time'))).toMatch(/\d{1,2}:00 \(Zurich time\)$/);
    expect(lines).toContain('Menu Alpine Autumn');
    expect(lines).toContain(`Guests ${b.guests}`);
    // Price lines: the booking's snapshot, which adds up to what was paid.
    expect(b.subtotal).toBe(b.pricePerPerson * b.guests);
    expect(b.total).toBe(b.subtotal + b.serviceFee);
    expect(p.amount).toBe(b.total);
    expect(lines).toContain(`Menu for ${b.guests} guests × ${money(b.pricePerPerson, 'CHF', 'en')} per person ${money(b.subtotal, 'CHF', 'en')}`);
    expect(lines).toContain(`Service fee ${money(b.serviceFee, 'CHF', 'en')}`);
    expect(lines).toContain(`Total ${money(b.total, 'CHF', 'en')}`);
    expect(lines.some((l) => l.startsWith('Paid on ') && l.endsWith(money(p.amount, 'CHF', 'en')))).toBe(true);
    expect(lines).toContain('Payment method: Test checkout, no real charge');
    expect(lines.some((l) => l.startsWith('Refund'))).toBe(false);
    expect(pdf!.info.Title).toBe(`Receipt Booking ${id}`);
  });

  it('is written in the customer’s locale, whatever language the request asks for', async () => {
    for (const [locale, words] of [
      ['de-ch', ['Quittung', 'Servicegebühr', 'Gäste']],
      ['de', ['Quittung', 'Servicegebühr', 'USt-IdNr.']],
      ['fr', ['Reçu', 'Frais de service', 'Convives']],
      ['it', ['Ricevuta', 'Commissione di servizio', 'Ospiti']],
    ] as const) {
      const w = await world(h);
      await h.db.update(users).set({ locale }).where(eq(users.id, w.customer.userId));
      const id = await confirmedBooking(h, w, { starts_at: startsIn(h, 30 + Object.keys(TAGS).indexOf(locale)) });
      const { b } = await bookingRow(id);
      const { pdf } = await receipt(await as(h, w.customer), id, { 'accept-language': 'en' });
      for (const word of words) expect(pdf!.text, `${locale}: ${word}`).toContain(word);
      expect(pdf!.text, locale).toContain(money(b.total, 'CHF', locale));
      expect(pdf!.text, locale).toContain(money(b.serviceFee, 'CHF', locale));
    }
  });

  it('spells names WinAnsi cannot write in letters it can: accents dropped, Cyrillic in Latin, the rest as "?"', async () => {
    const w = await world(h, { menu: { name: 'Żurek & Борщ 寿司' } });
    await h.db.update(users).set({ firstname: 'Łukasz', lastname: 'Ćwikła' }).where(eq(users.id, w.customer.userId));
    const id = await confirmedBooking(h, w);
    const { pdf } = await receipt(await as(h, w.customer), id);
    expect(pdf!.pages[0]).toContain('Customer Lukasz Cwikla');
    expect(pdf!.pages[0]).toContain('Menu Zurek & Borshch ??');
    expect(winAnsi('Grüße, Zoë – 12 €')).toEqual([...Buffer.from('Grüße, Zoë ', 'latin1'), 0x96, ...Buffer.from(' 12 ', 'latin1'), 0x80]);
  });
});

describe('who gets a receipt', () => {
  it('the customer and super-users; the chef, another customer and visitors do not, and an unpaid booking has none', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w);
    expect((await receipt(await as(h, w.customer), id)).res.status).toBe(200);
    expect((await receipt((await superUser(h)).agent, id)).res.status).toBe(200);
    const chef = await receipt(await as(h, w.chef), id);
    expect(chef.res.status).toBe(404);
    const other = await receipt(await as(h, await customer(h)), id);
    expect(other.res.status).toBe(404);
    expect(await other.res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Booking not found.' });
    expect((await receipt(agent(h), id)).res.status).toBe(401);
    expect((await receipt(await as(h, w.customer), 999_999)).res.status).toBe(404);

    const unpaid = await requestBooking(h, w, { starts_at: startsIn(h, 40) });
    const res = await receiptCall(await as(h, w.customer), unpaid);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'NOT_PAID' });
    const bad = await receiptCall(await as(h, w.customer), 'abc');
    expect([400, 404]).toContain(bad.status);
  });
});

describe('the receipt in the mails', () => {
  const mailsTo = (email: string, template: string) => h.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.template, template)));
  const attachedPdf = async (row: { attachments: { filename: string; contentType: string; content: string }[] | null }) => {
    const file = row.attachments?.find((f) => f.contentType === 'application/pdf');
    expect(file).toBeDefined();
    return { file: file!, pdf: await pdfText(Uint8Array.from(atob(file!.content), (c) => c.charCodeAt(0))) };
  };

  it('the payment confirmation carries the receipt; the chef’s mail does not', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w);
    const { b } = await bookingRow(id);
    const [mail] = await mailsTo(w.customer.email, 'notify.booking.confirm.customer');
    const { file, pdf } = await attachedPdf(mail!);
    expect(file.filename).toBe(`receipt-${id}.pdf`);
    expect(pdf.pages[0]).toContain(`Total ${money(b.total, 'CHF', 'en')}`);
    const [chefMail] = await mailsTo(w.chef.email, 'notify.booking.confirm.chef');
    expect(chefMail!.attachments?.some((f) => f.contentType === 'application/pdf') ?? false).toBe(false);
  });

  it('a cancellation with a refund sends the updated receipt, and the download shows the refund with its date', async () => {
    const w = await world(h);
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts });
    h.clock.set(new Date(Date.parse(starts) - 5 * DAY));
    const a = await as(h, w.customer);
    expect((await ok(bookingCalls(a).cancel.$post({ ...on(id), json: { reason: 'Our plans changed.' } }))).status).toBe(200);
    const { p } = await bookingRow(id);
    const [refund] = await h.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refund).toMatchObject({ status: 'succeeded', amount: 19950 });
    expect(p).toMatchObject({ status: 'partially_refunded', refundedAmount: 19950 });

    const [mail] = await mailsTo(w.customer.email, 'notify.booking.customer_cancel.customer');
    const sent = await attachedPdf(mail!);
    // The mail goes out right after the cancellation's batch, before the provider took the refund: it is listed as in
    // progress and not deducted yet, as the payment's refunded amount did not count it then.
    const mailed = sent.pdf.pages[0]!;
    expect(mailed).toContain(`Paid after refunds ${money(p.amount, 'CHF', 'en')}`);
    expect(mailed).toContain('Refunds not paid back yet (not deducted above)');
    expect(mailed.some((l) => /^Refund of .+ \(in progress\) /.test(l) && l.endsWith(money(refund!.amount, 'CHF', 'en')))).toBe(true);

    const { pdf } = await receipt(await as(h, w.customer), id);
    const lines = pdf!.pages[0]!;
    expect(lines.some((l) => /^Refund of \w+ \d+, \d{4} /.test(l) && !l.includes('in progress') && l.endsWith(money(-refund!.amount, 'CHF', 'en')))).toBe(true);
    expect(lines).toContain(`Paid after refunds ${money(p.amount - p.refundedAmount, 'CHF', 'en')}`);
  });
});

describe('the issuer on the receipt', () => {
  const storedCompany = async () => (await h.db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'company')))[0]?.value;
  const issuedParties = async (bookingId: number) => (await h.db.select({ p: payments.issuedParties }).from(payments).where(eq(payments.bookingId, bookingId)))[0]!.p!;

  it('is the company as the settings held it when the payment succeeded: a change shows on later payments’ receipts only', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w);
    const before = await storedCompany();
    const customerAgent = await as(h, w.customer);
    const su = typedClient((await superUser(h)).agent).admin.settings;
    const renamed = { ...COMPANY, name: 'Tischlein Deck Dich AG', street: 'Seefeldstrasse 12', postcode: '8008', email: 'Belege@Tischlein.ch' };

    // A customer is refused, and the receipt keeps its issuer.
    expect((await typedClient(customerAgent).admin.settings.$put({ json: { company: renamed } })).status).toBe(403);
    // A malformed e-mail or UID: the field's error, nothing stored.
    const bad = await refused(su.$put({ json: { company: { ...renamed, email: 'belege(at)tischlein', vatId: 'CHE-109.322.552' } } }));
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(bad.body.errors).toEqual({
      'company.email': ['Please enter a valid e-mail address.'],
      'company.vatId': ['This UID number is not valid. Please check it for typing errors.'],
    });
    const missing = await refused(su.$put({ json: { company: { ...renamed, email: ' ' } } }));
    expect(missing.body.errors).toEqual({ 'company.email': ["Please enter the company's contact e-mail address."] });
    expect(await storedCompany()).toEqual(before);
    expect((await receipt(customerAgent, id)).pdf!.pages[0]![0]).toBe('YourLocalChef GmbH');

    // Saved: the receipt issued before keeps its issuer, read from what the payment stored when it succeeded.
    await ok(su.$put({ json: { company: renamed } }));
    const issued = (await receipt(customerAgent, id)).pdf!.pages[0]!;
    expect(issued[0]).toBe('YourLocalChef GmbH');
    expect(issued).toContain('Limmatquai 1, 8001 Zürich, CH');
    expect(issued).toContain('VAT ID CHE-123.456.789 MWST · IBAN CH93 0076 2011 6238 5295 7 · BIC POFICHBEXXX');
    expect(issued.some((l) => l.includes('Tischlein'))).toBe(false);
    expect((await issuedParties(id)).issuer).toEqual(before);

    // A payment after the change names the new issuer with its address, contact e-mail (lower-cased) and numbers.
    const later = await confirmedBooking(h, w, { starts_at: startsIn(h, 45) });
    const lines = (await receipt(customerAgent, later)).pdf!.pages[0]!;
    expect(lines[0]).toBe('Tischlein Deck Dich AG');
    expect(lines).toContain('Seefeldstrasse 12, 8008 Zürich, CH · belege@tischlein.ch');
    expect(lines).toContain('VAT ID CHE-109.322.551 MWST · IBAN CH5604835012345678009 · BIC CRESCHZZ80A');
    expect((await issuedParties(later)).issuer).toEqual(await storedCompany());
  });

  it('keeps the names of customer and chef as they were paid, and is read from the payment, not from the settings', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w);
    const nameOf = async (userId: number) => (await h.db.select().from(users).where(eq(users.id, userId))).map((u) => `${u.firstname} ${u.lastname}`.trim())[0]!;
    const [customerName, chefName] = [await nameOf(w.customer.userId), await nameOf(w.chef.userId)];
    expect(await issuedParties(id)).toEqual({ issuer: await storedCompany(), customer: customerName, chef: chefName });

    await h.db.update(users).set({ lastname: 'Neuname' }).where(eq(users.id, w.chef.userId));
    await h.db.update(users).set({ firstname: 'Erika', lastname: 'Umbenannt' }).where(eq(users.id, w.customer.userId));
    const a = await as(h, w.customer);
    const issued = (await receipt(a, id)).pdf!.pages[0]!;
    expect(issued).toContain(`Customer ${customerName}`);
    expect(issued).toContain(`Chef ${chefName}`);
    const later = (await receipt(a, await confirmedBooking(h, w, { starts_at: startsIn(h, 50) }))).pdf!.pages[0]!;
    expect(later).toContain('Customer Erika Umbenannt');
    expect(later.find((l) => l.startsWith('Chef '))).toMatch(/ Neuname$/);

    // What the payment stored is what the receipt prints (and mails): a stored issuer no settings ever held.
    const stored = await issuedParties(id);
    await h.db.update(payments).set({ issuedParties: { ...stored, issuer: { ...stored.issuer, name: 'Wie Ausgestellt AG' } } }).where(eq(payments.bookingId, id));
    expect((await receipt(a, id)).pdf!.pages[0]![0]).toBe('Wie Ausgestellt AG');
  });

  it('payments made before documents kept their parties got them from the settings and names at the migration', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w);
    const written = await issuedParties(id);
    await h.db.update(payments).set({ issuedParties: null }).where(eq(payments.bookingId, id));
    const backfill = migration0020.split('--> statement-breakpoint').find((part) => part.includes('UPDATE `payments`'))!;
    await h.db.run(sql.raw(backfill));
    expect(await issuedParties(id)).toEqual(written);
    expect((await receipt(await as(h, w.customer), id)).pdf!.pages[0]![0]).toBe(String(written.issuer.name));
  });
});
