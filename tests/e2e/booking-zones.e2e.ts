// The booking journey with the browser in three time zones (Europe/Zurich, America/New_York, Asia/Tokyo) against the
// real server: the form's calendar greys out the day the chef blocked (and says why), a picked
// day starts at 19:00 on the chef's clocks, the request is stored for 19:00 in Zürich, and the customer's and the
// chef's booking pages show 19:00, naming Zürich's time where the browser's clock differs.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { trackErrors } from './support/browser';
import { call, DEMO_PASSWORD, signIn } from './support/journey';
import { useBrowser } from './support/session';
import { DAY } from '#shared/time';

const base = inject('baseURL');
const CHEF_EMAIL = 'chef@example.com';
const CHEF_TZ = 'Europe/Zurich';

const { state, rows } = useBrowser();

async function pageIn(timezoneId: string): Promise<{ page: Page; errors: string[] }> {
  const context = await state.browser.newContext({ locale: 'en-US', timezoneId, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'));
  const page = await context.newPage();
  return { page, errors: trackErrors(page) };
}

const zurichDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: CHEF_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);

/** Two neighbouring days, `from` days ahead or later, on which the demo chef has nothing (no block, booking or hold). */
async function twoFreeDays(chefId: number, from: number): Promise<[string, string]> {
  const free = async (day: string) => {
    const [r] = await rows<{ n: number }>(
      `select (select count(*) from availability_blocks where chef_id = ?1 and day = ?2)
            + (select count(*) from bookings where chef_id = ?1 and event_date = ?2 and status in ('requested', 'accepted', 'confirmed', 'completed', 'reviewed'))
            + (select count(*) from booking_day_holds where chef_id = ?1 and day = ?2) as n`,
      [chefId, day],
    );
    return Number(r!.n) === 0;
  };
  for (let i = from; i < from + 120; i++) {
    const day = zurichDay(new Date(Date.now() + i * DAY));
    if ((await free(day)) && (await free(nextDay(day)))) return [day, nextDay(day)];
  }
  throw new Error('the demo chef has no two free days in a row');
}

/** The calendar's cell of a day, after moving the calendar forward to its month. */
async function dayCell(page: Page, day: string) {
  const calendar = page.getByRole('group', { name: 'Date and time' });
  const label = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  const cell = calendar.getByRole('gridcell', { name: new RegExp(`${label}$`) });
  await calendar.getByRole('button', { name: 'Next month' }).waitFor({ timeout: 15_000 });
  for (let i = 0; i < 6 && !(await cell.count()); i++) {
    const shown = await calendar.locator('.react-datepicker__current-month').innerText();
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar.locator('.react-datepicker__current-month').filter({ hasNotText: shown }).waitFor();
  }
  return { calendar, cell };
}

describe('the booking journey in three browser time zones', () => {
  const zones: [string, string][] = [
    ['Europe/Zurich', ''],
    ['America/New_York', ', Zurich time'],
    ['Asia/Tokyo', ', Zurich time'],
  ];

  it.each(zones)('in %s: blocked days are greyed out before submitting, and 19:00 is 19:00 in Zürich everywhere', async (zone, named) => {
    const [chefRow] = await rows<{ id: number }>('select c.id from chefs c join users u on u.id = c.user_id where u.email = ?', [CHEF_EMAIL]);
    const chefId = Number(chefRow!.id);
    const [menuRow] = await rows<{ id: number; min_guests: number }>(
      `select id, min_guests from menus where chef_id = ? and status = 'published' and booking_mode = 'request' and at_customer = 1 and min_guests <= 9 and max_guests >= 4 order by id limit 1`,
      [chefId],
    );
    const menuId = Number(menuRow!.id);
    const offset = { 'Europe/Zurich': 30, 'America/New_York': 45, 'Asia/Tokyo': 60 }[zone]!;
    const [blockedDay, day] = await twoFreeDays(chefId, offset);

    // The chef blocks a day (a browser in Zürich); the customer is somewhere else.
    const { page: chefPage, errors: chefErrors } = await pageIn(CHEF_TZ);
    await signIn(chefPage, base, CHEF_EMAIL, DEMO_PASSWORD);
    expect((await call(chefPage, 'PUT', `/v1/chefs/me/availability/${blockedDay}`, { note: null })).status).toBe(200);

    const { page, errors } = await pageIn(zone);
    await page.goto(`${base}/help`);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const signup = await call(page, 'POST', '/v1/auth/signup', { firstname: 'Zora', lastname: 'Zonen', email: `e2e-zone-${stamp}@example.com`, password: 'zones-password-1', cftoken: '' });
    expect(signup.status).toBe(201);
    await page.goto(`${base}/booking/begin/${menuId}`);
    await page.getByLabel('Occasion').selectOption({ label: 'Birthday' });
    await page.getByRole('group', { name: 'Where does the event take place?' }).getByText('At my place').click();
    await page.getByLabel('Street and number').fill('Seefeldstrasse 12');
    await page.getByLabel('Postal code').fill('8008');
    await page.getByLabel('City').fill('Zürich');
    await page.getByRole('group', { name: 'Guests' }).getByRole('button', { name: String(Math.max(4, Number(menuRow!.min_guests))), exact: true }).click();

    // The blocked day is greyed out, says why under the pointer and in the month's list of taken days (the arrow keys
    // skip it), and cannot be picked.
    const { calendar, cell: blocked } = await dayCell(page, blockedDay);
    expect(await blocked.getAttribute('aria-disabled')).toBe('true');
    await blocked.hover();
    await calendar.getByTestId('date-day-note').filter({ hasText: 'The chef is not available.' }).waitFor();
    const listed = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${blockedDay}T12:00:00Z`));
    await calendar.getByTestId('date-closed-days').filter({ hasText: `${listed}: The chef is not available.` }).waitFor();
    await blocked.click({ force: true });
    expect(await calendar.getByTestId('date-chosen').innerText()).toMatch(/^Pick a day, then a time\./);

    // The next day is free: it starts at 19:00 on the chef's clocks, named where the browser's clock differs.
    const { cell } = await dayCell(page, day);
    expect(await cell.getAttribute('aria-disabled')).toBe('false');
    await cell.click();
    const [y, m, d] = day.split('-');
    const shown = `${m}/${d}/${y} 19:00${named}`;
    await calendar.getByTestId('date-chosen').filter({ hasText: `Your event: ${shown}` }).waitFor();

    // A bad postal code is refused in the browser by the server's own schema, at its field, with the focus there.
    await page.getByLabel('Postal code').fill('80!');
    await page.getByRole('button', { name: 'Send booking request' }).click();
    await page.locator('[data-field-error="address.zip"]').filter({ hasText: 'Please enter a valid postal code.' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('address.zip');
    await page.getByLabel('Postal code').fill('8008');

    await page.getByRole('button', { name: 'Send booking request' }).click();
    await page.waitForURL(/\/account\/me\/bookings\/\d+$/);
    const bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    const [stored] = await rows<{ starts_at: number; event_date: string; timezone: string }>('select starts_at, event_date, timezone from bookings where id = ?', [bookingId]);
    expect(stored!.event_date).toBe(day);
    expect(stored!.timezone).toBe(CHEF_TZ);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: CHEF_TZ, hour: '2-digit', minute: '2-digit' }).format(new Date(Number(stored!.starts_at)))).toBe('19:00');

    // The customer's booking page and the chef's show the same 19:00.
    await page.locator('main').getByText(shown, { exact: true }).first().waitFor();
    await chefPage.goto(`${base}/account/me/chefbookings/${bookingId}`);
    await chefPage.locator('main').getByText(`${m}/${d}/${y} 19:00`, { exact: true }).first().waitFor();

    // The day is free again for the next zone's run.
    expect((await call(chefPage, 'DELETE', `/v1/chefs/me/availability/${blockedDay}`)).status).toBe(200);
    expect(errors).toEqual([]);
    expect(chefErrors).toEqual([]);
    await page.context().close();
    await chefPage.context().close();
  });

  it('the header’s search bar shows the whole date and the region at 1366 px, in New York too', async () => {
    for (const timezoneId of ['America/New_York', CHEF_TZ]) {
      const context = await state.browser.newContext({ locale: 'en-US', timezoneId, viewport: { width: 1366, height: 900 } });
      await context.addInitScript(() => {
        localStorage.setItem('cookie-consent', 'rejected');
        // Runs in the page, where #shared/time is not loaded: five days written out.
        const date = new Date(Date.now() + 5 * 86_400_000);
        date.setUTCHours(18, 0, 0, 0);
        const region = { id: 2657896, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' };
        localStorage.setItem('booking-settings', JSON.stringify({ region, date: date.toISOString(), expected_guests: 4, at_chefs_place: false }));
      });
      const page = await context.newPage();
      await page.goto(`${base}/menus/nearme/2657896`);
      // The app's own bar (the prerendered page's loading markup has no settings yet).
      const bar = page.locator('[data-testid="booking-bar"]:visible').first();
      const date = bar.getByTestId('booking-bar-date');
      await date.filter({ hasText: /\d{2}:00/ }).waitFor();
      expect(await date.innerText()).toMatch(timezoneId === CHEF_TZ ? /^\d{2}\/\d{2} \d{2}:00$/ : /^\d{2}\/\d{2} \d{2}:00 \(Zurich\)$/);
      // Nothing of the date is cut off ("11/28/20…"), and the region keeps room for its name.
      expect(await date.evaluate((el) => el.scrollWidth <= el.clientWidth && !getComputedStyle(el).textOverflow.includes('ellipsis'))).toBe(true);
      expect((await bar.getByTestId('booking-bar-region').boundingBox())!.width).toBeGreaterThan(60);
      await context.close();
    }
  });
});
