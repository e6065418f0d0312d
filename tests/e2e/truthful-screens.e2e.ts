// Screens that say the truth (issue 14 §4 and §6), as a person sees them in Chromium on a phone and at 1366 px:
// the booking form warns about dietary conflicts in the chef's words, unknown menus and pages show the 404 page, the
// menu page keeps its price and button in reach on a phone, going home never shows an empty page, the cookie banner
// never covers an open dialog, a customer on the chef's bookings is told they are not a chef yet, and the admin
// console has no consumer footer and nothing wider than the screen.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { trackErrors } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/journey';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { state, newPage, rows } = useBrowser();

const PHONE = { width: 390, height: 844 };

/** A phone-sized profile; `consent: false` leaves the cookie banner unanswered. */
async function phonePage(consent = true): Promise<{ page: Page; errors: string[] }> {
  const context = await state.browser.newContext({ locale: 'en-US', viewport: PHONE, isMobile: true, hasTouch: true });
  if (consent) await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'));
  const page = await context.newPage();
  return { page, errors: trackErrors(page) };
}

/** A published menu of an active chef, with its chef's uri. */
async function publishedMenu(mode: 'instant' | 'request') {
  const [menu] = await rows<{ id: number; uri: string }>(
    `select m.id, c.uri from menus m join chefs c on c.id = m.chef_id join users u on u.id = c.user_id
     where m.status = 'published' and c.status = 1 and u.disabled_at is null and m.booking_mode = ? order by m.id limit 1`,
    [mode],
  );
  return menu!;
}

describe('dietary needs', () => {
  it('warn in the booking form, before submitting, in the words the chef reads', async () => {
    const { page, errors } = await newPage();
    await signIn(page, base, 'customer@example.com', DEMO_PASSWORD);
    // A menu with milk in a course and no vegan tag.
    const [menu] = await rows<{ id: number; course: string }>(
      `select m.id, (select c.name from menu_courses c, json_each(c.allergens) j where c.menu_id = m.id and j.value = 'milk' order by c.position limit 1) as course
       from menus m join chefs ch on ch.id = m.chef_id where m.status = 'published' and ch.status = 1
       and exists (select 1 from menu_courses c, json_each(c.allergens) j where c.menu_id = m.id and j.value = 'milk')
       and not exists (select 1 from menu_tags t join list_items l on l.id = t.item_id where t.menu_id = m.id and l.kind = 'diet' and l.key = 'vegan')
       order by m.id limit 1`,
    );
    await page.goto(`${base}/booking/begin/${menu!.id}`);
    await page.getByText('Vegan', { exact: true }).click();
    await page.getByText('Milk (lactose)', { exact: true }).click();
    const warning = page.getByTestId('dietary-warning');
    await warning.waitFor();
    const lines = await warning.getByRole('listitem').allInnerTexts();
    expect(lines[0]).toBe('Diet: Vegan – this menu is not marked as Vegan');
    expect(lines[1]).toMatch(/^Milk \(lactose\): 1 guest – contained in /);
    expect(lines[1]).toContain(menu!.course);
    expect(errors).toEqual([]);
  });
});

describe('not-found pages', () => {
  it('show the 404 page for another chef’s menu, an archived menu and an unknown content page', async () => {
    const { page } = await newPage();
    const mine = await publishedMenu('request');
    const [foreign] = await rows<{ id: number }>(`select m.id from menus m join chefs c on c.id = m.chef_id where c.uri != ? and m.status = 'published' limit 1`, [mine.uri]);
    const [archived] = await rows<{ id: number; uri: string }>(`select m.id, c.uri from menus m join chefs c on c.id = m.chef_id where m.status = 'archived' limit 1`);
    const paths = [`/chefs/${mine.uri}/menu/${foreign!.id}`, `/page/no-such-page`];
    if (archived) paths.push(`/chefs/${archived.uri}/menu/${archived.id}`);
    for (const path of paths) {
      await page.goto(base + path);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.getByText('Oops, the recipe for this page is missing!').count(), path).toBe(1);
      expect(await page.getByRole('link', { name: 'Contact support' }).getAttribute('href'), path).toBe('/page/contact');
    }
  });
});

