// The chef's monthly statements: seeded through the API over three months and two currencies (bookings paid, one
// cancelled late with a half refund, payouts created and paid by an admin, one payout still pending), then the list,
// the PDF (read back as text) and the CSV checked against the ledger in the database, the statements adding up to
// the payouts plus what is still due, who may read them, and a closed month's statement keeping its issuer, chef
// and issue date as first issued.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness';
import { bookings, LEDGER_STATUSES, refunds } from '../../functions/_api/db/schema/bookings';
import { payoutDetails } from '../../functions/_api/db/schema/chefs';
import { menuCourses } from '../../functions/_api/db/schema/menus';
import { payoutItems, payouts, statementIssues } from '../../functions/_api/db/schema/payouts';
import { settings } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { COMPANY, superUser } from '../support/admin-fixtures';
import type { Agent } from '../support/agent';
import { as, bookingCalls, confirmedBooking, COURSES, customer, startsIn, world, type World } from '../support/booking-fixtures';
import { createMenu } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import { ok, on, refused, typedClient, visitorClient, type ErrorBody } from '../support/typed-client';

const DAY = 86_400_000;
const h = useHarness();
let w: World;
let su: Awaited<ReturnType<typeof superUser>>;
const ids = {} as Record<'june' | 'juneEur' | 'cancelled' | 'july' | 'august', number>;

/** Creates the due payouts as an admin and marks the listed currencies' ones paid. */
async function payOut(paid: string[]) {
  const admin = typedClient(await as(h, { userId: su.userId, email: su.email })).admin.payouts;
  const created = await ok(admin.$post({ json: {} }));
  expect(created.status).toBe(201);
  for (const p of created.body.data.payouts) {
    if (paid.includes(p.currency)) expect((await ok(admin[':id'].paid.$post({ ...on(p.id), json: {} }))).status).toBe(200);
  }
}

beforeAll(async () => {
  su = await superUser(h);
  w = await world(h, { chefLocale: 'de-ch' });
  await h.db.insert(payoutDetails).values({ chefId: w.chef.chefId, accountHolder: 'Marco Rossi', iban: 'CH9300762011623852957', updatedAt: h.clock.now() });
  const eur = await createMenu(h.db, w.chef.chefId, { name: 'Menu di Natale', currency: 'EUR', minGuests: 2, maxGuests: 12, atCustomer: true, atChef: true, pricePerPerson: 8000, bookingMode: 'request' });
  await h.db.insert(menuCourses).values(COURSES.map((c, position) => ({ menuId: eur.id, position, ...c })));

  // June (the clock starts on 1 June): one booking in each currency, both paid out on 25 June.
  ids.june = await confirmedBooking(h, w, { starts_at: startsIn(h, 9) });
  ids.juneEur = await confirmedBooking(h, { ...w, menu: eur }, { menu_id: eur.id, starts_at: startsIn(h, 19) });
  // July: one booking cancelled by the customer 5 days before (half refunded), one that takes place.
  const cancelledStart = startsIn(h, 44);
  ids.cancelled = await confirmedBooking(h, w, { starts_at: cancelledStart });
  ids.july = await confirmedBooking(h, w, { starts_at: startsIn(h, 54) });
  h.clock.set(new Date('2026-06-25T09:00:00Z'));
  await payOut(['CHF', 'EUR']);
  h.clock.set(new Date(Date.parse(cancelledStart) - 5 * DAY));
  expect((await ok(bookingCalls(await as(h, w.customer)).cancel.$post({ ...on(ids.cancelled), json: { reason: 'Our plans changed.' } }))).status).toBe(200);
  // August: July's earnings are paid on 2 August; a booking on 20 August is in a payout not paid yet.
  h.clock.set(new Date('2026-08-02T09:00:00Z'));
  await payOut(['CHF']);
  ids.august = await confirmedBooking(h, w, { starts_at: startsIn(h, 18) });
  h.clock.set(new Date('2026-08-25T09:00:00Z'));
  await payOut([]);
  // Five bookings, three payout runs and a cancellation through the API: more than the default 10 s on a busy machine.
}, 60_000);

