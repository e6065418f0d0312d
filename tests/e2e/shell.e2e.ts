// First journeys: the home page shows seeded menus, an unknown path shows the 404 page, and switching the
// language changes the texts and the locale query.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/journey';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { newPage } = useBrowser();
let page: Page;
let errors: string[];

async function open(path: string) {
  ({ page, errors } = await newPage());
  await page.goto(base + path);
}

describe('app shell', () => {
  it('renders the home page with seeded menus', async () => {
    await open('/');
    const cards = page.locator('[data-testid="featured-menu"]');
    await cards.first().waitFor({ timeout: 15_000 });
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const firstText = await cards.first().innerText();
    expect(firstText).toMatch(/CHF|€/);
    // Each payment logo's wordmark fits its badge in the fonts this machine has (TWINT's once lost its last "T").
    const spilling = await page.locator('[data-testid="payment-logo"]').evaluateAll((logos) =>
      logos.flatMap((svg) => [...svg.querySelectorAll('text')].filter((t) => t.getBBox().x + t.getBBox().width > 64).map((t) => t.textContent)),
    );
    expect(spilling).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives the phone header’s icon buttons a 44 px target', async () => {
    ({ page, errors } = await newPage({ phone: true }));
    await signIn(page, base, 'customer@example.com', DEMO_PASSWORD);
    const header = page.locator('header').first();
    const buttons = [header.getByRole('button', { name: 'Open menu' }), header.getByRole('button', { name: /^Messages/ })];
    for (const button of buttons) {
      await button.waitFor();
      const box = (await button.boundingBox())!;
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([44, 44]);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the 404 page for an unknown path', async () => {
    await open('/does-not-exist');
    await page.getByText('Oops, the recipe for this page is missing!').waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    expect(await page.locator('a[href="/"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/page/contact"]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('switches the language, changing texts and the locale query', async () => {
    await open('/does-not-exist');
    await page.getByText('Page not found').first().waitFor();
    await page.getByRole('button', { name: /language|sprache/i }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The radios are visually hidden inside their labels; a user clicks the label.
    await dialog.getByText('Deutsch', { exact: true }).click();
    // The query takes the seed's spelling of the locale (de_DE), as shared links do.
    await page.waitForFunction(() => new URL(location.href).searchParams.get('locale') === 'de_DE');
    const closeButton = dialog.getByRole('button', { name: /zurück|back/i });
    if (await closeButton.count()) await closeButton.first().click();
    await page.getByRole('heading', { name: /Seite nicht gefunden/i }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.close();
  });
});
