// Tap targets on a phone (WCAG 2.5.5, Apple's HIG): on a 390 × 844 screen every visible control a person taps on the
// key screens is at least 44 × 44 CSS px. Controls are buttons, [role=button] and [role=tab], labels that look like a
// button (a file picker's), and links that stand alone (in the header, lists, cards, the footer). Exempt, as WCAG
// allows: a link inside a sentence (its block holds more text than the link). A link stretched over its card by an
// absolute ::after counts with that area.
// On a desktop screen with a mouse the compact sizes stay (the rule is for touch and narrow screens only).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { newPage, rows } = useBrowser();
const MIN = 44;

async function signedIn(email: string | null, phone = true): Promise<Page> {
  const { page } = await newPage({ phone });
  if (email) {
    const res = await page.request.post(`${base}/v1/auth/signin`, { data: { identifier: email, secret: 'demo-password' }, headers: { origin: base } });
    expect(res.status(), `sign in as ${email}`).toBe(200);
  }
  return page;
}

async function open(page: Page, path: string) {
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.animate-spin'), null, { timeout: 20_000 });
  await page.locator('main').first().waitFor();
}

/** Every visible control on the page with its tap area; `inline` for links inside running text. */
function controls(page: Page) {
  return page.evaluate(() => {
    const blockLevel = (el: Element) => {
      const display = getComputedStyle(el).display;
      return !display.startsWith('inline') && display !== 'contents';
    };
    const px = (v: string) => (v.endsWith('px') ? Number.parseFloat(v) : null);
    /** The element's box, grown to an absolutely placed ::before/::after that covers more (a stretched link). */
    const tapArea = (el: HTMLElement) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (const which of ['::before', '::after']) {
        const pseudo = getComputedStyle(el, which);
        if (pseudo.content === 'none' || pseudo.position !== 'absolute') continue;
        const [t, r, b, l] = [pseudo.top, pseudo.right, pseudo.bottom, pseudo.left].map(px);
        if (t == null || r == null || b == null || l == null) continue;
        let holder: Element | null = el;
        while (holder && holder !== document.body && getComputedStyle(holder).position === 'static') holder = holder.parentElement;
        const box = (holder ?? document.body).getBoundingClientRect();
        left = Math.min(left, box.left + l);
        top = Math.min(top, box.top + t);
        right = Math.max(right, box.right - r);
        bottom = Math.max(bottom, box.bottom - b);
      }
      return { width: right - left, height: bottom - top };
    };
    const found: { name: string; width: number; height: number; inline: boolean }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, [role=button], [role=tab], a[href], label.btn')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('[aria-hidden=true], .sr-only, [inert]')) continue;
      let inline = false;
      if (el.tagName === 'A' && !el.matches('[role=button]')) {
        let block = el.parentElement;
        while (block && !blockLevel(block)) block = block.parentElement;
        inline = !!block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
      }
      const label = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const { width, height } = tapArea(el);
      found.push({ name: `<${el.tagName.toLowerCase()}> "${label}"`, width: Math.round(width * 10) / 10, height: Math.round(height * 10) / 10, inline });
    }
    return found;
  });
}

async function expectBigEnough(page: Page, path: string, atLeast: number) {
  await open(page, path);
  const found = await controls(page);
  const checked = found.filter((c) => !c.inline);
  // The screen really showed its controls (a blank or bounced screen would pass vacuously).
  expect(checked.length, `controls on ${path}`).toBeGreaterThanOrEqual(atLeast);
  const small = checked.filter((c) => c.width < MIN || c.height < MIN).map((c) => `${c.name} ${c.width}×${c.height}`);
  expect(small, `controls under ${MIN}×${MIN} px on ${path}`).toEqual([]);
}

let menuPath = '';
beforeAll(async () => {
  const [menu] = await rows<{ uri: string; id: number }>(
    `select c.uri, m.id from chefs c join users u on u.id = c.user_id join menus m on m.chef_id = c.id
     where u.email = 'chef@example.com' and m.status = 'published' order by m.id limit 1`,
  );
  menuPath = `/chefs/${menu!.uri}/menu/${menu!.id}`;
});

describe('on a phone every control is at least 44 × 44 px', () => {
  it('for a visitor: home, menus near me and a menu', async () => {
    const page = await signedIn(null);
    await expectBigEnough(page, '/', 20);
    await expectBigEnough(page, '/menus/nearme/2657896', 10);
    await expectBigEnough(page, menuPath, 5);
  });

  it('for the customer: bookings and notifications', async () => {
    const page = await signedIn('customer@example.com');
    await expectBigEnough(page, '/account/me/bookings', 5);
    await expectBigEnough(page, '/account/me/notifications', 10);
  });

  it("for the chef: the bookings of the chef's menus, the profile with its picture picker, and the calendar's days", async () => {
    const page = await signedIn('chef@example.com');
    await expectBigEnough(page, '/account/me/chefbookings', 8);
    await expectBigEnough(page, '/account/me/chefprofile', 10);
    await expectBigEnough(page, '/account/me/availability', 30);
  });
});

it('on a phone the footer stays compact: its 44 px links follow each other without spacing of their own', async () => {
  const page = await signedIn(null);
  await open(page, '/help');
  const lists = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=site-footer] nav ul')].map((ul) => {
      const boxes = [...ul.querySelectorAll('a')].map((a) => a.getBoundingClientRect());
      return { heights: boxes.map((b) => Math.round(b.height)), gaps: boxes.slice(1).map((b, i) => Math.round(b.top - boxes[i]!.bottom)) };
    }),
  );
  expect(lists.length).toBe(4);
  for (const list of lists) {
    expect(Math.min(...list.heights)).toBeGreaterThanOrEqual(MIN);
    expect(list.gaps.every((gap) => gap === 0)).toBe(true);
  }
  expect(lists.some((list) => list.gaps.length >= 3)).toBe(true);
});

it('on a desktop with a mouse the small buttons keep their compact size', async () => {
  const page = await signedIn(null, false);
  await open(page, '/');
  const heights = await page.evaluate(() => [...document.querySelectorAll('.btn-sm')].map((el) => el.getBoundingClientRect().height).filter((h) => h > 0));
  expect(heights.length).toBeGreaterThan(0);
  expect(Math.max(...heights)).toBeLessThan(MIN);
});
