// Issue 15 L1: a chef undid an admin's pause with POST /v1/chefs/me/resume. Who paused is recorded now, only an
// admin lifts an admin's pause, and the chef reads why. Issue 14 §5: pausing or banning a chef with upcoming bookings
// shows them to the admin, who keeps or cancels each; a cancelled one is the chef side's cancellation with the admin
// as actor (full refund), a kept one stays, and the booking machine refuses a banned chef's part in it.
import { desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, chefCancellations, payments, refunds } from '../../functions/_api/db/schema/bookings';
import { ChefStatus, chefs } from '../../functions/_api/db/schema/chefs';
import { notifications } from '../../functions/_api/db/schema/messages';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { auditRows, superUser } from '../support/admin-fixtures';
import { acceptBooking, as, confirmedBooking, customer, requestBooking, startsIn, world, type World } from '../support/booking-fixtures';
import { ok, refused, typedClient } from '../support/typed-client';
import type { ChefActionBody, ChefActionWithBody, ChefActionWithoutBody } from '#shared/schemas/admin.chefs.schema';

const h = useHarness();
let su: ReturnType<typeof typedClient>;
beforeAll(async () => {
  su = typedClient((await superUser(h)).agent);
});
beforeEach(() => h.clock.set(START));

const chefRow = async (id: number) => (await h.db.select().from(chefs).where(eq(chefs.id, id)))[0]!;
const statusOf = async (id: number) => (await h.db.select({ s: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.s;
const ofChef = (w: World) => ({ param: { id: String(w.chef.chefId) } });
/** An admin's status action on the world's chef, as the admin chef screen sends it. */
const adminAct = (w: World, action: ChefActionWithBody, body: ChefActionBody) => su.admin.chefs[':id'][action].$post({ ...ofChef(w), json: body });
/** Resume and unban, whose routes take an empty body. */
const adminActWithoutBody = (w: World, action: ChefActionWithoutBody) => su.admin.chefs[':id'][action].$post({ ...ofChef(w), json: {} });
const chefDetail = (w: World) => ok(su.admin.chefs[':id'].$get(ofChef(w)));
/** The chef's own calls. */
const chefAgent = async (w: World) => typedClient(await as(h, w.chef));
const own = (action: 'pause' | 'resume') => ({ param: { action }, json: {} });
const booking = (id: number) => ({ param: { id: String(id) } });

describe('an admin’s pause', () => {
  it('is lifted by an admin only; the chef reads who paused and why', async () => {
    const w = await world(h);
    expect((await ok(adminAct(w, 'pause', { reason: 'Two guests reported food poisoning; we are looking into it.' }))).status).toBe(200);
    expect(await chefRow(w.chef.chefId)).toMatchObject({ status: ChefStatus.Paused, pausedBy: 'admin', pauseReason: 'Two guests reported food poisoning; we are looking into it.' });

    const chef = await chefAgent(w);
    const resume = await refused(chef.chefs.me[':action{submit|pause|resume}'].$post(own('resume')));
    expect(resume.status).toBe(403);
    expect(resume.body).toEqual({
      code: 'PAUSED_BY_ADMIN',
      message: 'Our support team paused your chef profile. Reason: Two guests reported food poisoning; we are looking into it. Only support can resume it; please contact us.',
      // The words by key with the admin's reason in them, so the chef reads them in their language.
      message_key: { key: 'validation.refusal.paused_by_admin_reason', params: { reason: 'Two guests reported food poisoning; we are looking into it.' } },
      error_keys: {},
    });
    expect((await chefRow(w.chef.chefId)).status).toBe(ChefStatus.Paused);

    const me = await ok(chef.chefs.me.$get());
    expect(me.body.data).toMatchObject({ status_name: 'Paused', paused_by: 'admin', pause_reason: 'Two guests reported food poisoning; we are looking into it.' });
    const [note] = await h.db.select().from(notifications).where(eq(notifications.userId, w.chef.userId)).orderBy(desc(notifications.id)).limit(1);
    expect(note).toMatchObject({ title: 'Our team has paused your chef profile', link: '/account/me/chefprofile' });
    expect(note!.message).toContain('Reason: Two guests reported food poisoning; we are looking into it.');

    // The ban and its lifting keep the admin's pause: the chef still cannot resume.
    expect((await ok(adminAct(w, 'ban', { reason: 'Investigation.' }))).status).toBe(200);
    expect((await ok(adminActWithoutBody(w, 'unban'))).status).toBe(200);
    expect(await chefRow(w.chef.chefId)).toMatchObject({ status: ChefStatus.Paused, pausedBy: 'admin' });
    expect((await refused(chef.chefs.me[':action{submit|pause|resume}'].$post(own('resume')))).status).toBe(403);

    expect((await ok(adminActWithoutBody(w, 'resume'))).status).toBe(200);
    expect(await chefRow(w.chef.chefId)).toMatchObject({ status: ChefStatus.Active, pausedBy: null, pauseReason: null });
    const audit = (await auditRows(h, 'chef', w.chef.chefId)).map((r) => [r.action, (r.after as { actor_role: string }).actor_role]);
    expect(audit).toContainEqual(['chef.status.pause', 'admin']);
  });

  it('needs the reason the chef will read', async () => {
    const w = await world(h);
    const res = await refused(adminAct(w, 'pause', {}));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ reason: ['Please give the chef a reason.'] });
    expect((await chefRow(w.chef.chefId)).status).toBe(ChefStatus.Active);
  });

  it('leaves the chef’s own pause to the chef', async () => {
    const w = await world(h);
    const chef = await chefAgent(w);
    expect((await ok(chef.chefs.me[':action{submit|pause|resume}'].$post(own('pause')))).status).toBe(200);
    expect(await chefRow(w.chef.chefId)).toMatchObject({ status: ChefStatus.Paused, pausedBy: 'chef', pauseReason: null });
    expect((await ok(chef.chefs.me.$get())).body.data).toMatchObject({ paused_by: 'chef', pause_reason: null });
    const resumed = await ok(chef.chefs.me[':action{submit|pause|resume}'].$post(own('resume')));
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.status_name).toBe('Active');
  });
});

