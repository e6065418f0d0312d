// The demo chef's own screens on a phone (390×844), in German, with the browser in a time zone far from the events'
// (Europe/Zurich): nothing makes a page scroll sideways (the bookings' filter tabs once pushed "Vergangen" 90 px past
// the edge), and a booking's "Zum Kalender hinzufügen" stays inside its column.
import { describe, expect, inject, it } from 'vitest';
import { call, DEMO_PASSWORD } from './support/journey';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { newPage } = useBrowser();

describe('the chef area on a phone in German, far from Zürich', () => {
  it('never scrolls sideways', async () => {
    const { page, errors } = await newPage({ locale: 'de', timezoneId: 'Asia/Tokyo', phone: true });
    await page.goto(`${base}/`);
    expect((await call(page, 'POST', '/v1/auth/signin', { identifier: 'chef@example.com', secret: DEMO_PASSWORD })).status).toBe(200);
    for (const path of ['/account/me/chefbookings', '/account/me/payout', '/account/me/availability', '/account/me/menumanagement']) {
      await page.goto(`${base}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const sideways = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const past = Array.from(document.querySelectorAll('main :is(a, button)'))
          .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !el.closest('nav'))
          .map((el) => el.textContent?.trim());
        return { scrollWidth: document.documentElement.scrollWidth - width, past };
      });
      expect(sideways, path).toEqual({ scrollWidth: 0, past: [] });
    }
    // Every filter of the chef's bookings can be seen and tapped.
    await page.goto(`${base}/account/me/chefbookings`);
    await page.getByRole('tab', { name: 'Vergangen' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Vergangen' }).getAttribute('aria-selected')).toBe('true');
    // A booking's "add to calendar" stays inside its column beside "Wann" instead of running into the page's margin.
    const upcoming = await call<{ data: { id: number }[] }>(page, 'GET', '/v1/chefs/me/bookings?scope=upcoming');
    await page.goto(`${base}/account/me/chefbookings/${upcoming.json.data[0]!.id}`);
    const add = page.getByTestId('add-to-calendar');
    await add.waitFor();
    const inside = await add.evaluate((el) => {
      const list = el.closest('dl')!.getBoundingClientRect();
      const r = el.getBoundingClientRect();
      // …and the labels do not squeeze the values: the column of values keeps more than half the list's width.
      const value = el.closest('dd')!.getBoundingClientRect();
      return r.right <= list.right + 0.5 && el.scrollWidth <= el.clientWidth + 1 && value.width > list.width / 2;
    });
    expect(inside).toBe(true);
    expect(errors).toEqual([]);
  });
});