const chef = () => as(h, w.chef);
/** The chef's list of statements (JSON); the statements themselves are files (PDF, CSV), read raw below. */
const statements = (a: Agent, headers?: Record<string, string>) => typedClient(a).chefs.me.statements.$get(undefined, { headers });
/** A super-user's list of a chef's statements. */
const chefStatements = (a: Agent, chefId: number) => typedClient(a).admin.chefs[':id'].statements.$get(on(chefId));

/** The ledger as the database has it: each counting line with its booking, and the payouts. */
async function ledger() {
  const lines = await h.db
    .select({ bookingId: payoutItems.bookingId, amount: payoutItems.amount, currency: payoutItems.currency, eventDate: bookings.eventDate, status: bookings.status, payoutStatus: payouts.status, subtotal: bookings.subtotal, commission: bookings.commission })
    .from(payoutItems)
    .innerJoin(bookings, eq(bookings.id, payoutItems.bookingId))
    .leftJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(and(eq(payoutItems.chefId, w.chef.chefId), inArray(bookings.status, [...LEDGER_STATUSES])));
  const paid = await h.db.select().from(payouts).where(and(eq(payouts.chefId, w.chef.chefId), eq(payouts.status, 'paid')));
  return { lines, paid };
}

describe('the list of statements', () => {
  it('has one statement per month and currency, newest first, whose numbers are the ledger’s', async () => {
    const a = await chef();
    const res = await ok(statements(a, { 'accept-language': 'en' }));
    expect(res.status).toBe(200);
    expect(res.body.data.map((s) => `${s.month} ${s.currency}`)).toEqual(['2026-08 CHF', '2026-07 CHF', '2026-06 CHF', '2026-06 EUR']);
    expect(res.body.total_count).toBe(4);

    const { lines, paid } = await ledger();
    for (const s of res.body.data) {
      const mine = lines.filter((l) => l.currency === s.currency && l.eventDate.startsWith(s.month));
      expect(s.bookings, s.month).toBe(mine.length);
      expect(s.gross).toBe(mine.reduce((sum, l) => sum + l.subtotal, 0));
      expect(s.commission).toBe(mine.reduce((sum, l) => sum + l.commission, 0));
      expect(s.net).toBe(mine.reduce((sum, l) => sum + l.amount, 0));
      expect(s.gross - s.commission + s.adjustments).toBe(s.net);
      expect(s.paid_out).toBe(paid.filter((p) => p.currency === s.currency && p.paidAt!.toISOString().startsWith(s.month)).reduce((sum, p) => sum + p.amount, 0));
      // Nothing is held here (payouts-banned-chef.test.ts has held earnings): the month's net is paid out or due.
      expect(s.held).toBe(0);
      expect(s.closing_balance).toBe(s.opening_balance + s.net - s.paid_out - s.held);
      expect(s.pdf_url).toBe(`/v1/chefs/me/statements/${s.month}.pdf?currency=${s.currency}`);
    }
    const july = res.body.data[1]!;
    // The late cancellation left the chef half the earnings: the rest is the month's adjustment.
    const [cancelled] = await h.db.select().from(bookings).where(eq(bookings.id, ids.cancelled));
    expect(cancelled!.status).toBe('cancelled_by_customer');
    expect(july).toMatchObject({ bookings: 2, adjustments: 16150 - cancelled!.chefEarnings, paid_out: 0, label: 'July 2026' });
    expect(res.body.data[0]).toMatchObject({ month: '2026-08', bookings: 1, opening_balance: july.closing_balance });
    expect(july.formatted.closing_balance).toBe('CHF\u00a0484.50');
    // The screen shows the month adding up, so every figure of both sums comes written for the reader.
    const chf = (minor: number) => `CHF\u00a0${(minor / 100).toFixed(2)}`.replace('CHF\u00a0-', '-CHF\u00a0');
    expect(july.formatted).toMatchObject({
      gross: chf(july.gross),
      commission: chf(july.commission),
      adjustments: chf(july.adjustments),
      net: chf(july.net),
      opening_balance: chf(july.opening_balance),
      paid_out: chf(july.paid_out),
    });
  });

  it('adds up: the statements’ net earnings are the payouts made plus what is still due', async () => {
    const a = await chef();
    const { data } = (await ok(statements(a))).body;
    const { lines, paid } = await ledger();
    for (const currency of ['CHF', 'EUR']) {
      const statements = data.filter((s) => s.currency === currency);
      const net = statements.reduce((sum, s) => sum + s.net, 0);
      const paidOut = paid.filter((p) => p.currency === currency).reduce((sum, p) => sum + p.amount, 0);
      const due = lines.filter((l) => l.currency === currency && l.payoutStatus !== 'paid').reduce((sum, l) => sum + l.amount, 0);
      expect(paidOut, currency).toBeGreaterThan(0);
      expect(net, currency).toBe(paidOut + due);
      // …and the newest statement's closing balance is what is still due.
      expect(statements[0]!.closing_balance, currency).toBe(due);
      expect(statements.reduce((sum, s) => sum + s.paid_out, 0)).toBe(paidOut);
    }
    expect(lines.find((l) => l.bookingId === ids.august)).toMatchObject({ amount: 32300, payoutStatus: 'pending' });
  });
});

