// Booking messages: contact masking as a pure function, the seed's thread list, posting with the other side's
// unseen counter and notification, marking a thread seen, masking until the booking is confirmed, many parallel
// posts keeping the count exact, the per-user rate limit, and strangers getting 404.
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, messageThreads, notifications, threadParticipants } from '../../functions/_api/db/schema/messages';
import { maskContacts, maskIn } from '../../functions/_api/lib/masking';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { as, bookingCalls, confirmedBooking, customer, requestBooking, sendMessage, startsIn, world, type Party } from '../support/booking-fixtures';
import { ok, on, refused, settled, typedClient } from '../support/typed-client';

/** What an English reader sees in place of a contact detail. */
const MASK = maskIn('en');

const h = useHarness();
beforeEach(() => h.clock.set(START));

/** `who` writes, or reads the thread of, booking `id`: the pending typed calls, for ok() or refused(). */
const send = async (who: Party, id: number, text: string) => sendMessage(await as(h, who), id, text);
type ThreadQuery = Parameters<ReturnType<typeof bookingCalls>['messages']['$get']>[0]['query'];
const read = async (who: Party, id: number, query: ThreadQuery = {}) => bookingCalls(await as(h, who)).messages.$get({ ...on(id), query });
const session = async (who: Party) => (await ok(typedClient(await as(h, who)).auth.session.user.$get())).body;
const threadsOf = async (who: Party) => ok(typedClient(await as(h, who)).users.me['message-threads'].$get({ query: {} }));
const participant = async (id: number, userId: number) => {
  const [t] = await h.db.select().from(messageThreads).where(eq(messageThreads.bookingId, id));
  return (await h.db.select().from(threadParticipants).where(and(eq(threadParticipants.threadId, t!.id), eq(threadParticipants.userId, userId))))[0]!;
};

describe('masking contact details', () => {
  it.each([
    ['Call me on +41 79 123 45 67 please', `Call me on ${MASK} please`],
    ['mobile 079 123 45 67.', `mobile ${MASK}.`],
    ['or 0049 151 12345678', `or ${MASK}`],
    ['+49 (0)151 123 456 78', MASK],
    ['0151/1234567 ok', `${MASK} ok`],
    ['Festnetz 044-123-45-67', `Festnetz ${MASK}`],
    ['+33 6 12 34 56 78', MASK],
    ['my number is +41791234567.', `my number is ${MASK}.`],
    ['(079) 123 45 67', MASK],
    ['write to anna.muster@example.com', `write to ${MASK}`],
    ['anna . muster @ gmail . com', MASK],
    ['anna at example dot com', MASK],
    ['anna (at) gmx (dot) ch', MASK],
    ['anna [at] bluewin [punkt] ch', MASK],
    // Disguises found in the attack (issue 15 M3).
    ['Call +４１ ７９ １２３ ４５ ６７!', `Call ${MASK}!`],
    ['Nummer: 41 79 123 45 67', `Nummer: ${MASK}`],
    ['WhatsApp: wa.me/41791234567', `WhatsApp: ${MASK}`],
    ['julia＠gmail.com', MASK],
    ['079\u200b123\u200b45\u200b67', MASK],
    ['0\u200d7\u20609 123\u00ad 45 67 bitte', `${MASK} bitte`],
    ['j u l i a @ g m a i l . c o m', MASK],
    ['mail: j u l i a @gmail.com thanks', `mail: ${MASK} thanks`],
    ['0 7 9 1 2 3 4 5 6 7', MASK],
    ['julia at gmx', MASK],
    ['t.me/juliamuster or julia@gmail', `${MASK} or ${MASK}`],
    ['My number is 079\u00a0123\u00a045\u00a067.', `My number is ${MASK}.`],
    ['On 12.12.2026 call 0791234567', `On 12.12.2026 call ${MASK}`],
  ])('masks %j', (input, output) => {
    expect(maskContacts(input, MASK)).toBe(output);
  });

  it.each([
    'We are 12 guests on 05.06.2026 at 19:00, budget CHF 1200.',
    'See you at 19.30 at Bahnhofstrasse 12, 8001 Zürich.',
    'Arrive at seven, dessert at nine.',
    'Order 2 × 450 g of cheese.',
    'CHF 120 per person, 8 adults and 4 children.',
    'Budget CHF 1 200.– or € 1’250, dinner 12.12.2026 19:00.',
    'From 12.12.2026 to 14.12.2026, 18.00 - 23.00.',
    'ISO 2026-12-12, or 12/12/26, or 12-12-2026.',
    'We arrive at 7. Then dessert at 9. It is a surprise.',
    'I will be at Marco. It is at home. At 8 we eat.',
    'Menu A B C for 10-12 people, booking #12345.',
    'Ｆｕｌｌ-width text stays as it was: ＣＨＦ １２０.',
    'Zero\u200bwidth in a word and a soft\u00adhyphen stay too.',
    'See you @ home. Thanks!',
    'Gluten-free please; nuts: 2 guests, lactose: 1 guest.',
  ])('leaves %j alone', (text) => {
    expect(maskContacts(text, MASK)).toBe(text);
  });
});

