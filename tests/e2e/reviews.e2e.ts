// Blind two-sided reviews and the guaranteed dinner (issue 18 §4, §5) in real Chromium against the real server, two
// people in two profiles: a new customer in German on a phone in New York, the demo chef (Zürich) in English. Paid
// bookings' events are moved into the past in the database (the server's clock cannot be moved).
// 1. The customer rates the booking: it waits for the chef's review (not published, the chef cannot read it); the
//    chef rates the guest (punctuality, kitchen as described, respect, a text) and both are published together.
// 2. A review written alone is published by the sweep once its 14 days are over.
// 3. The chef cancels a confirmed booking: the customer sees the menus still free that evening (a compact list on the
//    customer's phone) and rebooks with one click into a booking form filled in from the cancelled booking, whose
//    guests' allergy passport comes along.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DAY, HOUR } from '#shared/time';
import { EVENT_DURATION_MS } from '#shared/booking-window';
import { call, DEMO_PASSWORD, expectAxeClean, paidBooking, signIn } from './support/journey';
import { DEMO_CHEF_EMAIL as CHEF_EMAIL, DEMO_CHEF_TZ as EVENT_TZ, demoChef, freeEvening, zurichDay } from './support/demo-chef';
import { useBrowser } from './support/session';

const base = inject('baseURL');
const stamp = Date.now();
const ADMIN_EMAIL = 'admin@example.com';
const ADDRESS = { street: 'Seefeldstrasse 40', zip: '8008', city: 'Zürich' };

const { state, newPage, rows } = useBrowser();

