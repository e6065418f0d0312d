// The booking state machine through the API: creating requests and instant bookings with every server check,
// idempotent creation, each allowed transition with its history row and notifications, each forbidden one
// (wrong role 403, no relation 404, wrong state 409), a lost race, and the time-based states on read and in the sweep.
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { availabilityBlocks, ChefStatus, chefs } from '../../functions/_api/db/schema/chefs';
import { bookingEvents, bookings, chefCancellations } from '../../functions/_api/db/schema/bookings';
import { notifications, threadParticipants, messages, messageThreads } from '../../functions/_api/db/schema/messages';
import { outbox } from '../../functions/_api/db/schema/system';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { bookingWindow, checkStartsAt, zonedTime } from '#shared/booking-window';
import { BOOKING_STATUSES, effectiveStatus, TRANSITIONS } from '../../functions/_api/modules/bookings/bookings.machine';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { agent } from '../support/agent';
import { createBooking, testDeps } from '../support/chef-fixtures';
import {
  acceptBooking,
  as,
  book,
  bookingBody,
  bookingCalls,
  chefBookingOf,
  complete,
  confirmedBooking,
  customer,
  newKey,
  orderOf,
  pay,
  rateCall,
  refOf,
  requestBooking,
  startsIn,
  TZ,
  world,
  type Party,
} from '../support/booking-fixtures';
import { ok, on, refused, settled, type ErrorBody } from '../support/typed-client';
import { DAY, HOUR } from '#shared/time';

const h = useHarness();
beforeEach(() => h.clock.set(START));


