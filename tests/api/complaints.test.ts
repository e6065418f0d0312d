// Complaints (issue 18 §3): the 48-hour window after the event (its edges, an event in another zone), who may
// report, answer and decide, one complaint per booking, the chef's earnings held while it is open (the sweep and
// the payout batch leave them alone, also when they race the complaint), the three decisions with the refund,
// the ledger line and the money invariant checked in the database, and the notifications of both sides.
import { and, desc, eq, gt, isNull, like } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { chefs } from '../../functions/_api/db/schema/chefs';
import { payments, refunds } from '../../functions/_api/db/schema/bookings';
import { complaints } from '../../functions/_api/db/schema/complaints';
import { notifications } from '../../functions/_api/db/schema/messages';
import { outbox } from '../../functions/_api/db/schema/system';
import { payoutDetails } from '../../functions/_api/db/schema/chefs';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { useHarness } from '../support/use-harness';
import { decideComplaint } from '../../functions/_api/modules/complaints/complaints.service';
import type { DecisionInput } from '../../functions/_api/modules/complaints/complaints.schema';
import { auditIfChanged } from '../../functions/_api/modules/admin/audit';
import { auditRows, superUserParty } from '../support/admin-fixtures';
import { agent, type Agent } from '../support/agent';
import { as, bookingCalls, chefBookingOf, confirmedBooking, customer, startsIn, world, type Party, type World } from '../support/booking-fixtures';
import { blob, png, testDeps, upload } from '../support/chef-fixtures';
import { createUser } from '../support/fixtures';
import { START } from '../support/harness';
import { unbalanced } from '../support/money';
import { ok, on, refused, settled, typedClient, type ErrorBody } from '../support/typed-client';
import { DAY, HOUR, MINUTE as MIN } from '#shared/time';

/** The event lasts 4 hours; the window closes 48 hours after its end. */
const WINDOW_END = 4 * HOUR + 48 * HOUR;
// 4 guests × CHF 95: total 399 (subtotal 380 + service fee 19), commission 57, chef 323.
const TOTAL = 39900;
const CHEF = 32300;

const h = useHarness();
const su = superUserParty(h);
beforeEach(() => h.clock.set(START));

const REPORT = { category: 'food_quality', text: 'The main course was cold and the dessert never came.' } as const;

type Past = { w: World; id: number; startsAt: Date };

/** A paid booking whose event is over: the clock stands `after` past the event's start (default: 1 hour after its end). */
async function pastBooking(opts: { after?: number; timezone?: string } = {}): Promise<Past> {
  const w = await world(h);
  if (opts.timezone) await h.db.update(chefs).set({ timezone: opts.timezone }).where(eq(chefs.id, w.chef.chefId));
  const starts = startsIn(h, 20);
  const id = await confirmedBooking(h, w, { starts_at: starts });
  const startsAt = new Date(starts);
  h.clock.set(new Date(startsAt.getTime() + (opts.after ?? 5 * HOUR)));
  return { w, id, startsAt };
}

type ReportBody = InferRequestType<ReturnType<typeof bookingCalls>['complaint']['$post']>['json'];

