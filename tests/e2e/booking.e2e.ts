// Booking journeys in real Chromium against the real server (fresh seeded database, local test-mode payments). The
// journeys run in order and share one new customer and the demo chef, each in a browser profile of their own:
// 1. the customer requests a request-to-book menu; the chef sees the request with the time left and accepts; the
//    customer pays in the test-mode checkout; both write on the booking's messages tab and see each other's
//    message arrive without a reload;
// 2. once the event lies in the past (moved there in the database: the server's clock cannot be moved), the
//    customer rates the booking (blind: not published yet), the chef rates the guest, both reviews are published
//    together and the chef's public profile counts the review;
// 3. the customer cancels another paid booking a few days ahead: the dialog previews the 50 % refund, and exactly
//    that amount is refunded and shown in the customer's payments afterwards.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { trackErrors } from './support/browser';
import { call, DEMO_PASSWORD, expectAxeClean, paidBooking, signIn } from './support/journey';
import { useBrowser } from './support/session';
import { DAY, HOUR } from '#shared/time';

const base = inject('baseURL');
const stamp = Date.now();
const customer = { firstname: 'Rahel', lastname: `Gast${String(stamp).slice(-6)}`, email: `e2e-booking-${stamp}@example.com`, password: 'booking-password-1' };
const CHEF_EMAIL = 'chef@example.com';
const TZ = 'Europe/Zurich';
/** Messages are polled every 10 seconds; allow two rounds and some slack. */
const POLL_WAIT = { timeout: 25_000 };

const { state, rows } = useBrowser();