const row = async (id: number) => (await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const events = (id: number) => h.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(bookingEvents.id);
const notesOf = (userId: number) => h.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
/** `who`'s answers and cancellations of booking `id`: the pending typed calls, for ok() or refused(). */
const accept = async (who: Party, id: number) => bookingCalls(await as(h, who)).accept.$post({ ...on(id), json: {} });
const decline = async (who: Party, id: number, reason: string) => bookingCalls(await as(h, who)).decline.$post({ ...on(id), json: { reason } });
const cancel = async (who: Party, id: number, reason?: string) => bookingCalls(await as(h, who)).cancel.$post({ ...on(id), json: reason === undefined ? {} : { reason } });
/** The customer's booking as `who` reads it. */
const order = async (who: Party, id: number) => ok(orderOf(await as(h, who), id));

describe('the booking window', () => {
  it('opens tomorrow at 13:00 and closes after the same day next year, in the chef’s time zone', () => {
    const now = new Date('2026-06-01T21:30:00Z'); // 23:30 in Zürich
    const w = bookingWindow(now, TZ);
    expect(w.firstDay).toBe('2026-06-02');
    expect(w.lastDay).toBe('2027-06-01');
    expect(w.earliest.toISOString()).toBe('2026-06-02T11:00:00.000Z');
    expect(checkStartsAt(new Date('2026-06-02T10:59:00Z'), now, TZ)).toBe('too_early');
    expect(checkStartsAt(new Date('2026-06-02T11:00:00Z'), now, TZ)).toBeNull();
    expect(checkStartsAt(zonedTime('2027-06-01', 23, 30, TZ), now, TZ)).toBeNull();
    expect(checkStartsAt(zonedTime('2027-06-02', 0, 0, TZ), now, TZ)).toBe('too_late');
    // Just after midnight in Zürich it is already the next day there.
    expect(bookingWindow(new Date('2026-06-01T22:30:00Z'), TZ).firstDay).toBe('2026-06-03');
  });

  it('lists every transition of the product’s diagram', () => {
    const edges = Object.values(TRANSITIONS).map((t) => `${t.from ?? '∅'}→${t.to}`);
    expect(edges.sort()).toEqual(
      [
        '∅→requested',
        '∅→accepted',
        'requested→accepted',
        'requested→declined',
        'requested→expired',
        'requested→cancelled',
        'accepted→cancelled',
        'accepted→cancelled',
        'accepted→confirmed',
        'accepted→payment_expired',
        'confirmed→cancelled_by_customer',
        'confirmed→cancelled_by_chef',
        'confirmed→completed',
        'completed→reviewed',
      ].sort(),
    );
    // Every state is reached by some transition.
    expect([...new Set(Object.values(TRANSITIONS).map((t) => t.to))].sort()).toEqual([...BOOKING_STATUSES].sort());
    const b = { status: 'requested' as const, respondBy: new Date(START.getTime() + HOUR), paymentDueBy: null, startsAt: new Date(START.getTime() + 10 * DAY) };
    expect(effectiveStatus(b, START)).toBe('requested');
    expect(effectiveStatus(b, new Date(START.getTime() + HOUR))).toBe('expired');
  });
});

describe('creating a booking', () => {
  it('sends a request: snapshot, respond_by, history, thread with the first message, notices and mails in each locale', async () => {
    const w = await world(h, { chefLocale: 'de' });
    const res = await ok(book(await as(h, w.customer), bookingBody(w.menu.id, h)));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ next_action: 'wait_for_chef', data: { status: 'requested', instant: false, guests: 4, occasion: 'birthday', menu: { id: w.menu.id, name: 'Alpine Autumn' } } });
    const id = res.body.data.id as number;
    const b = await row(id);
    expect(b).toMatchObject({ currency: 'CHF', pricePerPerson: 9500, subtotal: 38000, serviceFee: 1900, total: 39900, commission: 5700, chefEarnings: 32300, serviceFeeBp: 500, commissionBp: 1500 });
    expect(b.eventDate).toBe('2026-07-01');
    // 48 hours after the request, since the event is a month away.
    expect(b.respondBy!.toISOString()).toBe(new Date(START.getTime() + 48 * HOUR).toISOString());
    expect((await events(id)).map((e) => [e.fromStatus, e.toStatus, e.actorRole])).toEqual([[null, 'requested', 'customer']]);

    const [thread] = await h.db.select().from(messageThreads).where(eq(messageThreads.bookingId, id));
    const msgs = await h.db.select().from(messages).where(eq(messages.threadId, thread!.id));
    expect(msgs.map((m) => m.text)).toEqual(['We are celebrating a birthday!']);
    expect(thread!.lastMessageId).toBe(msgs[0]!.id);
    const parts = await h.db.select().from(threadParticipants).where(eq(threadParticipants.threadId, thread!.id));
    expect(parts.map((p) => [p.userId, p.isChef, p.unseenCount]).sort()).toEqual([[w.chef.userId, true, 1], [w.customer.userId, false, 0]].sort());

    const chefNotes = await notesOf(w.chef.userId);
    expect(chefNotes).toHaveLength(1);
    expect(chefNotes[0]).toMatchObject({ title: 'Neue Buchungsanfrage', link: `/account/me/chefbookings/${id}` });
    expect(chefNotes[0]!.message).toContain('Julia');
    expect((await notesOf(w.customer.userId))[0]).toMatchObject({ title: 'Your request was sent', link: `/account/me/bookings/${id}` });
    const mail = (await h.db.select().from(outbox).where(eq(outbox.recipient, w.chef.email)))[0]!;
    expect(mail).toMatchObject({ subject: 'Neue Buchungsanfrage', template: 'notify.booking.request.chef', locale: 'de' });
    expect(mail.body).toContain(`/account/me/chefbookings/${id}`);
  });

  it('gives the chef until 24 hours before a near event to answer', async () => {
    const w = await world(h);
    const starts = startsIn(h, 2, 19);
    const id = await requestBooking(h, w, { starts_at: starts });
    expect((await row(id)).respondBy!.toISOString()).toBe(new Date(Date.parse(starts) - 24 * HOUR).toISOString());
  });

  it('starts an instant booking accepted, with a payment deadline, and tells the client to pay', async () => {
    const w = await world(h, { bookingMode: 'instant' });
    const res = await ok(book(await as(h, w.customer), bookingBody(w.menu.id, h)));
    expect(res.status).toBe(201);
    expect(res.body.next_action).toBe('pay');
    // Accepted by the booking itself: the client must never say that a chef accepted it.
    expect(res.body.data).toMatchObject({ status: 'accepted', instant: true, actions: ['pay', 'cancel', 'message'] });
    expect((await ok(chefBookingOf(await as(h, w.chef), res.body.data.id))).body.data.instant).toBe(true);
    expect(res.body.data.payment_due_by).toBe(new Date(START.getTime() + 48 * HOUR).toISOString());
    expect((await events(res.body.data.id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'accepted']]);
    expect((await notesOf(w.customer.userId))[0]!.title).toBe('Complete your payment');
  });

  it('needs a signed-in customer and an Idempotency-Key', async () => {
    const w = await world(h);
    expect((await refused(book(agent(h), bookingBody(w.menu.id, h)))).status).toBe(401);
    const a = await as(h, w.customer);
    // Raw on purpose: a booking without the Idempotency-Key header, which the route's type requires.
    const res = await a.json<ErrorBody>(a.post('/v1/bookings', bookingBody(w.menu.id, h)));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(res.body.errors['Idempotency-Key']).toHaveLength(1);
  });

  it('checks guests, place, address, time window and dietary keys against the menu, all at once', async () => {
    const w = await world(h, { menu: { atChef: false, minGuests: 4, maxGuests: 8 } });
    const a = await as(h, w.customer);
    const res = await refused(book(a, bookingBody(w.menu.id, h, { guests: 10, at_chefs_place: true, starts_at: startsIn(h, 400), diets: ['carnivore'], allergens: [{ key: 'kryptonite', guests: 1 }] })));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      guests: ['This menu is for 4 to 8 guests.'],
      at_chefs_place: ['This menu is not offered at the chef’s place.'],
      starts_at: ['You can book up to 2027-06-01.'],
      diets: ['Unknown diet "carnivore".'],
      allergens: ['Unknown allergen "kryptonite".'],
    });
    const noAddress = await refused(book(a, bookingBody(w.menu.id, h, { address: null })));
    expect(noAddress.body.errors.address).toEqual(['Please enter the address of the event.']);
    // Raw: an unknown occasion and an extra field, which the route's type does not let the typed client send.
    const schema = await a.json<ErrorBody>(a.post('/v1/bookings', { ...bookingBody(w.menu.id, h, { guests: 1, kitchen_notes: 'x'.repeat(2001) }), occasion: 'wake', extra: true }, { 'idempotency-key': newKey() }));
    expect(Object.keys(schema.body.errors).sort()).toEqual(['extra', 'guests', 'kitchen_notes', 'occasion']);
    const tooManyAllergic = await refused(book(a, bookingBody(w.menu.id, h, { allergens: [{ key: 'nuts', guests: 5 }] })));
    expect(tooManyAllergic.body.errors.allergens).toBeDefined();
    expect(await h.db.select().from(bookings).where(eq(bookings.menuId, w.menu.id))).toHaveLength(0);
  });

  it('opens at tomorrow 13:00 (instant-book) and asks a day’s notice for requests', async () => {
    const instant = await world(h, { bookingMode: 'instant' });
    const a = await as(h, instant.customer);
    const noon = zonedTime('2026-06-02', 12, 59, TZ).toISOString();
    const one = zonedTime('2026-06-02', 13, 0, TZ).toISOString();
    expect((await refused(book(a, bookingBody(instant.menu.id, h, { starts_at: noon })))).body.errors.starts_at).toEqual(['The earliest time you can book is 2026-06-02 at 13:00.']);
    expect((await book(a, bookingBody(instant.menu.id, h, { starts_at: one }))).status).toBe(201);
    const request = await world(h);
    const r = await refused(book(await as(h, request.customer), bookingBody(request.menu.id, h, { starts_at: one })));
    expect(r.body.errors.starts_at?.[0]).toMatch(/needs a day to answer/);
  });

  it('refuses the chef’s own menu, a paused chef, a blocked day and a day that is already booked', async () => {
    const w = await world(h);
    const own = await refused(book(await as(h, w.chef), bookingBody(w.menu.id, h)));
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot book your own menu.');

    await h.db.insert(availabilityBlocks).values({ chefId: w.chef.chefId, day: '2026-07-01' });
    const blocked = await refused(book(await as(h, w.customer), bookingBody(w.menu.id, h)));
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('CHEF_UNAVAILABLE');

    await confirmedBooking(h, w, { starts_at: startsIn(h, 40) });
    const other = await customer(h);
    const taken = await book(await as(h, other), bookingBody(w.menu.id, h, { starts_at: startsIn(h, 40, 12) }));
    expect(taken.status).toBe(409);

    await h.db.update(chefs).set({ status: ChefStatus.Paused }).where(eq(chefs.id, w.chef.chefId));
    expect((await book(await as(h, other), bookingBody(w.menu.id, h, { starts_at: startsIn(h, 50) }))).status).toBe(404);
  });

  it('is idempotent: the same key returns the same booking, another body with it is refused', async () => {
    const w = await world(h);
    const a = await as(h, w.customer);
    const key = newKey();
    const body = bookingBody(w.menu.id, h);
    const first = await ok(book(a, body, key));
    const again = await ok(book(a, body, key));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const changed = await refused(book(a, { ...body, guests: 6 }, key));
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // A double click: both requests at once still make one booking.
    const key2 = newKey();
    const body2 = bookingBody(w.menu.id, h, { starts_at: startsIn(h, 31) });
    const both = await Promise.all([book(a, body2, key2), book(a, body2, key2)]);
    expect(both.map((r) => r.status).sort()).toEqual(expect.arrayContaining([201]));
    expect(await h.db.select().from(bookings).where(and(eq(bookings.menuId, w.menu.id), eq(bookings.idempotencyKey, key2)))).toHaveLength(1);
    expect(await h.db.select().from(bookings).where(eq(bookings.menuId, w.menu.id))).toHaveLength(2);
  });
});

