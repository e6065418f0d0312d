// Contact details never reach the other party before a booking is confirmed (issue 15 M3), wherever a text one party
// wrote is shown: the booking (message, kitchen notes, reason, history), its thread, the messages menu, the
// notification list and the mails. The attack's disguises are used; each answer and mail the other party gets is
// searched for the number and the address after undoing them. What stands in for them is in the reader's language:
// the viewer's in an answer, the recipient's in a notification and its mail. Once confirmed, the texts show in full;
// admins read them as written. Numbers spelled as words are masked the same way, and so is a chef's public bio,
// which every visitor reads before any booking.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { messages } from '../../functions/_api/db/schema/messages';
import { outbox } from '../../functions/_api/db/schema/system';
import { seoPage } from '../../functions/_api/modules/seo/seo.edge';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { superUser } from '../support/admin-fixtures';
import { as, bookingCalls, chefBookingOf, confirmedBooking, orderOf, requestBooking, sendMessage, startsIn, world, type Party, type World } from '../support/booking-fixtures';
import { ok, on, typedClient, visitorClient } from '../support/typed-client';
import type { Agent } from '../support/agent';

const h = useHarness();
beforeEach(() => h.clock.set(START));

/** The customer's number and address, and the chef's, in the disguises the attack used. */
const CUSTOMER_TEXTS = [
  'My number is 079 123 45 67.',
  'Call +４１ ７９ １２３ ４５ ６７',
  'or 41 79 123 45 67',
  'WhatsApp: wa.me/41791234567',
  'mail julia＠gmail.com',
  'or 079\u200b123\u200b45\u200b67',
  'j u l i a @ g m a i l . c o m',
];
const CHEF_TEXT = 'Reach me on 044 765 43 21 or marco.rossi@example.ch';

/** What a text says once look-alikes, invisible characters and spaces are undone. */
const plain = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/[\p{Cf}\s]/gu, '')
    .toLowerCase();
const leaksOf = (text: string) => {
  const p = plain(text);
  return ['791234567', 'julia@gmail', '447654321', '7654321', 'marco.rossi@'].filter((needle) => p.includes(needle));
};

/** Everything a party is shown about a booking: answers of every read, notifications and their mails. */
async function everythingShownTo(party: Party, id: number, side: 'customer' | 'chef') {
  const a = await as(h, party);
  const t = typedClient(a);
  const reads = {
    booking: () => ok(bookingCalls(a).$get(on(id))),
    own: () => (side === 'chef' ? ok(chefBookingOf(a, id)) : ok(orderOf(a, id))),
    list: () => (side === 'chef' ? ok(t.chefs.me.bookings.$get({ query: { scope: 'requests' } })) : ok(t.users.me.orders.$get({ query: {} }))),
    other_list: () => (side === 'chef' ? ok(t.chefs.me.bookings.$get({ query: {} })) : ok(t.users.me.orders.$get({ query: { scope: 'past' } }))),
    thread: () => ok(bookingCalls(a).messages.$get({ ...on(id), query: {} })),
    threads: () => ok(t.users.me['message-threads'].$get({ query: {} })),
    notifications: () => ok(t.users.me.notifications.$get({ query: {} })),
  };
  const shown: Record<string, string> = {};
  for (const [name, read] of Object.entries(reads)) {
    const res = await read();
    expect(res.status, name).toBe(200);
    shown[name] = JSON.stringify(res.body);
  }
  const mails = await h.db.select().from(outbox).where(eq(outbox.recipient, party.email));
  mails.forEach((m, i) => (shown[`mail ${i} ${m.template}`] = `${m.subject}\n${m.body}`));
  return shown;
}

/** The language asked for as the web asks for it (none: the API's default). */
const inLocale = (locale?: string): { headers: Record<string, string> } => ({ headers: locale ? { 'x-locale': locale } : {} });

const send = (a: Agent, id: number, text: string, locale?: string) => sendMessage(a, id, text, inLocale(locale));

/** GET /v1/bookings/{id}/messages as `a`: the pending typed call. */
const thread$ = (a: Agent, id: number, locale?: string) => bookingCalls(a).messages.$get({ ...on(id), query: {} }, inLocale(locale));

const leaking = (shown: Record<string, string>) =>
  Object.entries(shown)
    .map(([where, text]) => [where, leaksOf(text)] as const)
    .filter(([, found]) => found.length);

async function requestWithContacts(w: World) {
  const id = await requestBooking(h, w, { message: CUSTOMER_TEXTS[0], kitchen_notes: CUSTOMER_TEXTS.slice(1, 3).join(' ') });
  const customerAgent = await as(h, w.customer);
  for (const text of CUSTOMER_TEXTS.slice(3)) expect((await ok(send(customerAgent, id, text))).status).toBe(201);
  expect((await ok(send(await as(h, w.chef), id, CHEF_TEXT))).status).toBe(201);
  return id;
}

