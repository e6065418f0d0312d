// A banned chef's kept bookings: the admin may keep a banned chef's upcoming bookings (they take place, the customer
// is not refunded), but the chef's earnings of them are never sent automatically. They are held, shown to the admin
// with the reason and to the chef as on hold, left out of new payouts, and a payout made before the ban is not
// written into a bank file; lifting the ban releases them.
import { and, eq, isNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { payments, refunds } from '../../functions/_api/db/schema/bookings';
import { payoutDetails } from '../../functions/_api/db/schema/chefs';
import { notifications } from '../../functions/_api/db/schema/messages';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { auditLog } from '../../functions/_api/db/schema/system';
import { useHarness } from '../support/use-harness';
import { COMPANY, superUserParty } from '../support/admin-fixtures';
import { as, bookingCalls, confirmedBooking, startsIn, world, type World } from '../support/booking-fixtures';
import { START } from '../support/harness';
import { bookingMoney, unbalanced } from '../support/money';
import { pdfText } from '../support/pdf-text';
import { ok, on, refused, settled, typedClient, type ErrorBody } from '../support/typed-client';
import { DAY } from '#shared/time';

const IBAN = 'CH9300762011623852957';
const h = useHarness();
const admin = superUserParty(h);
beforeEach(() => h.clock.set(START));

const adminCalls = async () => (await admin.client()).admin;
const itemsOf = (w: World) => h.db.select({ amount: payoutItems.amount, payoutId: payoutItems.payoutId }).from(payoutItems).where(eq(payoutItems.chefId, w.chef.chefId));
const ban = async (w: World) => ok((await adminCalls()).chefs[':id'].ban.$post({ ...on(w.chef.chefId), json: { reason: 'Fraud.' } }));
const unban = async (w: World) => ok((await adminCalls()).chefs[':id'].unban.$post({ ...on(w.chef.chefId), json: {} }));

/** A chef with bank details and one confirmed booking (32300 for the chef) 20 days ahead; nothing else is due. */
async function chefWithBooking() {
  await h.db.update(payoutItems).set({ amount: 0 }).where(isNull(payoutItems.payoutId));
  const w = await world(h);
  await h.db.insert(payoutDetails).values({ chefId: w.chef.chefId, accountHolder: 'Marco Rossi', iban: IBAN, updatedAt: h.clock.now() });
  const id = await confirmedBooking(h, w, { starts_at: startsIn(h, 20) });
  return { w, id };
}
/** Past the event and its 48-hour release. */
const afterRelease = () => h.clock.set(new Date(h.clock.now().getTime() + 23 * DAY));

describe('a banned chef’s kept bookings', () => {
  it('hold their earnings: not due, shown held with the reason to the admin and the chef, in no payout; lifting the ban releases them', async () => {
    const { w, id } = await chefWithBooking();
    // The admin bans the chef and keeps the upcoming booking (no cancel_bookings).
    expect((await ban(w)).body.data.bookings).toEqual([]);
    afterRelease();
    const a = await adminCalls();
    const due = await ok(a.payouts.due.$get({ query: {} }));
    expect(due.body.data.filter((g) => g.chef.id === w.chef.chefId)).toEqual([]);
    expect(due.body.totals).toEqual([]);
    expect(due.body.held).toEqual([expect.objectContaining({ chef: expect.objectContaining({ id: w.chef.chefId }), currency: 'CHF', amount: 32300, item_count: 1, reason: 'chef_banned' })]);
    // Creating payouts, for everybody or for this chef by name, leaves the earnings where they are.
    expect((await refused(a.payouts.$post({ json: {} }))).body.code).toBe('NOTHING_DUE');
    expect((await refused(a.payouts.$post({ json: { groups: [{ chef_id: w.chef.chefId, currency: 'CHF' }] } }))).body.code).toBe('NOTHING_DUE');
    expect(await itemsOf(w)).toEqual([{ amount: 32300, payoutId: null }]);
    // The chef (who may still read their chef area) sees them on hold, and why; so does the booking.
    const chef = typedClient(await as(h, w.chef));
    const earnings = await ok(chef.chefs.me.earnings.$get({ query: {} }));
    expect(earnings.body.data).toEqual([expect.objectContaining({ booking_id: id, status: 'held', held_reason: 'chef_banned', chef_earnings: 32300 })]);
    expect(earnings.body.totals).toEqual([expect.objectContaining({ currency: 'CHF', held: 32300, released: 0 })]);
    const detail = await ok(bookingCalls(await as(h, w.chef)).$get(on(id)));
    expect(detail.body.data.earnings).toMatchObject({ state: 'held', held_reason: 'chef_banned', amount: 32300 });

    // Lifting the ban releases them: due again, and paid in the next batch.
    await unban(w);
    const again = await ok(a.payouts.due.$get({ query: {} }));
    expect(again.body.held).toEqual([]);
    expect(again.body.data).toEqual([expect.objectContaining({ chef: expect.objectContaining({ id: w.chef.chefId }), amount: 32300 })]);
    const created = await ok(a.payouts.$post({ json: {} }));
    expect(created.body.data.payouts.map((p) => [p.chef.id, p.amount])).toEqual([[w.chef.chefId, 32300]]);
    expect((await itemsOf(w))[0]!.payoutId).toBe(created.body.data.payouts[0]!.id);
  });

  it('show a kept booking still to come as held with the reason, never as upcoming with a release date, in the list and its totals', async () => {
    const { w, id } = await chefWithBooking();
    await ban(w);
    const chef = typedClient(await as(h, w.chef));
    const earnings = await ok(chef.chefs.me.earnings.$get({ query: {} }));
    expect(earnings.body.data).toEqual([expect.objectContaining({ booking_id: id, status: 'held', held_reason: 'chef_banned', chef_earnings: 32300 })]);
    expect(earnings.body.totals).toEqual([expect.objectContaining({ currency: 'CHF', upcoming: 0, held: 32300 })]);
    const detail = await ok(bookingCalls(await as(h, w.chef)).$get(on(id)));
    expect(detail.body.data.earnings).toMatchObject({ state: 'held', held_reason: 'chef_banned' });
    const rows = await ok(chef.chefs.me.bookings.$get({ query: {} }));
    expect(rows.body.data.find((b) => b.id === id)?.earnings).toMatchObject({ state: 'held', held_reason: 'chef_banned' });
    // Lifted, it is upcoming again.
    await unban(w);
    expect((await ok(chef.chefs.me.earnings.$get({ query: {} }))).body.data).toEqual([expect.objectContaining({ booking_id: id, status: 'upcoming', held_reason: null })]);
  });

  it('tell the chef at the completion that the earnings are on hold, never that they are released 48 hours later', async () => {
    const { w, id } = await chefWithBooking();
    await ban(w);
    afterRelease();
    expect((await ok((await adminCalls()).sweep.$post({ json: {} }))).body.data.changed).toContainEqual({ booking_id: id, to: 'completed' });
    const [notice] = await h.db.select().from(notifications).where(and(eq(notifications.userId, w.chef.userId), eq(notifications.link, `/account/me/chefbookings/${id}`), eq(notifications.title, 'Event completed')));
    expect(notice?.message).toMatch(/is completed\. Your profile is blocked, so your earnings for it are on hold until our team has decided\.$/);
  });

  it('are counted apart in the chef’s monthly statement (neither paid out nor due) and named on the admin home', async () => {
    const { w, id } = await chefWithBooking();
    await ban(w);
    afterRelease();
    const chefAgent = await as(h, w.chef);
    const listed = await ok(typedClient(chefAgent).chefs.me.statements.$get(undefined, { headers: { 'accept-language': 'en' } }));
    expect(listed.body.data).toEqual([
      expect.objectContaining({ month: '2026-06', currency: 'CHF', net: 32300, paid_out: 0, held: 32300, opening_balance: 0, closing_balance: 0, formatted: expect.objectContaining({ held: 'CHF\u00a0323.00' }) }),
    ]);
    const csv = (await (await chefAgent.get('/v1/chefs/me/statements/2026-06.csv?currency=CHF')).text()).trimEnd().split('\r\n');
    expect(csv.filter((r) => r.startsWith('booking'))).toEqual([expect.stringMatching(new RegExp(`^booking_held,2026-06-21,${id},`))]);
    expect(csv.slice(-3)).toEqual(['opening_balance,2026-06,,,,,,,0.00,,,CHF', 'held,2026-06,,,,,,,323.00,,,CHF', 'closing_balance,2026-06,,,,,,,0.00,,,CHF']);
    const pdf = (await pdfText(await (await chefAgent.get('/v1/chefs/me/statements/2026-06.pdf?currency=CHF')).arrayBuffer())).pages.flat();
    expect(pdf).toContain('On hold: the chef profile is blocked, our team decides first');
    expect(pdf.filter((l) => l.startsWith('On hold (neither paid out nor due)') || l.startsWith('Due to you at the end of the month'))).toEqual([
      expect.stringMatching(/^On hold \(neither paid out nor due\) -CHF\s323\.00$|^On hold \(neither paid out nor due\) CHF\s-323\.00$/),
      expect.stringMatching(/^Due to you at the end of the month CHF\s0\.00$/),
    ]);
    const home = await ok((await adminCalls()).home.$get(undefined, { headers: { 'accept-language': 'en' } }));
    expect(home.body.data.attention).toContainEqual({ key: 'held_earnings', count: 1, route: 'ylcadmin.payouts', amount_formatted: expect.stringMatching(/^CHF\s323$/) });
    // Lifted, the earnings are due again: in the closing balance, and no longer an attention item.
    await unban(w);
    expect((await ok(typedClient(chefAgent).chefs.me.statements.$get())).body.data[0]).toMatchObject({ held: 0, closing_balance: 32300 });
    expect((await ok((await adminCalls()).home.$get())).body.data.attention.map((a) => a.key)).not.toContain('held_earnings');
  });

  it('keeps a payout made before the ban out of the bank file until the admin marks it failed, which holds the earnings', async () => {
    const { w } = await chefWithBooking();
    afterRelease();
    const a = await adminCalls();
    expect((await ok(a.settings.$put({ json: { company: COMPANY } }))).status).toBe(200);
    const created = await ok(a.payouts.$post({ json: {} }));
    const payout = created.body.data.payouts.find((p) => p.chef.id === w.chef.chefId)!;
    await ban(w);
    const res = await a.payouts.export.$get({ query: { format: 'pain001', batch: created.body.data.batch } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as ErrorBody;
    // What the admin's screen shows: the headline by its key and figures (web/src/lib/api.ts), the reason under the payout.
    expect(body).toMatchObject({
      code: 'BANK_FILE_INVALID',
      message: 'The CHF bank file was not written. Problems found: 1. Correct what is listed, then download it again.',
      message_key: { key: 'validation.refusal.bank_file_invalid_count', params: { currency: 'CHF', count: 1 } },
    });
    expect(Object.keys(body.errors)).toEqual([`payouts.${payout.id}`]);
    expect(body.errors[`payouts.${payout.id}`]).toEqual([`${payout.reference}: the chef is banned, so nothing is sent to them. Mark this payout failed; its earnings are then held until the ban is lifted.`]);
    expect(body.error_keys).toEqual({ [`payouts.${payout.id}`]: [{ key: 'validation.bankfile.banned', params: { reference: payout.reference } }] });
    expect((await ok(a.payouts[':id'].failed.$post({ ...on(payout.id), json: { reason: 'Chef banned.' } }))).status).toBe(200);
    expect(await itemsOf(w)).toEqual([{ amount: 32300, payoutId: null }]);
    const due = await ok(a.payouts.due.$get({ query: {} }));
    expect(due.body.data.filter((g) => g.chef.id === w.chef.chefId)).toEqual([]);
    expect(due.body.held).toEqual([expect.objectContaining({ chef: expect.objectContaining({ id: w.chef.chefId }), amount: 32300, reason: 'chef_banned' })]);
  });
});

describe('a banned chef’s held booking, decided one at a time by a super-user', () => {
  const heldCalls = async (agent?: Awaited<ReturnType<typeof as>>) => (agent ? typedClient(agent) : await admin.client()).admin.payouts.held[':bookingId'];
  const release = async (id: number, agent?: Awaited<ReturnType<typeof as>>) => (await heldCalls(agent)).release.$post({ param: { bookingId: String(id) }, json: {} });
  const refund = async (id: number, agent?: Awaited<ReturnType<typeof as>>) => (await heldCalls(agent)).refund.$post({ param: { bookingId: String(id) }, json: {} });
  const auditOf = (id: number) => h.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'booking'), eq(auditLog.targetId, String(id))));

  it('releases one booking to the chef: due and paid with the next batch, audited, the chef told; only a super-user, only once', async () => {
    const { w, id } = await chefWithBooking();
    const other = await confirmedBooking(h, w, { starts_at: startsIn(h, 18) });
    await ban(w);
    afterRelease();
    // Neither the chef nor the customer may decide it: the admin routes check the super-user on the server.
    expect((await refused(release(id, await as(h, w.chef)))).status).toBe(403);
    expect((await refused(refund(id, await as(h, w.customer)))).status).toBe(403);
    const res = await ok(release(id));
    expect(res.body).toEqual({ message: 'The earnings were released to the chef. They are paid with the next payout.', data: { booking_id: id, decision: 'release', chef_earnings: 32300, refund_amount: 0, currency: 'CHF' } });
    const [line] = await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id));
    expect(line).toMatchObject({ banReleasedBy: admin.party.userId, payoutId: null });
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'payout.held_release', actorUserId: admin.party.userId, after: { released_to_chef: 32300 } })]);
    expect(await h.db.select().from(notifications).where(and(eq(notifications.userId, w.chef.userId), eq(notifications.link, '/account/me/payout')))).toHaveLength(1);
    // The other booking of the banned chef stays held; this one is due, and the chef reads it as released.
    const a = await adminCalls();
    const due = await ok(a.payouts.due.$get({ query: {} }));
    expect(due.body.data).toEqual([expect.objectContaining({ chef: expect.objectContaining({ id: w.chef.chefId }), amount: 32300, item_count: 1 })]);
    expect(due.body.held).toEqual([expect.objectContaining({ item_count: 1, bookings: [expect.objectContaining({ booking_id: other })] })]);
    const earnings = await ok(typedClient(await as(h, w.chef)).chefs.me.earnings.$get({ query: {} }));
    expect(earnings.body.data.find((e) => e.booking_id === id)).toMatchObject({ status: 'released', held_reason: null });
    // Decided once: a second decision is refused.
    expect((await refused(release(id))).body.code).toBe('STATUS_CHANGED');
    expect((await refused(refund(id))).body.code).toBe('STATUS_CHANGED');
    const created = await ok(a.payouts.$post({ json: {} }));
    expect(created.body.data.payouts.map((p) => [p.chef.id, p.amount])).toEqual([[w.chef.chefId, 32300]]);
  });

  it('refunds the customer everything left through the refund path: no earnings for the chef, the money adding up, audited, the customer told', async () => {
    const { w, id } = await chefWithBooking();
    await ban(w);
    afterRelease();
    const res = await ok(refund(id));
    const [payment] = await h.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(res.body.data).toEqual({ booking_id: id, decision: 'refund', chef_earnings: 0, refund_amount: payment!.amount, currency: 'CHF' });
    expect(await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id))).toEqual([]);
    expect(await h.db.select({ amount: refunds.amount, status: refunds.status, reason: refunds.reason }).from(refunds).where(eq(refunds.bookingId, id))).toEqual([
      { amount: payment!.amount, status: 'succeeded', reason: 'Chef banned: the earnings held were refunded to the customer' },
    ]);
    expect((await bookingMoney(h.db)).find((m) => m.id === id)).toMatchObject({ paid: payment!.amount, refunded: payment!.amount, chef_earnings: 0, balance: 0 });
    expect((await unbalanced(h.db)).map((m) => m.id)).not.toContain(id);
    expect(await auditOf(id)).toEqual([expect.objectContaining({ action: 'payout.held_refund', after: { refund_amount: payment!.amount, chef_earnings: 0 } })]);
    expect(await h.db.select().from(notifications).where(and(eq(notifications.userId, w.customer.userId), eq(notifications.link, `/account/me/bookings/${id}`), eq(notifications.title, 'Refund for your booking')))).toHaveLength(1);
    const due = await ok((await adminCalls()).payouts.due.$get({ query: {} }));
    expect(due.body.held).toEqual([]);
    expect(due.body.data.filter((g) => g.chef.id === w.chef.chefId)).toEqual([]);
    expect((await refused(refund(id))).body.code).toBe('STATUS_CHANGED');
  });

  it('decides a booking once when two admins release and refund it at the same moment', async () => {
    const { w, id } = await chefWithBooking();
    await ban(w);
    afterRelease();
    const answers = await Promise.all([settled(release(id)), settled(refund(id))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const decisions = await auditOf(id);
    expect(decisions).toHaveLength(1);
    const refunded = await h.db.select().from(refunds).where(eq(refunds.bookingId, id));
    expect(refunded).toHaveLength(decisions[0]!.action === 'payout.held_refund' ? 1 : 0);
  });

  it('refuses (409) a booking whose earnings are not held for the ban alone: the event not released yet, the chef unbanned; an unknown booking is 404', async () => {
    const { w, id } = await chefWithBooking();
    // Before the release (48 hours after the event) there is nothing to decide here: the admin may cancel instead.
    await ban(w);
    expect((await refused(release(id))).body.code).toBe('STATUS_CHANGED');
    afterRelease();
    await unban(w);
    expect((await refused(refund(id))).body.code).toBe('STATUS_CHANGED');
    expect((await refused(release(999_999))).status).toBe(404);
    expect(await auditOf(id)).toEqual([]);
  });
});