/** A fresh profile in the chef's time zone (as a Swiss customer's browser), with the cookie banner answered. */
async function zurichPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await state.browser.newContext({ locale: 'en-US', timezoneId: TZ, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'));
  const page = await context.newPage();
  return { page, errors: trackErrors(page) };
}

/** YYYY-MM-DD of an instant in Zürich. */
const zurichDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/**
 * The first day from `fromDays` days ahead on which the demo chef has nothing at all: no block, no booking in any
 * active or day-holding state, no checkout holding it.
 */
async function freeChefDay(chefId: number, fromDays: number, toDays: number): Promise<string> {
  for (let i = fromDays; i <= toDays; i++) {
    const day = zurichDay(new Date(Date.now() + i * DAY));
    const [taken] = await rows<{ n: number }>(
      `select (select count(*) from availability_blocks where chef_id = ?1 and day = ?2)
            + (select count(*) from bookings where chef_id = ?1 and event_date = ?2 and status in ('requested', 'accepted', 'confirmed', 'completed', 'reviewed'))
            + (select count(*) from booking_day_holds where chef_id = ?1 and day = ?2) as n`,
      [chefId, day],
    );
    if (Number(taken!.n) === 0) return day;
  }
  throw new Error(`the demo chef has no free day between ${fromDays} and ${toDays} days ahead`);
}

const notification = (page: Page, title: string) => page.getByTestId('notification').filter({ hasText: title });

/** The booking's status badge shows the effective status and its label. */
async function expectStatus(page: Page, status: string, label: string) {
  await page.locator(`main [data-testid="booking-status"][data-status="${status}"]`).filter({ hasText: new RegExp(`^${label}$`) }).waitFor();
}

let chefId: number;
let chefUri: string;
let menu: { id: number; name: string; guests: number };
let customerPage: Page;
let customerErrors: string[];
let chefPage: Page;
let chefErrors: string[];
let bookingId: number;

describe('booking journeys', () => {
  it('requests a menu, the chef accepts it, the customer pays in test mode, and both exchange messages', async () => {
    const [chefRow] = await rows<{ id: number; uri: string }>('select c.id, c.uri from chefs c join users u on u.id = c.user_id where u.email = ?', [CHEF_EMAIL]);
    chefId = Number(chefRow!.id);
    chefUri = String(chefRow!.uri);
    const [menuRow] = await rows<{ id: number; name: string; min_guests: number; max_guests: number }>(
      `select id, name, min_guests, max_guests from menus where chef_id = ? and status = 'published' and booking_mode = 'request' and at_customer = 1
         and min_guests <= 9 and max_guests >= 4 order by id limit 1`,
      [chefId],
    );
    expect(menuRow).toBeTruthy();
    menu = { id: Number(menuRow!.id), name: String(menuRow!.name), guests: Math.max(4, Number(menuRow!.min_guests)) };
    const day = await freeChefDay(chefId, 21, 80);

    // The chef signs in in a profile of their own.
    ({ page: chefPage, errors: chefErrors } = await zurichPage());
    await signIn(chefPage, base, CHEF_EMAIL, DEMO_PASSWORD);

    // A new customer signs up (the API the sign-up dialog calls) and opens the booking form of the menu.
    ({ page: customerPage, errors: customerErrors } = await zurichPage());
    const page = customerPage;
    await page.goto(`${base}/help`);
    const signup = await call<{ authenticated: boolean }>(page, 'POST', '/v1/auth/signup', { ...customer, cftoken: '' });
    expect(signup.status).toBe(201);
    await page.goto(`${base}/booking/begin/${menu.id}`);
    await page.getByRole('heading', { level: 1, name: `Book “${menu.name}”` }).waitFor();
    expect(await page.getByText('Send a booking request. The chef answers within 48 hours').count()).toBe(1);

    await page.getByLabel('Occasion').selectOption({ label: 'Birthday' });
    await page.getByRole('group', { name: 'Where does the event take place?' }).getByText('At my place').click();
    await page.getByLabel('Street and number').fill('Seefeldstrasse 12');
    await page.getByLabel('Postal code').fill('8008');
    await page.getByLabel('City').fill('Zürich');
    await page.getByRole('group', { name: 'Guests' }).getByRole('button', { name: String(menu.guests), exact: true }).click();

    // The calendar: forward to the free day's month, then the day (the time starts at 19:00).
    const date = new Date(`${day}T12:00:00Z`);
    const dayName = `Choose ${new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(date)}`;
    const calendar = page.getByRole('group', { name: 'Date and time' });
    const dayOption = calendar.getByRole('gridcell', { name: dayName, exact: true });
    await calendar.getByRole('button', { name: 'Next month' }).waitFor({ timeout: 15_000 });
    for (let i = 0; i < 4 && !(await dayOption.count()); i++) {
      const shown = await calendar.locator('.react-datepicker__current-month').innerText();
      await calendar.getByRole('button', { name: 'Next month' }).click();
      await calendar.locator('.react-datepicker__current-month').filter({ hasNotText: shown }).waitFor();
    }
    await dayOption.click();
    await calendar.getByTestId('date-chosen').filter({ hasText: /19:00/ }).waitFor();

    await page.getByRole('group', { name: 'Diets' }).getByText('Vegetarian', { exact: true }).click();
    await page.getByRole('group', { name: 'Allergies' }).getByText('Tree nuts', { exact: true }).click();
    await page.getByLabel('Guests with Tree nuts allergy').fill('1');
    await page.getByLabel('Kitchen notes').fill('Gas stove, small oven.');
    const requestMessage = `Looking forward to it! (${stamp})`;
    await page.getByLabel('Message to the chef').fill(requestMessage);

    // Before sending: the full price breakdown and the cancellation policy.
    const price = page.getByRole('region', { name: 'Price' });
    const breakdown = price.getByTestId('price-breakdown');
    await breakdown.waitFor();
    const breakdownText = await breakdown.innerText();
    for (const term of ['Per person', `Subtotal (${menu.guests} guests)`, 'Service fee', 'Total']) expect(breakdownText).toContain(term);
    const formTotal = (await breakdown.locator('dd').nth(3).innerText()).trim();
    const policy = page.getByRole('region', { name: 'Cancellation policy' });
    await policy.waitFor();
    // The terms of the picked day (21 days or more ahead), with their real deadlines (booking-terms.e2e.ts has the rest).
    expect(await policy.innerText()).toMatch(/Free cancellation until \d\d\/\d\d\/\d{4} 19:00\./);
    expect(await policy.innerText()).toMatch(/50 % refund until \d\d\/\d\d\/\d{4} 19:00\./);
    await expectAxeClean(page, 'main');

    await page.getByRole('button', { name: 'Send booking request' }).click();
    await page.waitForURL(/\/account\/me\/bookings\/\d+$/);
    bookingId = Number(new URL(page.url()).pathname.split('/').pop());
    await notification(page, 'Your request was sent to the chef.').waitFor();
    await expectStatus(page, 'requested', 'Requested');
    // The booking carries the price the form showed.
    expect(await page.locator('main').getByText(formTotal, { exact: true }).count()).toBeGreaterThan(0);

    const [stored] = await rows<Record<string, unknown>>('select * from bookings where id = ?', [bookingId]);
    expect(stored).toMatchObject({
      status: 'requested',
      chef_id: chefId,
      menu_id: menu.id,
      occasion: 'birthday',
      at_chefs_place: 0,
      address_street: 'Seefeldstrasse 12',
      address_zip: '8008',
      address_city: 'Zürich',
      guests: menu.guests,
      event_date: day,
      kitchen_notes: 'Gas stove, small oven.',
      message: requestMessage,
    });
    const [owner] = await rows<{ email: string }>('select email from users where id = ?', [Number(stored!.customer_id)]);
    expect(owner!.email).toBe(customer.email);
    expect(JSON.parse(String(stored!.diets))).toEqual(['vegetarian']);
    expect(JSON.parse(String(stored!.allergens))).toEqual([{ key: 'nuts', guests: 1 }]);
    expect(Number(stored!.total)).toBe(Number(stored!.subtotal) + Number(stored!.service_fee));
    const startsAt = new Date(Number(stored!.starts_at));
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit' }).format(startsAt)).toBe('19:00');

    // The chef finds the request among the open requests, with the time left to answer, and accepts it.
    await chefPage.goto(`${base}/account/me/chefbookings`);
    await chefPage.getByRole('heading', { level: 1, name: 'Bookings of your menus' }).waitFor();
    await chefPage.getByRole('tab', { name: 'Requests' }).click();
    expect(await chefPage.getByRole('tab', { name: 'Requests' }).getAttribute('aria-selected')).toBe('true');
    // Until the booking is confirmed the chef sees the customer's first name and initial only.
    const row = chefPage.getByRole('link').filter({ hasText: `${customer.firstname} ${customer.lastname[0]}.` }).and(chefPage.locator(`[href="/account/me/chefbookings/${bookingId}"]`));
    await row.waitFor();
    expect(await row.innerText()).toMatch(/\b1 d (2[0-3]|1\d) h left to respond/);
    await row.click();
    await chefPage.waitForURL(`${base}/account/me/chefbookings/${bookingId}`);
    await chefPage.getByRole('heading', { level: 1, name: menu.name }).waitFor();
    await expectStatus(chefPage, 'requested', 'Requested');
    expect(await chefPage.getByRole('region', { name: 'What happens next' }).innerText()).toMatch(/Please answer within 1 d \d+ h/);
    expect(await chefPage.getByRole('region', { name: 'Dietary needs' }).innerText()).toContain('Tree nuts: 1 guest');
    await expectAxeClean(chefPage, 'main');
    await chefPage.getByRole('button', { name: 'Accept request' }).click();
    await notification(chefPage, 'Request accepted').waitFor();
    await expectStatus(chefPage, 'accepted', 'Accepted – awaiting payment');
    expect((await rows<{ status: string }>('select status from bookings where id = ?', [bookingId]))[0]!.status).toBe('accepted');

    // The customer pays in the built-in checkout, which says clearly that nothing is charged.
    await page.reload();
    await expectStatus(page, 'accepted', 'Accepted – awaiting payment');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/checkout\/test\/[^/?]+(\?.*)?$/);
    expect(await page.getByRole('note').innerText()).toMatch(/test mode – no real charge/i);
    expect((await page.getByTestId('checkout-amount').innerText()).trim()).toBe(formTotal);
    await page.getByRole('button', { name: 'Pay (test)' }).click();
    await page.waitForURL(`${base}/account/me/bookings/${bookingId}`);
    await notification(page, 'Payment received').waitFor();
    await expectStatus(page, 'confirmed', 'Confirmed');
    await expectAxeClean(page, 'main');
    const [payment] = await rows<{ status: string; amount: number; provider: string }>('select status, amount, provider from payments where booking_id = ?', [bookingId]);
    expect(payment).toMatchObject({ status: 'succeeded', provider: 'local', amount: Number(stored!.total) });
    expect((await rows<{ status: string }>('select status from bookings where id = ?', [bookingId]))[0]!.status).toBe('confirmed');

    // Messages: each side writes once and sees the other's message arrive by polling, without reloading.
    await page.getByRole('tab', { name: /^Messages/ }).click();
    await page.waitForURL(`${base}/account/me/bookings/${bookingId}/messages`);
    await chefPage.getByRole('tab', { name: /^Messages/ }).click();
    const customerThread = page.getByRole('region', { name: 'Messages' });
    const chefThread = chefPage.getByRole('region', { name: 'Messages' });
    const said = (thread: typeof customerThread, text: string) => thread.getByRole('listitem').filter({ hasText: text });
    await said(customerThread, requestMessage).waitFor();
    await said(chefThread, requestMessage).waitFor();
    for (const p of [page, chefPage]) await p.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const question = `Is there parking nearby? (${stamp})`;
    await customerThread.getByLabel('Your message').fill(question);
    await customerThread.getByRole('button', { name: 'Send' }).click();
    await said(customerThread, question).waitFor();
    await expect.poll(() => customerThread.getByLabel('Your message').inputValue()).toBe('');
    await said(chefThread, question).waitFor(POLL_WAIT);

    const answer = `Yes, right in front of the house. (${stamp})`;
    await chefThread.getByLabel('Your message').fill(answer);
    await chefThread.getByRole('button', { name: 'Send' }).click();
    await said(chefThread, answer).waitFor();
    await said(customerThread, answer).waitFor(POLL_WAIT);
    for (const p of [page, chefPage]) expect(await p.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expectAxeClean(page, 'main');

    const thread = await rows<{ text: string; email: string }>(
      `select m.text, u.email from messages m join message_threads t on t.id = m.thread_id join users u on u.id = m.sender_user_id
        where t.booking_id = ? order by m.id`,
      [bookingId],
    );
    expect(thread.map((m) => [m.email, m.text])).toEqual([
      [customer.email, requestMessage],
      [customer.email, question],
      [CHEF_EMAIL, answer],
    ]);
    expect(customerErrors).toEqual([]);
    expect(chefErrors).toEqual([]);
  }, 120_000);

  it('rates the booking and the guest after the event; both reviews are published together and the chef’s profile counts the new one', async () => {
    const page = customerPage;
    // The event took place yesterday: move its start 26 hours back (it ended 22 hours ago).
    await state.db.execute({ sql: 'update bookings set starts_at = ? where id = ?', args: [Date.now() - 26 * HOUR, bookingId] });
    const [before] = await rows<{ review_count: number }>('select review_count from chefs where id = ?', [chefId]);

    await page.goto(`${base}/account/me/bookings/${bookingId}`);
    await expectStatus(page, 'completed', 'Completed');
    await page.getByRole('link', { name: 'Rate this booking' }).click();
    await page.waitForURL(`${base}/account/me/bookings/${bookingId}/rate`);
    await page.getByRole('heading', { level: 1, name: 'Rate your booking' }).waitFor();

    const ratings = { Food: 5, Service: 4, Hygiene: 5, 'Value for money': 4, Communication: 5 } as const;
    const publish = page.getByRole('button', { name: 'Publish rating' });
    expect(await publish.isDisabled()).toBe(true);
    // With the keyboard, as any radio group: focus the star and press Space.
    for (const [field, stars] of Object.entries(ratings)) {
      const star = page.getByRole('group', { name: field, exact: true }).getByRole('radio', { name: `${stars} of 5 stars` });
      await star.focus();
      await page.keyboard.press('Space');
      expect(await star.isChecked()).toBe(true);
    }
    const review = `A wonderful evening, every course was a delight. (${stamp})`;
    await page.getByLabel('Your review (optional)').fill(review);
    await expectAxeClean(page, 'main');
    await publish.click();
    await page.waitForURL(`${base}/account/me/bookings/${bookingId}`);
    await notification(page, 'Thank you for your rating').waitFor();
    await expectStatus(page, 'reviewed', 'Reviewed');

    // Blind (issue 18 §5): written, not yet published; it counts nowhere until the chef has rated the guest too.
    await page.getByTestId('booking-review').getByTestId('review-pending').waitFor();
    expect(Number((await rows<{ review_count: number }>('select review_count from chefs where id = ?', [chefId]))[0]!.review_count)).toBe(Number(before!.review_count));

    // The chef rates the guest on the booking page; both reviews are published together.
    await chefPage.goto(`${base}/account/me/chefbookings/${bookingId}`);
    const form = chefPage.getByTestId('guest-review-form');
    await form.getByRole('heading', { name: `Rate your guest ${customer.firstname}` }).waitFor();
    expect(await chefPage.getByTestId('booking-review').count()).toBe(0);
    for (const field of ['Punctuality', 'Kitchen as described', 'Respect']) {
      const star = form.getByRole('group', { name: field, exact: true }).getByRole('radio', { name: '5 of 5 stars' });
      await star.focus();
      await chefPage.keyboard.press('Space');
      expect(await star.isChecked()).toBe(true);
    }
    await form.getByLabel('Your review (optional)').fill(`Punctual, warm hosts. (${stamp})`);
    await form.getByRole('button', { name: 'Send rating' }).click();
    await chefPage.getByTestId('booking-review').getByText(review).waitFor();
    await chefPage.getByTestId('guest-review').getByText(`Punctual, warm hosts. (${stamp})`).waitFor();
    await page.reload();
    await page.getByTestId('guest-review').getByText(`Punctual, warm hosts. (${stamp})`).waitFor();

    const [stored] = await rows<Record<string, number | string>>('select * from reviews where booking_id = ?', [bookingId]);
    expect(stored).toMatchObject({ chef_id: chefId, menu_id: menu.id, rating_food: 5, rating_service: 4, rating_hygiene: 5, rating_value: 4, rating_communication: 5, text: review });
    expect(Number(stored!.rating)).toBeCloseTo(4.6, 5);
    expect((await rows<{ status: string }>('select status from bookings where id = ?', [bookingId]))[0]!.status).toBe('reviewed');
    const [after] = await rows<{ review_count: number; review_avg: number }>('select review_count, review_avg from chefs where id = ?', [chefId]);
    const [truth] = await rows<{ n: number; avg: number }>('select count(*) as n, avg(rating) as avg from reviews where chef_id = ? and hidden_at is null and published_at is not null', [chefId]);
    expect(Number(after!.review_count)).toBe(Number(before!.review_count) + 1);
    expect(Number(after!.review_count)).toBe(Number(truth!.n));
    expect(Number(after!.review_avg)).toBeCloseTo(Number(truth!.avg), 6);

    // The public profile, seen by a visitor: the new count and average, and the review itself.
    const { page: visitor, errors } = await zurichPage();
    await visitor.goto(`${base}/chefs/${chefUri}`);
    const avg = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number(truth!.avg));
    await visitor.getByTestId('chef-reviews').filter({ hasText: `${avg} out of 5 · ${Number(truth!.n)} reviews` }).waitFor();
    await visitor.getByTestId('reviews').getByText(review).waitFor();
    expect(errors).toEqual([]);
    expect(customerErrors).toEqual([]);
  });

  it('cancels a paid booking with the refund the dialog previewed', async () => {
    const page = customerPage;
    // 4 to 13 days ahead at 17:00 UTC: inside the 50 % tier (72 hours to 14 days before the event).
    const day = await freeChefDay(chefId, 4, 13);
    const startsAt = new Date(`${day}T17:00:00Z`); // 18:00 or 19:00 in Zürich, on that day
    const body = {
      menu_id: menu.id,
      occasion: 'dinner_party',
      at_chefs_place: false,
      address: { street: 'Seefeldstrasse 12', zip: '8008', city: 'Zürich' },
      guests: menu.guests,
      starts_at: startsAt.toISOString(),
      message: 'A second dinner, please.',
    };
    const id = await paidBooking(page, chefPage, base, body, `e2e-cancel-${stamp}`);
    const [paid] = await rows<{ id: number; amount: number; status: string }>('select id, amount, status from payments where booking_id = ?', [id]);
    expect(paid!.status).toBe('succeeded');
    // Paid two days ago (moved there in the database): past the 24-hour cooling-off, so the 50 % tier applies.
    await state.db.execute({ sql: 'update bookings set confirmed_at = ? where id = ?', args: [Date.now() - 2 * DAY, id] });

    await page.goto(`${base}/account/me/bookings/${id}`);
    await expectStatus(page, 'confirmed', 'Confirmed');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    const preview = dialog.getByTestId('refund-preview');
    await preview.waitFor();
    const previewText = await preview.locator('p').first().innerText();
    const match = previewText.match(/^You get (.+) back \(50 % of (.+)\)\.$/);
    expect(match, previewText).toBeTruthy();
    const [, refundShown, paidShown] = match!;
    await expectAxeClean(page, '[role="dialog"]');

    await dialog.getByLabel('Reason (optional)').fill('Our plans changed.');
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await notification(page, 'Booking cancelled').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectStatus(page, 'cancelled_by_customer', 'Cancelled by the customer');
    // The payments list shows the refund: the amount the dialog promised, of the amount paid.
    await page.goto(`${base}/account/me/payment-payout`);
    const refund = page.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
    await refund.waitFor();
    expect(await refund.count()).toBe(1);
    expect(await refund.innerText()).toContain(`Refund of ${refundShown}`);
    expect(await refund.innerText()).toContain('Refunded');
    const paymentItem = page.getByRole('article').filter({ has: page.getByRole('list', { name: 'Refunds' }) });
    expect(await paymentItem.innerText()).toContain(paidShown);
    expect(await paymentItem.innerText()).toContain('Partly refunded');

    const expected = Math.round(Number(paid!.amount) / 2);
    const refunds = await rows<{ amount: number; status: string }>('select amount, status from refunds where booking_id = ?', [id]);
    expect(refunds).toEqual([{ amount: expected, status: 'succeeded' }]);
    const [payment] = await rows<{ status: string; refunded_amount: number }>('select status, refunded_amount from payments where id = ?', [paid!.id]);
    expect(payment).toEqual({ status: 'partially_refunded', refunded_amount: expected });
    const [booking] = await rows<{ status: string; reason: string }>('select status, reason from bookings where id = ?', [id]);
    expect(booking).toEqual({ status: 'cancelled_by_customer', reason: 'Our plans changed.' });
    expect(customerErrors).toEqual([]);
    expect(chefErrors).toEqual([]);
  });
});