/** The customer's report (or `who`'s): the pending typed call. */
const report = async (p: Past, body: ReportBody = REPORT, who: Party = p.w.customer) => bookingCalls(await as(h, who)).complaint.$post({ ...on(p.id), json: body });
/** The complaint view of a booking as `who`: the pending typed call. */
const view = async (p: { id: number }, who: Party) => bookingCalls(await as(h, who)).complaint.$get(on(p.id));
const answer = (a: Agent, id: number, text: string) => bookingCalls(a).complaint.answer.$put({ ...on(id), json: { text } });
const complaintRow = async (bookingId: number) => (await h.db.select().from(complaints).where(eq(complaints.bookingId, bookingId)))[0];
const line = async (bookingId: number) => (await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, bookingId)))[0] ?? null;
const titlesOf = async (userId: number) => (await h.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
type DecisionBody = InferRequestType<ReturnType<typeof typedClient>['admin']['complaints'][':id']['decision']['$post']>['json'];
const decide = async (complaintId: number, body: DecisionBody) => (await su.client()).admin.complaints[':id'].decision.$post({ ...on(complaintId), json: body });
const sweep = async () => ok((await su.client()).admin.sweep.$post({ json: {} }));
/** Takes every earning due so far out of the way, so a payout batch shows only what a test made due. */
const settleEverything = () => h.db.update(payoutItems).set({ amount: 0 }).where(isNull(payoutItems.payoutId));
/** The invariant for one booking (other tests here zero earnings with settleEverything, on purpose). */
const unbalancedOf = async (bookingId: number) => (await unbalanced(h.db)).filter((m) => m.id === bookingId);
const giveBankDetails = (w: World) => h.db.insert(payoutDetails).values({ chefId: w.chef.chefId, accountHolder: 'Marco Rossi', iban: 'CH9300762011623852957', updatedAt: h.clock.now() });
const createPayouts = async () => (await su.client()).admin.payouts.$post({ json: {} });

describe('the window', () => {
  it('is open until 48 hours after the event ended, to the minute', async () => {
    const p = await pastBooking({ after: WINDOW_END - MIN });
    const res = await ok(report(p));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      until: new Date(p.startsAt.getTime() + WINDOW_END).toISOString(),
      can_report: false,
      complaint: { category: 'food_quality', text: REPORT.text, status: 'open', photos: [], chef_answer: null, outcome: null },
    });
    expect(await complaintRow(p.id)).toMatchObject({ customerId: p.w.customer.userId, chefId: p.w.chef.chefId, status: 'open' });
  });

  it('is closed at 48 hours after the event ended, and the message names the end in the event’s zone', async () => {
    const p = await pastBooking({ after: WINDOW_END, timezone: 'America/New_York' });
    const res = await refused(report(p));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('COMPLAINT_WINDOW_CLOSED');
    expect(res.body.message).toContain('New York');
    // The end, as the message names it, is the figure of its key, so the customer reads it in their language.
    const until = (res.body as { message_key?: { params?: { until?: string } } }).message_key?.params?.until;
    expect(res.body.message).toBe(`The time to report a problem ended on ${until}. Please contact support.`);
    expect(until).toContain('New York');
    expect(await complaintRow(p.id)).toBeUndefined();
  });

  it('opens only when the event is over', async () => {
    const p = await pastBooking({ after: 4 * HOUR - MIN });
    const res = await refused(report(p));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_BOOKING_STATE');
    expect((await ok(view(p, p.w.customer))).body.data).toMatchObject({ can_report: false, complaint: null });
  });

  it('is the same instant as the payout release, for an event in another zone too', async () => {
    const p = await pastBooking({ timezone: 'Asia/Tokyo' });
    const window = await ok(view(p, p.w.customer));
    expect(window.body.data).toMatchObject({ can_report: true, timezone: 'Asia/Tokyo', categories: ['no_show_or_late', 'food_quality', 'dietary_not_respected', 'hygiene', 'behaviour', 'other'] });
    const booking = await ok(chefBookingOf(await as(h, p.w.chef), p.id));
    expect(booking.body.data.complaint_until).toBe(window.body.data.until);
    expect(booking.body.data.earnings?.release_at).toBe(window.body.data.until);
  });

  it('never opens for a booking that was cancelled', async () => {
    const w = await world(h);
    const starts = startsIn(h, 20);
    const id = await confirmedBooking(h, w, { starts_at: starts });
    expect((await ok(bookingCalls(await as(h, w.customer)).cancel.$post({ ...on(id), json: {} }))).status).toBe(200);
    h.clock.set(new Date(Date.parse(starts) + 5 * HOUR));
    const res = await refused(report({ w, id, startsAt: new Date(starts) }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('INVALID_BOOKING_STATE');
  });
});

describe('who may do what', () => {
  it('only the customer reports; the chef is refused, strangers and other admins do not see the booking', async () => {
    const p = await pastBooking();
    expect((await refused(report(p, REPORT, p.w.chef))).status).toBe(403);
    const stranger = await customer(h);
    expect((await refused(report(p, REPORT, stranger))).status).toBe(404);
    expect((await refused(report(p, REPORT, su.party))).status).toBe(404);
    expect((await refused(bookingCalls(agent(h)).complaint.$post({ ...on(p.id), json: REPORT }))).status).toBe(401);
    expect((await refused(view(p, stranger))).status).toBe(404);
    expect(await complaintRow(p.id)).toBeUndefined();
  });

  it('only the chef answers, and the customer cannot', async () => {
    const p = await pastBooking();
    expect((await ok(report(p))).status).toBe(201);
    expect((await refused(answer(await as(h, p.w.customer), p.id, 'Me'))).status).toBe(403);
    expect((await refused(answer(await as(h, await customer(h)), p.id, 'Me'))).status).toBe(404);
    const chefOnly = typedClient(await as(h, p.w.chef));
    expect((await refused(chefOnly.admin.complaints[':id'].decision.$post({ ...on((await complaintRow(p.id))!.id), json: { outcome: 'no_refund', note: 'x' } }))).status).toBe(403);
  });

  it('checks the report on the server, field by field, with the error shape', async () => {
    const p = await pastBooking();
    // Raw: an unknown category and a field the report does not have, which the route's type does not let the typed client send.
    const c = await as(h, p.w.customer);
    const bad = await c.json<ErrorBody>(c.post(`/v1/bookings/${p.id}/complaint`, { category: 'weather', text: 'short', photo_ids: [1, 1] }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['category', 'photo_ids', 'text']);
    expect((await c.post(`/v1/bookings/${p.id}/complaint`, { ...REPORT, refund: 100 })).status).toBe(400);
    // A photo id that is not the customer's own complaint photo.
    const other = await as(h, p.w.chef);
    const up = await upload(h, other, '/v1/users/me/attachments', { kind: 'complaint_photo', file: [blob(png(40, 30), 'image/png'), 'plate.png'] });
    expect(up.status).toBe(201);
    const foreign = await refused(report(p, { ...REPORT, photo_ids: [((await up.json()) as { data: { id: number } }).data.id] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.photo_ids).toBeDefined();
    expect(await complaintRow(p.id)).toBeUndefined();
  });
});

describe('one complaint per booking', () => {
  it('refuses a second report, also when two arrive at once', async () => {
    const p = await pastBooking();
    const both = await Promise.all([settled(report(p)), settled(report(p))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(both.flatMap((r) => (r.ok ? [] : [r.body.code]))).toEqual(['COMPLAINT_EXISTS']);
    expect((await refused(report(p))).body.code).toBe('COMPLAINT_EXISTS');
    expect(await h.db.select().from(complaints).where(eq(complaints.bookingId, p.id))).toHaveLength(1);
    // The chef was told once.
    expect((await titlesOf(p.w.chef.userId)).filter((t) => t === 'A problem was reported with your booking')).toHaveLength(1);
  });
});

describe('photos', () => {
  it('takes the customer’s uploaded pictures, shows them to both parties and the admins, and refuses a PDF as a photo', async () => {
    const p = await pastBooking();
    const c = await as(h, p.w.customer);
    const pdfUp = await upload(h, c, '/v1/users/me/attachments', { kind: 'complaint_photo', file: [blob(new TextEncoder().encode('%PDF-1.4\n%%EOF'), 'application/pdf'), 'x.pdf'] });
    expect(pdfUp.status).toBe(415);
    const up = await upload(h, c, '/v1/users/me/attachments', { kind: 'complaint_photo', file: [blob(png(40, 30), 'image/png'), 'plate.png'] });
    expect(up.status).toBe(201);
    const photoId = ((await up.json()) as { data: { id: number } }).data.id;
    const res = await ok(report(p, { ...REPORT, photo_ids: [photoId] }));
    expect(res.status).toBe(201);
    const url = res.body.data.complaint!.photos[0]!.url;
    expect(url).toBe(`/v1/bookings/${p.id}/complaint/photos/${photoId}`);
    // Raw: the photo is fetched by the url the answer gave, as an <img> does.
    for (const who of [p.w.customer, p.w.chef, su.party]) {
      const a = await as(h, who);
      const served = await a.get(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const s = await as(h, await customer(h));
    expect((await s.get(url)).status).toBe(404);
    expect((await refused(bookingCalls(c).complaint.photos[':photo'].$get({ param: { id: String(p.id), photo: String(photoId + 999) } }))).status).toBe(404);
  });
});

describe('the payout waits', () => {
  it('while the complaint is open: the sweep does not release it, the payout batch leaves it out, the chef sees it held', async () => {
    await settleEverything();
    const p = await pastBooking();
    await giveBankDetails(p.w);
    expect((await ok(report(p))).status).toBe(201);
    expect((await sweep()).status).toBe(200);
    expect(await line(p.id)).toMatchObject({ amount: CHEF, payoutId: null });
    h.clock.set(new Date(p.startsAt.getTime() + WINDOW_END + DAY));
    expect((await sweep()).status).toBe(200);
    const due = await ok((await su.client()).admin.payouts.due.$get({ query: {} }));
    expect(due.body.data.filter((d) => d.chef.id === p.w.chef.chefId)).toEqual([]);
    const batch = await refused(createPayouts());
    expect(batch.status).toBe(409);
    expect(batch.body.code).toBe('NOTHING_DUE');
    expect((await line(p.id))!.payoutId).toBeNull();

    const chef = await as(h, p.w.chef);
    const earnings = await ok(typedClient(chef).chefs.me.earnings.$get({ query: {} }));
    expect(earnings.body.data[0]).toMatchObject({ booking_id: p.id, status: 'held' });
    expect(earnings.body.totals[0]).toMatchObject({ held: CHEF, released: 0 });
    expect((await ok(chefBookingOf(chef, p.id))).body.data.earnings?.state).toBe('held');

    // Decided: the earnings are released at once (the window is over) and the next batch pays them.
    expect((await ok(decide((await complaintRow(p.id))!.id, { outcome: 'no_refund', note: 'The photos show a complete dinner.' }))).status).toBe(200);
    const paid = await ok(createPayouts());
    expect(paid.status).toBe(201);
    expect(paid.body.data.payouts).toEqual([expect.objectContaining({ amount: CHEF, chef: expect.objectContaining({ id: p.w.chef.chefId }) })]);
    expect((await line(p.id))!.payoutId).toBe(paid.body.data.payouts[0]!.id);
  });

  it('without a complaint the earnings are released when the window closes, as before', async () => {
    await settleEverything();
    const p = await pastBooking({ after: WINDOW_END - MIN });
    await giveBankDetails(p.w);
    await sweep();
    expect((await refused(createPayouts())).body.code).toBe('NOTHING_DUE');
    h.clock.set(new Date(p.startsAt.getTime() + WINDOW_END));
    const batch = await ok(createPayouts());
    expect(batch.status).toBe(201);
    expect(batch.body.data.payouts[0]).toMatchObject({ amount: CHEF });
  });

  it('a complaint filed while the sweep runs is held all the same', async () => {
    await settleEverything();
    const p = await pastBooking();
    await giveBankDetails(p.w);
    const [swept, filed] = await Promise.all([sweep(), ok(report(p))]);
    expect(swept.status).toBe(200);
    expect(filed.status).toBe(201);
    h.clock.set(new Date(p.startsAt.getTime() + WINDOW_END + HOUR));
    expect((await refused(createPayouts())).body.code).toBe('NOTHING_DUE');
    expect(await line(p.id)).toMatchObject({ amount: CHEF, payoutId: null });
  });

  it('a complaint and a payout batch at once: either the complaint holds the earnings or the payout carries them, never both', async () => {
    for (let round = 0; round < 4; round++) {
      await settleEverything();
      const p = await pastBooking();
      await giveBankDetails(p.w);
      await sweep();
      // Another instance's clock already sees the earnings released (clocks of servers differ by moments).
      await h.db.update(payoutItems).set({ releaseAt: new Date(h.clock.now().getTime() - MIN) }).where(eq(payoutItems.bookingId, p.id));
      const [filed, batch] = await Promise.all([settled(report(p)), settled(createPayouts())]);
      const item = (await line(p.id))!;
      if (filed.ok) {
        expect(filed.status).toBe(201);
        expect(batch).toMatchObject({ ok: false, body: { code: 'NOTHING_DUE' } });
        expect(item.payoutId).toBeNull();
      } else {
        expect(filed.status).toBe(409);
        expect(filed.body.code).toBe('PAYOUT_STARTED');
        expect(batch.status).toBe(201);
        expect(item.payoutId).not.toBeNull();
        expect(await complaintRow(p.id)).toBeUndefined();
      }
    }
  });
});

describe('the admins are told', () => {
  it('every active super-user hears of a new complaint in the app and by mail, in their locale, once; the admin home counts it until decided', async () => {
    const german = await createUser(h.db, { isSu: true, locale: 'de' });
    const gone = await createUser(h.db, { isSu: true, locale: 'en', disabledAt: new Date(START.getTime() - DAY) });
    const openCount = async () => {
      const home = await ok((await su.client()).admin.home.$get());
      return home.body.data.attention.find((x) => x.key === 'complaints_open') ?? null;
    };
    // Earlier tests filed complaints too: what this one adds is what follows the last row so far.
    const [last] = await h.db.select({ id: notifications.id }).from(notifications).orderBy(desc(notifications.id)).limit(1);
    const [lastMail] = await h.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    const before = (await openCount())?.count ?? 0;
    const p = await pastBooking();
    expect((await ok(report(p))).status).toBe(201);
    expect((await refused(report(p))).body.code).toBe('COMPLAINT_EXISTS');

    const noticesOf = (userId: number) =>
      h.db.select().from(notifications).where(and(eq(notifications.userId, userId), gt(notifications.id, last?.id ?? 0), like(notifications.link, '/ylcadmin/%')));
    const [en] = await noticesOf(su.party.userId);
    expect(await noticesOf(su.party.userId)).toHaveLength(1);
    expect(en).toMatchObject({ title: 'New complaint to decide', link: '/ylcadmin/complaints?status=open' });
    expect(en!.message).toContain(`reported a problem with “${p.w.menu.name}” by chef`);
    const [de] = await noticesOf(german.id);
    expect(de!.title).toBe('Neue Beschwerde zu entscheiden');
    expect(await noticesOf(gone.id)).toEqual([]);
    // The mail, once to each active super-user, with a button to the open complaints.
    const mails = await h.db.select().from(outbox).where(and(eq(outbox.template, 'notify.admin_complaint.filed'), gt(outbox.id, lastMail?.id ?? 0)));
    expect(mails.map((m) => m.recipient).sort()).toEqual([su.party.email, german.email].sort());
    expect(mails.find((m) => m.recipient === su.party.email)!.html).toContain('/ylcadmin/complaints?status=open');

    expect(await openCount()).toEqual({ key: 'complaints_open', count: before + 1, route: 'ylcadmin.complaints' });
    expect((await ok(decide((await complaintRow(p.id))!.id, { outcome: 'no_refund', note: 'The dinner took place as booked.' }))).status).toBe(200);
    expect((await openCount())?.count ?? 0).toBe(before);
  });
});

describe('both sides are heard', () => {
  it('the chef is notified, answers, edits the answer until the decision; the customer is told once and reads it', async () => {
    const p = await pastBooking();
    expect((await ok(report(p))).status).toBe(201);
    expect(await titlesOf(p.w.chef.userId)).toContain('A problem was reported with your booking');
    expect(await titlesOf(p.w.customer.userId)).toContain('We received your report');
    const chef = await as(h, p.w.chef);
    const first = await ok(answer(chef, p.id, 'The oven of the kitchen failed; I offered a discount on the spot.'));
    expect(first.status).toBe(200);
    const edited = await ok(answer(chef, p.id, 'The oven failed. I am sorry.'));
    expect(edited.body.data.complaint!.chef_answer).toBe('The oven failed. I am sorry.');
    expect((await titlesOf(p.w.customer.userId)).filter((t) => t === 'The chef answered your report')).toHaveLength(1);
    expect((await ok(view(p, p.w.customer))).body.data.complaint!.chef_answer).toBe('The oven failed. I am sorry.');
    const detail = await ok((await su.client()).admin.complaints[':id'].$get(on((await complaintRow(p.id))!.id)));
    expect(detail.body.data).toMatchObject({ chef_answer: 'The oven failed. I am sorry.', text: REPORT.text, refundable: TOTAL, booking: { id: p.id, money: { paid: TOTAL } } });
    expect((await refused(answer(chef, p.id, ''))).status).toBe(400);

    expect((await ok(decide((await complaintRow(p.id))!.id, { outcome: 'no_refund', note: 'Both sides agree the dinner took place.' }))).status).toBe(200);
    const late = await refused(answer(chef, p.id, 'One more thing.'));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('COMPLAINT_DECIDED');
  });
});

describe('the admin decides', () => {
  async function openComplaint() {
    await settleEverything();
    const p = await pastBooking();
    expect((await ok(report(p))).status).toBe(201);
    return { p, complaintId: (await complaintRow(p.id))!.id };
  }

  it('lists complaints with filters and paging like the other admin lists', async () => {
    const { p, complaintId } = await openComplaint();
    const admin = await su.client();
    const open = await ok(admin.admin.complaints.$get({ query: { status: 'open', category: 'food_quality', page_size: 1, count: 1 } }));
    expect(open.status).toBe(200);
    expect(open.body.data[0]).toMatchObject({ id: complaintId, booking: { id: p.id }, customer: { firstname: 'Julia' }, chef: { firstname: 'Marco' } });
    expect(open.body.filter_count).toBeGreaterThanOrEqual(1);
    expect(open.body.total_count).toBeGreaterThanOrEqual(open.body.filter_count!);
    const bad = await refused(admin.admin.complaints.$get({ query: { status: 'closed' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status).toBeDefined();
    expect((await refused(typedClient(await as(h, p.w.customer)).admin.complaints.$get({ query: {} }))).status).toBe(403);
  });

  it('no refund: nothing goes back, the chef keeps the whole line, audited, both told; the money adds up', async () => {
    const { p, complaintId } = await openComplaint();
    const res = await ok(decide(complaintId, { outcome: 'no_refund', note: 'The dinner was as booked.' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'decided', outcome: 'no_refund', refund_amount: 0, decision_note: 'The dinner was as booked.' });
    expect(await h.db.select().from(refunds).where(eq(refunds.bookingId, p.id))).toEqual([]);
    expect(await line(p.id)).toMatchObject({ amount: CHEF });
    const [entry] = await auditRows(h, 'complaint', complaintId);
    expect(entry).toMatchObject({ action: 'complaint.no_refund', actorUserId: su.party.userId, after: expect.objectContaining({ refund_amount: 0, chef_earnings: CHEF }) });
    expect(await titlesOf(p.w.customer.userId)).toContain('Your report was decided: no refund');
    expect(await titlesOf(p.w.chef.userId)).toContain('The complaint was decided: no refund');
    expect(await unbalancedOf(p.id)).toEqual([]);
    const again = await refused(decide(complaintId, { outcome: 'full_refund', note: 'Changed my mind.' }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('COMPLAINT_DECIDED');
  });

  it('a partial refund: the amount is checked, refunded through the provider, and the chef keeps their share of what is kept', async () => {
    const { p, complaintId } = await openComplaint();
    const missing = await refused(decide(complaintId, { outcome: 'partial_refund', note: 'Cold main course.' }));
    expect(missing.status).toBe(400);
    // The shared schema's messages (i18n keys) read on the server in the English the seed pins.
    expect(missing.body.errors.refund_amount).toEqual(['Enter the amount of the partial refund.']);
    const tooMuch = await refused(decide(complaintId, { outcome: 'partial_refund', refund_amount: TOTAL, note: 'Cold main course.' }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors.refund_amount?.[0]).toContain('399');
    const notPartial = await refused(decide(complaintId, { outcome: 'no_refund', refund_amount: 100, note: 'x' }));
    expect(notPartial.status).toBe(400);
    expect(notPartial.body.errors.refund_amount).toEqual(['Only a partial refund takes an amount.']);
    const fraction = await refused(decide(complaintId, { outcome: 'partial_refund', refund_amount: 10.5, note: '  ' }));
    expect(fraction.body.errors).toMatchObject({ refund_amount: ['Enter the refund in whole cents.'], note: ['Please explain the decision. Both sides read it.'] });
    expect((await refused(decide(complaintId, { outcome: 'partial_refund', refund_amount: 0, note: 'x' }))).body.errors.refund_amount).toEqual(['A partial refund is more than nothing.']);
    // Raw on purpose: an outcome the body type does not allow.
    const raw = await su.agent();
    const unknown = await raw.json(raw.post(`/v1/admin/complaints/${complaintId}/decision`, { outcome: 'refund', note: 'x' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.outcome).toEqual(['Choose the decision: no_refund, partial_refund, full_refund.']);
    expect((await complaintRow(p.id))!.status).toBe('open');

    const res = await ok(decide(complaintId, { outcome: 'partial_refund', refund_amount: 10000, note: 'Cold main course: 100 back.' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'partial_refund', refund_amount: 10000, refundable: TOTAL - 10000 });
    expect(await h.db.select().from(refunds).where(eq(refunds.bookingId, p.id))).toEqual([
      expect.objectContaining({ amount: 10000, status: 'succeeded', reason: 'Complaint decided: partial refund', providerRef: expect.any(String) }),
    ]);
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, p.id)))[0]).toMatchObject({ status: 'partially_refunded', refundedAmount: 10000 });
    // The chef keeps their earnings × kept / paid: 32300 × 29900 / 39900 = 24204.76 → 24205.
    expect(await line(p.id)).toMatchObject({ amount: 24205 });
    expect((await auditRows(h, 'complaint', complaintId))[0]).toMatchObject({ action: 'complaint.partial_refund' });
    const customerNotes = await h.db.select().from(notifications).where(and(eq(notifications.userId, p.w.customer.userId), like(notifications.title, 'Your report was decided%')));
    expect(customerNotes).toHaveLength(1);
    expect(customerNotes[0]!.message).toContain('100');
    expect(await unbalancedOf(p.id)).toEqual([]);
  });

  it('a full refund: everything goes back, the chef’s line is gone, and the money adds up', async () => {
    const { p, complaintId } = await openComplaint();
    const res = await ok(decide(complaintId, { outcome: 'full_refund', note: 'The chef did not come.' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'full_refund', refund_amount: TOTAL, refundable: 0 });
    expect(await h.db.select().from(refunds).where(eq(refunds.bookingId, p.id))).toEqual([expect.objectContaining({ amount: TOTAL, status: 'succeeded', reason: 'Complaint decided: full refund' })]);
    expect((await h.db.select().from(payments).where(eq(payments.bookingId, p.id)))[0]).toMatchObject({ status: 'refunded', refundedAmount: TOTAL });
    expect(await line(p.id)).toBeNull();
    expect(await titlesOf(p.w.chef.userId)).toContain('The complaint was decided: full refund');
    expect(await unbalancedOf(p.id)).toEqual([]);
    // Nothing of it is ever paid out.
    h.clock.set(new Date(p.startsAt.getTime() + WINDOW_END + DAY));
    await giveBankDetails(p.w);
    expect((await refused(createPayouts())).body.code).toBe('NOTHING_DUE');
  });

  it('two admins deciding at once: one decision is written whole, the other is refused', async () => {
    const { p, complaintId } = await openComplaint();
    const both = await Promise.all([settled(decide(complaintId, { outcome: 'full_refund', note: 'A' })), settled(decide(complaintId, { outcome: 'partial_refund', refund_amount: 5000, note: 'B' }))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await h.db.select().from(refunds).where(eq(refunds.bookingId, p.id));
    expect(rows).toHaveLength(1);
    expect(await auditRows(h, 'complaint', complaintId)).toHaveLength(1);
    expect(await unbalancedOf(p.id)).toEqual([]);
  });

  it('two decisions from the same read of the open complaint: the one whose guard lost writes nothing at all', async () => {
    const { p, complaintId } = await openComplaint();
    const actor = { userId: su.party.userId, ip: null, now: h.clock.now() };
    const decideNow = (input: DecisionInput) =>
      decideComplaint(testDeps(h), actor, complaintId, input, (w, after) => auditIfChanged(h.db, actor, w, { action: `complaint.${input.outcome}`, targetType: 'complaint', targetId: complaintId, after })).then(
        () => 'decided',
        (err: { code?: string }) => err.code,
      );
    const noticeCount = async () => (await h.db.select().from(notifications)).length;
    const before = await noticeCount();
    // Started together, both calls read "open" before either batch runs (their reads interleave), so only the guarded
    // write keeps the second from writing: with its witness bypassed, a second refund, audit row and notices appear.
    const outcomes = await Promise.all([decideNow({ outcome: 'full_refund', note: 'A' }), decideNow({ outcome: 'partial_refund', refund_amount: 5000, note: 'B' })]);
    expect(outcomes.sort()).toEqual(['COMPLAINT_DECIDED', 'decided']);
    expect(await h.db.select().from(refunds).where(eq(refunds.bookingId, p.id))).toHaveLength(1);
    expect(await auditRows(h, 'complaint', complaintId)).toHaveLength(1);
    expect((await noticeCount()) - before).toBe(2); // one decision's notices: the customer's and the chef's
    expect(await unbalancedOf(p.id)).toEqual([]);
  });
});
