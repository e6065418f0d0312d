// Two endings of a booking driven in real Chromium against the real server, as the people do them:
// 1. the demo chef, on a phone, declines a new customer's request with a reason: the dialog's close button is a 44 px
//    target, closing it with the reason typed asks first and staying keeps the text; the database holds the decline
//    with the reason, by the chef; the customer's booking page says "Declined" and shows the reason;
// 2. the super-user cancels a paid booking for the customer's side with a refund of their own choosing: the database
//    holds the cancellation by an admin, exactly that refund through the payment adapter, the payment partly
//    refunded and the audit entry; the customer's booking page shows the status, the reason and the refund.
// axe (serious/critical = fail) runs on both dialogs.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, DEMO_PASSWORD, expectAxeClean, paidBooking, signIn, zurichBooking } from './support/journey';
import { DEMO_CHEF_EMAIL, DEMO_CHEF_TZ, demoChef, freeEvening } from './support/demo-chef';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const stamp = Date.now();
const { state, newPage, rows } = useBrowser();

/** A new customer signed up from a page of their own (a phone in Zürich); returns the page and its errors. */
async function newCustomer(tag: string): Promise<{ page: Page; errors: string[] }> {
  const customer = await newPage({ locale: 'en', timezoneId: DEMO_CHEF_TZ, phone: true });
  await customer.page.goto(`${base}/help`);
  const signup = await call(customer.page, 'POST', '/v1/auth/signup', { firstname: 'Mia', lastname: 'Ende', email: `e2e-${tag}-${stamp}@example.com`, password: 'ending-password-1', cftoken: '' });
  expect(signup.status).toBe(201);
  return customer;
}

/** The reason on a booking page, as its details list shows it under "Reason". */
async function reasonShown(page: Page): Promise<string> {
  const reason = page.locator('main dt', { hasText: /^Reason$/ }).locator('xpath=following-sibling::dd[1]');
  await reason.waitFor();
  return reason.innerText();
}

describe('the chef declines a request', () => {
  it('with a reason the customer reads, after the dialog kept the typed reason when closing was not confirmed', async () => {
    const { chefId, menuId } = await demoChef(state.db);
    const startsAt = await freeEvening(state.db, chefId, 95, 130);
    const customer = await newCustomer('decline');
    const created = await call<{ data: { id: number } }>(customer.page, 'POST', '/v1/bookings', zurichBooking(menuId, startsAt), { 'Idempotency-Key': `e2e-decline-${stamp}` });
    expect(created.status).toBe(201);
    const id = created.json.data.id;

    const chef = await newPage({ locale: 'en', timezoneId: DEMO_CHEF_TZ, phone: true });
    await signIn(chef.page, base, DEMO_CHEF_EMAIL, DEMO_PASSWORD);
    await chef.page.goto(`${base}/account/me/chefbookings/${id}`);
    await chef.page.getByRole('button', { name: 'Decline' }).click();
    const dialog = chef.page.getByRole('dialog', { name: 'Decline this request' });
    await dialog.waitFor();
    // The close button on a phone: at least 44 px each way, inside the screen.
    const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
    expect(close!.width).toBeGreaterThanOrEqual(44);
    expect(close!.height).toBeGreaterThanOrEqual(44);
    expect(close!.x + close!.width).toBeLessThanOrEqual(390);
    await expectAxeClean(chef.page, '[role="dialog"]');

    // Words only: before a booking is confirmed, the other side reads a text with its digit runs masked as contact details.
    const REASON = 'I am away that week, sorry. Maybe another date?';
    const reason = dialog.getByLabel('Reason');
    await reason.fill(REASON);
    // Escape with a typed reason asks; staying keeps the dialog and the text.
    const asked: string[] = [];
    chef.page.once('dialog', async (question) => {
      asked.push(question.message());
      await question.dismiss();
    });
    await chef.page.keyboard.press('Escape');
    await expect.poll(() => asked).toEqual(['You have changes that are not saved. Leave this page and lose them?']);
    expect(await dialog.isVisible()).toBe(true);
    expect(await reason.inputValue()).toBe(REASON);

    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'detached' });
    await chef.page.getByTestId('notification').filter({ hasText: 'Request declined' }).waitFor();
    await chef.page.locator('main [data-testid="booking-status"][data-status="declined"]').waitFor();

    const [row] = await rows<{ status: string; reason: string }>('select status, reason from bookings where id = ?', [id]);
    expect(row).toEqual({ status: 'declined', reason: REASON });
    const events = await rows<{ from_status: string; to_status: string; actor_role: string; note: string }>(
      'select from_status, to_status, actor_role, note from booking_events where booking_id = ? order by id',
      [id],
    );
    expect(events.at(-1)).toEqual({ from_status: 'requested', to_status: 'declined', actor_role: 'chef', note: REASON });

    await customer.page.goto(`${base}/account/me/bookings/${id}`);
    const status = customer.page.locator('main [data-testid="booking-status"][data-status="declined"]');
    await status.waitFor();
    expect(await status.first().innerText()).toBe('Declined');
    expect(await reasonShown(customer.page)).toBe(REASON);
    expect(customer.errors).toEqual([]);
    expect(chef.errors).toEqual([]);
  });
});

