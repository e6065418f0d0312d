// The Node server killed with SIGKILL in the middle of a write load (bookings, payments, messages), then started
// again over the same database file: the file is intact, every write that was acknowledged with a 2xx is there, and
// no booking, payment or message batch is half-written.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { messages } from '../../functions/_api/db/schema/messages';
import { rateLimits } from '../../functions/_api/db/schema/users';
import type { Agent } from '../support/agent';
import { as, book, bookingBody, complete, customer, pay, refOf, requestBooking, startsIn, world, type Json, type Party } from '../support/booking-fixtures';
import { settled } from '../support/typed-client';
import { useLive } from './support/live';

const live = useLive();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rows that break an invariant of a whole batch; each query must return nothing. */
const HALF_WRITTEN: Record<string, string> = {
  'booking without its thread and both participants': `
    select b.id from bookings b
    where (select count(*) from message_threads t where t.booking_id = b.id) <> 1
       or (select count(*) from thread_participants p join message_threads t on t.id = p.thread_id where t.booking_id = b.id) <> 2`,
  'booking whose history does not end in its status': `
    select b.id from bookings b
    where b.status <> coalesce((select e.to_status from booking_events e where e.booking_id = b.id order by e.id desc limit 1), '')
       or not exists (select 1 from booking_events e where e.booking_id = b.id and e.from_status is null)`,
  'confirmed booking without its succeeded payment, ledger line or confirmation time': `
    select b.id from bookings b where b.status = 'confirmed'
      and (b.confirmed_at is null
        or (select count(*) from payments p where p.booking_id = b.id and p.status = 'succeeded') <> 1
        or (select count(*) from payout_items i where i.booking_id = b.id) <> 1
        or exists (select 1 from booking_day_holds d where d.booking_id = b.id))`,
  'unconfirmed booking with a succeeded payment or a ledger line': `
    select b.id from bookings b where b.status <> 'confirmed'
      and (exists (select 1 from payments p where p.booking_id = b.id and p.status = 'succeeded')
        or exists (select 1 from payout_items i where i.booking_id = b.id))`,
  'second confirmed booking of a chef and day': `
    select chef_id, event_date from bookings where status = 'confirmed' group by chef_id, event_date having count(*) > 1`,
  'thread whose last-message pointer is not its newest message': `
    select t.id from message_threads t
    where coalesce(t.last_message_id, 0) <> coalesce((select max(m.id) from messages m where m.thread_id = t.id), 0)`,
  'participant whose unseen count is not the other side’s messages after the last one read': `
    select p.thread_id, p.user_id from thread_participants p
    where p.unseen_count <> (select count(*) from messages m
      where m.thread_id = p.thread_id and m.sender_user_id <> p.user_id and m.id > coalesce(p.last_read_message_id, 0))`,
};

describe('a SIGKILL during a write load', () => {
  it('restarts on an intact database that holds every acknowledged write and no half-written batch', async () => {
    const w = await world(live.h, { bookingMode: 'instant', menu: { maxGuests: 20 } });
    const customers = await Promise.all(Array.from({ length: 12 }, () => customer(live.h)));
    const agents = await Promise.all(customers.map((c) => as(live.h, c)));
    // One busy conversation on the side (its users may post far beyond the per-minute limit in this test).
    const talk = await requestBooking(live.h, w, { message: 'Before the crash' }, customers[0]!);
    const allowance = (p: Party) =>
      live.h.db.insert(rateLimits).values({ key: `messages:user:${p.userId}`, count: -100_000, resetAt: Date.now() + 600_000 }).onConflictDoNothing();
    await Promise.all([allowance(customers[0]!), allowance(w.chef)]);
    const talkers: Agent[] = [agents[0]!, await as(live.h, w.chef)];

    const acked = { bookings: [] as number[], confirmed: [] as number[], messages: [] as { id: number; text: string }[] };
    let cut = 0;
    let running = true;
    let day = 2;
    const guard = async (fn: () => Promise<void>) => {
      try {
        await fn();
      } catch {
        cut++; // the connection died with the server
      }
    };
    // Each customer books a free day, pays and completes, again and again; a 2xx is recorded as acknowledged.
    const bookingLoop = (a: Agent) =>
      guard(async () => {
        while (running) {
          const made = await settled(book(a, bookingBody(w.menu.id, live.h, { starts_at: startsIn(live.h, day++, 18) })));
          if (!made.ok) continue;
          acked.bookings.push(made.body.data.id);
          const started = await settled(pay(a, made.body.data.id));
          if (!started.ok) continue;
          const done = await complete(a, refOf(started.body.data.checkout_url));
          if (done.status === 200) acked.confirmed.push(made.body.data.id);
        }
      });
    const messageLoop = (a: Agent, side: string) =>
      guard(async () => {
        for (let i = 0; running; i++) {
          const text = `${side} ${i}`;
          const res = await a.json<Json>(a.post(`/v1/bookings/${talk}/messages`, { text }));
          if (res.status === 201) acked.messages.push({ id: res.body.data.id, text });
        }
      });
    const load = Promise.all([...agents.map(bookingLoop), ...talkers.flatMap((a, i) => [messageLoop(a, `side${i}a`), messageLoop(a, `side${i}b`)])]);

    while (acked.confirmed.length < 8 || acked.messages.length < 20) await sleep(50);
    await live.kill();
    running = false;
    await load;
    expect(cut).toBeGreaterThan(0); // requests were in flight when the process died

    const check = await live.client.execute('PRAGMA integrity_check');
    expect(check.rows.map((r) => r[0])).toEqual(['ok']);
    await live.restart();

    // Every acknowledged write is there.
    const stored = await live.h.db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, acked.bookings));
    expect(stored.map((b) => b.id).sort((a, b) => a - b)).toEqual([...acked.bookings].sort((a, b) => a - b));
    const confirmed = new Set(stored.filter((b) => b.status === 'confirmed').map((b) => b.id));
    expect(acked.confirmed.filter((id) => !confirmed.has(id))).toEqual([]);
    const texts = new Map(
      (await live.h.db.select({ id: messages.id, text: messages.text }).from(messages).where(eq(messages.threadId, (await threadId(talk))!))).map((m) => [m.id, m.text]),
    );
    expect(acked.messages.filter((m) => texts.get(m.id) !== m.text)).toEqual([]);

    // Nothing is half-written.
    for (const [what, query] of Object.entries(HALF_WRITTEN)) {
      const rows = (await live.client.execute(query)).rows;
      expect(rows, what).toEqual([]);
    }

    // The restarted server serves what was written before the crash.
    const last = acked.confirmed.at(-1)!;
    const [{ customerId }] = (await live.h.db.select({ customerId: bookings.customerId }).from(bookings).where(eq(bookings.id, last))) as [{ customerId: number }];
    const reader = agents[customers.findIndex((c) => c.userId === customerId)]!;
    const res = await reader.json<Json>(reader.get(`/v1/bookings/${last}`));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('confirmed');
    const thread = await talkers[1]!.json<Json>(talkers[1]!.get(`/v1/bookings/${talk}/messages?order_dir=desc&page_size=1`));
    expect(thread.status).toBe(200);
    expect(thread.body.total_count).toBe(texts.size);
  });
});

async function threadId(bookingId: number) {
  const rows = await live.client.execute({ sql: 'select id from message_threads where booking_id = ?', args: [bookingId] });
  return rows.rows[0]?.id as number | undefined;
}