describe('before the booking is confirmed', () => {
  it('the chef sees none of the customer’s contact details anywhere, and the customer none of the chef’s', async () => {
    const w = await world(h);
    const id = await requestWithContacts(w);
    expect(leaking(await everythingShownTo(w.chef, id, 'chef'))).toEqual([]);
    // The chef's own message comes back masked to the chef too, so the chef sees what the customer sees.
    expect(leaking(await everythingShownTo(w.customer, id, 'customer'))).toEqual([]);

    const b = (await ok(chefBookingOf(await as(h, w.chef), id))).body.data;
    expect(b.message).toBe('My number is [hidden until the booking is confirmed].');
    expect(b.kitchen_notes).toBe('Call [hidden until the booking is confirmed] or [hidden until the booking is confirmed]');
  });

  it('a decline reason with the chef’s number reaches the customer masked: booking, history, notification and mail', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { starts_at: startsIn(h, 40), message: '' });
    const chef = await as(h, w.chef);
    expect((await ok(bookingCalls(chef).decline.$post({ ...on(id), json: { reason: `Fully booked. ${CHEF_TEXT}` } }))).status).toBe(200);
    const shown = await everythingShownTo(w.customer, id, 'customer');
    expect(leaking(shown)).toEqual([]);
    const customer = await as(h, w.customer);
    const b = (await ok(bookingCalls(customer).$get(on(id)))).body.data;
    expect(b.reason).toBe('Fully booked. Reach me on [hidden until the booking is confirmed] or [hidden until the booking is confirmed]');
    expect(b.timeline.at(-1)!.note).toBe(b.reason);
    expect(Object.keys(shown).some((k) => k.includes('notify.booking.decline.customer'))).toBe(true);
  });

  it('innocent texts pass unchanged: prices, dates, times and guest counts', async () => {
    const w = await world(h);
    const text = 'We are 12 guests on 12.12.2026 at 19:00, budget CHF 120 per person. Gate code 4711.';
    const id = await requestBooking(h, w, { starts_at: startsIn(h, 41), message: text, kitchen_notes: 'Oven 60 cm, 4 plates, 2 × 450 g butter.' });
    const chef = await as(h, w.chef);
    const b = (await ok(chefBookingOf(chef, id))).body.data;
    expect(b.message).toBe(text);
    expect(b.kitchen_notes).toBe('Oven 60 cm, 4 plates, 2 × 450 g butter.');
    const thread = (await ok(thread$(chef, id))).body;
    expect(thread.data.map((m) => [m.text, m.masked])).toEqual([[text, false]]);
  });
});

describe('the mask in the reader’s language', () => {
  const DE = '[verborgen bis zur Bestätigung der Buchung]';
  const FR = '[masqué jusqu’à la confirmation de la réservation]';

  it('a German-speaking chef reads the German mask in the booking, the thread, the messages menu, the notification and its mail; nothing leaks', async () => {
    const w = await world(h, { chefLocale: 'de' });
    const id = await requestBooking(h, w, { starts_at: startsIn(h, 44), message: CUSTOMER_TEXTS[0], kitchen_notes: CUSTOMER_TEXTS[1] });
    const customer = await as(h, w.customer);
    // The sender reads their own message in their language (French here, asked as the web asks), the recipient in theirs.
    const posted = await ok(send(customer, id, CUSTOMER_TEXTS[5]!, 'fr'));
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ text: `or ${FR}`, masked: true });

    const chef = await as(h, w.chef);
    const de = inLocale('de');
    const b = (await ok(chefBookingOf(chef, id, de))).body.data;
    expect(b.message).toBe(`My number is ${DE}.`);
    expect(b.kitchen_notes).toBe(`Call ${DE}`);
    const thread = (await ok(thread$(chef, id, 'de'))).body.data;
    expect(thread.map((m) => m.text)).toEqual([`My number is ${DE}.`, `or ${DE}`]);
    const threads = (await ok(typedClient(chef).users.me['message-threads'].$get({ query: {} }, de))).body.data;
    expect(threads.find((t) => t.order_id === id)!.message.text).toBe(`or ${DE}`);

    // The notification and its mail are written in the chef's own language, whatever language the sender used.
    const notes = await ok(typedClient(chef).users.me.notifications.$get({ query: {} }));
    expect(notes.body.data.some((n) => n.message === `or ${DE}`)).toBe(true);
    const mails = await h.db.select().from(outbox).where(eq(outbox.recipient, w.chef.email));
    expect(mails.some((m) => m.template === 'notify.message.new' && m.body.includes(`or ${DE}`))).toBe(true);
    expect(mails.map((m) => m.body).join('\n')).not.toContain('[hidden until');

    // No contact detail reaches the chef in any answer or mail, in whatever language it is read.
    expect(leaking(await everythingShownTo(w.chef, id, 'chef'))).toEqual([]);
    // Without a language asked for, an answer is in English.
    expect((await ok(thread$(chef, id))).body.data[1]!.text).toBe(`or [hidden until the booking is confirmed]`);
  });
});

