// Shown when configured (issue 20): a server with Turnstile's documented test keys and made-up Apple, Google and
// Meta credentials, in its own process and database. The dialogs show the three provider buttons and the real widget
// container; nothing says "not configured". Turnstile's script cannot load here (no internet): the loader asks for it
// once and the form says the check could not be loaded. Its script is then served by a stand-in at Cloudflare's URL to
// show the widget rendered with our site key and action. Provider pages are stubbed at their hosts. Leaving for a
// provider from the booking form with typing asks nothing: the typing is kept and comes back.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TURNSTILE_SCRIPT_URL } from '../../web/src/lib/turnstile';
import { launch, trackErrors } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const SITE_KEY = '1x00000000000000000000AA'; // Turnstile's "always passes" test site key
const PROVIDERS = {
  TURNSTILE_SITE_KEY: SITE_KEY,
  TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
  GOOGLE_CLIENT_ID: 'e2e-google-client',
  GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
  FACEBOOK_CLIENT_ID: 'e2e-meta-client',
  FACEBOOK_CLIENT_SECRET: 'e2e-meta-secret',
  APPLE_CLIENT_ID: 'ch.example.e2e',
  APPLE_TEAM_ID: 'TEAM123456',
  APPLE_KEY_ID: 'KEY1234567',
  APPLE_PRIVATE_KEY: 'not-a-real-key',
};

// Not on useBrowser(): the fixture's profiles and database belong to the shared server, and this file needs a server
// of its own, started with the providers' credentials over a fresh database.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The demo catalogue gives the booking form a menu to type into.
  server = await startServer({ SEED_REGIONS: 'sample', ...PROVIDERS });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<{ page: Page; errors: string[]; consoleErrors: string[] }> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'));
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  return { page, errors: trackErrors(page), consoleErrors };
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Main' }).first();

async function openDialog(page: Page, link: 'Sign in' | 'Sign up') {
  await page.goto(`${server.url}/help`);
  await header(page).getByRole('link', { name: link }).click();
  const dialog = page.getByRole('dialog', { name: link === 'Sign in' ? 'Sign in' : 'Create your account' });
  await dialog.waitFor();
  return dialog;
}

describe('provider sign-in, configured', () => {
  it('shows the Apple, Google and Meta buttons in both dialogs, and no note', async () => {
    const { page, errors } = await newPage();
    for (const link of ['Sign in', 'Sign up'] as const) {
      const dialog = await openDialog(page, link);
      for (const name of ['Continue with Apple', 'Continue with Google', 'Continue with Meta']) {
        expect(await dialog.getByRole('button', { name }).isVisible(), `${link}: ${name}`).toBe(true);
      }
      expect(await dialog.getByTestId('oauth-not-configured').count()).toBe(0);
      await page.keyboard.press('Escape');
    }
    expect(errors).toEqual([]);
  });

  it("leaves for Google with the instance's own redirect URI", async () => {
    const { page } = await newPage();
    await page.route('https://accounts.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Google</h1>' }));
    const dialog = await openDialog(page, 'Sign in');
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/^https:\/\/accounts\.google\.com\//);
    const url = new URL(page.url());
    expect(url.searchParams.get('client_id')).toBe('e2e-google-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/auth/external?provider=google`);
  });

  it('leaves the booking form with typing for Google without the browser asking, and the typing is there on return', async () => {
    const { page } = await newPage();
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.dismiss();
    });
    await page.route('https://accounts.google.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Google</h1>' }));
    await page.goto(`${server.url}/booking/begin/1`);
    await page.getByLabel('Street and number').fill('Seestrasse 1');
    await page.getByRole('button', { name: /^(Send booking request|Book now)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/^https:\/\/accounts\.google\.com\//);
    expect(prompts).toEqual([]);
    await page.goBack();
    expect(await page.getByLabel('Street and number').inputValue()).toBe('Seestrasse 1');
    // Leaving any other way still asks.
    await page.getByRole('heading', { level: 1 }).click();
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(prompts).toEqual(['beforeunload']);
  });
});

describe('the bot check, configured', () => {
  it("renders the widget container, asks for Cloudflare's script once, and handles 'Failed to load Turnstile.'", async () => {
    const { page, consoleErrors } = await newPage();
    const scripts: string[] = [];
    const signups: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https://challenges.cloudflare.com/')) scripts.push(r.url());
      if (r.url().endsWith('/v1/auth/signup')) signups.push(r.url());
    });
    // As without internet, but at once.
    await page.route('https://challenges.cloudflare.com/**', (route) => route.abort('internetdisconnected'));
    const dialog = await openDialog(page, 'Sign up');
    const group = dialog.getByRole('group', { name: 'Bot check' });
    expect(await group.getByTestId('turnstile').count()).toBe(1);
    expect(await dialog.getByTestId('botcheck-disabled').count()).toBe(0);

    const failed = 'The bot check could not be loaded. Please reload the page.';
    await dialog.getByText(failed).waitFor();
    expect(scripts).toEqual([TURNSTILE_SCRIPT_URL]);
    expect(consoleErrors.some((e) => e.includes('Failed to load Turnstile.'))).toBe(true);

    await dialog.getByLabel('First name').fill('Bo');
    await dialog.getByLabel('Last name').fill('Tcheck');
    await dialog.getByLabel('E-mail').fill(`bot-${Date.now()}@example.com`);
    await dialog.getByLabel('Password').fill('a long password');
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForTimeout(500);
    expect(await dialog.getByText(failed).count()).toBe(1);
    expect(await dialog.getByText('Please confirm that you are not a robot.').count()).toBe(0);
    expect(signups).toEqual([]);
  });

  it('renders the widget with our site key and the signup action once the script is there, and sends its token', async () => {
    const { page } = await newPage();
    // A stand-in for Cloudflare's api.js with the part of window.turnstile our loader uses.
    const standIn = `window.turnstile = {
      render(el, options) { window.__turnstileOptions = { sitekey: options.sitekey, action: options.action }; window.__issue = options.callback;
        const box = document.createElement('div'); box.dataset.widget = options.sitekey; el.appendChild(box); return 'widget-1'; },
      reset() {}, remove() {},
    };`;
    await page.route('https://challenges.cloudflare.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: standIn }));
    const dialog = await openDialog(page, 'Sign up');
    await dialog.locator(`[data-testid="turnstile"] [data-widget="${SITE_KEY}"]`).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => (window as unknown as { __turnstileOptions: unknown }).__turnstileOptions)).toEqual({ sitekey: SITE_KEY, action: 'signup' });

    // The token goes to our server, which verifies it with Cloudflare: unreachable here, so a clear 503 and no account.
    await page.evaluate(() => (window as unknown as { __issue: (t: string) => void }).__issue('XXXX.DUMMY.TOKEN.XXXX'));
    const email = `widget-${Date.now()}@example.com`;
    await dialog.getByLabel('First name').fill('Wid');
    await dialog.getByLabel('Last name').fill('Get');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill('a long password');
    const answer = page.waitForResponse((r) => r.url().endsWith('/v1/auth/signup'));
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    const res = await answer;
    expect(JSON.parse(res.request().postData() ?? '{}').cftoken).toBe('XXXX.DUMMY.TOKEN.XXXX');
    expect(res.status()).toBe(503);
    await page.getByRole('alert').filter({ hasText: 'The bot check is not reachable right now' }).waitFor();
  });
});