describe('the chef’s answer', () => {
  it('accepts: payment due in 48 hours (not after the event), history, both sides told', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const res = await ok(accept(w.chef, id));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'accepted', payment_due_by: new Date(START.getTime() + 48 * HOUR).toISOString() });
    expect((await events(id)).map((e) => [e.fromStatus, e.toStatus, e.actorRole, e.actorUserId])).toEqual([
      [null, 'requested', 'customer', w.customer.userId],
      ['requested', 'accepted', 'chef', w.chef.userId],
    ]);
    const customerNote = (await notesOf(w.customer.userId)).at(-1)!;
    expect(customerNote.title).toBe('Booking accepted');
    expect(customerNote.message).toMatch(/CHF\s399/);
    expect((await notesOf(w.chef.userId)).at(-1)!.title).toBe('You accepted a request');
  });

  it('declines with a reason the customer sees; the reason is required', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    expect((await refused(decline(w.chef, id, ' '))).status).toBe(400);
    const res = await ok(decline(w.chef, id, 'Fully booked that weekend.'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'declined', reason: 'Fully booked that weekend.' });
    expect(res.body.data.timeline.at(-1)).toMatchObject({ from: 'requested', to: 'declined', actor_role: 'chef', note: 'Fully booked that weekend.' });
    expect((await notesOf(w.customer.userId)).at(-1)!.message).toContain('Fully booked that weekend.');
  });

  it('refuses the wrong role (403), strangers (404) and the wrong state (409), writing nothing', async () => {
    const w = await world(h);
    const stranger = await customer(h);
    const id = await requestBooking(h, w);
    const customerAccept = await refused(accept(w.customer, id));
    expect(customerAccept.status).toBe(403);
    expect((await refused(decline(w.customer, id, 'no'))).status).toBe(403);
    expect((await refused(accept(stranger, id))).status).toBe(404);
    expect((await refused(cancel(stranger, id, ''))).status).toBe(404);
    expect((await refused(bookingCalls(await as(h, stranger)).$get(on(id)))).status).toBe(404);
    expect((await refused(accept(w.chef, 999999))).status).toBe(404);
    // Paying and rating belong to the customer; an open request can be neither paid nor rated.
    const chefPay = await refused(pay(await as(h, w.chef), id));
    expect(chefPay.status).toBe(403);
    expect((await pay(await as(h, w.customer), id)).status).toBe(409);
    const ratings = { rating_food: 5, rating_service: 5, rating_hygiene: 5, rating_value: 5, rating_communication: 5 };
    expect((await refused(rateCall(await as(h, w.customer), id, ratings))).status).toBe(409);
    // A chef cancels an open request by declining it.
    const chefCancel = await refused(cancel(w.chef, id, 'no'));
    expect(chefCancel.status).toBe(409);
    expect(chefCancel.body.message).toMatch(/decline it instead/);

    await acceptBooking(h, w, id);
    const twice = await refused(accept(w.chef, id));
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      code: 'INVALID_BOOKING_STATE',
      message: 'Only an open request can be accepted. This booking is accepted and waiting for payment.',
      // The rule and the state by key, so the chef reads both in their language.
      message_key: { key: 'validation.refusal.invalid_booking_state_now', params: { requires: { key: 'validation.bookingrule.accept' }, status: { key: 'validation.bookingstatus.accepted' } } },
    });
    expect((await refused(decline(w.chef, id, 'late'))).status).toBe(409);
    expect((await events(id)).map((e) => e.toStatus)).toEqual(['requested', 'accepted']);
    expect((await row(id)).status).toBe('accepted');
  });

  it('lets exactly one of two parallel answers through; the other gets 409 and writes nothing', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const before = (await notesOf(w.customer.userId)).length;
    const [a1, a2] = [await as(h, w.chef), await as(h, w.chef)];
    const results = await Promise.all([settled(bookingCalls(a1).accept.$post({ ...on(id), json: {} })), settled(bookingCalls(a2).decline.$post({ ...on(id), json: { reason: 'Sorry.' } }))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await events(id)).toHaveLength(2);
    expect((await notesOf(w.customer.userId)).length).toBe(before + 1);
  });

  it('refuses to accept a day the chef blocked or already has a confirmed booking on', async () => {
    const w = await world(h);
    const first = await requestBooking(h, w);
    const other = await customer(h);
    const second = await requestBooking(h, w, { starts_at: startsIn(h, 30, 12) }, other);
    await confirmedBooking(h, w, { starts_at: startsIn(h, 30, 13) }, await customer(h));
    const res = await refused(accept(w.chef, first));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You already have a confirmed booking on that day.');
    // The chef's own words by key, so a German chef does not read of "the chef's calendar".
    expect(res.body).toMatchObject({ code: 'CHEF_UNAVAILABLE', message_key: { key: 'validation.answer.daybooked' } });
    const third = await requestBooking(h, w, { starts_at: startsIn(h, 61) }, other);
    // The chef blocks the day after the request came in.
    await h.db.insert(availabilityBlocks).values({ chefId: w.chef.chefId, day: (await row(third)).eventDate });
    const blocked = await refused(accept(w.chef, third));
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toBe('You blocked this day in your calendar. Unblock it first to accept the request.');
    expect(blocked.body).toMatchObject({ code: 'CHEF_UNAVAILABLE', message_key: { key: 'validation.answer.dayblocked' } });
    expect((await row(second)).status).toBe('requested');
  });
});