describe('a statement as files', () => {
  it('the PDF, in the chef’s locale, lists each booking, the refund, the payouts with their bank reference and the balances', async () => {
    const a = await chef();
    // Raw on purpose here and below: a statement is a PDF or CSV file, not JSON.
    const res = await a.get('/v1/chefs/me/statements/2026-07.pdf?currency=CHF');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="statement-2026-07-CHF.pdf"');
    const pdf = await pdfText(await res.arrayBuffer());
    const lines = pdf.pages.flat();
    const [b] = await h.db.select().from(bookings).where(eq(bookings.id, ids.july));
    const [refund] = await h.db.select().from(refunds).where(eq(refunds.bookingId, ids.cancelled));
    const chf = (minor: number) => new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF', minimumFractionDigits: 2 }).format(minor / 100);
    expect(lines).toContain('Abrechnung Juli 2026');
    expect(lines).toContain(`Koch: Marco ${(await h.db.select().from(users).where(eq(users.id, w.chef.userId)))[0]!.lastname} Währung: CHF`);
    expect(lines.some((l) => l.includes(`#${ids.july} Alpine Autumn ${chf(b!.subtotal)} ${chf(-b!.commission)} – ${chf(b!.chefEarnings)}`))).toBe(true);
    expect(lines.some((l) => l.includes(`#${ids.cancelled} Alpine Autumn ${chf(38000)} ${chf(-5700)} ${chf(16150 - 32300)} ${chf(16150)}`))).toBe(true);
    expect(lines.some((l) => l.startsWith(`An den Kunden zurückerstattet: ${chf(refund!.amount)}`))).toBe(true);
    expect(lines).toContain(`Total ${chf(76000)} ${chf(-11400)} ${chf(-16150)} ${chf(48450)}`);
    expect(lines).toContain('Keine Auszahlungen in diesem Monat.');
    expect(lines).toContain(`Ihr Guthaben am Monatsende ${chf(48450)}`);

    const august = await pdfText(await (await a.get('/v1/chefs/me/statements/2026-08.pdf?currency=CHF')).arrayBuffer());
    const [payout] = await h.db.select().from(payouts).where(and(eq(payouts.chefId, w.chef.chefId), eq(payouts.status, 'paid'), eq(payouts.amount, 48450)));
    expect(august.pages.flat().some((l) => l.startsWith('Ausbezahlt am 2. August 2026, Referenz ' + payout!.reference) && l.endsWith(chf(48450)))).toBe(true);
    expect(august.pages.flat()).toContain(`Ihr Guthaben zu Monatsbeginn ${chf(48450)}`);
  });

  it('the CSV has a row per booking and payout, totals, what is held and the balances in major units, matching the database', async () => {
    const a = await chef();
    const res = await a.get('/v1/chefs/me/statements/2026-06.csv?currency=EUR');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = (await res.text()).trimEnd().split('\r\n').map((r) => r.split(','));
    expect(rows[0]).toEqual(['kind', 'date', 'booking_id', 'menu', 'guests', 'gross', 'commission', 'adjustment', 'net', 'paid_out', 'reference', 'currency']);
    const [b] = await h.db.select().from(bookings).where(eq(bookings.id, ids.juneEur));
    const [p] = await h.db.select().from(payouts).where(and(eq(payouts.chefId, w.chef.chefId), eq(payouts.currency, 'EUR')));
    const major = (minor: number) => (minor / 100).toFixed(2);
    expect(b!.currency).toBe('EUR');
    expect(rows.slice(1)).toEqual([
      ['booking', b!.eventDate, String(b!.id), 'Menu di Natale', '4', major(b!.subtotal), major(b!.commission), '0.00', major(b!.chefEarnings), '', '', 'EUR'],
      ['payout', '2026-06-25', '', '', '', '', '', '', '', major(p!.amount), p!.reference, 'EUR'],
      ['total', '2026-06', '', '', '', major(b!.subtotal), major(b!.commission), '0.00', major(b!.chefEarnings), major(p!.amount), '', 'EUR'],
      ['opening_balance', '2026-06', '', '', '', '', '', '', '0.00', '', '', 'EUR'],
      ['held', '2026-06', '', '', '', '', '', '', '0.00', '', '', 'EUR'],
      ['closing_balance', '2026-06', '', '', '', '', '', '', '0.00', '', '', 'EUR'],
    ]);
    const july = (await (await a.get('/v1/chefs/me/statements/2026-07.csv?currency=CHF')).text()).split('\r\n');
    expect(july.find((r) => r.startsWith(`booking,`) && r.includes(`,${ids.cancelled},`))).toContain(',380.00,57.00,-161.50,161.50,');
  });

  it('refuses a malformed file name or currency (400) and a month without a statement (404)', async () => {
    const a = await chef();
    // Raw on purpose: the file route reads its name and currency itself (it answers a file), so its type has no query.
    const bad = await a.json<ErrorBody>(a.get('/v1/chefs/me/statements/2026-13.pdf?currency=CHF'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.file).toHaveLength(1);
    const currency = await a.json<ErrorBody>(a.get('/v1/chefs/me/statements/2026-07.pdf?currency=XYZ'));
    expect(currency.status).toBe(400);
    expect(currency.body.errors.currency).toHaveLength(1);
    expect((await a.json<ErrorBody>(a.get('/v1/chefs/me/statements/2026-07.pdf'))).status).toBe(400);
    const none = await a.json<ErrorBody>(a.get('/v1/chefs/me/statements/2026-07.pdf?currency=EUR'));
    expect(none).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // A month still to come has no statement, though a booking is in it.
    const later = await confirmedBooking(h, w, { starts_at: startsIn(h, 40) });
    expect(later).toBeGreaterThan(0);
    expect((await a.get('/v1/chefs/me/statements/2026-10.csv?currency=CHF')).status).toBe(404);
  });
});

describe('who reads statements', () => {
  it('the chef their own, super-users any chef’s in the chef’s admin record; nobody else', async () => {
    const mine = (await ok(statements(await chef()))).body.data;
    const admin = await as(h, { userId: su.userId, email: su.email });
    const listed = await ok(chefStatements(admin, w.chef.chefId));
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((s) => [s.month, s.currency, s.net, s.closing_balance])).toEqual(mine.map((s) => [s.month, s.currency, s.net, s.closing_balance]));
    expect(listed.body.data[0]!.pdf_url).toBe(`/v1/admin/chefs/${w.chef.chefId}/statements/2026-08.pdf?currency=CHF`);
    const file = await admin.get(`/v1/admin/chefs/${w.chef.chefId}/statements/2026-07.pdf?currency=CHF`);
    expect(file.status).toBe(200);
    expect((await pdfText(await file.arrayBuffer())).pages.flat()).toContain('Abrechnung Juli 2026');
    expect((await refused(chefStatements(admin, 999999))).status).toBe(404);

    // Another chef sees only their own (none), and cannot reach this chef's through the admin path.
    const other = await world(h);
    const otherAgent = await as(h, other.chef);
    expect((await ok(statements(otherAgent))).body).toEqual({ data: [], total_count: 0, filter_count: 0 });
    expect((await refused(chefStatements(otherAgent, w.chef.chefId))).status).toBe(403);
    expect((await otherAgent.get(`/v1/admin/chefs/${w.chef.chefId}/statements/2026-07.pdf?currency=CHF`)).status).toBe(403);
    const notChef = await as(h, await customer(h));
    expect((await refused(statements(notChef))).body.code).toBe('NOT_A_CHEF');
    expect((await refused(visitorClient(h).chefs.me.statements.$get())).status).toBe(401);
  });
});

