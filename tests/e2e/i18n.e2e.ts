// The home page in each of the five locales, in real Chromium: it renders in that language (html lang, a text of
// that locale's file) and no raw translation key shows, neither as visible text nor in a label, alt or placeholder
// (the client shows an unknown key as itself, so a missing translation would appear here).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { LOCALES } from '#shared/locales';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { newPage } = useBrowser();

type Tree = { [key: string]: string | Tree };
const read = (locale: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../i18n', `${locale}.json`), 'utf8')) as Tree;
function keysOf(tree: Tree, prefix = '', out = new Set<string>()): Set<string> {
  for (const [k, v] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.add(dotted);
    else keysOf(v, dotted, out);
  }
  return out;
}
const KNOWN_KEYS = new Set(LOCALES.flatMap((l) => [...keysOf(read(l))]));
const DOTTED = /\b[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+\b/g;

describe('the home page in every locale', () => {
  for (const locale of LOCALES) {
    it(`renders in ${locale} without a raw translation key`, async () => {
      const { page, errors } = await newPage();
      await page.goto(`${base}/?locale=${locale}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
      // The prerendered page's heading is there before the app; the app starts after the first paint and replaces it.
      // Scrolling the prerendered page would leave what loads on approach unapproached.
      await page.locator('#root > [inert]').waitFor({ state: 'detached', timeout: 20_000 });
      // The sections below the first screen are their own chunk, and the featured menus their own request. Waiting for
      // the network to go idle is not enough: Playwright counts that state as reached once it was, so the wait can
      // return before they render (CI read the English page once without them).
      await page.getByTestId('home-tiers').waitFor({ timeout: 20_000 });
      await page.locator('[data-testid="featured-menu"]').first().waitFor({ timeout: 20_000 });
      // Scroll through once, so whatever loads on approach (pictures) is there too.
      for (let y = 0; y < 20; y++) {
        const done = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight);
          return window.scrollY + window.innerHeight >= document.body.scrollHeight;
        });
        if (done) break;
      }
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('.animate-spin'), null, { timeout: 20_000 });

      const { text, attributes, lang } = await page.evaluate(() => ({
        text: document.body.innerText,
        attributes: Array.from(document.querySelectorAll('[aria-label],[alt],[placeholder],[title]')).flatMap((el) =>
          ['aria-label', 'alt', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? ''),
        ),
        lang: document.documentElement.lang,
      }));
      expect(lang).toBe(locale === 'de-ch' ? 'de-CH' : locale);
      expect(await page.locator('[data-testid="featured-menu"]').count(), text).toBeGreaterThan(0);
      const title = (read(locale).home as Tree).tiers as Tree;
      expect(text).toContain(title.title as string);
      const raw = [text, ...attributes].flatMap((s) => s.match(DOTTED) ?? []).filter((token) => KNOWN_KEYS.has(token));
      expect(raw).toEqual([]);
      // On a phone, no footer text runs past the screen's edge (German "Lebensmittelsicherheit" once did, by 3 px).
      await page.setViewportSize({ width: 390, height: 844 });
      const spilling = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-testid="site-footer"] :is(a, h2, p)'))
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth || el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      );
      expect(spilling).toEqual([]);
      // Nor does anything else make the page scroll sideways (French "Lire toutes les questions et réponses" did).
      const sideways = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const past = Array.from(document.querySelectorAll('main :is(a, button)')).filter((el) => el.getBoundingClientRect().right > width + 0.5 && !el.closest('[data-testid="carousel-scroller"]'));
        return { scrollWidth: document.documentElement.scrollWidth - width, past: past.map((el) => el.textContent?.trim()) };
      });
      expect(sideways).toEqual({ scrollWidth: 0, past: [] });
      expect(errors).toEqual([]);
    });
  }
});