describe('cancelling before payment', () => {
  it('lets the customer withdraw a request and either side call off an accepted booking', async () => {
    const w = await world(h);
    const withdrawn = await requestBooking(h, w);
    const res = await ok(cancel(w.customer, withdrawn, 'Plans changed.'));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    expect((await notesOf(w.chef.userId)).at(-1)!.title).toBe('Request withdrawn');

    const byCustomer = await requestBooking(h, w, { starts_at: startsIn(h, 32) });
    await acceptBooking(h, w, byCustomer);
    expect((await ok(cancel(w.customer, byCustomer))).body.data.status).toBe('cancelled');

    const byChef = await requestBooking(h, w, { starts_at: startsIn(h, 33) });
    await acceptBooking(h, w, byChef);
    const noReason = await refused(cancel(w.chef, byChef, ''));
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toHaveLength(1);
    const cancelled = await ok(cancel(w.chef, byChef, 'I hurt my hand.'));
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', reason: 'I hurt my hand.' });
    expect((await events(byChef)).at(-1)).toMatchObject({ fromStatus: 'accepted', toStatus: 'cancelled', actorRole: 'chef' });
    // Only a confirmed booking cancelled by the chef counts against the chef.
    expect(await h.db.select().from(chefCancellations).where(eq(chefCancellations.chefId, w.chef.chefId))).toHaveLength(0);
    expect((await refused(cancel(w.customer, byChef))).status).toBe(409);
  });
});

