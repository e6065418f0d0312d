// Accessibility sweep in real Chromium: every named route of web/src/lib/routes.ts, opened by the party that uses it
// (a visitor for public screens, the demo customer for the account, the demo chef for the chef area, the demo
// super-user for /ylcadmin), with its parameters taken from the seeded database, plus the shell's dialogs and the
// cookie banner. axe (WCAG 2 A and AA rules) must report no serious or critical violation on any of them.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROUTES, routeUrl, type RouteDef } from '../../web/src/lib/routes';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { state, newPage } = useBrowser();

type Role = 'visitor' | 'customer' | 'chef' | 'admin';
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = { customer: 'customer@example.com', chef: 'chef@example.com', admin: 'admin@example.com' };
/** The chef's own screens; the rest of /account is the customer's. */
const CHEF_AREA = new Set([
  'account.chefprofile',
  'account.menumanagement',
  'account.menumanagement.detail',
  'account.payout',
  'account.availability',
  'account.chefbookings',
  'account.chefbookings.detail',
]);

function roleOf(route: RouteDef): Role {
  if (route.access === 'su') return 'admin';
  if (CHEF_AREA.has(route.name)) return 'chef';
  return route.access === 'user' ? 'customer' : 'visitor';
}

/** One signed-in page per role, signed in once through the API (the sign-in limits count every attempt). */
const pages = new Map<Role, Promise<Page>>();
function pageFor(role: Role): Promise<Page> {
  let p = pages.get(role);
  if (!p) {
    p = (async () => {
      const { page } = await newPage();
      if (role !== 'visitor') {
        const res = await page.request.post(`${base}/v1/auth/signin`, { data: { identifier: ACCOUNTS[role], secret: 'demo-password' }, headers: { origin: base } });
        expect(res.status(), `sign in as ${role}`).toBe(200);
      }
      return page;
    })();
    pages.set(role, p);
  }
  return p;
}

const params: Record<string, string | number> = {};
const one = async <T>(sql: string, args: (string | number)[] = []) => (await state.db.execute({ sql, args })).rows[0] as T | undefined;

beforeAll(async () => {
  const chef = (await one<{ id: number; uri: string }>(`select c.id, c.uri from chefs c join users u on u.id = c.user_id where u.email = ?`, [ACCOUNTS.chef]))!;
  const customer = (await one<{ id: number }>(`select id from users where email = ?`, [ACCOUNTS.customer]))!;
  const menu = (await one<{ id: number }>(`select id from menus where chef_id = ? and status = 'published' order by id limit 1`, [chef.id]))!;
  const customerBooking = (await one<{ id: number }>(`select id from bookings where customer_id = ? order by (status = 'completed') desc, id limit 1`, [customer.id]))!;
  const chefBooking = (await one<{ id: number }>(`select id from bookings where chef_id = ? order by (status = 'requested') desc, id limit 1`, [chef.id]))!;
  const checkout = await one<{ ref: string }>(`select provider_ref as ref from payments where user_id = ? and provider = 'local' and status = 'pending' and provider_ref is not null limit 1`, [customer.id]);
  const page = (await one<{ url: string }>(`select url from content_pages where locale = 'en' and url <> 'aboutus' order by url limit 1`))!;
  Object.assign(params, {
    pageUrl: page.url,
    regionId: 2657896, // Zürich
    uri: chef.uri,
    menuId: menu.id,
    // No open test checkout in the seed: the screen then shows its "not found" state, which is checked as well.
    ref: checkout?.ref ?? 'test_none',
    bookingId: customerBooking.id,
    userId: customer.id,
    chefId: chef.id,
  });
  params.chefBookingId = chefBooking.id;
  // No guest invite or complaint in the seed: those screens then show their "not found" state, which is checked too.
  const complaint = await one<{ id: number }>(`select id from complaints order by id limit 1`);
  params.token = 'unknown-invite';
  params.complaintId = complaint?.id ?? 999_999;
});

/** The style guide shows spinners on purpose. */
const SPINNING = new Set(['style']);
/** Where a screen goes on by design: the return from an OAuth provider without a provider's code ends on the sign-in page. */
const LANDS_ON: Record<string, string> = { 'auth.external': '/login' };

/** Waits until the screen has loaded its chunk and data: no request in flight and no spinner left. */
async function settle(page: Page, route: RouteDef) {
  await page.waitForLoadState('networkidle');
  if (!SPINNING.has(route.name)) await page.waitForFunction(() => !document.querySelector('.animate-spin'), null, { timeout: 20_000 });
  await page.locator('main').first().waitFor();
}

function urlOf(route: RouteDef): string {
  const p = { ...params };
  // The chef's booking screens take a booking of the chef, not of the customer.
  if (route.name === 'account.chefbookings.detail') p.bookingId = params.chefBookingId!;
  if (route.name === 'account.menumanagement.detail') p.menuId = params.menuId!;
  return routeUrl(route.name, p);
}

async function expectNoSeriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const result = await (include ? builder.include(include) : builder).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  expect(serious).toEqual([]);
  expect(result.passes.length).toBeGreaterThan(0); // something was found and checked
}

describe('axe finds no serious or critical violation', () => {
  for (const route of ROUTES.filter((r) => !r.redirectTo)) {
    const role = roleOf(route);
    it(`on ${route.name} (${route.path}) as ${role}`, async () => {
      const page = await pageFor(role);
      const url = urlOf(route);
      await page.goto(`${base}${url}`);
      await settle(page, route);
      // Not bounced to a sign-in or another screen: the screen itself is checked.
      expect(new URL(page.url()).pathname).toBe(LANDS_ON[route.name] ?? url.split('?')[0]);
      await expectNoSeriousViolations(page);
    });
  }
});

describe('the shell’s dialogs and banner pass axe', () => {
  it('the cookie banner on a first visit', async () => {
    const context = await state.browser.newContext({ locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.getByTestId('cookie-consent').waitFor();
      await expectNoSeriousViolations(page, '[data-testid="cookie-consent"]');
    } finally {
      await context.close();
    }
  });

  const dialogs: [string, string, (page: Page) => Promise<void>][] = [
    ['sign-up', 'Create your account', (page) => page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Sign up' }).click()],
    ['language and currency', 'Language and currency', (page) => page.getByTestId('locale-button').first().click()],
    ['newsletter', 'Newsletter', (page) => page.getByTestId('site-footer').getByRole('button').first().click()],
    ['booking search', 'Find a chef', (page) => page.getByTestId('hero-search').click()],
  ];
  for (const [what, title, open] of dialogs) {
    it(`the ${what} dialog`, async () => {
      const page = await pageFor('visitor');
      await page.goto(`${base}/`);
      await settle(page, { name: 'home', path: '/' });
      await open(page);
      const dialog = page.getByRole('dialog', { name: new RegExp(title, 'i') });
      await dialog.waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  }
});