describe('the super-user cancels a paid booking', () => {
  it('for the customer’s side with a refund of their choosing: the rows, and what the customer reads', async () => {
    const { chefId, menuId } = await demoChef(state.db);
    const startsAt = await freeEvening(state.db, chefId, 131, 170);
    const customer = await newCustomer('admin-cancel');
    const chef = await newPage({ locale: 'en', timezoneId: DEMO_CHEF_TZ });
    await signIn(chef.page, base, DEMO_CHEF_EMAIL, DEMO_PASSWORD);
    const id = await paidBooking(customer.page, chef.page, base, zurichBooking(menuId, startsAt), `e2e-admin-cancel-${stamp}`);
    const [paid] = await rows<{ amount: number }>("select amount from payments where booking_id = ? and status = 'succeeded'", [id]);
    expect(Number(paid!.amount)).toBeGreaterThan(15000);

    const admin = await newPage({ locale: 'en', timezoneId: DEMO_CHEF_TZ });
    await signIn(admin.page, base, 'admin@example.com', DEMO_PASSWORD);
    await admin.page.goto(`${base}/ylcadmin/bookings/${id}`);
    await admin.page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = admin.page.getByRole('dialog', { name: `Cancel booking #${id}` });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: /The customer/ }).check();
    // Months ahead, the policy gives everything back for the customer's side; the admin refunds CHF 150 instead.
    const refund = dialog.getByLabel('Refund (CHF)');
    await expect.poll(() => refund.inputValue()).not.toBe('');
    await refund.fill('150');
    const REASON = `E2E ${stamp}: the customer called; goodwill refund agreed.`;
    await dialog.getByLabel('Reason').fill(REASON);
    await expectAxeClean(admin.page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.page.getByTestId('notification').filter({ hasText: 'The booking was cancelled. Both sides have been notified.' }).waitFor();

    const [row] = await rows<{ status: string; reason: string }>('select status, reason from bookings where id = ?', [id]);
    expect(row).toEqual({ status: 'cancelled_by_customer', reason: REASON });
    const refunds = await rows<{ amount: number; status: string }>('select amount, status from refunds where booking_id = ?', [id]);
    expect(refunds.map((r) => ({ amount: Number(r.amount), status: r.status }))).toEqual([{ amount: 15000, status: 'succeeded' }]);
    const [payment] = await rows<{ status: string; refunded_amount: number }>('select status, refunded_amount from payments where booking_id = ?', [id]);
    expect({ status: payment!.status, refunded: Number(payment!.refunded_amount) }).toEqual({ status: 'partially_refunded', refunded: 15000 });
    const events = await rows<{ to_status: string; actor_role: string; note: string }>('select to_status, actor_role, note from booking_events where booking_id = ? order by id', [id]);
    expect(events.at(-1)).toEqual({ to_status: 'cancelled_by_customer', actor_role: 'admin', note: REASON });
    const audit = await rows<{ action: string; after: string }>("select action, after from audit_log where target_type = 'booking' and target_id = ? order by id", [String(id)]);
    expect(audit.map((a) => a.action)).toEqual(['booking.cancel']);
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ status: 'cancelled_by_customer', side: 'customer', reason: REASON, refund: 15000, refund_chosen: true });

    await customer.page.goto(`${base}/account/me/bookings/${id}`);
    await customer.page.locator('main [data-testid="booking-status"][data-status="cancelled_by_customer"]').first().waitFor();
    expect(await reasonShown(customer.page)).toBe(REASON);
    const refundRow = customer.page.getByTestId('refund');
    await refundRow.waitFor();
    expect(await refundRow.innerText()).toMatch(/^Refund of CHF\s150 on .*Refunded$/s);
    expect(customer.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    expect(chef.errors).toEqual([]);
  });
});
