// The complaint window (issue 18 §3) in real Chromium against the real server, three people in three profiles: a new
// customer in German on a phone in New York, the demo chef (Zürich) in English, the demo admin in English. A paid
// booking's event is moved into the past in the database (the server's clock cannot be moved): the customer reports
// a problem within the 48 hours (a category, a text, a photo), the chef and the admin are told, the chef answers, the customer reads the
// answer; while the complaint is open the chef's earnings are not due even once the window has passed; the admin
// finds the complaint in /ylcadmin/complaints and decides a partial refund; both parties read the decision, and the
// database adds up: paid = refunded + chef + platform, with the chef's earnings due again at their new amount.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { encodePng } from '../../scripts/seed/png';
import { formatMoney, settle } from '#shared/pricing';
import { HOUR, MINUTE } from '#shared/time';
import { EVENT_DURATION_MS } from '#shared/booking-window';
import { call, DEMO_PASSWORD, expectAxeClean, paidBooking, signIn, zurichBooking } from './support/journey';
import { ROOT } from './support/server';
import { DEMO_CHEF_EMAIL as CHEF_EMAIL, DEMO_CHEF_TZ as EVENT_TZ, demoChef, freeEvening, zurichDay } from './support/demo-chef';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const stamp = Date.now();
const ADMIN_EMAIL = 'admin@example.com';
/** The complaint window: 48 hours after the event's end. */
const WINDOW = 48 * HOUR;

const { state, newPage, rows } = useBrowser();

/** A small PNG with something to see, as a phone's photo would be. */
function photo(): Buffer {
  const w = 320;
  const h = 240;
  const rgb = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    rgb[i * 3] = 200;
    rgb[i * 3 + 1] = 120 + ((i % w) >> 2);
    rgb[i * 3 + 2] = 60;
  }
  return Buffer.from(encodePng(w, h, rgb));
}

