// Admin payouts: what is due (released, in no payout, per chef and currency, with bank details), creating a batch
// (each item in exactly one payout, even with two admins at once), the bank's CSV, marking paid (final; a replay
// changes nothing) and failed (the earnings wait until the chef changes their bank details), each with its audit
// entry, and the chef's own views.
import { eq, inArray, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { payoutDetails } from '../../functions/_api/db/schema/chefs';
import { notifications } from '../../functions/_api/db/schema/messages';
import { payoutItems, payouts } from '../../functions/_api/db/schema/payouts';
import { users } from '../../functions/_api/db/schema/users';
import { hashPassword } from '../../functions/_api/lib/password';
import { auditLog } from '../../functions/_api/db/schema/system';
import { csvField } from '../../functions/_api/lib/csv';
import { useHarness } from '../support/use-harness';
import { auditRows, superUserParty } from '../support/admin-fixtures';
import { as, confirmedBooking, startsIn, world, type World } from '../support/booking-fixtures';
import { START } from '../support/harness';
import { ok, refused, typedClient } from '../support/typed-client';
import { DAY, HOUR, MINUTE } from '#shared/time';

const IBAN = 'CH9300762011623852957';

const h = useHarness();
const admin = superUserParty(h);
beforeEach(() => h.clock.set(START));

/** The admin's payout calls (a fresh session at the clock's now). */
const su = async () => (await admin.client()).admin.payouts;
const payoutId = (id: number) => ({ param: { id: String(id) } });
/** The chef's own calls: their payouts, earnings and bank details. */
const chefMe = async (w: World) => typedClient(await as(h, w.chef)).chefs.me;
const giveBankDetails = (w: World, accountHolder = 'Marco Rossi', iban = IBAN) => h.db.insert(payoutDetails).values({ chefId: w.chef.chefId, accountHolder, iban, updatedAt: h.clock.now() });
const itemsOf = (w: World) => h.db.select().from(payoutItems).where(eq(payoutItems.chefId, w.chef.chefId));
const notesOf = (userId: number) => h.db.select().from(notifications).where(eq(notifications.userId, userId));

/** Chefs with confirmed bookings whose earnings (32300 each) are released: the clock ends up past the release. */
async function releasedEarnings(n: number[], opts: { details?: boolean[] } = {}) {
  const worlds: World[] = [];
  for (const [i, bookingsCount] of n.entries()) {
    const w = await world(h);
    if (opts.details?.[i] ?? true) await giveBankDetails(w);
    for (let b = 0; b < bookingsCount; b++) await confirmedBooking(h, w, { starts_at: startsIn(h, 20 + b) });
    worlds.push(w);
  }
  // Events end 4 hours after the start; earnings are released 48 hours later.
  h.clock.set(new Date(h.clock.now().getTime() + (20 + Math.max(...n)) * DAY + 3 * DAY));
  return worlds;
}

/** Puts every earning due so far into paid payouts, so each test starts with nothing due. */
async function settleEverything() {
  await h.db.update(payoutItems).set({ amount: 0 }).where(isNull(payoutItems.payoutId));
}

describe('payouts due', () => {
  it('groups released earnings per chef and currency, with masked bank details; not-yet-released ones wait', async () => {
    await settleEverything();
    const [withDetails, withoutDetails] = await releasedEarnings([2, 1], { details: [true, false] });
    const future = await world(h);
    await giveBankDetails(future);
    await confirmedBooking(h, future, { starts_at: startsIn(h, 30) });
    const a = await su();
    const res = await ok(a.due.$get({ query: { count: '1' } }));
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(2);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ chef: expect.objectContaining({ id: withDetails!.chef.chefId }), currency: 'CHF', amount: 64600, item_count: 2, bank: { account_holder: 'Marco Rossi', iban_masked: 'CH93 **** **** **** *295 7' } }),
        expect.objectContaining({ chef: expect.objectContaining({ id: withoutDetails!.chef.chefId }), amount: 32300, item_count: 1, bank: null }),
      ]),
    );
    expect(res.body.totals).toEqual([expect.objectContaining({ currency: 'CHF', amount: 96900, items: 3, chefs: 2, chefs_without_bank_details: 1 })]);
    // Creating pays only the chef with bank details.
    const created = await ok(a.$post({ json: {} }));
    expect(created.status).toBe(201);
    expect(created.body.data.payouts.map((p) => [p.chef.id, p.amount])).toEqual([[withDetails!.chef.chefId, 64600]]);
    expect((await itemsOf(withoutDetails!)).map((i) => i.payoutId)).toEqual([null]);
    await settleEverything();
  });
});

