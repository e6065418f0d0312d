// Discovery journeys in real Chromium against the real server with the demo seed: the booking search from an empty
// session (restored after a reload), filtering menus near me, a chef profile opened from a card, the FAQ search, the
// currency switch, and an accessibility pass (axe: no serious or critical violations) over the discovery pages.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const ZURICH = '2657896';

const browser = useBrowser();
/** A fresh profile (empty booking settings) in Zurich with the cookie banner answered, on a desktop window or a phone. */
const newPage = (phone = false) => browser.newPage({ timezoneId: 'Europe/Zurich', phone });

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
  expect(result.passes.length).toBeGreaterThan(0);
}

const visibleBar = (page: Page) => page.locator('[data-testid="booking-bar"]:visible').first();
const section = (page: Page, name: string) => page.getByTestId(`section-${name}`);

/** "12 of 34 menus" → 12 */
async function matchedCount(page: Page): Promise<number> {
  const text = await page.getByTestId('menus-count').innerText();
  return Number(text.split(' ')[0]!.replace(/[^\d]/g, ''));
}

describe('discovery', () => {
  it('fills the booking search from an empty session, finds chefs, and restores the search after a reload', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/`);
    await page.locator('[data-testid="featured-menu"]').first().waitFor({ timeout: 15_000 });
    expect(await visibleBar(page).getByTestId('booking-bar-region').innerText()).toBe('Where?');

    await visibleBar(page).getByTestId('booking-bar-open').click();
    const dialog = page.getByRole('dialog', { name: 'Find a chef' });
    await dialog.waitFor();
    expect(await section(page, 'type').getAttribute('data-state')).toBe('open');
    expect(await dialog.getByTestId('booking-search-find').count()).toBe(0);

    await section(page, 'type').getByRole('button', { name: 'Continue' }).click();
    await section(page, 'guests').getByRole('button', { name: '6', exact: true }).click();
    await section(page, 'guests').getByRole('button', { name: 'Continue' }).click();

    const regionContinue = section(page, 'region').getByRole('button', { name: 'Continue' });
    expect(await regionContinue.isDisabled()).toBe(true);
    await section(page, 'region').getByRole('combobox').fill('8001');
    await page.getByRole('option', { name: /8001 Zürich/ }).first().click();
    await regionContinue.click();

    const dateContinue = section(page, 'date').getByRole('button', { name: 'Continue' });
    expect(await dateContinue.isDisabled()).toBe(true);
    // react-datepicker is fetched only now; pick the first bookable day of the month shown.
    const day = section(page, 'date').locator('.react-datepicker__day:not(.react-datepicker__day--disabled):not(.react-datepicker__day--outside-month)').first();
    await day.waitFor({ timeout: 15_000 });
    await day.click();
    expect(await section(page, 'date').getByTestId('date-chosen').innerText()).toMatch(/Your event: \d{2}\/\d{2}\/\d{4} (19:00|13:00)/);
    await dateContinue.click();

    const find = dialog.getByTestId('booking-search-find');
    expect(await find.isEnabled()).toBe(true);
    await find.click();
    await page.waitForURL(`${base}/menus/nearme/${ZURICH}`);
    await page.getByRole('heading', { level: 1, name: 'Menus near 8001 Zürich' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Menus near 8001 Zürich' }).waitFor();
    expect(await visibleBar(page).getByTestId('booking-bar-region').innerText()).toBe('8001 Zürich');
    expect(await visibleBar(page).getByTestId('booking-bar-guests').innerText()).toBe('6 guests');
    expect(await visibleBar(page).getByTestId('booking-bar-date').innerText()).toMatch(/^\d{2}\/\d{2} \d{2}:\d{2}( \(Zurich\))?$/);
    await visibleBar(page).getByTestId('booking-bar-open').click();
    await dialog.waitFor();
    for (const name of ['type', 'guests', 'region', 'date']) expect(await section(page, name).getAttribute('data-state')).toBe('closed');
    expect(await dialog.getByTestId('booking-search-find').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the date step’s time column whole on a phone in German', async () => {
    const { page, errors } = await browser.newPage({ timezoneId: 'Europe/Zurich', phone: true, locale: 'de' });
    await page.goto(`${base}/`);
    await visibleBar(page).getByTestId('booking-bar-open').click();
    await page.getByRole('dialog', { name: 'Koch finden' }).waitFor();
    await section(page, 'type').getByRole('button', { name: 'Weiter' }).click();
    await section(page, 'guests').getByRole('button', { name: 'Weiter' }).click();
    await section(page, 'region').getByRole('combobox').fill('8001');
    await page.getByRole('option', { name: /8001 Zürich/ }).first().click();
    await section(page, 'region').getByRole('button', { name: 'Weiter' }).click();
    const header = section(page, 'date').locator('.react-datepicker-time__header');
    await header.waitFor({ timeout: 15_000 });
    expect(await header.innerText()).toBe('Uhrzeit');
    expect(await header.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0); // not "Uhrz…"
    expect(errors).toEqual([]);
  });

  it('filters menus near me, removes a chip and sees the counts change', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/menus/nearme/${ZURICH}`);
    await page.getByTestId('menu-card').first().waitFor({ timeout: 15_000 });
    const all = await matchedCount(page);
    expect(all).toBeGreaterThan(1);
    expect(await page.getByTestId('site-footer').count()).toBe(0);

    await page.getByTestId('popover-cuisine').getByRole('button', { name: /Cuisine/ }).click();
    const panel = page.getByRole('dialog', { name: 'Cuisine' });
    await panel.waitFor();
    // Pick the enabled option with the fewest menus, so the filter surely narrows.
    const options = panel.locator('input[type="checkbox"]:not([disabled])');
    const counts = await panel.locator('label:has(input:not([disabled])) [data-testid="option-count"]').allInnerTexts();
    const numbers = counts.map((c) => Number(c.replace(/[^\d]/g, '')));
    const index = numbers.indexOf(Math.min(...numbers.filter((n) => n > 0)));
    const expected = numbers[index]!;
    await options.nth(index).check();
    await page.getByTestId('filter-chip').first().waitFor();
    await page.waitForFunction((n) => document.querySelector('[data-testid="menus-count"]')?.textContent?.startsWith(`${n} of`), expected);
    expect(await matchedCount(page)).toBe(expected);
    expect(expected).toBeLessThan(all);
    expect(page.url()).toContain('cuisines=');
    await page.keyboard.press('Escape');

    // The URL keeps the filter across a reload.
    await page.reload();
    await page.getByTestId('filter-chip').first().waitFor();
    expect(await matchedCount(page)).toBe(expected);

    await page.getByTestId('filter-chip').first().click();
    await page.waitForFunction((n) => document.querySelector('[data-testid="menus-count"]')?.textContent?.startsWith(`${n} of`), all);
    expect(await page.getByTestId('filter-chip').count()).toBe(0);
    expect(page.url()).not.toContain('cuisines=');
    expect(errors).toEqual([]);
  });

  it('opens a chef profile from a menu card', async () => {
    const { page, errors } = await newPage();
    const context = page.context();
    await page.goto(`${base}/menus/nearme/${ZURICH}`);
    const card = page.getByTestId('menu-card').first();
    await card.waitFor({ timeout: 15_000 });
    const menuName = await card.getByRole('heading', { level: 3 }).innerText();
    const [menuPage] = await Promise.all([context.waitForEvent('page'), card.getByRole('link').first().click()]);
    await menuPage.waitForLoadState();
    await menuPage.getByRole('heading', { level: 1, name: menuName.replace(/\s*\(opens in a new tab\)$/, '') }).waitFor({ timeout: 15_000 });
    expect(await menuPage.getByRole('link', { name: 'Book this menu' }).getAttribute('href')).toMatch(/^\/booking\/begin\/\d+$/);
    await menuPage.getByRole('link', { name: /All menus by/ }).click();
    await menuPage.getByTestId('chef-profile').waitFor();
    expect(menuPage.url()).toMatch(/\/chefs\/[a-z0-9-]+-\d+$/);
    expect(await menuPage.getByRole('heading', { level: 2, name: /^Hi, I'm / }).count()).toBe(1);
    await menuPage.getByTestId('chef-menus-grid').getByTestId('menu-card').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('searches the FAQ', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/help`);
    await page.getByTestId('faq-group').first().waitFor({ timeout: 15_000 });
    const groupsBefore = await page.getByTestId('faq-group').count();
    expect(groupsBefore).toBeGreaterThan(1);
    const first = page.getByTestId('faq-entry').first().getByRole('button');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    await page.getByTestId('faq-search').fill('CANCEL');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="faq-group"]').length < n, groupsBefore);
    const titles = await page.getByTestId('faq-entry').allInnerTexts();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title.toLowerCase()).toContain('cancel');
    await page.getByTestId('faq-entry').first().getByRole('button').click();
    expect(await page.getByTestId('faq-entry').first().getByRole('button').getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('switches the currency and the prices follow without a reload', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/menus/nearme/${ZURICH}`);
    const price = page.getByTestId('menu-card').first().locator('p').first();
    await price.waitFor({ timeout: 15_000 });
    expect(await price.innerText()).toContain('CHF');
    await page.getByTestId('locale-button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Language and currency' });
    await dialog.getByText('EUR', { exact: false }).first().click();
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="menu-card"] p')?.textContent?.includes('€'));
    expect(await price.innerText()).not.toContain('CHF');
    expect(errors).toEqual([]);
  });

  it('has no serious or critical accessibility violations on the discovery pages', async () => {
    const { page, errors } = await newPage();
    await page.goto(`${base}/`);
    await page.locator('[data-testid="featured-menu"]').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('inspiration-carousel').waitFor();
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${base}/menus/nearme/${ZURICH}`);
    const card = page.getByTestId('menu-card').first();
    await card.waitFor({ timeout: 15_000 });
    await expectNoSeriousAxeViolations(page);

    const menuHref = (await card.getByRole('link').first().getAttribute('href'))!;
    await page.goto(`${base}${menuHref}`);
    await page.getByTestId('menu-booking-card').waitFor({ timeout: 15_000 });
    await page.getByTestId('reviews').locator('[role="status"]').waitFor({ state: 'detached' });
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name: /All menus by/ }).click();
    await page.getByTestId('chef-menus-grid').waitFor({ timeout: 15_000 });
    await page.getByTestId('reviews').locator('[role="status"]').waitFor({ state: 'detached' });
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${base}/help`);
    await page.getByTestId('faq-group').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('faq-entry').first().getByRole('button').click();
    await expectNoSeriousAxeViolations(page);

    // The booking search dialog with the calendar open.
    await page.goto(`${base}/`);
    await visibleBar(page).getByTestId('booking-bar-open').click();
    await section(page, 'date').getByRole('button').first().click();
    await section(page, 'date').locator('.react-datepicker').waitFor({ timeout: 15_000 });
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('shows the filters in a slide-in panel on a phone', async () => {
    const { page, errors } = await newPage(true);
    await page.goto(`${base}/menus/nearme/${ZURICH}`);
    await page.getByTestId('menu-card').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('filter-popovers').isVisible()).toBe(false);
    // The "Change search" link under the title is a thumb's target too.
    const change = (await page.getByRole('button', { name: 'Change search' }).first().boundingBox())!;
    expect(Math.round(change.height)).toBeGreaterThanOrEqual(44);
    await page.getByTestId('filter-panel-button').click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.waitFor();
    expect(await panel.getByRole('group').count()).toBe(3);
    await expectNoSeriousAxeViolations(page);
    await panel.getByRole('button', { name: /Show results/ }).click();
    await panel.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('keeps the filter panel’s buttons whole on a phone in the longer languages', async () => {
    for (const locale of ['de', 'fr']) {
      const { page, errors } = await browser.newPage({ timezoneId: 'Europe/Zurich', phone: true, locale });
      await page.goto(`${base}/menus/nearme/${ZURICH}`);
      await page.getByTestId('menu-card').first().waitFor({ timeout: 15_000 });
      await page.getByTestId('filter-panel-button').click();
      const panel = page.getByTestId('filter-panel');
      await panel.waitFor();
      await page.waitForTimeout(300); // the slide-in
      const outside = await panel.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.querySelectorAll('button')]
          .filter((b) => {
            const r = b.getBoundingClientRect();
            return r.left < box.left - 0.5 || r.right > box.right + 0.5 || b.scrollWidth > b.clientWidth + 1;
          })
          .map((b) => b.textContent);
      });
      expect(outside, locale).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
});