describe('time-based states', () => {
  it('expires an unanswered request on read, and the sweep writes it down once', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    h.clock.advance(48 * HOUR);
    const read = await order(w.customer, id);
    expect(read.body.data.status).toBe('expired');
    expect(read.body.data.timeline.at(-1)).toMatchObject({ from: 'requested', to: 'expired', actor_role: 'system' });
    expect((await row(id)).status).toBe('requested');
    expect((await refused(accept(w.chef, id))).status).toBe(409);

    const swept = await runSweep(testDeps(h));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await row(id)).status).toBe('expired');
    const last = (await events(id)).at(-1)!;
    expect(last).toMatchObject({ fromStatus: 'requested', toStatus: 'expired', actorRole: 'system' });
    expect(last.createdAt.toISOString()).toBe(new Date(START.getTime() + 48 * HOUR).toISOString());
    expect((await notesOf(w.customer.userId)).at(-1)!.title).toBe('Request expired');
    const again = await runSweep(testDeps(h));
    expect(again).toMatchObject({ expired: 0, payment_expired: 0, completed: 0 });
    expect((await events(id)).filter((e) => e.toStatus === 'expired')).toHaveLength(1);
  });

  it('expires an unpaid booking after its payment deadline, but not while a checkout is running', async () => {
    const w = await world(h);
    const idle = await requestBooking(h, w);
    await acceptBooking(h, w, idle);
    const paying = await requestBooking(h, w, { starts_at: startsIn(h, 35) }, await customer(h));
    await acceptBooking(h, w, paying);
    const payer = (await h.db.select({ c: bookings.customerId }).from(bookings).where(eq(bookings.id, paying)))[0]!.c;
    h.clock.advance(48 * HOUR - 10 * 60_000);
    const started = await ok(pay(await as(h, { userId: payer, email: '' }), paying));
    expect(started.status).toBe(201);
    h.clock.advance(10 * 60_000);
    expect((await order(w.customer, idle)).body.data.status).toBe('payment_expired');
    expect((await order({ userId: payer, email: '' }, paying)).body.data.status).toBe('accepted');
    const swept = await runSweep(testDeps(h));
    expect(swept.payment_expired).toBe(1);
    expect((await row(idle)).status).toBe('payment_expired');
    expect((await row(paying)).status).toBe('accepted');
    // The checkout started in time still completes.
    const done = await ok(complete(await as(h, { userId: payer, email: '' }), refOf(started.body.data.checkout_url)));
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('confirmed');
  });

  it('completes a confirmed booking when the event has ended (start + 4 h)', async () => {
    const w = await world(h);
    const starts = startsIn(h, 10);
    const id = await confirmedBooking(h, w, { starts_at: starts });
    h.clock.set(new Date(Date.parse(starts) + 4 * HOUR - 1));
    expect((await order(w.customer, id)).body.data.status).toBe('confirmed');
    h.clock.advance(1);
    const read = await order(w.customer, id);
    expect(read.body.data).toMatchObject({ status: 'completed', actions: ['rate', 'message'] });
    expect((await runSweep(testDeps(h))).completed).toBe(1);
    const b = await row(id);
    expect(b.status).toBe('completed');
    expect(b.completedAt!.toISOString()).toBe(new Date(Date.parse(starts) + 4 * HOUR).toISOString());
    expect((await notesOf(w.customer.userId)).at(-1)!.title).toBe('How was your dinner?');
    expect((await notesOf(w.chef.userId)).at(-1)!.title).toBe('Event completed');
    expect(await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id))).toHaveLength(1);
  });

  it('writes a missing ledger line when it completes a booking confirmed without one (e.g. seeded)', async () => {
    const w = await world(h);
    const seeded = await createBooking(h.db, { chefId: w.chef.chefId, menuId: w.menu.id, customerId: w.customer.userId, status: 'confirmed', eventDate: '2026-06-05' });
    h.clock.set(new Date('2026-06-06T08:00:00Z'));
    await runSweep(testDeps(h));
    expect((await row(seeded.id)).status).toBe('completed');
    const [line] = await h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, seeded.id));
    expect(line).toMatchObject({ chefId: w.chef.chefId, amount: 32300 });
    expect(line!.releaseAt.toISOString()).toBe('2026-06-07T21:00:00.000Z');
  });
});
