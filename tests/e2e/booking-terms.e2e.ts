// The cancellation terms a customer sees, in real Chromium with the browser in New York and the demo chef in Zürich:
// on the booking form for the date picked (its real deadline, on the event's clocks, the zone named), and on the
// booking page after paying, where the cooling-off gives everything back for 24 hours; the cancel dialog previews
// that full refund and exactly that is refunded, with nothing left on the chef's ledger.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { trackErrors } from './support/browser';
import { call, DEMO_PASSWORD, expectAxeClean, paidBooking, signIn, zurichBooking } from './support/journey';
import { demoChef, freeEvening } from './support/demo-chef';
import { useBrowser } from './support/session';
import { DAY, HOUR } from '#shared/time';

const base = inject('baseURL');
const stamp = Date.now();
const VIEWER_TZ = 'America/New_York';
const EVENT_TZ = 'Europe/Zurich';

const { state, rows } = useBrowser();

/** A profile in New York, with the cookie banner answered and, optionally, a date already chosen in the search. */
async function newYorkPage(date?: string): Promise<{ page: Page; errors: string[] }> {
  const context = await state.browser.newContext({ locale: 'en-US', timezoneId: VIEWER_TZ, viewport: { width: 390, height: 844 } });
  await context.addInitScript((d) => {
    localStorage.setItem('cookie-consent', 'rejected');
    if (d) localStorage.setItem('booking-settings', JSON.stringify({ region: null, date: d, expected_guests: 4, at_chefs_place: false }));
  }, date ?? null);
  const page = await context.newPage();
  return { page, errors: trackErrors(page) };
}

/** A deadline as the booking screens print it: the event's clocks (en-US: MM/dd/yyyy HH:mm), the zone named for a viewer elsewhere. */
function deadline(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: EVENT_TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}, Zurich time`;
}

describe('cancellation terms', () => {
  it('the booking form shows the terms of the picked date with its real deadline on the event’s clocks', async () => {
    const { chefId, menuId } = await demoChef(state.db);
    // Ten days ahead: less than 14 days away, so a cancellation refunds half, until 72 hours before.
    const soon = await freeEvening(state.db, chefId, 9, 12);
    const { page, errors } = await newYorkPage(soon.toISOString());
    await page.goto(`${base}/booking/begin/${menuId}`);
    // The date field's availability read brings the chef's zone.
    await page.getByTestId('event-date-field').waitFor();
    const policy = page.getByRole('region', { name: 'Cancellation policy' });
    const steps = policy.getByTestId('policy-steps').getByRole('listitem');
    expect(await steps.allInnerTexts()).toEqual([
      `This date is less than 14 days away: 50 % is refunded if you cancel by ${deadline(new Date(soon.getTime() - 72 * HOUR))}.`,
      'No refund after that.',
      'Changed your mind after paying? Within 24 hours of paying you get everything back, as long as the event is more than 72 hours away.',
    ]);
    expect(await policy.innerText()).not.toContain('Free cancellation');
    await expectAxeClean(page, 'main');

    // A date a month ahead: free cancellation until 14 days before it.
    const later = await freeEvening(state.db, chefId, 30, 60);
    const second = await newYorkPage(later.toISOString());
    await second.page.goto(`${base}/booking/begin/${menuId}`);
    await second.page.getByTestId('event-date-field').waitFor();
    const first = second.page.getByRole('region', { name: 'Cancellation policy' }).getByTestId('policy-steps').getByRole('listitem').first();
    await first.waitFor();
    expect(await first.innerText()).toBe(`Free cancellation until ${deadline(new Date(later.getTime() - 14 * DAY))}.`);
    expect(errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });

  it('the booking page shows the cooling-off after paying, and cancelling two minutes later refunds everything', async () => {
    const { chefId, menuId } = await demoChef(state.db);
    const startsAt = await freeEvening(state.db, chefId, 9, 13);
    const { page, errors } = await newYorkPage();
    const chefView = await newYorkPage();
    await signIn(chefView.page, base, 'chef@example.com', DEMO_PASSWORD);
    await page.goto(`${base}/help`);
    const email = `e2e-terms-${stamp}@example.com`;
    expect((await call(page, 'POST', '/v1/auth/signup', { firstname: 'Nora', lastname: 'Terms', email, password: 'terms-password-1', cftoken: '' })).status).toBe(201);
    const body = zurichBooking(menuId, startsAt);
    const id = await paidBooking(page, chefView.page, base, body, `e2e-terms-${stamp}`);
    const [booking] = await rows<{ confirmed_at: number; total: number }>('select confirmed_at, total from bookings where id = ?', [id]);
    const paidAt = new Date(Number(booking!.confirmed_at));

    await page.goto(`${base}/account/me/bookings/${id}`);
    const steps = page.getByRole('region', { name: 'Cancellation policy' }).getByTestId('policy-steps').getByRole('listitem');
    await steps.first().waitFor();
    expect(await steps.allInnerTexts()).toEqual([
      `Full refund if you cancel by ${deadline(new Date(paidAt.getTime() + DAY))}: you paid less than 24 hours ago.`,
      `50 % refund until ${deadline(new Date(startsAt.getTime() - 72 * HOUR))}.`,
      'No refund after that.',
    ]);
    await expectAxeClean(page, 'main');

    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    const preview = dialog.getByTestId('refund-preview');
    await preview.waitFor();
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'CHF', minimumFractionDigits: Number(booking!.total) % 100 ? 2 : 0 }).format(Number(booking!.total) / 100);
    expect(await preview.locator('p').first().innerText()).toBe(`You paid less than 24 hours ago: you get everything back, ${total}.`);
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('main [data-testid="booking-status"][data-status="cancelled_by_customer"]').waitFor();

    const refunds = await rows<{ amount: number; reason: string }>('select amount, reason from refunds where booking_id = ?', [id]);
    expect(refunds).toEqual([{ amount: Number(booking!.total), reason: 'Cancelled within 24 hours of paying: full refund' }]);
    expect(await rows('select * from payout_items where booking_id = ?', [id])).toEqual([]);
    expect(errors).toEqual([]);
    expect(chefView.errors).toEqual([]);
  });
});