describe('creating a payout batch', () => {
  it('takes every due item into one payout per chef, records who did it, and the chef sees the payout', async () => {
    await settleEverything();
    const [one, two] = await releasedEarnings([2, 1]);
    const a = await su();
    const res = await ok(a.$post({ json: {} }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('2 payouts were created.');
    const { batch, payouts: created } = res.body.data;
    expect(batch).toMatch(/^\d{8}-[A-Z0-9]{6}$/);
    expect(created).toHaveLength(2);
    const mine = created.find((p) => p.chef.id === one!.chef.chefId)!;
    expect(mine).toMatchObject({ status: 'pending', amount: 64600, currency: 'CHF', item_count: 2, batch, reference: `YLC-${batch}-${one!.chef.chefId}-CHF`, iban_masked: 'CH93 **** **** **** *295 7' });

    // DB: the payout snapshots the bank details; every item of the chef carries its id.
    const [row] = await h.db.select().from(payouts).where(eq(payouts.id, mine.id));
    expect(row).toMatchObject({ chefId: one!.chef.chefId, amount: 64600, status: 'pending', accountHolder: 'Marco Rossi', iban: IBAN, createdBy: admin.party.userId });
    expect((await itemsOf(one!)).map((i) => i.payoutId)).toEqual([mine.id, mine.id]);
    expect((await itemsOf(two!)).map((i) => i.payoutId)).toEqual([created.find((p) => p.chef.id === two!.chef.chefId)!.id]);

    const [audit] = await auditRows(h, 'payout', mine.id);
    expect(audit).toMatchObject({ actorUserId: admin.party.userId, action: 'payout.create', before: null, after: { status: 'pending', chef_id: one!.chef.chefId, amount: 64600, currency: 'CHF', batch, items: 2 } });

    // The chef's views: the payout, and the earnings still "released" until it is paid.
    const chef = await chefMe(one!);
    const theirs = await ok(chef.payouts.$get({ query: {} }));
    expect(theirs.body.data).toEqual([expect.objectContaining({ id: mine.id, status: 'pending', amount: 64600, item_count: 2 })]);
    const earnings = await ok(chef.earnings.$get({ query: {} }));
    expect(earnings.body.data.map((e) => [e.status, e.payout_id])).toEqual([
      ['released', mine.id],
      ['released', mine.id],
    ]);

    // Nothing left: a second batch is refused and writes nothing.
    const again = await refused(a.$post({ json: {} }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NOTHING_DUE');
    expect((await h.db.select().from(payouts).where(eq(payouts.chefId, one!.chef.chefId))).length).toBe(1);
    await settleEverything();
  });

  it('lets two admins create at the same moment: every item lands in exactly one payout', async () => {
    await settleEverything();
    const worlds = await releasedEarnings([2, 1, 1]);
    const [a, b] = [await su(), await su()];
    // One of the two wins and one is refused: the statuses alone are read.
    const results = await Promise.all([a.$post({ json: {} }), b.$post({ json: {} })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const chefIds = worlds.map((w) => w.chef.chefId);
    const items = await h.db.select().from(payoutItems).where(inArray(payoutItems.chefId, chefIds));
    expect(items).toHaveLength(4);
    expect(items.every((i) => i.payoutId != null)).toBe(true);
    const rows = await h.db.select().from(payouts).where(inArray(payouts.chefId, chefIds));
    expect(rows).toHaveLength(3);
    // Each payout's amount is exactly the sum of the items that point to it.
    for (const p of rows) expect(items.filter((i) => i.payoutId === p.id).reduce((s, i) => s + i.amount, 0)).toBe(p.amount);
    await settleEverything();
  });

  it('pays only the chosen chef/currency groups', async () => {
    await settleEverything();
    const [one, two] = await releasedEarnings([1, 1]);
    const a = await su();
    const res = await ok(a.$post({ json: { groups: [{ chef_id: two!.chef.chefId, currency: 'CHF' }] } }));
    expect(res.status).toBe(201);
    expect(res.body.data.payouts.map((p) => p.chef.id)).toEqual([two!.chef.chefId]);
    expect((await itemsOf(one!))[0]!.payoutId).toBeNull();
    // Raw on purpose: a text chef id, an unknown currency and a field the body does not take.
    const raw = await admin.agent();
    const bad = await raw.json(raw.post('/v1/admin/payouts', { groups: [{ chef_id: 'x', currency: 'XXX' }], extra: 1 }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['groups.0.chef_id', 'groups.0.currency', 'extra']));
    await settleEverything();
  });
});

describe('the bank CSV', () => {
  it('quotes properly, neutralises formulas, and is audited', async () => {
    await settleEverything();
    const [plain, tricky] = await releasedEarnings([1, 1], { details: [true, false] });
    await giveBankDetails(tricky!, '=Müller, "Hans"', 'DE89370400440532013000');
    const a = await su();
    const { batch, payouts: created } = (await ok(a.$post({ json: {} }))).body.data;
    const res = await a.export.$get({ query: { batch } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="ylc-payouts-${batch}.csv"`);
    const text = await res.text();
    const byChef = (w: World) => created.find((p) => p.chef.id === w.chef.chefId)!.reference;
    // Rows in payout order (the plain chef was created first), CRLF line ends, a final line break.
    expect(text.split('\r\n')).toEqual([
      'account_holder,iban,amount,currency,reference',
      `Marco Rossi,${IBAN},323.00,CHF,${byChef(plain!)}`,
      `"'=Müller, ""Hans""",DE89370400440532013000,323.00,CHF,${byChef(tricky!)}`,
      '',
    ]);
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'payout.export'));
    expect(audit).toMatchObject({ actorUserId: admin.party.userId, targetType: 'payout_export', targetId: batch, after: { batch, payout_ids: created.map((p) => p.id) } });
    expect((await refused(a.export.$get({ query: { batch: 'nope' } }))).status).toBe(400);
    await settleEverything();
  });

  it('escapes fields as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('+41 79')).toBe("'+41 79");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});

describe('settling a payout', () => {
  async function pendingPayout() {
    await settleEverything();
    const [w] = await releasedEarnings([2]);
    const a = await su();
    const res = await ok(a.$post({ json: {} }));
    return { w: w!, a, payout: res.body.data.payouts[0]! };
  }

  it('marks paid once: a replay is a harmless 200 with no second audit row or notification; paid is final', async () => {
    const { w, a, payout } = await pendingPayout();
    const notes = (await notesOf(w.chef.userId)).length;
    h.clock.advance(HOUR);
    const res = await ok(a[':id'].paid.$post({ ...payoutId(payout.id), json: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'The payout was marked paid.', changed: true, data: { id: payout.id, status: 'paid', paid_at: h.clock.now().toISOString() } });
    const [row] = await h.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row).toMatchObject({ status: 'paid', paidAt: h.clock.now() });
    const chefNotes = await notesOf(w.chef.userId);
    expect(chefNotes).toHaveLength(notes + 1);
    expect(chefNotes.at(-1)).toMatchObject({ title: 'Your payout is on its way', type: 'success', link: '/account/me/payout' });
    expect(chefNotes.at(-1)!.message).toContain(payout.reference);

    const paidAt = row!.paidAt;
    h.clock.advance(HOUR);
    const replay = await ok(a[':id'].paid.$post({ ...payoutId(payout.id), json: {} }));
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ message: 'This payout was already marked paid.', changed: false, data: { status: 'paid' } });
    expect((await h.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0]!.paidAt).toEqual(paidAt);
    expect(await notesOf(w.chef.userId)).toHaveLength(notes + 1);
    const audits = await auditRows(h, 'payout', payout.id);
    expect(audits.map((x) => x.action)).toEqual(['payout.paid', 'payout.create']);
    expect(audits[0]).toMatchObject({ before: { status: 'pending', item_count: 2 }, after: { status: 'paid', amount: 64600, paid_at: paidAt!.toISOString() } });

    const failing = await refused(a[':id'].failed.$post({ ...payoutId(payout.id), json: { reason: 'Bounced' } }));
    expect(failing.status).toBe(409);
    expect(failing.body.code).toBe('PAYOUT_SETTLED');
    expect((await itemsOf(w)).map((i) => i.payoutId)).toEqual([payout.id, payout.id]);

    // The chef sees it paid, in the payouts and in the earnings.
    const chef = await chefMe(w);
    expect((await ok(chef.payouts.$get({ query: {} }))).body.data[0]).toMatchObject({ id: payout.id, status: 'paid' });
    expect((await ok(chef.earnings.$get({ query: {} }))).body.data.map((e) => e.status)).toEqual(['paid', 'paid']);
  });

  it('marks failed with a reason: the earnings wait for new bank details, then go into the next batch; a failed payout is not paid', async () => {
    const { w, a, payout } = await pendingPayout();
    // Raw on purpose: the reason the body requires is missing.
    const raw = await admin.agent();
    expect((await raw.json(raw.post(`/v1/admin/payouts/${payout.id}/failed`, {}))).body.errors.reason).toBeTruthy();
    const res = await ok(a[':id'].failed.$post({ ...payoutId(payout.id), json: { reason: 'The bank returned the transfer: account closed.' } }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: true, data: { status: 'failed', failed_reason: 'The bank returned the transfer: account closed.', item_count: 0 } });
    expect((await itemsOf(w)).map((i) => i.payoutId)).toEqual([null, null]);
    expect((await auditRows(h, 'payout', payout.id))[0]).toMatchObject({ action: 'payout.failed', before: { status: 'pending', item_count: 2 }, after: { status: 'failed', reason: 'The bank returned the transfer: account closed.' } });
    expect((await notesOf(w.chef.userId)).at(-1)).toMatchObject({ title: 'Your payout could not be transferred', type: 'error' });

    expect((await ok(a[':id'].failed.$post({ ...payoutId(payout.id), json: { reason: 'Again' } }))).body.changed).toBe(false);
    expect((await refused(a[':id'].paid.$post({ ...payoutId(payout.id), json: {} }))).status).toBe(409);

    // The earnings are due, but they wait: not sent to the same account again, and the list says why.
    const waiting = { payout_id: payout.id, failed_reason: 'The bank returned the transfer: account closed.', iban_masked: 'CH93 **** **** **** *295 7' };
    const due = await ok(a.due.$get({ query: {} }));
    expect(due.body.data).toEqual([expect.objectContaining({ chef: expect.objectContaining({ id: w.chef.chefId }), amount: 64600, item_count: 2, waiting_for_new_details: waiting })]);
    expect(due.body.totals).toEqual([expect.objectContaining({ chefs: 1, chefs_waiting_for_new_details: 1 })]);
    const home = await ok((await admin.client()).admin.home.$get());
    expect(home.body.data.attention).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'bank_details_failed', count: 1 })]));
    expect(home.body.data.attention.map((x) => x.key)).not.toContain('payouts_due');
    const nothingDue = await refused(a.$post({ json: {} }));
    expect(nothingDue.status).toBe(409);
    expect(nothingDue.body.code).toBe('NOTHING_DUE');
    expect((await refused(a.$post({ json: { groups: [{ chef_id: w.chef.chefId, currency: 'CHF' }] } }))).status).toBe(409);
    expect((await itemsOf(w)).map((i) => i.payoutId)).toEqual([null, null]);

    // The chef is told their bank details need fixing, and changes them.
    await h.db.update(users).set({ passwordHash: await hashPassword('chef-password-1') }).where(eq(users.id, w.chef.userId));
    const chef = await chefMe(w);
    expect((await ok(chef['payout-details'].$get())).body.data?.failed_payout).toEqual(waiting);
    h.clock.advance(MINUTE);
    const changed = await ok(chef['payout-details'].$put({ json: { account_holder: 'Marco Rossi', iban: 'DE89370400440532013000', password: 'chef-password-1' } }));
    expect(changed.status).toBe(200);
    expect(changed.body.data.failed_payout).toBeNull();

    const again = await ok(a.due.$get({ query: {} }));
    expect(again.body.data).toEqual([expect.objectContaining({ amount: 64600, waiting_for_new_details: null })]);
    const next = await ok(a.$post({ json: {} }));
    expect(next.status).toBe(201);
    expect(next.body.data.payouts[0]).toMatchObject({ amount: 64600, item_count: 2, iban_masked: 'DE89 **** **** **** **30 00' });
    expect(next.body.data.payouts[0]!.id).not.toBe(payout.id);
    await settleEverything();
  });

  it('lists payouts by status and batch, and shows one with its bookings', async () => {
    const { a, payout } = await pendingPayout();
    const pending = await ok(a.$get({ query: { status: 'pending', count: '1', batch: payout.batch! } }));
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ filter_count: 1, data: [expect.objectContaining({ id: payout.id, status: 'pending' })] });
    expect(pending.body.total_count).toBeGreaterThanOrEqual(1);
    const one = await ok(a[':id'].$get(payoutId(payout.id)));
    expect(one.body.data.items).toHaveLength(2);
    expect(one.body.data.items[0]).toMatchObject({ amount: 32300, menu_name: 'Alpine Autumn', booking_status: 'confirmed' });
    expect((await refused(a[':id'].$get(payoutId(999999)))).status).toBe(404);
    expect((await refused(a[':id'].paid.$post({ ...payoutId(999999), json: {} }))).status).toBe(404);
    expect((await refused(a.$get({ query: { status: 'lost' } }))).status).toBe(400);
    await settleEverything();
  });
});