/** "dd.MM.yyyy HH:mm, Ortszeit Zürich": an instant on the event's clocks, the zone named for a viewer in New York. */
function germanClock(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: EVENT_TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}, Ortszeit Zürich`;
}

/**
 * Moves a booking's event into the past in the database: it began `ago` ago, or whole days earlier where the chef's
 * day is taken by another booking (one booking a day per chef is a unique index). Returns its start.
 */
async function beganAgo(id: number, ago: number): Promise<Date> {
  for (let i = 0; i < 30; i++) {
    const began = new Date(Date.now() - ago - i * DAY);
    const [taken] = await rows<{ n: number }>("select count(*) as n from bookings where chef_id = (select chef_id from bookings where id = ?1) and event_date = ?2 and id != ?1", [id, zurichDay(began)]);
    if (Number(taken!.n) > 0) continue;
    await state.db.execute({ sql: 'update bookings set starts_at = ?, event_date = ? where id = ?', args: [began.getTime(), zurichDay(began), id] });
    return began;
  }
  throw new Error(`no free past day for booking ${id}`);
}

/** Checks a star rating with the keyboard (the star covers its radio): focus the radio, press Space. */
async function rate(page: Page, scope: ReturnType<Page['locator']> | Page, group: string, star: string) {
  const radio = scope.getByRole('group', { name: group, exact: true }).getByRole('radio', { name: star });
  await radio.focus();
  await page.keyboard.press('Space');
  expect(await radio.isChecked()).toBe(true);
}

/**
 * A paid dinner of the demo chef's menu for 4 at the customer's address on a free evening 20 to 60 days ahead, with
 * `fields` over these; its id and start.
 */
async function paidDinner(key: string, fields: Record<string, unknown>): Promise<{ id: number; startsAt: Date }> {
  const startsAt = await freeEvening(state.db, chefId, 20, 60);
  const body = { menu_id: menuId, at_chefs_place: false, address: ADDRESS, guests: 4, starts_at: startsAt.toISOString(), ...fields };
  return { id: await paidBooking(customer.page, chef.page, base, body, key), startsAt };
}

let chefId: number;
let chefName: string;
let menuId: number;
let customer: { page: Page; errors: string[] };
let chef: { page: Page; errors: string[] };
const guestName = 'Mira';

describe('blind reviews and the guaranteed dinner', () => {
  it('the customer’s review waits for the chef’s; the chef rates the guest and both are published together', async () => {
    ({ chefId, firstname: chefName, menuId } = await demoChef(state.db));
    // The customer: German, on a phone in New York. The chef: English, in Zürich.
    customer = await newPage({ locale: 'de', timezoneId: 'America/New_York', phone: true });
    chef = await newPage({ locale: 'en', timezoneId: EVENT_TZ });
    await signIn(chef.page, base, CHEF_EMAIL, DEMO_PASSWORD);
    const c = customer.page;
    const k = chef.page;
    await c.goto(`${base}/help`);
    const signup = await call(c, 'POST', '/v1/auth/signup', { firstname: guestName, lastname: 'Bewerter', email: `e2e-reviews-${stamp}@example.com`, password: 'reviews-password-1', cftoken: '' });
    expect(signup.status).toBe(201);
    const { id } = await paidDinner(`e2e-reviews-${stamp}`, { occasion: 'birthday' });
    // The dinner took place three nights ago (or a night before): last night belongs to the complaint journey, whose
    // 48-hour window cannot move to another day when the demo chef's evening is taken.
    const began = await beganAgo(id, 3 * DAY);
    const [before] = await rows<{ review_count: number }>('select review_count from chefs where id = ?', [chefId]);

    // 1. The customer (German, phone) rates the booking with the keyboard.
    await c.goto(`${base}/account/me/bookings/${id}`);
    await c.getByRole('link', { name: 'Buchung bewerten' }).click();
    await c.waitForURL(`${base}/account/me/bookings/${id}/rate`);
    await c.getByRole('heading', { level: 1, name: 'Buchung bewerten' }).waitFor();
    for (const field of ['Essen', 'Service', 'Hygiene', 'Preis-Leistungs-Verhältnis', 'Kommunikation']) await rate(c, c, field, '5 von 5 Sternen');
    const review = `Ein wunderbarer Abend, jeder Gang ein Genuss. (${stamp})`;
    await c.getByLabel('Deine Bewertung (optional)').fill(review);
    await expectAxeClean(c, 'main');
    await c.getByRole('button', { name: 'Bewertung veröffentlichen' }).click();
    await c.waitForURL(`${base}/account/me/bookings/${id}`);

    // Blind: the customer reads their own review with when it will be published; it is not published and counts nowhere.
    const mine = c.getByTestId('booking-review');
    await mine.getByText(review).waitFor({ timeout: 15_000 });
    // At the latest 14 days after the event's end, on the event's clocks.
    const publishBy = germanClock(new Date(began.getTime() + EVENT_DURATION_MS + 14 * DAY));
    expect(await mine.getByTestId('review-pending').innerText()).toBe(
      `Wird veröffentlicht, sobald ${chefName} dich auch bewertet hat, spätestens am ${publishBy}. Bis dahin kannst nur du sie lesen.`,
    );
    const [written] = await rows<{ text: string; published_at: number | null }>('select text, published_at from reviews where booking_id = ?', [id]);
    expect(written).toEqual({ text: review, published_at: null });
    expect(Number((await rows<{ review_count: number }>('select review_count from chefs where id = ?', [chefId]))[0]!.review_count)).toBe(Number(before!.review_count));

    // The chef cannot read it: not on the booking page, not in the booking's answer.
    await k.goto(`${base}/account/me/chefbookings/${id}`);
    const form = k.getByTestId('guest-review-form');
    await form.getByRole('heading', { name: `Rate your guest ${guestName}` }).waitFor({ timeout: 15_000 });
    expect(await k.getByTestId('booking-review').count()).toBe(0);
    expect(await k.locator('main').innerText()).not.toContain(review);
    const chefView = await call<{ data: { review: unknown } }>(k, 'GET', `/v1/chefs/me/bookings/${id}`);
    expect(chefView.status).toBe(200);
    expect(chefView.json.data.review).toBeNull();

    // 2. The chef (English) rates the guest: punctuality, kitchen as described, respect, a text.
    await rate(k, form, 'Punctuality', '5 of 5 stars');
    await rate(k, form, 'Kitchen as described', '4 of 5 stars');
    await rate(k, form, 'Respect', '5 of 5 stars');
    const guestText = `Punctual, warm hosts, the kitchen as promised. (${stamp})`;
    await form.getByLabel('Your review (optional)').fill(guestText);
    await expectAxeClean(k, 'main');
    await form.getByRole('button', { name: 'Send rating' }).click();

    // Both are published together: the chef reads the customer's review, the customer the chef's, neither pending.
    await k.getByTestId('booking-review').getByText(review).waitFor({ timeout: 15_000 });
    await k.getByTestId('guest-review').getByText(guestText).waitFor();
    expect(await k.getByTestId('review-pending').count()).toBe(0);
    await c.reload();
    const aboutMe = c.getByTestId('guest-review');
    await aboutMe.getByText(guestText).waitFor({ timeout: 15_000 });
    expect(await aboutMe.getByRole('heading').innerText()).toBe(`Bewertung von ${chefName} über dich`);
    expect(await c.getByTestId('booking-review').getByText(review).count()).toBe(1);
    expect(await c.getByTestId('review-pending').count()).toBe(0);
    await expectAxeClean(c, 'main');

    const [published] = await rows<{ published_at: number | null }>('select published_at from reviews where booking_id = ?', [id]);
    const [guest] = await rows<Record<string, number | string | null>>(
      'select rating_punctuality, rating_kitchen, rating_respect, text, published_at from guest_reviews where booking_id = ?',
      [id],
    );
    expect(published!.published_at).not.toBeNull();
    expect(guest).toMatchObject({ rating_punctuality: 5, rating_kitchen: 4, rating_respect: 5, text: guestText });
    expect(Number(guest!.published_at)).toBe(Number(published!.published_at));
    expect(Number((await rows<{ review_count: number }>('select review_count from chefs where id = ?', [chefId]))[0]!.review_count)).toBe(Number(before!.review_count) + 1);

    expect(customer.errors).toEqual([]);
    expect(chef.errors).toEqual([]);
  }, 180_000);

  it('a review written alone is published by the sweep once its 14 days are over', async () => {
    const c = customer.page;
    const k = chef.page;
    const { id } = await paidDinner(`e2e-reviews-alone-${stamp}`, { occasion: 'dinner_party' });
    await beganAgo(id, 3 * DAY);
    const review = `Schön, aber der Dessert kam spät. (${stamp})`;
    const rated = await call(c, 'POST', `/v1/users/me/orders/${id}/rate`, { rating_food: 4, rating_service: 3, rating_hygiene: 5, rating_value: 4, rating_communication: 4, text: review });
    expect(rated.status).toBe(201);
    expect((await rows<{ published_at: number | null }>('select published_at from reviews where booking_id = ?', [id]))[0]!.published_at).toBeNull();

    // The chef never rated the guest; the 14 days after the event's end are over.
    await beganAgo(id, EVENT_DURATION_MS + 14 * DAY + HOUR);
    const admin = await newPage({ locale: 'en', timezoneId: EVENT_TZ });
    await signIn(admin.page, base, ADMIN_EMAIL, DEMO_PASSWORD);
    const swept = await call<{ data: { reviews_published: number } }>(admin.page, 'POST', '/v1/admin/sweep', {});
    expect(swept.status).toBe(200);
    // (The server's own sweep timer may have published it a moment earlier; either way it is published now.)
    const [after] = await rows<{ published_at: number | null }>('select published_at from reviews where booking_id = ?', [id]);
    expect(after!.published_at).not.toBeNull();
    expect(await rows('select id from guest_reviews where booking_id = ?', [id])).toEqual([]);

    // Now the chef reads it, and can no longer rate the guest.
    await k.goto(`${base}/account/me/chefbookings/${id}`);
    await k.getByTestId('booking-review').getByText(review).waitFor({ timeout: 15_000 });
    expect(await k.getByTestId('guest-review-form').count()).toBe(0);
    await c.goto(`${base}/account/me/bookings/${id}`);
    await c.getByTestId('booking-review').getByText(review).waitFor({ timeout: 15_000 });
    expect(await c.getByTestId('review-pending').count()).toBe(0);
    expect(await c.getByTestId('guest-review').count()).toBe(0);
    expect(admin.errors).toEqual([]);
  }, 120_000);

  it('the chef cancels a confirmed booking; the customer picks an alternative and rebooks with one click', async () => {
    const c = customer.page;
    const k = chef.page;
    const message = `Wir freuen uns auf den Abend! (${stamp})`;
    const kitchenNotes = 'Induktionsherd, kleiner Ofen.';
    const { id, startsAt } = await paidDinner(`e2e-rebook-${stamp}`, { occasion: 'anniversary', diets: ['vegetarian'], kitchen_notes: kitchenNotes, message });

    // One guest answers the allergy passport through the customer's invite link, without an account.
    const invite = await call<{ data: { url: string } }>(c, 'POST', `/v1/bookings/${id}/guest-invites`, {});
    expect(invite.status).toBe(201);
    const token = new URL(invite.json.data.url).pathname.split('/').pop()!;
    const guest = await newPage({ locale: 'en' });
    await guest.page.goto(`${base}/help`);
    const answered = await call(guest.page, 'POST', `/v1/guest-invites/${token}/answers`, { name: 'Jonas', diets: ['vegetarian'], allergies: [], 'cf-turnstile-response': '' });
    expect(answered.status).toBe(201);

    // The chef (English) cancels the confirmed booking on its page, told that it counts against them.
    await k.goto(`${base}/account/me/chefbookings/${id}`);
    await k.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = k.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByText('A cancellation by you refunds the customer in full and counts against your profile.').waitFor({ timeout: 15_000 });
    await dialog.getByLabel('Reason').fill('I am ill, I am so sorry.');
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await k.locator('main [data-testid="booking-status"][data-status="cancelled_by_chef"]').waitFor();
    expect((await rows<{ status: string }>('select status from bookings where id = ?', [id]))[0]!.status).toBe('cancelled_by_chef');

    // The customer sees the menus still free that evening, for the same place, guests and needs; not the chef's own.
    await c.goto(`${base}/account/me/bookings/${id}`);
    const alternatives = c.getByRole('region', { name: 'Für deinen Abend noch frei' });
    await alternatives.waitFor({ timeout: 15_000 });
    expect(await alternatives.innerText()).toContain(
      `Dein Koch hat abgesagt, deine Zahlung wird vollständig erstattet. Diese Köche können am ${germanClock(startsAt)} noch für 4 Gäste kochen, am selben Ort und für dieselben Ernährungswünsche:`,
    );
    // On the phone they are a compact list, each row one link to the filled-in booking form (the cards are for wider
    // screens and hidden here), and none is taller than a few lines.
    const links = alternatives.getByTestId('alternative-row');
    await links.first().waitFor({ timeout: 15_000 });
    expect(await alternatives.getByTestId('alternative-menu').first().isVisible()).toBe(false);
    expect(await links.count()).toBeGreaterThan(0);
    expect(await links.count()).toBeLessThanOrEqual(6);
    for (const box of await links.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().height))) expect(box).toBeLessThan(140);
    // Nothing of them runs off the screen sideways.
    const overflow = await alternatives.evaluate((el) => {
      const width = document.documentElement.clientWidth;
      const offScreen = [...el.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > width + 0.5);
      return offScreen.map((e) => `${e.tagName} ends at ${Math.round(e.getBoundingClientRect().right)} > ${width}`);
    });
    expect(overflow).toEqual([]);
    // Each one is another chef's published menu for 4 guests at the customer's place, vegetarian, and that chef is
    // free that evening.
    const day = zurichDay(startsAt);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
      const menu = Number(href.match(/\/booking\/begin\/(\d+)\?rebook=(\d+)$/)![1]);
      expect(href).toBe(`/booking/begin/${menu}?rebook=${id}`);
      const [fit] = await rows<Record<string, number>>(
        `select m.chef_id != ?2 as other_chef, m.status = 'published' and m.at_customer = 1 and m.min_guests <= 4 and m.max_guests >= 4 as fits,
                exists (select 1 from menu_tags t join list_items l on l.id = t.item_id where t.menu_id = m.id and l.key = 'vegetarian') as vegetarian,
                (select count(*) from bookings b where b.chef_id = m.chef_id and b.event_date = ?3 and b.status in ('requested', 'accepted', 'confirmed'))
                  + (select count(*) from availability_blocks a where a.chef_id = m.chef_id and a.day = ?3) as taken
           from menus m where m.id = ?1`,
        [menu, chefId, day],
      );
      expect({ menu, ...fit }).toEqual({ menu, other_chef: 1, fits: 1, vegetarian: 1, taken: 0 });
    }
    await expectAxeClean(c, 'main');

    // One click: the booking form of that menu, filled in from the cancelled booking.
    const picked = Number((await links.first().getAttribute('href'))!.match(/\/booking\/begin\/(\d+)/)![1]);
    const [pickedMenu] = await rows<{ booking_mode: string }>('select booking_mode from menus where id = ?', [picked]);
    await links.first().click();
    await c.waitForURL(`${base}/booking/begin/${picked}?rebook=${id}`);
    const note = c.getByTestId('rebook-note');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.innerText()).toBe(
      'Aus deiner abgesagten Buchung übernommen: Datum, Uhrzeit, Gäste, Ort, Ernährungswünsche und deine Nachricht. Prüfe sie und sende ab. Der Allergiepass deiner Gäste kommt mit: 1 Antwort, die der neue Koch sieht und beantwortet.',
    );
    expect(await c.getByLabel('Anlass').inputValue()).toBe('anniversary');
    expect(await c.getByLabel('Straße und Hausnummer').inputValue()).toBe(ADDRESS.street);
    expect(await c.getByLabel('PLZ').inputValue()).toBe(ADDRESS.zip);
    expect(await c.getByLabel('Ort', { exact: true }).inputValue()).toBe(ADDRESS.city);
    expect(await c.getByRole('group', { name: 'Gäste' }).getByRole('button', { name: '4', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await c.getByTestId('date-chosen').innerText()).toBe(`Dein Anlass: ${germanClock(startsAt)}`);
    expect(await c.getByRole('group', { name: 'Ernährungsweisen' }).getByRole('checkbox', { name: 'Vegetarisch' }).isChecked()).toBe(true);
    expect(await c.getByLabel('Hinweise zur Küche').inputValue()).toBe(kitchenNotes);
    expect(await c.getByLabel('Nachricht an den Koch').inputValue()).toBe(message);
    await expectAxeClean(c, 'main');

    // Sent as it is: a new booking of the picked menu, the same evening and place, with the guest's passport answer.
    const instant = pickedMenu!.booking_mode === 'instant';
    await c.getByRole('button', { name: instant ? 'Buchen und bezahlen' : 'Buchungsanfrage senden' }).click();
    await c.waitForURL(instant ? /\/checkout\/test\/[^/?]+(\?.*)?$/ : /\/account\/me\/bookings\/\d+$/, { timeout: 15_000 });
    const [made] = await rows<Record<string, number | string | null>>(
      'select id, status, menu_id, event_date, starts_at, guests, occasion, at_chefs_place, address_street, address_zip, address_city, diets, message from bookings where customer_id = (select customer_id from bookings where id = ?) and menu_id = ? order by id desc limit 1',
      [id, picked],
    );
    expect(made).toMatchObject({
      menu_id: picked,
      event_date: zurichDay(startsAt),
      guests: 4,
      occasion: 'anniversary',
      at_chefs_place: 0,
      address_street: ADDRESS.street,
      address_zip: ADDRESS.zip,
      address_city: ADDRESS.city,
      message,
    });
    expect(Number(made!.id)).not.toBe(id);
    expect(JSON.parse(String(made!.diets))).toEqual(['vegetarian']);
    expect(Number(made!.starts_at)).toBe(startsAt.getTime());
    const copied = await rows<{ name: string; diets: string }>('select name, diets from guest_answers where booking_id = ?', [Number(made!.id)]);
    expect(copied.map((a) => [a.name, JSON.parse(a.diets)])).toEqual([['Jonas', ['vegetarian']]]);
    // The cancelled booking keeps its own answer.
    expect(await rows('select name from guest_answers where booking_id = ?', [id])).toEqual([{ name: 'Jonas' }]);

    expect(customer.errors).toEqual([]);
    expect(chef.errors).toEqual([]);
    expect(guest.errors).toEqual([]);
  }, 180_000);
});