describe('pausing or banning a chef with upcoming bookings', () => {
  /** A chef with a request, an accepted (unpaid) and two confirmed bookings, each with a customer of its own. */
  async function busyChef() {
    const w = await world(h);
    const party = async () => customer(h);
    const request = await requestBooking(h, w, { starts_at: startsIn(h, 20) }, await party());
    const unpaid = await requestBooking(h, w, { starts_at: startsIn(h, 21) }, await party());
    await acceptBooking(h, w, unpaid);
    const paid = await confirmedBooking(h, w, { starts_at: startsIn(h, 22) }, await party());
    const keep = await confirmedBooking(h, w, { starts_at: startsIn(h, 23) }, await party());
    return { w, request, unpaid, paid, keep };
  }

  it('shows the admin the chef’s upcoming bookings, soonest first', async () => {
    const c = await busyChef();
    const res = await chefDetail(c.w);
    expect(res.status).toBe(200);
    expect(res.body.data.upcoming_bookings.map((b) => [b.id, b.status])).toEqual([
      [c.request, 'requested'],
      [c.unpaid, 'accepted'],
      [c.paid, 'confirmed'],
      [c.keep, 'confirmed'],
    ]);
    expect(res.body.data.upcoming_bookings[2]).toMatchObject({ menu: { name: 'Alpine Autumn' }, guests: 4, total: 39900, currency: 'CHF', customer: { email: expect.any(String) } });
  });

  it('bans and cancels the chosen bookings with a full refund, keeping the others, which the machine then refuses to the chef', async () => {
    const c = await busyChef();
    const res = await ok(
      adminAct(c.w, 'ban', {
        reason: 'Fake hygiene certificate.',
        cancel_bookings: [c.request, c.unpaid, c.paid],
        cancel_reason: 'The chef can no longer take bookings. We are sorry.',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status_name: 'Banned', bookings: [{ id: c.request, cancelled: true }, { id: c.unpaid, cancelled: true }, { id: c.paid, cancelled: true }] });

    expect(await statusOf(c.request)).toBe('declined');
    expect(await statusOf(c.unpaid)).toBe('cancelled');
    expect(await statusOf(c.paid)).toBe('cancelled_by_chef');
    expect(await statusOf(c.keep)).toBe('confirmed');

    // The paid one: refunded in full through the cancellation path, no earnings left, counted against the chef.
    const [payment] = await h.db.select().from(payments).where(eq(payments.bookingId, c.paid));
    expect(payment).toMatchObject({ status: 'refunded', amount: 39900, refundedAmount: 39900 });
    expect(await h.db.select({ amount: refunds.amount, status: refunds.status }).from(refunds).where(eq(refunds.bookingId, c.paid))).toEqual([{ amount: 39900, status: 'succeeded' }]);
    expect(await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, c.paid))).toEqual([]);
    expect(await h.db.select({ id: chefCancellations.bookingId }).from(chefCancellations).where(eq(chefCancellations.bookingId, c.paid))).toEqual([{ id: c.paid }]);
    // Every cancellation is in the audit log with the admin as actor.
    const audited = await h.db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.id, [c.request, c.unpaid, c.paid]));
    for (const { id } of audited) expect((await auditRows(h, 'booking', id)).map((r) => r.action)).toEqual(['booking.cancel']);
    const [customerNote] = await h.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/account/me/bookings/${c.paid}#alternatives`))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(customerNote!.message).toContain('The chef can no longer take bookings. We are sorry.');

    // The kept booking stays; the banned chef cannot write about it, nor take another.
    const chef = await chefAgent(c.w);
    expect((await refused(chef.bookings[':id{[0-9]{1,12}}'].messages.$post({ ...booking(c.keep), json: { text: 'Hello' } }))).status).toBe(403);
    const detail = await chefDetail(c.w);
    expect(detail.body.data.upcoming_bookings.map((b) => b.id)).toEqual([c.keep]);
  });

  it('keeps every booking with a reason alone', async () => {
    const c = await busyChef();
    const res = await ok(adminAct(c.w, 'pause', { reason: 'Holiday cover check.' }));
    expect(res.status).toBe(200);
    expect(res.body.data.bookings).toEqual([]);
    expect(await Promise.all([c.request, c.unpaid, c.paid, c.keep].map(statusOf))).toEqual(['requested', 'accepted', 'confirmed', 'confirmed']);
  });

  it('pauses and cancels: a paused chef’s kept bookings go ahead', async () => {
    const c = await busyChef();
    const res = await ok(adminAct(c.w, 'pause', { reason: 'Complaint under review.', cancel_bookings: [c.paid], cancel_reason: 'The chef had to cancel.' }));
    expect(res.status).toBe(200);
    expect(await statusOf(c.paid)).toBe('cancelled_by_chef');
    // Paused is not banned: the chef still writes in the kept bookings and answers a kept request, but only with a no,
    // since a paused chef takes no new booking (PRODUCT "Status"; tests/api/paused-chef.test.ts).
    const chef = await chefAgent(c.w);
    expect((await ok(chef.bookings[':id{[0-9]{1,12}}'].messages.$post({ ...booking(c.keep), json: { text: 'See you soon' } }))).status).toBe(201);
    expect((await refused(chef.bookings[':id{[0-9]{1,12}}'].accept.$post({ ...booking(c.request), json: {} }))).body.code).toBe('CHEF_PAUSED');
    expect(await statusOf(c.request)).toBe('requested');
    expect((await ok(chef.bookings[':id{[0-9]{1,12}}'].decline.$post({ ...booking(c.request), json: { reason: 'Paused for now.' } }))).status).toBe(200);
    expect(await statusOf(c.request)).toBe('declined');
  });

  it('refuses bookings that are not the chef’s upcoming ones, and a cancellation without the customers’ reason, changing nothing', async () => {
    const c = await busyChef();
    const other = await world(h);
    const foreign = await requestBooking(h, other);
    const wrong = await refused(adminAct(c.w, 'ban', { reason: 'x', cancel_bookings: [c.paid, foreign], cancel_reason: 'Sorry.' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ cancel_bookings: [`Not an upcoming booking of this chef: #${foreign}. Please reload and choose again.`] });
    const noReason = await refused(adminAct(c.w, 'ban', { reason: 'x', cancel_bookings: [c.paid] }));
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ cancel_reason: ['Please tell the customers why their booking is cancelled.'] });
    const twice = await refused(adminAct(c.w, 'ban', { cancel_bookings: [c.paid, c.paid], cancel_reason: 'Sorry.' }));
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toHaveProperty('cancel_bookings');
    expect((await chefRow(c.w.chef.chefId)).status).toBe(ChefStatus.Active);
    expect(await statusOf(c.paid)).toBe('confirmed');
  });
});
