// Documents in real Chromium against the real server (seeded demo data): the demo customer downloads the receipt of a
// paid booking from the booking page, and the demo chef downloads a monthly statement (PDF and CSV) from the payout
// page; each file is read back and its numbers checked against the database.
import type { Download, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pdfText } from '../support/pdf-text';
import { DEMO_PASSWORD, signIn } from './support/journey';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { newPage, rows } = useBrowser();

/** Clicks a download link and returns the file's name and bytes as the browser saved them. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Uint8Array }> {
  const [file] = (await Promise.all([page.waitForEvent('download'), click()])) as [Download, void];
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(Buffer.concat(chunks)) };
}

const money = (minor: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: 2 }).format(minor / 100);

describe('documents', () => {
  it('the customer downloads the receipt of a paid booking from the booking page', async () => {
    const [b] = await rows<{ id: number; total: number; currency: string; paid: number; refunded: number }>(
      `select b.id, b.total, b.currency, p.amount as paid, p.refunded_amount as refunded from bookings b
        join users u on u.id = b.customer_id join payments p on p.booking_id = b.id
        where u.email = 'customer@example.com' and p.status in ('succeeded', 'partially_refunded', 'refunded') and u.locale = 'en'
        order by b.id desc limit 1`,
    );
    expect(b, 'the demo customer has a paid booking').toBeDefined();
    const { page, errors } = await newPage();
    await signIn(page, base, 'customer@example.com', DEMO_PASSWORD);
    await page.goto(`${base}/account/me/bookings/${b!.id}`);
    const link = page.getByTestId('receipt-download');
    await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await link.textContent()).toBe('Download receipt (PDF)');
    const file = await download(page, () => link.click());
    expect(file.name).toBe(`receipt-${b!.id}.pdf`);
    const pdf = await pdfText(file.bytes);
    const lines = pdf.pages[0]!;
    expect(lines).toContain(`Receipt Booking ${b!.id}`);
    expect(lines).toContain(`Total ${money(Number(b!.total), b!.currency)}`);
    expect(lines.some((l) => l.startsWith('Paid on ') && l.endsWith(money(Number(b!.paid), b!.currency)))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('the chef downloads a monthly statement as PDF and CSV from the payout page', async () => {
    const { page, errors } = await newPage();
    await signIn(page, base, 'chef@example.com', DEMO_PASSWORD);
    await page.goto(`${base}/account/me/payout`);
    const first = page.getByTestId('statement').first();
    await expect.poll(() => first.isVisible(), { timeout: 15_000 }).toBe(true);
    const heading = (await first.locator('p').first().textContent())!;
    const [label, currency] = heading.split(' · ') as [string, string];

    const pdfFile = await download(page, () => first.getByRole('link', { name: /as PDF$/ }).click());
    const month = /^statement-(\d{4}-\d{2})-([A-Z]{3})\.pdf$/.exec(pdfFile.name);
    expect(month, pdfFile.name).not.toBeNull();
    expect(month![2]).toBe(currency);
    const [chef] = await rows<{ id: number; locale: string }>(`select c.id, u.locale from chefs c join users u on u.id = c.user_id where u.email = 'chef@example.com'`);
    const [ledger] = await rows<{ net: number; n: number }>(
      `select coalesce(sum(pi.amount), 0) as net, count(*) as n from payout_items pi join bookings b on b.id = pi.booking_id left join payouts po on po.id = pi.payout_id
        where pi.chef_id = ? and pi.currency = ? and b.event_date like ? and (po.status = 'paid' or (b.status in ('confirmed', 'completed', 'reviewed', 'cancelled_by_customer', 'cancelled_by_chef') and pi.amount > 0))`,
      [chef!.id, currency, `${month![1]}-%`],
    );
    const pdf = await pdfText(pdfFile.bytes);
    // The statement is in the chef's locale; its total's net is the ledger's.
    const tag = chef!.locale === 'de-ch' ? 'de-CH' : chef!.locale;
    const net = new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: 2 }).format(Number(ledger!.net) / 100).replace(/\u202f/g, '\u00a0');
    const monthName = new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month![1]}-15T12:00:00Z`));
    expect(pdf.pages[0]!.some((l) => l.endsWith(monthName))).toBe(true);
    expect(pdf.pages.flat().some((l) => /^Total/.test(l) && l.endsWith(net)), `net ${net}`).toBe(true);
    expect(label.length).toBeGreaterThan(0);

    const csvFile = await download(page, () => first.getByRole('link', { name: /as CSV$/ }).click());
    expect(csvFile.name).toBe(`statement-${month![1]}-${currency}.csv`);
    const csv = new TextDecoder().decode(csvFile.bytes).trimEnd().split('\r\n');
    // A booking whose earnings are held (an open complaint) is a booking_held row.
    const bookingRows = csv.filter((r) => /^booking(_held)?,/.test(r));
    expect(bookingRows).toHaveLength(Number(ledger!.n));
    const total = csv.find((r) => r.startsWith('total,'))!.split(',');
    expect(Math.round(Number(total[8]) * 100)).toBe(Number(ledger!.net));
    expect(errors).toEqual([]);
  });
});
