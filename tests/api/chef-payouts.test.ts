// Payout details (IBAN checksum, masking, password re-entry) and the chef's earnings and payouts.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutDetails } from '../../functions/_api/db/schema/chefs';
import { notifications } from '../../functions/_api/db/schema/messages';
import { auditLog, outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { agent, signedUp, type Agent } from '../support/agent';
import { activeChef, createBooking, createPayout, createPayoutItem, startedChef, userByEmail } from '../support/chef-fixtures';
import { createMenu } from '../support/fixtures';
import { ok, refused, typedClient } from '../support/typed-client';

const h = useHarness();

const CH = 'CH93 0076 2011 6238 5295 7';
const DE = 'DE89 3704 0044 0532 0130 00';
type Details = { account_holder: string; iban: string; password: string };
const details = (a: Agent) => typedClient(a).chefs.me['payout-details'];
const save = (a: Agent, json: Details) => details(a).$put({ json });
const me = (a: Agent) => typedClient(a).chefs.me;

describe('payout details', () => {
  it('stores a valid IBAN normalised and shows it masked', async () => {
    const c = await startedChef(h);
    const a = c.agent;
    expect((await ok(details(a).$get())).body).toEqual({ data: null });
    const res = await ok(save(a, { account_holder: ' Anna Muster ', iban: 'ch93 0076 2011 6238 5295 7', password: c.password }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ account_holder: 'Anna Muster', iban_masked: 'CH93 **** **** **** *295 7', country: 'CH' });
    expect(JSON.stringify(res.body)).not.toContain('0076');
    const [row] = await h.db.select().from(payoutDetails).where(eq(payoutDetails.chefId, c.chefId));
    expect(row!.iban).toBe('CH9300762011623852957');
    const got = await ok(details(a).$get());
    expect(got.body.data?.iban_masked).toBe('CH93 **** **** **** *295 7');

    const de = await ok(save(a, { account_holder: 'Anna Muster', iban: DE, password: c.password }));
    expect(de.status).toBe(200);
    expect(de.body.data).toMatchObject({ iban_masked: 'DE89 **** **** **** **30 00', country: 'DE' });
  });

  it('refuses an IBAN with one digit changed, a wrong length and a wrong country format', async () => {
    const c = await startedChef(h);
    for (const iban of ['CH93 0076 2011 6238 5295 8', 'DE89 3704 0044 0532 0130 01', 'CH93 0076 2011 6238 529', 'not an iban']) {
      const res = await refused(save(c.agent, { account_holder: 'Anna Muster', iban, password: c.password }));
      expect(res.status, iban).toBe(400);
      expect(res.body.errors.iban, iban).toHaveLength(1);
    }
    expect(await h.db.select().from(payoutDetails).where(eq(payoutDetails.chefId, c.chefId))).toHaveLength(0);
  });

  it('asks for the account password every time, and a wrong one changes nothing', async () => {
    const c = await startedChef(h);
    const a = c.agent;
    // Raw on purpose: the password the body requires is missing.
    const missing = await a.json(a.put('/v1/chefs/me/payout-details', { account_holder: 'Anna Muster', iban: CH }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors.password).toBeDefined();
    await ok(save(a, { account_holder: 'Anna Muster', iban: CH, password: c.password }));
    const wrong = await refused(save(a, { account_holder: 'Mallory', iban: DE, password: 'not my password' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.password).toEqual(['Your password is not correct.']);
    const [row] = await h.db.select().from(payoutDetails).where(eq(payoutDetails.chefId, c.chefId));
    expect(row).toMatchObject({ accountHolder: 'Anna Muster', iban: 'CH9300762011623852957' });
  });

  it('audits the change with masked IBANs and tells the chef in-app and by mail', async () => {
    const c = await startedChef(h);
    await ok(save(c.agent, { account_holder: 'Anna Muster', iban: CH, password: c.password }));
    await ok(save(c.agent, { account_holder: 'Anna Muster', iban: DE, password: c.password }));
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.targetId, String(c.chefId)), eq(auditLog.targetType, 'chef')));
    const changes = audit.filter((r) => r.action.startsWith('chef.payout_details'));
    expect(changes.map((r) => r.action)).toEqual(['chef.payout_details.create', 'chef.payout_details.update']);
    expect(changes[1]!.before).toEqual({ account_holder: 'Anna Muster', iban: 'CH93 **** **** **** *295 7' });
    expect(JSON.stringify(changes)).not.toContain('0532');
    const notes = await h.db.select().from(notifications).where(and(eq(notifications.userId, c.userId), eq(notifications.title, 'Your payout details were changed')));
    expect(notes).toHaveLength(2);
    expect(notes[1]!.message).toContain('DE89 **** **** **** **30 00');
    const mails = (await h.db.select().from(outbox).where(eq(outbox.recipient, c.email))).filter((m) => m.template === 'notify.payout_details.changed');
    expect(mails).toHaveLength(2);
  });

  it('tells an account without a password how to set one', async () => {
    const c = await startedChef(h);
    await h.db.update(users).set({ passwordHash: null }).where(eq(users.id, c.userId));
    const res = await refused(save(c.agent, { account_holder: 'Anna Muster', iban: CH, password: 'anything at all' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.password![0]).toMatch(/no password yet/);
  });
});

describe('payouts are a chef’s', () => {
  it('refuses a customer every payout call (404 NOT_A_CHEF) and a visitor (401), storing nothing', async () => {
    const customer = await signedUp(h);
    const calls = (a: Agent) => ({
      'GET payout-details': details(a).$get(),
      'PUT payout-details': save(a, { account_holder: 'Mallory', iban: CH, password: customer.password }),
      'GET earnings': me(a).earnings.$get({ query: {} }),
      'GET payouts': me(a).payouts.$get({ query: {} }),
    });
    for (const [name, call] of Object.entries(calls(customer.agent))) {
      const res = await refused(call);
      expect([res.status, res.body.code], name).toEqual([404, 'NOT_A_CHEF']);
    }
    for (const [name, call] of Object.entries(calls(agent(h)))) expect((await refused(call)).status, name).toBe(401);
    expect(await h.db.select().from(payoutDetails).where(eq(payoutDetails.accountHolder, 'Mallory'))).toEqual([]);
  });
});

describe('earnings and payouts', () => {
  it('lists earnings per booking as upcoming, pending, released or paid, with totals, computed from the clock', async () => {
    const c = await activeChef(h);
    const menu = await createMenu(h.db, c.chefId, { name: 'Tasting' });
    const customer = await userByEmail(h.db, (await signedUp(h)).email);
    const book = (status: Parameters<typeof createBooking>[1]['status'], eventDate: string) =>
      createBooking(h.db, { chefId: c.chefId, menuId: menu.id, customerId: customer.id, status, eventDate, menuName: `Tasting ${eventDate}` });
    const released = await book('completed', '2026-05-20');
    const upcoming = await book('confirmed', '2026-06-03');
    const paidOut = await book('reviewed', '2026-05-01');
    const cancelled = await book('payment_expired', '2026-05-25');
    const done = await book('completed', '2026-05-31');
    const payout = await createPayout(h.db, { chefId: c.chefId, amount: 15000, status: 'paid', paidAt: new Date('2026-05-10T08:00:00Z') });
    await createPayoutItem(h.db, { bookingId: released.id, chefId: c.chefId, amount: 32300, releaseAt: new Date('2026-05-22T20:00:00Z') });
    await createPayoutItem(h.db, { bookingId: upcoming.id, chefId: c.chefId, amount: 20000, releaseAt: new Date('2026-06-05T20:00:00Z') });
    await createPayoutItem(h.db, { bookingId: paidOut.id, chefId: c.chefId, amount: 15000, releaseAt: new Date('2026-05-03T20:00:00Z'), payoutId: payout.id });
    await createPayoutItem(h.db, { bookingId: cancelled.id, chefId: c.chefId, amount: 9999, releaseAt: new Date('2026-05-27T20:00:00Z') });
    await createPayoutItem(h.db, { bookingId: done.id, chefId: c.chefId, amount: 5000, releaseAt: new Date('2026-06-02T20:00:00Z') });

    const res = await ok(me(c.agent).earnings.$get({ query: { count: 1 } }));
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => [e.booking_id, e.status, e.chef_earnings])).toEqual([
      [upcoming.id, 'upcoming', 20000],
      [done.id, 'pending', 5000],
      [released.id, 'released', 32300],
      [paidOut.id, 'paid', 15000],
    ]);
    expect(res.body.data[0]).toMatchObject({ event_date: '2026-06-03', menu_name: 'Tasting 2026-06-03', currency: 'CHF', release_at: '2026-06-05T20:00:00.000Z' });
    expect(res.body.data[3]).toMatchObject({ payout_id: payout.id, paid_at: '2026-05-10T08:00:00.000Z' });
    expect(res.body).toMatchObject({ total_count: 4, filter_count: 4 });
    expect(res.body.totals).toEqual([{ currency: 'CHF', upcoming: 20000, pending: 5000, held: 0, released: 32300, paid: 15000 }]);

    // Two days after the release instant (and within the session's idle limit).
    h.clock.set(new Date('2026-06-06T00:00:00Z'));
    try {
      const later = await ok(me(c.agent).earnings.$get({ query: {} }));
      expect(later.body.totals).toEqual([{ currency: 'CHF', upcoming: 0, pending: 0, held: 0, released: 57300, paid: 15000 }]);
    } finally {
      h.clock.set(new Date('2026-06-01T10:00:00Z'));
    }
    const page = await ok(me(c.agent).earnings.$get({ query: { page_size: 1, page: 1, order_dir: 'asc' } }));
    expect(page.body.data.map((e) => e.booking_id)).toEqual([released.id]);
  });

  it('lists payouts in the list envelope, newest first, with the IBAN masked', async () => {
    const c = await activeChef(h);
    const first = await createPayout(h.db, { chefId: c.chefId, amount: 10000, status: 'paid', paidAt: new Date('2026-04-01T08:00:00Z') });
    const second = await createPayout(h.db, { chefId: c.chefId, amount: 25000, status: 'pending' });
    const other = await activeChef(h);
    await createPayout(h.db, { chefId: other.chefId, amount: 1, status: 'pending' });
    const res = await ok(me(c.agent).payouts.$get({ query: { count: 1 } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total_count: 2, filter_count: 2 });
    expect(res.body.data.map((p) => [p.id, p.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'paid'],
    ]);
    expect(res.body.data[0]).toMatchObject({ amount: 25000, currency: 'CHF', iban_masked: 'CH93 **** **** **** *295 7', item_count: 0 });
    expect(JSON.stringify(res.body)).not.toContain('CH9300762011623852957');
  });
});
