// The demo chef's own screens on a phone (390×844), in German, with the browser in a time zone far from the events'
// (Europe/Zurich): nothing makes a page scroll sideways (the bookings' filter tabs once pushed "Vergangen" 90 px past
// the edge), no control reaches into its card's padding ("Zu Google Kalender hinzufügen" once did), a booking's
// "Zum Kalender hinzufügen" stays inside its column, a payout's state sits on its amount's line, the messages tell
// their times in Zürich like the booking's other times, saving a menu is confirmed where the chef tapped, and a long
// notification title wraps beside its "Neu" badge.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, DEMO_PASSWORD } from './support/journey';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const { newPage, rows, state } = useBrowser();

async function chefOnPhone(): Promise<{ page: Page; errors: string[] }> {
  const opened = await newPage({ locale: 'de', timezoneId: 'Asia/Tokyo', phone: true });
  await opened.page.goto(`${base}/`);
  expect((await call(opened.page, 'POST', '/v1/auth/signin', { identifier: 'chef@example.com', secret: DEMO_PASSWORD })).status).toBe(200);
  return opened;
}

async function open(page: Page, path: string) {
  await page.goto(`${base}${path}`);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** How far the page scrolls sideways, and the controls past its right edge or reaching into their card's padding. */
function sidewaysOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = Array.from(document.querySelectorAll('main :is(a, button)'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !el.closest('nav'))
      .map((el) => el.textContent?.trim());
    // A card's padding is its margin for what it holds: a control that reaches into it looks cut off on a phone.
    const intoPadding: string[] = [];
    for (const card of document.querySelectorAll<HTMLElement>('main .card')) {
      const box = card.getBoundingClientRect();
      const style = getComputedStyle(card);
      const left = box.left + Number.parseFloat(style.borderLeftWidth) + Number.parseFloat(style.paddingLeft);
      const right = box.right - Number.parseFloat(style.borderRightWidth) - Number.parseFloat(style.paddingRight);
      for (const el of card.querySelectorAll<HTMLElement>(':is(a[href], button, input, select, textarea)')) {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || el.closest('.sr-only')) continue;
        if (r.left < left - 0.5 || r.right > right + 0.5) intoPadding.push(`${(el.textContent || el.getAttribute('aria-label') || el.tagName).trim()}: ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(left)}–${Math.round(right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth - width, past, intoPadding };
  });
}

describe('the chef area on a phone in German, far from Zürich', () => {
  it('never scrolls sideways, and every control stays inside its card', async () => {
    const { page, errors } = await chefOnPhone();
    for (const path of ['/account/me/chefbookings', '/account/me/payout', '/account/me/availability', '/account/me/menumanagement', '/account/me/chefprofile']) {
      await open(page, path);
      const sideways = await sidewaysOf(page);
      expect(sideways, path).toEqual({ scrollWidth: 0, past: [], intoPadding: [] });
    }
    // The calendar feed's long "Zu Google Kalender hinzufügen" wraps onto two lines rather than running out.
    await open(page, '/account/me/availability');
    const google = page.getByTestId('calendar-feed-google');
    await google.waitFor();
    expect(await google.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().height > 44)).toBe(true);
    // Every filter of the chef's bookings can be seen and tapped.
    await page.goto(`${base}/account/me/chefbookings`);
    // Each booking's status is a coloured badge (its tones are named in a .ts module, which the CSS once left out).
    await page.getByTestId('booking-status').first().waitFor();
    const bare = await page.getByTestId('booking-status').evaluateAll((els) => els.filter((el) => getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)').map((el) => el.textContent));
    expect(bare).toEqual([]);
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

  it('shows each payout’s state on the line of its amount, at the right edge', async () => {
    const { page, errors } = await chefOnPhone();
    await open(page, '/account/me/payout');
    const payouts = page.getByTestId('payout');
    await payouts.first().waitFor();
    const placed = await payouts.evaluateAll((items) =>
      items.map((item) => {
        const row = item.getBoundingClientRect();
        const badge = item.querySelector('[data-testid=payout-state]')!.getBoundingClientRect();
        const amount = item.querySelector('p')!.getBoundingClientRect();
        const middle = badge.top + badge.height / 2;
        return { text: item.querySelector('[data-testid=payout-state]')!.textContent, sameLine: middle > amount.top && middle < amount.bottom, atRight: Math.abs(badge.right - row.right) <= 0.5 };
      }),
    );
    expect(placed.length).toBeGreaterThan(1);
    expect(placed.filter((p) => !p.sameLine || !p.atRight)).toEqual([]);
    expect(placed[0]!.text).toBe('Bezahlt');
    expect(errors).toEqual([]);
  });

  it('tells the messages’ times as the clock in Zürich shows them, named, like the status history beside them', async () => {
    const [thread] = await rows<{ booking_id: number }>(
      `select t.booking_id from message_threads t join bookings b on b.id = t.booking_id join chefs c on c.id = b.chef_id
       join users u on u.id = c.user_id where u.email = 'chef@example.com' and b.status = 'confirmed'
       and exists (select 1 from messages m where m.thread_id = t.id)
       order by t.booking_id limit 1`,
    );
    const { page, errors } = await chefOnPhone();
    await open(page, `/account/me/chefbookings/${thread!.booking_id}`);
    // The status history names Zürich's clock (the browser is in Tokyo)…
    await expect.poll(() => page.locator('#timeline-title + *').first().textContent()).toContain('Ortszeit Zürich');
    // What happens next and the tab not chosen stand out from the cream page (they once had its very colour).
    const blends = await page.evaluate(() => {
      const paint = (el: Element | null): string => {
        for (let at = el; at; at = at.parentElement) {
          const bg = getComputedStyle(at).backgroundColor;
          if (bg !== 'rgba(0, 0, 0, 0)') return bg;
        }
        return getComputedStyle(document.documentElement).backgroundColor;
      };
      const next = document.querySelector('section[aria-labelledby=next-title]')!;
      const tab = document.querySelector('[role=tab][aria-selected=false]')!;
      return [next, tab].filter((el) => paint(el) === paint(el.parentElement)).map((el) => el.textContent);
    });
    expect(blends).toEqual([]);
    await page.getByRole('tab', { name: /^Nachrichten/ }).click();
    const times = page.locator('[data-testid=message] time');
    await times.first().waitFor();
    const told = await times.evaluateAll((els) => els.map((el) => ({ at: el.getAttribute('datetime')!, text: el.textContent })));
    // …and so does every message: "17.11.2026 21:30, Ortszeit Zürich" for 20:30 UTC, never Tokyo's 05:30.
    const zurich = (iso: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
          .formatToParts(new Date(iso))
          .map((x) => [x.type, x.value]),
      );
      return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}, Ortszeit Zürich`;
    };
    expect(told.length).toBeGreaterThan(0);
    expect(told.map((m) => m.text)).toEqual(told.map((m) => zurich(m.at)));
    expect(errors).toEqual([]);
  });

  it('saves a valid menu and says so beside the button the chef tapped, at the end of the long form', async () => {
    const [menu] = await rows<{ id: number; updated_at: number }>(
      `select m.id, m.updated_at from menus m join chefs c on c.id = m.chef_id join users u on u.id = c.user_id
       where u.email = 'chef@example.com' and m.status = 'published' and m.image_id is not null order by m.id limit 1`,
    );
    const { page, errors } = await chefOnPhone();
    await open(page, `/account/me/menumanagement/${menu!.id}`);
    const save = page.getByRole('button', { name: 'Menü speichern' });
    await save.click();
    const note = page.getByTestId('menu-editor-message');
    await expect.poll(() => note.textContent()).toBe('Das Menü wurde gespeichert.');
    // The note is on the screen where the button was, not at the top of the form, out of sight.
    const seen = await note.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(seen).toBe(true);
    const [after] = await rows<{ updated_at: number }>('select updated_at from menus where id = ?', [menu!.id]);
    expect(Number(after!.updated_at)).toBeGreaterThan(Number(menu!.updated_at));
    expect(errors).toEqual([]);
  });

  it('breaks a long contact e-mail address inside its column on a booking, instead of scrolling the page sideways', async () => {
    const long = 'maximiliana.alessandra.baumgartner-rossi@example.com';
    const row = (await state.db.execute(`select b.id, u.email from bookings b join users u on u.id = b.customer_id join chefs c on c.id = b.chef_id join users cu on cu.id = c.user_id where cu.email = 'chef@example.com' and b.status = 'completed' order by b.id limit 1`)).rows[0]!;
    const booking = { id: Number(row.id), email: String(row.email) };
    // The address is the customer's for this test only: other journeys sign in with it.
    await state.db.execute({ sql: 'update users set email = ? where email = ?', args: [long, booking.email] });
    try {
      const { page, errors } = await chefOnPhone();
      await open(page, `/account/me/chefbookings/${booking.id}`);
      await page.locator(`a[href="mailto:${long}"]`).waitFor();
      expect(await sidewaysOf(page)).toEqual({ scrollWidth: 0, past: [], intoPadding: [] });
      expect(errors).toEqual([]);
    } finally {
      await state.db.execute({ sql: 'update users set email = ? where email = ?', args: [booking.email, long] });
    }
  });

  it('keeps a long notification title’s "Neu" badge on the title’s first line, wrapping the title instead', async () => {
    const title = 'Neue Nachricht von Maximiliana-Alessandra zu eurem Abendessen am Samstag in Zürich';
    await state.db.execute({
      sql: `insert into notifications (user_id, type, title, message, link) select id, 'info', ?, 'Geht auch glutenfrei?', '/account/me/chefbookings' from users where email = 'chef@example.com'`,
      args: [title],
    });
    const { page, errors } = await chefOnPhone();
    await open(page, '/account/me/notifications');
    const item = page.getByTestId('notification-item').filter({ hasText: title });
    await item.waitFor();
    const placed = await item.evaluate((el) => {
      const heading = el.querySelector('h3')!;
      const text = heading.querySelector('a')!.getBoundingClientRect();
      const badge = heading.querySelector('[data-testid=notification-new]')!.getBoundingClientRect();
      const line = Number.parseFloat(getComputedStyle(heading).lineHeight);
      return { wrapped: text.height > 1.5 * line, badgeOnFirstLine: badge.top < text.top + line, badgeBeside: badge.left >= text.right - 0.5, inside: badge.right <= heading.getBoundingClientRect().right + 0.5 };
    });
    expect(placed).toEqual({ wrapped: true, badgeOnFirstLine: true, badgeBeside: true, inside: true });
    expect(errors).toEqual([]);
  });
});