describe('on a phone', () => {
  it('the menu page keeps the price and the booking button in a bar at the bottom, and an instant menu says how it is paid', async () => {
    const { page } = await phonePage();
    const menu = await publishedMenu('instant');
    await page.goto(`${base}/chefs/${menu.uri}/menu/${menu.id}`);
    const bar = page.getByTestId('menu-sticky-bar');
    await bar.waitFor();
    for (const y of [0, 1200]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const box = (await bar.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(PHONE.height);
      expect(await bar.innerText()).toMatch(/per person/);
    }
    expect(await bar.getByRole('link', { name: 'Book this menu' }).getAttribute('href')).toBe(`/booking/begin/${menu.id}`);
    // "per person for 2 guests" wraps rather than ending in "gue…" beside the button on a 390 px screen.
    const perPerson = bar.getByText(/^per person/);
    expect(await perPerson.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    expect(await page.getByText("You won't be charged yet.").count()).toBe(0);
    expect(await page.getByText('You pay when you book, and your booking is confirmed at once.').count()).toBe(1);
  });

  it('the cookie banner stays under a dialog the visitor opens', async () => {
    const { page } = await phonePage(false);
    await signIn(page, base, 'customer@example.com', DEMO_PASSWORD);
    await page.getByTestId('cookie-consent').waitFor();
    await page.getByTestId('messages-menu').getByRole('button').click();
    const panel = page.getByRole('dialog', { name: 'Messages' });
    await panel.waitFor();
    await panel.getByRole('link').first().waitFor(); // the threads are there: the panel reaches down over the banner
    const banner = (await page.getByTestId('cookie-consent').boundingBox())!;
    const box = (await panel.boundingBox())!;
    const y = Math.max(banner.y, box.y) + 20;
    expect(y).toBeLessThan(box.y + box.height);
    const onTop = await page.evaluate(([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[role="dialog"]')), [box.x + box.width / 2, y]);
    expect(onTop).toBe(true);
  });
});

describe('navigation', () => {
  it('to home inside the app never shows an empty page', async () => {
    const { page } = await newPage();
    await page.goto(`${base}/help`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(3500); // the landing page has settled (home's chunk comes at the latest 3 s after the start)
    const emptyFrames = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let empty = 0;
          const start = performance.now();
          const tick = () => {
            if (location.pathname === '/' && (document.querySelector('main')?.innerText.trim().length ?? 0) < 40) empty++;
            if (performance.now() - start < 1500) requestAnimationFrame(tick);
            else resolve(empty);
          };
          document.querySelector<HTMLAnchorElement>('header a[href="/"]')!.click();
          requestAnimationFrame(tick);
        }),
    );
    expect(page.url()).toBe(`${base}/`);
    expect(emptyFrames).toBe(0);
  });

  it('a customer opening the chef’s bookings is told they are not a chef yet', async () => {
    const { page, errors } = await newPage();
    await signIn(page, base, 'customer@example.com', DEMO_PASSWORD);
    await page.goto(`${base}/account/me/chefbookings`);
    const panel = page.getByTestId('not-a-chef');
    await panel.waitFor();
    expect(await panel.innerText()).toContain('You are not a chef on YourLocalChef yet');
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the admin console at 1366 px', () => {
  it('has no consumer footer and nothing wider than the screen', async () => {
    const context = await state.browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'));
    const page = await context.newPage();
    await signIn(page, base, 'admin@example.com', DEMO_PASSWORD);
    for (const path of ['/ylcadmin/home', '/ylcadmin/users', '/ylcadmin/chefs', '/ylcadmin/bookings', '/ylcadmin/payouts', '/ylcadmin/outbox', '/ylcadmin/audit']) {
      await page.goto(base + path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('footer').count(), path).toBe(0);
      const overflow = await page.evaluate(() => {
        const wide = [...document.querySelectorAll('main table, main')].filter((el) => el.scrollWidth > el.clientWidth + 1);
        return { page: document.documentElement.scrollWidth, wide: wide.length };
      });
      expect(overflow, path).toEqual({ page: 1366, wide: 0 });
    }
    await context.close();
  });
});