describe('a booking’s thread', () => {
  it('lists threads in the seed’s shape, newest first, with the unseen counts, the menu and the other party', async () => {
    const w = await world(h);
    const first = await requestBooking(h, w);
    const second = await requestBooking(h, w, { starts_at: startsIn(h, 31), message: '' });
    h.clock.advance(60_000);
    expect((await ok(send(w.chef, second, 'Hello Julia, happy to cook for you!'))).status).toBe(201);
    const threads = await threadsOf(w.customer);
    expect(threads.status).toBe(200);
    expect(threads.body.data).toEqual([
      {
        id: expect.any(Number),
        order_id: second,
        is_chef: false,
        new_count: 1,
        menu: { id: w.menu.id, name: w.menu.name },
        timezone: 'Europe/Zurich',
        other_user_public: { data: { firstname: 'Marco', avatar: null } },
        message: { text: 'Hello Julia, happy to cook for you!', created_at: new Date(START.getTime() + 60_000).toISOString(), user_public: { data: { firstname: 'Marco', is_you: false, avatar: null } } },
      },
      {
        id: expect.any(Number),
        order_id: first,
        is_chef: false,
        new_count: 0,
        menu: { id: w.menu.id, name: w.menu.name },
        timezone: 'Europe/Zurich',
        other_user_public: { data: { firstname: 'Marco', avatar: null } },
        message: { text: 'We are celebrating a birthday!', created_at: START.toISOString(), user_public: { data: { firstname: 'Julia', is_you: true, avatar: null } } },
      },
    ]);
    const chefThreads = await threadsOf(w.chef);
    // The chef's threads name the customer as the other party.
    expect(chefThreads.body.data.map((t) => [t.order_id, t.is_chef, t.new_count, t.other_user_public.data.firstname])).toEqual([
      [second, true, 0, 'Julia'],
      [first, true, 1, 'Julia'],
    ]);
  });

  it('counts unseen messages for the other side, in the session too, until the thread is opened', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { message: '' });
    expect((await session(w.chef)).data?.unseen_order_message_count).toBe(0);
    for (const text of ['One', 'Two', 'Three']) expect((await ok(send(w.customer, id, text))).status).toBe(201);
    expect((await participant(id, w.chef.userId)).unseenCount).toBe(3);
    expect((await participant(id, w.customer.userId)).unseenCount).toBe(0);
    expect((await session(w.chef)).data?.unseen_order_message_count).toBe(3);

    const opened = await ok(read(w.chef, id));
    expect(opened.status).toBe(200);
    expect(opened.body.data.map((m) => [m.text, m.is_you])).toEqual([
      ['One', false],
      ['Two', false],
      ['Three', false],
    ]);
    expect(opened.body).toMatchObject({ total_count: 3, thread: { order_id: id, is_chef: true, contacts_visible: false } });
    const seen = await participant(id, w.chef.userId);
    expect(seen.unseenCount).toBe(0);
    const [last] = await h.db.select().from(messages).where(eq(messages.text, 'Three'));
    expect(seen.lastReadMessageId).toBe(last!.id);
    expect((await session(w.chef)).data?.unseen_order_message_count).toBe(0);
    // Paging, oldest first; the booking's messages tab asks for the newest page with order_dir=desc.
    expect((await ok(read(w.chef, id, { page: '1', page_size: '2' }))).body.data.map((m) => m.text)).toEqual(['Three']);
    expect((await ok(read(w.chef, id, { order_dir: 'desc', page_size: '2' }))).body.data.map((m) => m.text)).toEqual(['Three', 'Two']);
  });

  it('notifies the other side with a link to the thread', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { message: '' });
    expect((await ok(send(w.chef, id, 'Any allergies I should know about?'))).status).toBe(201);
    const [note] = await h.db.select().from(notifications).where(and(eq(notifications.userId, w.customer.userId), eq(notifications.title, 'New message from Marco')));
    expect(note).toMatchObject({ message: 'Any allergies I should know about?', link: `/account/me/bookings/${id}#messages` });
    expect((await ok(send(w.customer, id, 'Just nuts.'))).status).toBe(201);
    const [chefNote] = await h.db.select().from(notifications).where(and(eq(notifications.userId, w.chef.userId), eq(notifications.title, 'New message from Julia')));
    expect(chefNote!.link).toBe(`/account/me/chefbookings/${id}#messages`);
  });

  it('masks e-mail addresses and phone numbers until the booking is confirmed, storing the original', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { message: '' });
    const text = 'Reach me on +41 79 123 45 67 or julia@example.com';
    const posted = await ok(send(w.customer, id, text));
    expect(posted.body.data).toMatchObject({ text: `Reach me on ${MASK} or ${MASK}`, masked: true, is_you: true });
    expect((await ok(read(w.chef, id))).body.data[0]!.text).toBe(`Reach me on ${MASK} or ${MASK}`);
    const [note] = await h.db.select().from(notifications).where(and(eq(notifications.userId, w.chef.userId), eq(notifications.title, 'New message from Julia')));
    expect(note!.message).not.toContain('julia@example.com');
    expect((await threadsOf(w.chef)).body.data[0]!.message.text).not.toContain('79 123');
    expect((await h.db.select().from(messages).where(eq(messages.text, text)))).toHaveLength(1);

    // Once confirmed, both sides see the details.
    const confirmedId = await confirmedBooking(h, w, { starts_at: startsIn(h, 40), message: '' });
    expect((await ok(send(w.customer, confirmedId, text))).status).toBe(201);
    const after = await ok(read(w.chef, confirmedId));
    expect(after.body.data[0]).toMatchObject({ text, masked: false });
    expect(after.body.thread.contacts_visible).toBe(true);
  });

  it('keeps the count exact under parallel posts and limits each user to 30 a minute', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { message: '' });
    const agents = await Promise.all(Array.from({ length: 35 }, () => as(h, w.customer)));
    const results = await Promise.all(agents.map((a, i) => settled(sendMessage(a, id, `Message ${i}`))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(30);
    const limited = results.filter((r) => r.status === 429);
    expect(limited).toHaveLength(5);
    expect((await participant(id, w.chef.userId)).unseenCount).toBe(30);
    const [t] = await h.db.select().from(messageThreads).where(eq(messageThreads.bookingId, id));
    expect(await h.db.select().from(messages).where(eq(messages.threadId, t!.id))).toHaveLength(30);
    // The chef can still answer: the limit is per user.
    expect((await ok(send(w.chef, id, 'Wow, many questions!'))).status).toBe(201);
    h.clock.advance(61_000);
    expect((await ok(send(w.customer, id, 'Sorry!'))).status).toBe(201);
  });

  it('is open only to the booking’s customer and chef; text must be 1 to 2000 characters', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const stranger = await customer(h);
    expect((await refused(send(stranger, id, 'Hi'))).status).toBe(404);
    expect((await refused(read(stranger, id))).status).toBe(404);
    expect((await refused(read(w.customer, 999999))).status).toBe(404);
    // The shared schema's messages (shared/schemas/messages.schema.ts), in the seed's English, at the text.
    expect(await refused(send(w.customer, id, '   '))).toMatchObject({ status: 400, body: { errors: { text: ['Please write a message.'] } } });
    expect(await refused(send(w.customer, id, 'x'.repeat(2001)))).toMatchObject({ status: 400, body: { errors: { text: ['The message can be at most 2000 characters long.'] } } });
    expect((await ok(send(w.customer, id, 'x'.repeat(2000)))).status).toBe(201);
    expect((await threadsOf(stranger)).body.data).toEqual([]);
  });
});
