// The money invariant on the demo seed (scripts/seed): every seeded booking adds up (paid = refunded + the chef's
// earnings + the platform's commission and fee shares), as a real payment, refund and cancellation would have left
// it, and it still does after each cancellation path run on seeded bookings (customer, chef, admin with the policy's
// refund and with a chosen one, for either side) and after the sweep. Node only: the seed reads the region files.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { users } from '../../functions/_api/db/schema/users';
import { createHarness } from '#harness';
import { START, type Harness } from '../support/harness';
import { as, type Json, type Party } from '../support/booking-fixtures';
import { bookingMoney, unbalanced } from '../support/money';
import { seedDatabase } from '../../scripts/seed/index';
import { DAY } from '#shared/time';


let h: Harness;
let admin: Party;

beforeAll(async () => {
  h = await createHarness();
  await seedDatabase(h.db, { files: null, demo: true, regions: 'sample', now: START });
  const [su] = await h.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, 'admin@example.com'));
  admin = { userId: su!.id, email: su!.email };
}, 60_000);
afterAll(() => h.close());

/** A seeded confirmed booking whose event is `minDays` or more ahead, not yet used by another test. */
const used = new Set<number>();
async function seededConfirmed(minDays: number) {
  const rows = await h.db
    .select({ id: bookings.id, customerId: bookings.customerId, chefUserId: chefs.userId, total: bookings.total, chefEarnings: bookings.chefEarnings, startsAt: bookings.startsAt })
    .from(bookings)
    .innerJoin(chefs, eq(chefs.id, bookings.chefId))
    .where(and(eq(bookings.status, 'confirmed'), gt(bookings.startsAt, new Date(h.clock.now().getTime() + minDays * DAY))))
    .orderBy(asc(bookings.id));
  const b = rows.find((r) => !used.has(r.id))!;
  used.add(b.id);
  return b;
}

const line = async (id: number) => (await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id)))[0] ?? null;

describe('the demo seed', () => {
  it('adds up for every booking, with a ledger line wherever a payment left the chef earnings', async () => {
    expect(await unbalanced(h.db)).toEqual([]);
    const money = await bookingMoney(h.db);
    const paid = money.filter((m) => m.paid > 0);
    expect(paid.length).toBeGreaterThan(100);
    // Every kind of outcome is there: kept in full, half refunded, fully refunded.
    expect(paid.some((m) => m.refunded === 0 && m.chef_earnings > 0)).toBe(true);
    expect(paid.some((m) => m.refunded > 0 && m.chef_earnings > 0)).toBe(true);
    expect(paid.some((m) => m.refunded === m.paid && m.chef_earnings === 0)).toBe(true);
    // Confirmed bookings carry the chef's line from the payment on, like one paid through the API.
    const confirmed = await h.db.select({ id: bookings.id, chefEarnings: bookings.chefEarnings }).from(bookings).where(eq(bookings.status, 'confirmed'));
    expect(confirmed.length).toBeGreaterThan(5);
    for (const b of confirmed) expect((await line(b.id))?.amount).toBe(b.chefEarnings);
  });
});

describe('cancellation paths on seeded bookings', () => {
  it('the customer cancels', async () => {
    const b = await seededConfirmed(4);
    const a = await as(h, { userId: b.customerId, email: '' });
    expect((await a.json(a.post(`/v1/bookings/${b.id}/cancel`, { reason: 'Plans changed.' }))).status).toBe(200);
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('the chef cancels: everything back, no earnings', async () => {
    const b = await seededConfirmed(4);
    const c = await as(h, { userId: b.chefUserId, email: '' });
    expect((await c.json(c.post(`/v1/bookings/${b.id}/cancel`, { reason: 'I am ill.' }))).status).toBe(200);
    expect(await line(b.id)).toBeNull();
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('an admin cancels for the customer with the policy’s refund', async () => {
    const b = await seededConfirmed(4);
    const su = await as(h, admin);
    expect((await su.json(su.post(`/v1/admin/bookings/${b.id}/cancel`, { side: 'customer', reason: 'Support case.' }))).status).toBe(200);
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('an admin cancels with a chosen refund: the chef keeps their share of what is kept (#277)', async () => {
    const b = await seededConfirmed(4);
    const refund = Math.round(b.total / 2) - 1234;
    const su = await as(h, admin);
    const res = await su.json<Json>(su.post(`/v1/admin/bookings/${b.id}/cancel`, { side: 'customer', reason: 'Goodwill refund.', refund_amount: refund }));
    expect(res.status).toBe(200);
    const kept = b.total - refund;
    expect((await line(b.id))?.amount).toBe(Math.round((b.chefEarnings * kept) / b.total));
    expect(res.body.data.money).toMatchObject({ paid: b.total, refunded: refund, chef_earnings: Math.round((b.chefEarnings * kept) / b.total) });
    const m = res.body.data.money;
    expect(m.refunded + m.chef_earnings + m.commission + m.service_fee).toBe(b.total);
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('an admin cancels for the chef with a partial refund', async () => {
    const b = await seededConfirmed(4);
    const su = await as(h, admin);
    const res = await su.json<Json>(su.post(`/v1/admin/bookings/${b.id}/cancel`, { side: 'chef', reason: 'Chef unreachable.', refund_amount: b.total - 10_000 }));
    expect(res.status).toBe(200);
    expect((await line(b.id))?.amount).toBeGreaterThan(0);
    expect(await unbalanced(h.db)).toEqual([]);
  });

  it('the sweep writes down what the clock decided, and every booking still adds up', async () => {
    h.clock.set(new Date(START.getTime() + 120 * DAY));
    const su = await as(h, admin);
    for (let i = 0; i < 10; i++) {
      const res = await su.json<Json>(su.post('/v1/admin/sweep', {}));
      expect(res.status).toBe(200);
      if (!res.body.data.more) break;
    }
    const open = await h.db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.status, ['requested', 'accepted', 'confirmed']));
    expect(open).toEqual([]);
    expect(await unbalanced(h.db)).toEqual([]);
  });
});