describe('a closed month’s statement as issued', () => {
  it('keeps the issuer, the chef’s name and the issue date of its first download; the running month’s names them as they are now', async () => {
    // Signed in afresh for each call: the clock moves on by weeks here.
    const admin = async () => typedClient(await as(h, { userId: su.userId, email: su.email })).admin.settings;
    const pdfLines = async (file: string) => {
      const res = await (await chef()).get(`/v1/chefs/me/statements/${file}?currency=CHF`);
      if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
      return (await pdfText(await res.arrayBuffer())).pages.flat();
    };
    const issues = () => h.db.select().from(statementIssues).where(and(eq(statementIssues.chefId, w.chef.chefId), eq(statementIssues.month, '2026-08')));
    const chefName = async () => (await h.db.select().from(users).where(eq(users.id, w.chef.userId))).map((u) => `${u.firstname} ${u.lastname}`.trim())[0]!;
    const first = { ...COMPANY, name: 'Erste Abrechnung AG', vatId: 'CHE-123.456.788 MWST' };
    await ok((await admin()).$put({ json: { company: first } }));
    const [storedFirst] = await h.db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'company'));

    // September: August is closed, and its first download issues it.
    h.clock.set(new Date('2026-09-02T09:00:00Z'));
    expect(await issues()).toEqual([]);
    const name = await chefName();
    const issued = await pdfLines('2026-08.pdf');
    expect(issued[0]).toBe('Erste Abrechnung AG');
    expect(issued).toContain('Ausgestellt am 2. September 2026');
    expect(issued).toContain(`Koch: ${name} Währung: CHF`);
    expect(issued.some((l) => l.startsWith('Vorläufig'))).toBe(false);
    expect(await issues()).toEqual([{ chefId: w.chef.chefId, month: '2026-08', currency: 'CHF', issuedAt: new Date('2026-09-02T09:00:00Z'), issuedParties: { issuer: storedFirst!.value, chef: name } }]);

    // The company and the chef's name change: August's statement stays as issued, in the database and as a file.
    h.clock.set(new Date('2026-09-10T09:00:00Z'));
    await ok((await admin()).$put({ json: { company: { ...COMPANY, name: 'Tischlein Deck Dich AG' } } }));
    await h.db.update(users).set({ lastname: 'Neuname' }).where(eq(users.id, w.chef.userId));
    const again = await pdfLines('2026-08.pdf');
    expect(again[0]).toBe('Erste Abrechnung AG');
    expect(again.some((l) => l.includes('CHE-123.456.788 MWST'))).toBe(true);
    expect(again).toContain('Ausgestellt am 2. September 2026');
    expect(again).toContain(`Koch: ${name} Währung: CHF`);
    expect(again.some((l) => l.includes('Tischlein') || l.includes('Neuname'))).toBe(false);
    expect(await issues()).toHaveLength(1);
    expect((await issues())[0]!.issuedAt).toEqual(new Date('2026-09-02T09:00:00Z'));

    // The running month's statement is provisional: the company and the name as they are now, issued today.
    await confirmedBooking(h, w, { starts_at: startsIn(h, 5) });
    const running = await pdfLines('2026-09.pdf');
    expect(running[0]).toBe('Tischlein Deck Dich AG');
    expect(running).toContain('Ausgestellt am 10. September 2026');
    expect(running).toContain('Vorläufig: Der Monat läuft noch, die Beträge können sich noch ändern.');
    expect(running.find((l) => l.startsWith('Koch: '))).toMatch(/ Neuname Währung: CHF$/);
    expect(await h.db.select().from(statementIssues).where(and(eq(statementIssues.chefId, w.chef.chefId), eq(statementIssues.month, '2026-09')))).toEqual([]);
  });
});
