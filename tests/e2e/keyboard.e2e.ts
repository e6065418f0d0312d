// Keyboard-only journeys in real Chromium: signing in through the header's dialog with Tab, typing and Enter, and the
// home page's booking search dialog filled and submitted with the keyboard alone. Both dialogs take the focus, keep
// it inside while open (Tab and Shift+Tab wrap), give it back to their trigger when closed with Escape, and pass axe.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { newPage } = useBrowser();

type Focused = { tag: string; name: string; testId: string | null; section: string | null; inDialog: boolean; className: string; disabled: boolean };

/** What has the focus: its tag, a readable name (label, aria-label or text), test id and section, and whether it sits in a dialog. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'BODY', name: '', testId: null, section: null, inDialog: false, className: '', disabled: false };
    const labels = (el as HTMLInputElement).labels;
    const name = (el.getAttribute('aria-label') ?? (labels && labels[0] ? labels[0].innerText : '') ?? '') || el.innerText || '';
    return {
      tag: el.tagName,
      name: name.trim(),
      testId: el.getAttribute('data-testid'),
      section: el.closest('[data-testid^="section-"][data-state]')?.getAttribute('data-testid') ?? null,
      inDialog: Boolean(el.closest('[role="dialog"]')),
      className: typeof el.className === 'string' ? el.className : '',
      disabled: el.getAttribute('aria-disabled') === 'true',
    };
  });
}

/** Presses Tab until the focused element matches; fails after `max` presses. */
async function tabTo(page: Page, what: string, match: (f: Focused) => boolean, max = 60): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (match(f)) return f;
  }
  throw new Error(`Tab never reached ${what}; the focus is on ${JSON.stringify(await focused(page))}`);
}

/** Tab and Shift+Tab many times over: the focus never leaves the dialog. */
async function expectFocusTrapped(page: Page) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(key);
      expect((await focused(page)).inDialog, `${key} ×${i + 1}`).toBe(true);
    }
  }
}

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * With the focus on a dialog's opener: Enter opens the dialog named `name` with the focus inside and trapped, and axe
 * finds nothing; Escape closes it and gives the focus back to the opener; Enter opens it again, which is returned.
 */
async function expectModalDialog(page: Page, name: string, isOpener: (f: Focused) => boolean) {
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  expect((await focused(page)).inDialog).toBe(true);
  await expectFocusTrapped(page);
  await expectAxeClean(page);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(isOpener(await focused(page))).toBe(true);

  await page.keyboard.press('Enter');
  await dialog.waitFor();
  return dialog;
}

