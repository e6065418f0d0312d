// Small helpers a browser journey needs around the screens it drives: signing in through the real form, a JSON call
// made from inside a page (so it carries that page's session cookie, as the app's own calls do), and the axe check.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const DEMO_PASSWORD = 'demo-password';

/** Fills and sends the sign-in form on /login; what follows (the redirect, an error) is the caller's to check. */
export async function submitSignIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login`);
  const form = page.getByTestId('signin-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in on /login with the sign-in form and waits for the redirect home. */
export async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await submitSignIn(page, base, email, password);
  await page.waitForURL(`${base}/`);
}

/** A booking request's body for a birthday dinner for four at a customer's home in Zürich, as the journeys send it. */
export const zurichBooking = (menuId: number, startsAt: Date) => ({
  menu_id: menuId,
  occasion: 'birthday',
  at_chefs_place: false,
  address: { street: 'Seefeldstrasse 3', zip: '8008', city: 'Zürich' },
  guests: 4,
  starts_at: startsAt.toISOString(),
});

export type CallResult<T> = { status: number; json: T };

/** A JSON call from inside the page: same origin, the page's cookies, and optional extra headers. */
export async function call<T>(page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<CallResult<T>> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body, headers },
  ) as Promise<CallResult<T>>;
}

/**
 * A booking the customer requests, the chef accepts and the customer pays in the test-mode checkout, all through the
 * API from the two signed-in pages (the screens' own calls); returns its id.
 */
export async function paidBooking(customer: Page, chef: Page, base: string, body: Record<string, unknown>, key: string): Promise<number> {
  const created = await call<{ data: { id: number } }>(customer, 'POST', '/v1/bookings', body, { 'Idempotency-Key': key });
  expect(created.status).toBe(201);
  const id = created.json.data.id;
  expect((await call(chef, 'POST', `/v1/bookings/${id}/accept`, {})).status).toBe(200);
  const pay = await call<{ data: { checkout_url: string } }>(customer, 'POST', `/v1/bookings/${id}/pay`, {}, { 'Idempotency-Key': `${key}-pay` });
  expect(pay.status).toBe(201);
  const ref = new URL(pay.json.data.checkout_url, base).pathname.split('/').pop()!;
  expect((await call(customer, 'POST', `/v1/payments/test/${ref}/complete`, { outcome: 'succeed' })).status).toBe(200);
  return id;
}

/**
 * axe over a part of the page: no serious or critical violations (no violation at all with `every`), and the part
 * was really found and checked.
 */
export async function expectAxeClean(page: Page, include: string, opts: { every?: boolean } = {}): Promise<void> {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  const counted = opts.every ? result.violations : result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(counted.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(result.passes.length).toBeGreaterThan(0);
}
