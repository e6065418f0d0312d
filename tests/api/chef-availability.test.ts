// The chef's calendar: blocking and unblocking days, days held by bookings and open requests, local dates in
// the chef's time zone, and the limits on days and ranges.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { availabilityBlocks, chefs } from '../../functions/_api/db/schema/chefs';
import { useHarness } from '../support/use-harness';
import { signedUp, type Agent } from '../support/agent';
import { activeChef, createBooking, userByEmail } from '../support/chef-fixtures';
import { createMenu } from '../support/fixtures';
import { ok, refused, typedClient, type QueryOf } from '../support/typed-client';

const h = useHarness();

/** The chef's own calendar calls: a range read, blocking a day (with a note) and unblocking it. */
const calendar = (a: Agent) => {
  const me = typedClient(a).chefs.me.availability;
  return {
    read: (query: QueryOf<typeof me.$get> = {}) => me.$get({ query }),
    block: (day: string, json: { note?: string } = {}) => me[':day'].$put({ param: { day }, json }),
    unblock: (day: string) => me[':day'].$delete({ param: { day } }),
  };
};
const JUNE = { from: '2026-06-01', to: '2026-06-30' };

// The harness clock starts at 2026-06-01T10:00:00Z: 12:00 on 1 June in Zürich.
describe('availability', () => {
  it('shows blocked days, days held by bookings and open requests in the range', async () => {
    const c = await activeChef(h);
    const cal = calendar(c.agent);
    const menu = await createMenu(h.db, c.chefId);
    const customer = await userByEmail(h.db, (await signedUp(h)).email);
    const held = await createBooking(h.db, { chefId: c.chefId, menuId: menu.id, customerId: customer.id, status: 'confirmed', eventDate: '2026-06-15' });
    const asked = await createBooking(h.db, { chefId: c.chefId, menuId: menu.id, customerId: customer.id, status: 'requested', eventDate: '2026-06-20' });
    await createBooking(h.db, { chefId: c.chefId, menuId: menu.id, customerId: customer.id, status: 'cancelled', eventDate: '2026-06-21' });
    await createBooking(h.db, { chefId: c.chefId, menuId: menu.id, customerId: customer.id, status: 'confirmed', eventDate: '2026-08-01' });

    const block = await ok(cal.block('2026-06-10', { note: 'Family wedding' }));
    expect(block.status).toBe(200);
    expect(block.body).toMatchObject({ data: { day: '2026-06-10', blocked: true, note: 'Family wedding', held_by_booking_id: null }, message: 'The day is blocked.' });

    const res = await ok(cal.read(JUNE));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ timezone: 'Europe/Zurich', today: '2026-06-01', from: '2026-06-01', to: '2026-06-30' });
    expect(res.body.data.blocked).toEqual([{ day: '2026-06-10', note: 'Family wedding' }]);
    expect(res.body.data.booked).toMatchObject([{ day: '2026-06-15', booking_id: held.id, status: 'confirmed' }]);
    expect(res.body.data.requests).toMatchObject([{ day: '2026-06-20', booking_id: asked.id, status: 'requested' }]);

    // Another chef sees none of it.
    const other = await activeChef(h);
    const theirs = (await ok(calendar(other.agent).read(JUNE))).body.data;
    expect([theirs.blocked, theirs.booked, theirs.requests]).toEqual([[], [], []]);
  });

  it('allows blocking a day a booking already holds, and says so', async () => {
    const c = await activeChef(h);
    const menu = await createMenu(h.db, c.chefId);
    const customer = await userByEmail(h.db, (await signedUp(h)).email);
    const held = await createBooking(h.db, { chefId: c.chefId, menuId: menu.id, customerId: customer.id, status: 'confirmed', eventDate: '2026-07-04' });
    const res = await ok(calendar(c.agent).block('2026-07-04'));
    expect(res.status).toBe(200);
    expect(res.body.data.held_by_booking_id).toBe(held.id);
    expect(res.body.message).toMatch(/already takes place/);
  });

  it('unblocks a day, and blocking twice only updates the note', async () => {
    const c = await activeChef(h);
    const cal = calendar(c.agent);
    await ok(cal.block('2026-06-12', { note: 'first' }));
    await ok(cal.block('2026-06-12', { note: 'second' }));
    const rows = await h.db.select().from(availabilityBlocks).where(eq(availabilityBlocks.chefId, c.chefId));
    expect(rows.map((r) => [r.day, r.note])).toEqual([['2026-06-12', 'second']]);
    const un = await ok(cal.unblock('2026-06-12'));
    expect(un.status).toBe(200);
    expect(un.body.data).toEqual({ day: '2026-06-12', blocked: false });
    expect((await ok(cal.read(JUNE))).body.data.blocked).toEqual([]);
    expect((await ok(cal.unblock('2026-06-12'))).body.message).toBe('The day was not blocked.');
  });

  it('refuses past days, impossible dates and too long ranges', async () => {
    const { agent: a } = await activeChef(h);
    const cal = calendar(a);
    const past = await refused(cal.block('2026-05-31'));
    expect(past.status).toBe(400);
    expect(past.body.errors.day![0]).toMatch(/today or a later day/);
    expect((await ok(cal.block('2026-06-01'))).status).toBe(200);
    expect((await refused(cal.block('2026-02-30'))).body.errors.day).toBeDefined();
    expect((await refused(cal.block('tomorrow'))).status).toBe(400);
    expect((await refused(cal.unblock('2026-05-01'))).status).toBe(400);
    expect((await refused(cal.block('2029-01-01'))).body.errors.day![0]).toMatch(/within 730 days/);
    const long = await refused(cal.read({ from: '2026-06-01', to: '2027-07-06' }));
    expect(long.status).toBe(400);
    expect(long.body.errors.to![0]).toMatch(/at most 400 days/);
    expect((await ok(cal.read({ from: '2026-06-01', to: '2027-07-05' }))).status).toBe(200);
    expect((await refused(cal.read({ from: '2026-06-10', to: '2026-06-01' }))).status).toBe(400);
    // Raw on purpose: a field the body does not take.
    expect((await a.json(a.put('/v1/chefs/me/availability/2026-06-20', { note: 'x', extra: 1 }))).body.errors.extra).toBeDefined();
  });

  it('judges days in the chef’s time zone', async () => {
    const c = await activeChef(h);
    const cal = calendar(c.agent);
    // At 10:00 UTC on 1 June it is already 2 June on Kiritimati (UTC+14).
    await h.db.update(chefs).set({ timezone: 'Pacific/Kiritimati' }).where(eq(chefs.id, c.chefId));
    const own = (await ok(cal.read())).body.data;
    expect(own).toMatchObject({ timezone: 'Pacific/Kiritimati', today: '2026-06-02', from: '2026-06-02', to: '2026-08-30' });
    expect((await refused(cal.block('2026-06-01'))).status).toBe(400);
    expect((await ok(cal.block('2026-06-02'))).status).toBe(200);
  });
});
