// Calendars in Chromium against the real server: the customer, with the browser in Tokyo, downloads a confirmed
// booking with "Add to calendar" and gets the event at its clock time in Zürich (read back with ical.js); the chef,
// with the browser in New York, copies the private feed link from the availability screen, the feed carries the
// same event without a cookie, and "Make a new link" ends the old link.
import ICAL from 'ical.js';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { trackErrors } from './support/browser';
import { DEMO_PASSWORD, signIn } from './support/journey';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { state } = useBrowser();

async function pageIn(timezoneId: string): Promise<{ page: Page; errors: string[] }> {
  const context = await state.browser.newContext({ locale: 'en-US', timezoneId, viewport: { width: 390, height: 844 }, acceptDownloads: true });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'));
  const page = await context.newPage();
  return { page, errors: trackErrors(page) };
}

/** The VEVENTs of a calendar, with its VTIMEZONEs registered so that each TZID resolves through them. */
function events(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const z of cal.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(z);
    ICAL.TimezoneService.register(zone, zone.tzid);
  }
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => ({ vevent: v, event: new ICAL.Event(v) }));
}

describe('calendars', () => {
  it('gives the customer and the chef the same event at 19:00 Zürich time, whatever the browser’s zone', async () => {
    const [booking] = (
      await state.db.execute(
        `select b.id, b.starts_at from bookings b join users u on u.id = b.customer_id join chefs c on c.id = b.chef_id join users cu on cu.id = c.user_id
         where u.email = 'customer@example.com' and cu.email = 'chef@example.com' and b.status = 'confirmed' and b.starts_at > ? order by b.starts_at limit 1`,
        [Date.now()],
      )
    ).rows as unknown as { id: number; starts_at: number }[];
    expect(booking, 'a confirmed booking of the demo customer with the demo chef').toBeTruthy();
    const uid = `booking-${booking!.id}@${new URL(base).hostname}`;

    const { page: customer, errors } = await pageIn('Asia/Tokyo');
    await signIn(customer, base, 'customer@example.com', DEMO_PASSWORD);
    await customer.goto(`${base}/account/me/bookings/${booking!.id}`);
    const [download] = await Promise.all([customer.waitForEvent('download'), customer.getByRole('link', { name: 'Add to calendar' }).click()]);
    expect(download.suggestedFilename()).toBe(`booking-${booking!.id}.ics`);
    const [file] = events(await readFile((await download.path())!, 'utf8'));
    expect(file!.event.uid).toBe(uid);
    expect(file!.vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Zurich');
    expect(file!.event.startDate.toJSDate().getTime()).toBe(Number(booking!.starts_at));
    expect(errors).toEqual([]);

    const { page: chef } = await pageIn('America/New_York');
    await signIn(chef, base, 'chef@example.com', DEMO_PASSWORD);
    await chef.goto(`${base}/account/me/availability`);
    const link = chef.getByLabel('Your private calendar link');
    await expect.poll(() => link.inputValue(), { timeout: 15_000 }).toMatch(/\/v1\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const old = await link.inputValue();
    const feed = await fetch(old);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(events(await feed.text()).map((e) => e.event.uid)).toContain(uid);

    await chef.getByRole('button', { name: 'Make a new link' }).click();
    await expect.poll(() => link.inputValue(), { timeout: 15_000 }).not.toBe(old);
    await chef.getByText('The old one no longer works').waitFor();
    expect((await fetch(old)).status).toBe(404);
    expect((await fetch(await link.inputValue())).status).toBe(200);
  });
});