/** "dd.MM.yyyy HH:mm" of an instant on the event's clocks (the German screens' format). */
function germanClock(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: EVENT_TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

type Due = { data: { chef: { id: number }; currency: string; amount: number; item_count: number }[] };

/** What the admin's payouts screen says is due to a chef in CHF right now. */
async function dueToChef(admin: Page, chefId: number): Promise<{ amount: number; items: number }> {
  const res = await call<Due>(admin, 'GET', '/v1/admin/payouts/due?page_size=100');
  expect(res.status).toBe(200);
  const row = res.json.data.find((r) => r.chef.id === chefId && r.currency === 'CHF');
  return { amount: row?.amount ?? 0, items: row?.item_count ?? 0 };
}

describe('complaint window', () => {
  it('the customer reports a problem, the chef answers, the admin decides a partial refund, and the money adds up', async () => {
    const { chefId, firstname: chefName, menuId } = await demoChef(state.db);
    const startsAt = await freeEvening(state.db, chefId, 20, 60);

    // The customer: German, on a phone in New York. The chef: English, in Zürich. The admin: English.
    const customer = await newPage({ locale: 'de', timezoneId: 'America/New_York', phone: true });
    const chef = await newPage({ locale: 'en', timezoneId: EVENT_TZ });
    const admin = await newPage({ locale: 'en', timezoneId: EVENT_TZ });
    await signIn(chef.page, base, CHEF_EMAIL, DEMO_PASSWORD);
    await signIn(admin.page, base, ADMIN_EMAIL, DEMO_PASSWORD);
    await customer.page.goto(`${base}/help`);
    const email = `e2e-complaint-${stamp}@example.com`;
    const signup = await call(customer.page, 'POST', '/v1/auth/signup', { firstname: 'Lena', lastname: 'Klage', email, password: 'complaint-password-1', cftoken: '' });
    expect(signup.status).toBe(201);
    const body = zurichBooking(menuId, startsAt);
    const id = await paidBooking(customer.page, chef.page, base, body, `e2e-complaint-${stamp}`);

    // The dinner took place last night: it began 26 hours ago and ended 22 hours ago, so 26 hours of the window are left.
    const began = new Date(Date.now() - 26 * HOUR);
    const until = new Date(began.getTime() + EVENT_DURATION_MS + WINDOW);
    await state.db.execute({ sql: 'update bookings set starts_at = ?, event_date = ? where id = ?', args: [began.getTime(), zurichDay(began), id] });
    await state.db.execute({ sql: 'update payout_items set release_at = ? where booking_id = ?', args: [until.getTime(), id] });

    // 1. The customer (German, phone) reads the promise and reports a problem with a photo.
    const c = customer.page;
    await c.goto(`${base}/account/me/bookings/${id}`);
    const section = c.getByRole('region', { name: 'Probleme und Auszahlung' });
    const promise = section.getByTestId('complaint-promise');
    await promise.waitFor({ timeout: 15_000 });
    const promised = await promise.innerText();
    expect(promised).toContain('Ist etwas schiefgelaufen? Du kannst bis ');
    // The deadline on the event's clocks, the zone named for a viewer in New York.
    expect(promised).toContain(`${germanClock(until)}, Ortszeit Zürich`);
    await section.getByRole('button', { name: 'Problem melden' }).click();
    const form = section.getByTestId('complaint-form');
    // Sending the empty form: each error next to its field, nothing sent.
    await form.getByRole('button', { name: 'Meldung senden' }).click();
    await form.getByText('Bitte wähle, was schiefgelaufen ist.').waitFor();
    await form.getByText('Bitte beschreibe, was passiert ist.').waitFor();
    expect(await rows('select id from complaints where booking_id = ?', [id])).toEqual([]);

    const report = `Der Hauptgang kam kalt und eine Stunde zu spät auf den Tisch. (${stamp})`;
    await form.getByLabel('Was ist schiefgelaufen?').selectOption({ label: 'Qualität des Essens' });
    await form.getByLabel('Was ist passiert?').fill(report);
    await form.locator('input[type="file"]').setInputFiles({ name: 'teller.png', mimeType: 'image/png', buffer: photo() });
    await expectAxeClean(c, 'main');
    await form.getByRole('button', { name: 'Meldung senden' }).click();
    const mine = section.getByTestId('complaint-state');
    await mine.and(c.locator('[data-status="open"]')).waitFor({ timeout: 15_000 });
    expect(await mine.getByRole('status').innerText()).toBe(
      'Deine Meldung liegt bei unserem Team. Der Koch kann antworten; die Auszahlung an ihn wartet, bis wir entschieden haben.',
    );
    expect(await mine.innerText()).toContain(report);
    expect(await mine.innerText()).toContain('Deine Meldung · Qualität des Essens');
    const img = mine.getByRole('img', { name: 'Foto 1 der Meldung' });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    expect(await section.getByTestId('complaint-promise').count()).toBe(0);

    const [filed] = await rows<{ id: number; category: string; text: string; photo_ids: string; status: string }>(
      'select id, category, text, photo_ids, status from complaints where booking_id = ?',
      [id],
    );
    expect(filed).toMatchObject({ category: 'food_quality', text: report, status: 'open' });
    expect(JSON.parse(filed!.photo_ids)).toHaveLength(1);
    const complaintId = Number(filed!.id);

    // 2. The chef (English) is told, sees the report with its photo, and answers.
    const notices = await rows<{ title: string; locale: string }>(
      'select n.title, u.locale from notifications n join users u on u.id = n.user_id where u.email = ? and n.link = ? and n.created_at >= ?',
      [CHEF_EMAIL, `/account/me/chefbookings/${id}`, stamp],
    );
    const texts = JSON.parse(readFileSync(path.join(ROOT, 'i18n', `${notices[0]!.locale}.json`), 'utf8')) as { notify: { complaint: { filed: { chef: { title: string } } } } };
    expect(notices.map((n) => n.title)).toContain(texts.notify.complaint.filed.chef.title);
    // The admin is told too: a notice linking to the open complaints.
    const adminNotices = await rows<{ title: string }>(
      "select n.title from notifications n join users u on u.id = n.user_id where u.email = ? and n.link = '/ylcadmin/complaints?status=open' and n.created_at >= ?",
      [ADMIN_EMAIL, stamp],
    );
    expect(adminNotices.map((n) => n.title)).toContain('New complaint to decide');
    const k = chef.page;
    await k.goto(`${base}/account/me/chefbookings/${id}`);
    const chefSection = k.getByRole('region', { name: 'Problems and payout' });
    const theirs = chefSection.getByTestId('complaint-state');
    await theirs.waitFor({ timeout: 15_000 });
    expect(await theirs.getByRole('status').innerText()).toBe(
      'The customer reported a problem. Your earnings for this booking wait until our team has decided. Please answer: the customer and our team read it.',
    );
    expect(await theirs.innerText()).toContain('Report by Lena · Food quality');
    expect(await theirs.innerText()).toContain(report);
    await expect.poll(() => theirs.getByRole('img', { name: 'Photo 1 of the report' }).evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    const answer = `The main course waited while the oven was being fixed; I apologised at the table. (${stamp})`;
    await theirs.getByLabel('Your answer to the report').fill(answer);
    await expectAxeClean(k, 'main');
    await theirs.getByRole('button', { name: 'Send answer' }).click();
    // Saved: the form now edits the answer until the decision.
    await theirs.getByLabel('Your answer (you can change it until our team decides)').waitFor();
    expect(await theirs.getByLabel('Your answer (you can change it until our team decides)').inputValue()).toBe(answer);

    // 3. The customer reads the answer.
    await c.reload();
    const answered = section.getByTestId('complaint-answer');
    await answered.waitFor({ timeout: 15_000 });
    expect(await answered.locator('p').allInnerTexts()).toEqual([`Antwort von ${chefName}`, answer]);

    // 4. The payout waits: even once the window has passed, the earnings of a booking with an open complaint are not due.
    const [line] = await rows<{ amount: number; payout_id: number | null }>('select amount, payout_id from payout_items where booking_id = ?', [id]);
    expect(line!.payout_id).toBeNull();
    await state.db.execute({ sql: 'update payout_items set release_at = ? where booking_id = ?', args: [Date.now() - MINUTE, id] });
    const held = await dueToChef(admin.page, chefId);

    // 5. The admin finds the complaint, reads both sides and decides a partial refund of CHF 50.
    const a = admin.page;
    await a.goto(`${base}/ylcadmin/complaints?status=open`);
    const row = a.getByTestId('complaint-row').filter({ hasText: `#${id} ·` });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('Food quality');
    expect(await row.innerText()).toContain('Open');
    await row.click();
    await a.waitForURL(`${base}/ylcadmin/complaints/${complaintId}`);
    await a.getByRole('heading', { level: 1, name: `Complaint about booking #${id}` }).waitFor();
    expect(await a.getByTestId('complaint-report').innerText()).toContain(report);
    expect(await a.getByTestId('complaint-chef').innerText()).toContain(answer);
    await expect.poll(() => a.getByTestId('complaint-report').getByRole('img').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(320);
    const [money] = await rows<{ paid: number }>("select amount as paid from payments where booking_id = ? and status = 'succeeded'", [id]);
    const paid = Number(money!.paid);
    const chf = (minor: number) => formatMoney(minor, 'CHF', 'en');
    expect(await a.getByTestId('complaint-refundable').innerText()).toBe(`Can still be refunded: ${chf(paid)}`);
    const form2 = a.getByTestId('complaint-decision-form');
    await form2.getByRole('radio', { name: 'Partial refund' }).check();
    // More than can be refunded: refused next to the amount.
    await form2.getByLabel('Refund (CHF)').fill(String(paid / 100));
    const note = `The main course was late and cold; half of the main course is refunded. (${stamp})`;
    await form2.getByLabel('Note to both sides').fill(note);
    await form2.getByRole('button', { name: 'Decide' }).click();
    await form2.getByText(`A partial refund is less than ${chf(paid)}; choose a full refund to give back everything.`).waitFor();
    await form2.getByLabel('Refund (CHF)').fill('50');
    await expectAxeClean(a, 'main');
    await form2.getByRole('button', { name: 'Decide' }).click();
    const decided = a.getByTestId('complaint-decided');
    await decided.waitFor({ timeout: 15_000 });
    expect(await decided.innerText()).toContain(`Partial refund · ${chf(5000)}`);
    expect(await decided.innerText()).toContain(note);

    // The database: the decision, the refund, the chef's new share, and paid = refunded + chef + platform.
    const [after] = await rows<{ status: string; outcome: string; refund_amount: number; decision_note: string }>(
      'select status, outcome, refund_amount, decision_note from complaints where id = ?',
      [complaintId],
    );
    expect(after).toEqual({ status: 'decided', outcome: 'partial_refund', refund_amount: 5000, decision_note: note });
    const refunds = await rows<{ amount: number; reason: string }>('select amount, reason from refunds where booking_id = ?', [id]);
    expect(refunds).toEqual([{ amount: 5000, reason: 'Complaint decided: partial refund' }]);
    const [price] = await rows<{ service_fee: number; chef_earnings: number }>('select service_fee, chef_earnings from bookings where id = ?', [id]);
    const split = settle({ serviceFee: Number(price!.service_fee), chefEarnings: Number(price!.chef_earnings) }, paid, 5000);
    const [ledger] = await rows<{ chef: number; refunded: number }>(
      'select (select sum(amount) from payout_items where booking_id = ?1) as chef, (select sum(amount) from refunds where booking_id = ?1) as refunded',
      [id],
    );
    expect(Number(ledger!.refunded)).toBe(5000);
    expect(Number(ledger!.chef)).toBe(split.chef_earnings);
    expect(Number(ledger!.chef)).toBeLessThan(Number(line!.amount));
    expect(paid).toBe(Number(ledger!.refunded) + Number(ledger!.chef) + split.commission + split.service_fee);
    // Decided: the earnings are released, at their new amount.
    const released = await dueToChef(a, chefId);
    expect(released).toEqual({ amount: held.amount + split.chef_earnings, items: held.items + 1 });

    // 6. Both parties read the decision.
    await c.reload();
    const outcome = section.getByTestId('complaint-state').and(c.locator('[data-status="decided"]'));
    await outcome.waitFor({ timeout: 15_000 });
    expect(await outcome.getByRole('status').innerText()).toBe(`Entschieden: Teilweise Rückerstattung ${formatMoney(5000, 'CHF', 'de')}`);
    expect(await section.getByTestId('complaint-decision').innerText()).toContain(note);
    expect(await section.getByTestId('complaint-answer').innerText()).toContain(answer);
    await k.reload();
    const chefOutcome = chefSection.getByTestId('complaint-state').and(k.locator('[data-status="decided"]'));
    await chefOutcome.waitFor({ timeout: 15_000 });
    expect(await chefOutcome.getByRole('status').innerText()).toBe(`Decided: Partial refund ${chf(5000)}`);
    expect(await chefSection.getByTestId('complaint-decision').innerText()).toContain(note);
    // The answer cannot be changed any more.
    expect(await chefSection.getByTestId('complaint-answer-form').count()).toBe(0);

    expect(customer.errors).toEqual([]);
    expect(chef.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 180_000);
});