describe('numbers spelled as words', () => {
  const SPELLED = ['Ruf an: null sieben neun eins zwei drei vier fünf sechs sieben', 'or zéro sept neuf, un deux trois, quarante-cinq, soixante-sept'];

  it('a message with a spelled-out number reaches the other side masked; the database holds it as written', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { starts_at: startsIn(h, 45), message: 'We are two to four guests, three courses.' });
    const customer = await as(h, w.customer);
    for (const text of SPELLED) expect((await ok(send(customer, id, text))).status).toBe(201);

    const chef = await as(h, w.chef);
    const thread = (await ok(thread$(chef, id))).body.data;
    expect(thread.map((m) => [m.text, m.masked])).toEqual([
      ['We are two to four guests, three courses.', false],
      ['Ruf an: [hidden until the booking is confirmed]', true],
      ['or [hidden until the booking is confirmed]', true],
    ]);
    const shown = JSON.stringify(await everythingShownTo(w.chef, id, 'chef'));
    for (const word of ['sieben neun', 'sept neuf', 'soixante']) expect(shown).not.toContain(word);
    const stored = await h.db.select({ text: messages.text }).from(messages).orderBy(messages.id);
    expect(stored.map((m) => m.text).slice(-2)).toEqual(SPELLED);
  });

  it('a chef’s public bio is masked for every visitor, in the visitor’s language and in the page’s description; the chef reads it as written', async () => {
    const w = await world(h);
    const bio = 'Seasonal cooking for two to twelve guests. Call me: zero seven nine one two three four five six seven, or marco (at) gmx (dot) ch.';
    const me = typedClient(await as(h, w.chef)).chefs.me;
    expect((await ok(me.$put({ json: { profile_bio: bio } }))).status).toBe(200);

    const profile = visitorClient(h).chefs[':id{[A-Za-z0-9-]*[0-9]}'];
    const read = (locale?: string) => ok(profile.$get({ param: { id: String(w.chef.chefId) }, query: {} }, inLocale(locale)));
    expect((await read()).body.data.profile_bio).toBe('Seasonal cooking for two to twelve guests. Call me: [hidden until the booking is confirmed], or [hidden until the booking is confirmed].');
    expect((await read('de')).body.data.profile_bio).toBe('Seasonal cooking for two to twelve guests. Call me: [verborgen bis zur Bestätigung der Buchung], or [verborgen bis zur Bestätigung der Buchung].');
    const customerRead = await ok(typedClient(await as(h, w.customer)).chefs[':id{[A-Za-z0-9-]*[0-9]}'].$get({ param: { id: String(w.chef.chefId) }, query: {} }));
    expect(customerRead.body.data.profile_bio).not.toContain('seven');

    const [row] = await h.db.select({ uri: chefs.uri, bio: chefs.profileBio }).from(chefs).where(eq(chefs.id, w.chef.chefId));
    expect(row!.bio).toBe(bio);
    expect((await ok(me.$get())).body.data.profile_bio).toBe(bio);

    const html = await (await seoPage(new Request(`https://www.example.ch/chefs/${row!.uri}`), h.env, { db: () => h.db, quietLogs: true }, async () => '<html><head><title>x</title></head><body></body></html>')).text();
    expect(html).toContain('Call me: [hidden until the booking is confirmed], or [hidden until the booking is confirmed].');
    expect(html).not.toContain('seven');
  });
});

describe('after confirmation', () => {
  it('the texts show in full, the earlier messages included; admins always read them as written', async () => {
    const w = await world(h);
    const id = await confirmedBooking(h, w, { starts_at: startsIn(h, 42), message: CUSTOMER_TEXTS[0], kitchen_notes: CUSTOMER_TEXTS[1] });
    const chef = await as(h, w.chef);
    const b = (await ok(chefBookingOf(chef, id))).body.data;
    expect(b.message).toBe(CUSTOMER_TEXTS[0]);
    expect(b.kitchen_notes).toBe(CUSTOMER_TEXTS[1]);
    expect((await ok(thread$(chef, id))).body.data[0]!.text).toBe(CUSTOMER_TEXTS[0]);

    const requested = await requestBooking(h, w, { starts_at: startsIn(h, 43), message: CUSTOMER_TEXTS[4] });
    const su = await superUser(h);
    const adminView = (await ok(typedClient(su.agent).admin.bookings[':id'].$get(on(requested)))).body.data;
    expect(adminView.message).toBe(CUSTOMER_TEXTS[4]);
  });
});
