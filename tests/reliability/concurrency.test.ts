// Races over real HTTP against the Node server and its file database: 50 customers paying for one chef and day,
// 500 messages posted at once on one thread, and one booking rated many times in parallel.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingDayHolds, bookingEvents, bookings, payments, reviews } from '../../functions/_api/db/schema/bookings';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { menus } from '../../functions/_api/db/schema/menus';
import { messages, messageThreads, threadParticipants } from '../../functions/_api/db/schema/messages';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { rateLimits } from '../../functions/_api/db/schema/users';
import { EVENT_DURATION_MS, localDay } from '#shared/booking-window';
import { MESSAGE_LIMIT } from '../../functions/_api/modules/messages/messages.service';
import type { Agent } from '../support/agent';
import { as, book, bookingBody, complete, confirmedBooking, customer, pay, refOf, requestBooking, startsIn, TZ, world, type Json, type Party } from '../support/booking-fixtures';
import { ok, settled } from '../support/typed-client';
import { pool, useLive } from './support/live';
import { HOUR, MINUTE } from '#shared/time';

const live = useLive();

describe('50 customers paying for the same chef and day', () => {
  it('confirms exactly one booking; the other 49 get 409 and are never charged', async () => {
    const w = await world(live.h, { bookingMode: 'instant', menu: { maxGuests: 20 } });
    const customers = await Promise.all(Array.from({ length: 50 }, () => customer(live.h)));
    // Instant booking: each reservation is accepted at once and waits for its payment, all on the same day.
    const ids = await pool(customers, 10, async (c, i) => {
      const res = await ok(book(await as(live.h, c), bookingBody(w.menu.id, live.h, { starts_at: startsIn(live.h, 40, 12 + (i % 8)) })));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.next_action).toBe('pay');
      return res.body.data.id;
    });
    const agents = await Promise.all(customers.map((c) => as(live.h, c)));

    const outcomes = await Promise.all(
      agents.map(async (a, i) => {
        const started = await settled(pay(a, ids[i]!));
        if (!started.ok) return { i, stage: 'pay', status: started.status, code: started.body.code };
        const done = await settled(complete(a, refOf(started.body.data.checkout_url)));
        return { i, stage: 'complete', status: done.status, code: done.ok ? undefined : done.body.code };
      }),
    );

    const winners = outcomes.filter((o) => o.stage === 'complete' && o.status === 200);
    expect(winners).toHaveLength(1);
    for (const o of outcomes.filter((x) => x !== winners[0])) {
      expect(o.status).toBe(409);
      expect(['DAY_HELD', 'DAY_TAKEN', 'BOOKING_CHANGED']).toContain(o.code);
    }
    const winnerId = ids[winners[0]!.i]!;
    const rows = await live.h.db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, ids));
    expect(rows.filter((r) => r.status === 'confirmed').map((r) => r.id)).toEqual([winnerId]);
    expect(rows.filter((r) => r.status !== 'confirmed').every((r) => r.status === 'accepted')).toBe(true);
    // Only the winner's payment succeeded; nobody else holds a checkout that could still take money.
    const paid = await live.h.db.select().from(payments).where(inArray(payments.bookingId, ids));
    expect(paid.filter((p) => p.status === 'succeeded').map((p) => p.bookingId)).toEqual([winnerId]);
    expect(paid.filter((p) => p.status === 'pending')).toEqual([]);
    expect(await live.h.db.select().from(payoutItems).where(inArray(payoutItems.bookingId, ids))).toHaveLength(1);
    expect(await live.h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.chefId, w.chef.chefId))).toEqual([]);
    expect(await live.h.db.select().from(bookingEvents).where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.toStatus, 'confirmed')))).toHaveLength(1);
  });
});