describe('keyboard only', () => {
  it('signs in through the header dialog with Tab, typing and Enter', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/help`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const signInLink = (f: Focused) => f.tag === 'A' && f.name === 'Sign in' && !f.inDialog;
    await tabTo(page, 'the header’s Sign in link', signInLink);
    const dialog = await expectModalDialog(page, 'Sign in', signInLink);
    await tabTo(page, 'the e-mail field', (f) => f.tag === 'INPUT' && f.name.startsWith('E-mail'));
    await page.keyboard.type('customer@example.com');
    await tabTo(page, 'the password field', (f) => f.tag === 'INPUT' && f.name.startsWith('Password'));
    await page.keyboard.type('demo-password');
    await page.keyboard.press('Enter');

    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /User menu/ }).waitFor();
    const session = await (await page.request.get(`${base}/v1/auth/session/user`)).json();
    expect(session).toMatchObject({ authenticated: true, data: { email: 'customer@example.com' } });
    expect(errors).toEqual([]);
  });

  it('fills and submits the home page’s booking search with the keyboard', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/`);
    await page.locator('[data-testid="featured-menu"]').first().waitFor({ timeout: 20_000 });

    const opener = (f: Focused) => f.testId === 'booking-bar-open';
    await tabTo(page, 'the booking bar', opener);
    const dialog = await expectModalDialog(page, 'Find a chef', opener);
    const inSection = (section: string, name: string | RegExp) => (f: Focused) =>
      f.section === `section-${section}` && (typeof name === 'string' ? f.name === name : name.test(f.name));

    // What: at the chef's place, chosen with the arrow keys in the radio group.
    await tabTo(page, 'the place options', (f) => f.section === 'section-type' && f.tag === 'INPUT');
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: /at the chef/i }).isChecked()).toBe(true);
    await tabTo(page, 'Continue (what)', inSection('type', 'Continue'));
    await page.keyboard.press('Enter');

    // Guests: the 6 chip.
    await tabTo(page, 'the 6 guests chip', inSection('guests', '6'));
    await page.keyboard.press('Enter');
    await tabTo(page, 'Continue (guests)', inSection('guests', 'Continue'));
    await page.keyboard.press('Enter');

    // Region: the field has the focus; type, pick the first suggestion with the arrow key and Enter.
    await page.getByRole('combobox').waitFor();
    expect((await focused(page)).section).toBe('section-region');
    await page.keyboard.type('8001');
    await page.getByRole('option', { name: /8001 Zürich/ }).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const region = await page.getByTestId('section-region').getByRole('combobox').inputValue();
    expect(region).toMatch(/^8001 Zürich/);
    await tabTo(page, 'Continue (region)', inSection('region', 'Continue'));
    await page.keyboard.press('Enter');

    // Date: into the calendar, on to the first bookable day with the arrow keys, Enter.
    await dialog.locator('.react-datepicker__day').first().waitFor({ timeout: 20_000 });
    await tabTo(page, 'a day of the calendar', (f) => f.className.includes('react-datepicker__day '));
    for (let i = 0; i < 40 && (await focused(page)).className.includes('--disabled'); i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await dialog.getByTestId('date-chosen').innerText()).toMatch(/^Your event: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await tabTo(page, 'Continue (date)', inSection('date', 'Continue'));
    await page.keyboard.press('Enter');

    await tabTo(page, 'Find a chef', (f) => f.testId === 'booking-search-find');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/menus\/nearme\/\d+$/.test(u.pathname) && u.searchParams.get('at_chefs_place') === '1');
    await page.getByRole('heading', { level: 1, name: region }).waitFor();
    expect(errors).toEqual([]);
  });

  it('opens menus near me from a link with the region in the bar, and its search dialog on the first field and back', async () => {
    // Every locale, on a phone and on a desktop: the bar names the page's region, not "Where?".
    const locales = ['en', 'de', 'de-ch', 'fr', 'it'];
    for (const [i, locale] of locales.entries()) {
      const { page, errors } = await newPage({ locale, phone: i % 2 === 0 });
      await page.goto(`${base}/menus/nearme/2657896`);
      await page.locator('[data-testid="menu-card"]').first().waitFor({ timeout: 20_000 });
      const bar = page.locator('[data-testid="booking-bar-region"]:visible');
      await expect.poll(() => bar.innerText(), { timeout: 10_000, message: locale }).toMatch(/^\d{4} Zürich$/);
      expect(await page.getByRole('heading', { level: 1 }).innerText(), locale).toContain('Zürich');
      expect(errors, locale).toEqual([]);
    }

    const { page, errors } = await newPage({ phone: true });
    await page.goto(`${base}/menus/nearme/2657896`);
    await page.locator('[data-testid="menu-card"]').first().waitFor({ timeout: 20_000 });
    const changeSearch = (f: Focused) => f.tag === 'BUTTON' && f.name === 'Change search' && !f.inDialog;
    await tabTo(page, 'Change search', changeSearch);
    await expectModalDialog(page, 'Find a chef', changeSearch);
    // The first field has the focus, not the close button: the chosen place of "Where is the event?".
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', section: 'section-type', inDialog: true });
    expect((await focused(page)).name).toMatch(/^At my place/);
    await expect.poll(() => page.getByTestId('section-region-summary').innerText()).toMatch(/^\d{4} Zürich$/);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(changeSearch(await focused(page))).toBe(true);
    expect(errors).toEqual([]);
  });
});