describe('a burst of messages on one thread', () => {
  const post = (a: Agent, id: number, text: string) => a.json<Json>(a.post(`/v1/bookings/${id}/messages`, { text }));
  const threadOf = async (bookingId: number) => (await live.h.db.select().from(messageThreads).where(eq(messageThreads.bookingId, bookingId)))[0]!;

  /** Raises a user's message allowance for this minute (the limit itself is tested below and in tests/api). */
  const allowance = (party: Party, extra: number) =>
    live.h.db
      .insert(rateLimits)
      .values({ key: `messages:user:${party.userId}`, count: -extra, resetAt: Date.now() + 10 * MINUTE })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: -extra, resetAt: Date.now() + 10 * MINUTE } });

  it('stores all 500 messages, in order, with the unseen counts right', async () => {
    const w = await world(live.h);
    const id = await requestBooking(live.h, w, { message: 'Hello chef' });
    await allowance(w.customer, 1000);
    await allowance(w.chef, 1000);
    const customerAgent = await as(live.h, w.customer);
    const chefAgent = await as(live.h, w.chef);

    // 480 posts at once from both sides, while the customer also sends 20 messages one after another.
    const burst = Array.from({ length: 480 }, (_, i) => ({ from: i % 2 ? 'chef' : 'customer', text: `burst ${i}` }));
    const sequence = Array.from({ length: 20 }, (_, i) => `in sequence ${i}`);
    const [burstResults, sequenceResults] = await Promise.all([
      Promise.all(burst.map((m) => post(m.from === 'chef' ? chefAgent : customerAgent, id, m.text))),
      (async () => {
        const out = [];
        for (const text of sequence) out.push(await post(customerAgent, id, text));
        return out;
      })(),
    ]);
    const all = [...burstResults, ...sequenceResults];
    expect(all.filter((r) => r.status !== 201).map((r) => [r.status, r.body.message])).toEqual([]);
    const sentIds = all.map((r) => r.body.data.id as number);
    expect(new Set(sentIds).size).toBe(500);

    const thread = await threadOf(id);
    const stored = await live.h.db.select().from(messages).where(eq(messages.threadId, thread.id)).orderBy(asc(messages.id));
    expect(stored).toHaveLength(501); // the request's own message plus the 500
    const byId = new Map(stored.map((m) => [m.id, m]));
    for (const [i, r] of all.entries()) {
      const m = byId.get(r.body.data.id)!;
      const sender = i < burst.length ? burst[i]!.from : 'customer';
      expect(m.text).toBe(i < burst.length ? burst[i]!.text : sequence[i - burst.length]);
      expect(m.senderUserId).toBe(sender === 'chef' ? w.chef.userId : w.customer.userId);
    }
    // Messages sent one after another keep their order under load.
    const seqIds = sequenceResults.map((r) => r.body.data.id as number);
    expect([...seqIds].sort((a, b) => a - b)).toEqual(seqIds);
    expect(thread.lastMessageId).toBe(stored.at(-1)!.id);

    // Each side's unseen count is the other side's messages after its own last one (a post marks the poster's side read).
    const lastOwn = (userId: number) => Math.max(...stored.filter((m) => m.senderUserId === userId).map((m) => m.id));
    const expectedUnseen = (me: number, other: number) => stored.filter((m) => m.senderUserId === other && m.id > lastOwn(me)).length;
    const want = { customer: expectedUnseen(w.customer.userId, w.chef.userId), chef: expectedUnseen(w.chef.userId, w.customer.userId) };
    const participants = await live.h.db.select().from(threadParticipants).where(eq(threadParticipants.threadId, thread.id));
    expect(Object.fromEntries(participants.map((p) => [p.isChef ? 'chef' : 'customer', p.unseenCount]))).toEqual(want);
    const threadsSeenBy = async (a: Agent) => (await a.json<Json>(a.get('/v1/users/me/message-threads'))).body.data.find((t: Json) => t.order_id === id);
    expect((await threadsSeenBy(customerAgent)).new_count).toBe(want.customer);
    expect((await threadsSeenBy(chefAgent)).new_count).toBe(want.chef);
    expect((await threadsSeenBy(chefAgent)).message.text).toBe(stored.at(-1)!.text);

    // Both sides read the same thread, page by page, oldest first, nothing missing or repeated; reading marks it seen.
    for (const a of [customerAgent, chefAgent]) {
      const read: number[] = [];
      for (let page = 0; page < 3; page++) {
        const res = await a.json<Json>(a.get(`/v1/bookings/${id}/messages?page=${page}&page_size=200`));
        expect(res.status).toBe(200);
        expect(res.body.total_count).toBe(501);
        read.push(...res.body.data.map((m: Json) => m.id as number));
      }
      expect(read).toEqual(stored.map((m) => m.id));
      expect((await threadsSeenBy(a)).new_count).toBe(0);
    }
  });

  it('lets exactly the limit through when one user posts 40 messages at once', async () => {
    const w = await world(live.h);
    const id = await requestBooking(live.h, w, { message: '' });
    const chefAgent = await as(live.h, w.chef);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => post(chefAgent, id, `quick ${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(MESSAGE_LIMIT.limit);
    expect(results.filter((r) => r.status === 429)).toHaveLength(40 - MESSAGE_LIMIT.limit);
    const thread = await threadOf(id);
    expect(await live.h.db.select().from(messages).where(eq(messages.threadId, thread.id))).toHaveLength(MESSAGE_LIMIT.limit);
    const [customerSide] = await live.h.db
      .select()
      .from(threadParticipants)
      .where(and(eq(threadParticipants.threadId, thread.id), eq(threadParticipants.isChef, false)));
    expect(customerSide!.unseenCount).toBe(MESSAGE_LIMIT.limit);
  });
});

describe('rating one booking in parallel', () => {
  it('stores exactly one review and keeps the chef’s and menu’s counts right', async () => {
    const w = await world(live.h);
    const id = await confirmedBooking(live.h, w);
    // The event is over: moved into the past, so the booking reads as completed (time-based states are computed on read).
    const startsAt = new Date(Date.now() - EVENT_DURATION_MS - HOUR);
    await live.h.db.update(bookings).set({ startsAt, eventDate: localDay(startsAt, TZ) }).where(eq(bookings.id, id));
    const a = await as(live.h, w.customer);
    const body = (i: number) => ({ rating_food: 5, rating_service: 4, rating_hygiene: 5, rating_value: 4, rating_communication: 1 + (i % 5), text: `Attempt ${i}` });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => a.json<Json>(a.post(`/v1/users/me/orders/${id}/rate`, body(i)))));

    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(['ALREADY_RATED', 'BOOKING_CHANGED', 'INVALID_BOOKING_STATE']).toContain(r.body.code);
    }
    const stored = await live.h.db.select().from(reviews).where(eq(reviews.bookingId, id));
    expect(stored).toHaveLength(1);
    const winner = results.findIndex((r) => r.status === 201);
    expect(stored[0]!.text).toBe(`Attempt ${winner}`);
    expect((await live.h.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.s).toBe('reviewed');
    expect(await live.h.db.select().from(bookingEvents).where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.toStatus, 'reviewed')))).toHaveLength(1);
    // Blind until the chef has rated the guest too (issue 18 §5): then the one review counts.
    const counts = async () => {
      const [c] = await live.h.db.select().from(chefs).where(eq(chefs.id, w.chef.chefId));
      const [m] = await live.h.db.select().from(menus).where(eq(menus.id, w.menu.id));
      return [c!.reviewCount, m!.reviewCount];
    };
    expect(await counts()).toEqual([0, 0]);
    const c = await as(live.h, w.chef);
    expect((await c.post(`/v1/bookings/${id}/guest-review`, { rating_punctuality: 5, rating_kitchen: 5, rating_respect: 5 })).status).toBe(201);
    const [chef] = await live.h.db.select().from(chefs).where(eq(chefs.id, w.chef.chefId));
    const [menu] = await live.h.db.select().from(menus).where(eq(menus.id, w.menu.id));
    expect([chef!.reviewCount, chef!.reviewAvg]).toEqual([1, stored[0]!.rating]);
    expect([menu!.reviewCount, menu!.reviewAvg]).toEqual([1, stored[0]!.rating]);
  });
});
