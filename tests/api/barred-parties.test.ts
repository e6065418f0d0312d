// Issue 15 M2: a banned chef, or a chef or customer whose account is disabled, takes no part in a booking any more.
// The booking machine's one rule (barredParty) is checked on accept, on starting a payment, on its completion, on
// messages and on what the chef writes after the event (the reply to a review, the guest's rating); decline and
// cancel stay open, and the booking's actions say what is left. Each case was let through before. The refusals name
// their text by key, so each side reads it in their language; a paused chef (PRODUCT "Status": cannot be booked)
// still replies and rates.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingDayHolds, bookings, guestReviews, payments, reviews } from '../../functions/_api/db/schema/bookings';
import { messages } from '../../functions/_api/db/schema/messages';
import { payoutItems } from '../../functions/_api/db/schema/payouts';
import { loadBooking } from '../../functions/_api/modules/bookings/bookings.service';
import { confirmPayment } from '../../functions/_api/modules/payments/payments.service';
import { writeGuestReview, writeReply } from '../../functions/_api/modules/reviews/reviews.service';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { superUserParty } from '../support/admin-fixtures';
import { setChefStatus, testDeps } from '../support/chef-fixtures';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { notifications } from '../../functions/_api/db/schema/messages';
import { HOUR } from '#shared/time';
import type { Agent } from '../support/agent';
import {
  acceptBooking,
  as,
  bookingCalls,
  chefBookingOf,
  complete,
  confirmedBooking,
  orderOf,
  pay,
  rateCall,
  rateGuestCall,
  refOf,
  requestBooking,
  sendMessage,
  startsIn,
  world,
  type World,
} from '../support/booking-fixtures';
import { ok, on, refused, typedClient } from '../support/typed-client';

const h = useHarness();
// A fresh session at the clock's now: the tests after an event move the clock by days.
const admin = superUserParty(h);
beforeEach(() => h.clock.set(START));

const row = async (id: number) => (await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentsOf = (id: number) => h.db.select({ status: payments.status }).from(payments).where(eq(payments.bookingId, id));
const holdsOf = (id: number) => h.db.select().from(bookingDayHolds).where(eq(bookingDayHolds.bookingId, id));
const earningsOf = (id: number) => h.db.select().from(payoutItems).where(eq(payoutItems.bookingId, id));
const messagesCount = async () => (await h.db.select({ id: messages.id }).from(messages)).length;

const ban = async (w: World) => expect((await ok((await admin.client()).admin.chefs[':id'].ban.$post({ ...on(w.chef.chefId), json: { reason: 'Fake documents.' } }))).status).toBe(200);
const disable = async (userId: number, disabled = true) => expect((await ok((await admin.client()).admin.users[':id'].disabled.$put({ ...on(userId), json: { disabled } }))).status).toBe(200);

async function accepted(w: World) {
  const id = await requestBooking(h, w);
  await acceptBooking(h, w, id);
  return id;
}

const message = (a: Agent, id: number, text = 'Are we still on?') => sendMessage(a, id, text);
const CHEF_REFUSED = {
  code: 'PARTY_BLOCKED',
  message: 'This chef can no longer take bookings or messages on YourLocalChef. Nothing more is charged; please contact support about this booking.',
  message_key: { key: 'validation.refusal.party_blocked_chef_other' },
};

const RATINGS = { rating_food: 5, rating_service: 5, rating_hygiene: 4, rating_value: 4, rating_communication: 5, text: 'A lovely evening.' };
const GUEST_RATINGS = { rating_punctuality: 5, rating_kitchen: 4, rating_respect: 5, text: 'Kind hosts.' };
const reply = (a: Agent, id: number) => bookingCalls(a).review.reply.$post({ ...on(id), json: { text: 'Thank you for having me!' } });
const reviewOf = async (id: number) => (await h.db.select().from(reviews).where(eq(reviews.bookingId, id)))[0];
const guestReviewsOf = (id: number) => h.db.select().from(guestReviews).where(eq(guestReviews.bookingId, id));
const noticesOf = async (userId: number) => (await h.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId))).length;

/**
 * A booking whose event ended an hour ago (the clock is moved there), with `reviewed` both ways: the customer's
 * review published (both sides wrote theirs), or none yet.
 */
async function pastBooking(w: World, reviewed: boolean) {
  const starts = startsIn(h, 5);
  const id = await confirmedBooking(h, w, { starts_at: starts });
  h.clock.set(new Date(Date.parse(starts) + 5 * HOUR));
  if (reviewed) {
    expect((await ok(rateCall(await as(h, w.customer), id, RATINGS))).status).toBe(201);
    expect((await ok(rateGuestCall(await as(h, w.chef), id, GUEST_RATINGS))).status).toBe(201);
    expect((await reviewOf(id))?.publishedAt).not.toBeNull();
  }
  return id;
}

describe('a banned chef', () => {
  it('cannot accept a request, nor write to the customer; declining stays possible', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await ban(w);
    const chef = await as(h, w.chef);
    const before = await messagesCount();

    const accept = await refused(bookingCalls(chef).accept.$post({ ...on(id), json: {} }));
    expect(accept.status).toBe(403);
    expect(accept.body).toMatchObject({
      code: 'PARTY_BLOCKED',
      message: 'Your chef profile is blocked: you cannot take bookings, payments or messages. Please contact support.',
      message_key: { key: 'validation.refusal.party_blocked_chef' },
    });
    expect((await row(id)).status).toBe('requested');

    const written = await refused(message(chef, id));
    expect(written.status).toBe(403);
    expect(written.body.code).toBe('PARTY_BLOCKED');
    const answer = await refused(message(await as(h, w.customer), id));
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject(CHEF_REFUSED);
    expect(await messagesCount()).toBe(before);

    // The chef's view offers only what undoes the booking; the customer's only withdrawing it.
    const view = await ok(chefBookingOf(chef, id));
    expect(view.body.data).toMatchObject({ status: 'requested', barred_party: 'chef', actions: ['decline'] });
    const mine = await ok(orderOf(await as(h, w.customer), id));
    expect(mine.body.data).toMatchObject({ barred_party: 'chef', actions: ['cancel'] });

    const declined = await ok(bookingCalls(chef).decline.$post({ ...on(id), json: { reason: 'I can no longer cook.' } }));
    expect(declined.status).toBe(200);
    expect((await row(id)).status).toBe('declined');
  });

  it('is not paid: a new checkout is refused before any payment, with the day left free', async () => {
    const w = await world(h);
    const id = await accepted(w);
    await ban(w);
    const res = await refused(pay(await as(h, w.customer), id));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject(CHEF_REFUSED);
    expect(await paymentsOf(id)).toEqual([]);
    expect(await holdsOf(id)).toEqual([]);
  });

  it('is not paid by a checkout opened before the ban: the completion fails, nothing is confirmed or earned', async () => {
    const w = await world(h);
    const id = await accepted(w);
    const customer = await as(h, w.customer);
    const ref = refOf((await ok(pay(customer, id))).body.data.checkout_url);
    await ban(w);
    const done = await refused(complete(customer, ref));
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('PARTY_BLOCKED');
    expect((await row(id)).status).toBe('accepted');
    expect(await paymentsOf(id)).toEqual([{ status: 'failed' }]);
    expect(await earningsOf(id)).toEqual([]);
    expect(await holdsOf(id)).toEqual([]);
    // The customer can still call it off; nothing was charged.
    const cancelled = await ok(bookingCalls(customer).cancel.$post({ ...on(id), json: { reason: '' } }));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
  });

  it('is not paid when the ban lands between reading the booking and confirming it (the guard of the update)', async () => {
    const w = await world(h);
    const id = await accepted(w);
    await pay(await as(h, w.customer), id);
    const stale = (await loadBooking(h.db, id, h.clock.now()))!;
    const [payment] = await h.db.select().from(payments).where(eq(payments.bookingId, id));
    await ban(w);
    await expect(confirmPayment(testDeps(h), stale, payment!, { role: 'system', userId: null }, 'pi_raced')).rejects.toMatchObject({ status: 409 });
    expect((await row(id)).status).toBe('accepted');
    expect(await paymentsOf(id)).toEqual([{ status: 'pending' }]);
    expect(await earningsOf(id)).toEqual([]);
  });

  it('takes part again once the ban is lifted', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await ban(w);
    expect((await ok((await admin.client()).admin.chefs[':id'].unban.$post({ ...on(w.chef.chefId), json: {} }))).status).toBe(200);
    const chef = await as(h, w.chef);
    expect((await ok(bookingCalls(chef).accept.$post({ ...on(id), json: {} }))).status).toBe(200);
    expect((await ok(message(chef, id))).status).toBe(201);
  });
});

describe('a banned chef after the event', () => {
  it('neither replies to the review nor rates the guest: refused by key, nothing written, and neither is offered', async () => {
    const w = await world(h);
    const answered = await pastBooking(w, true);
    const unrated = await pastBooking(w, false);
    await ban(w);
    const chef = await as(h, w.chef);
    const told = await noticesOf(w.customer.userId);

    const replied = await refused(reply(chef, answered));
    expect(replied.status).toBe(403);
    expect(replied.body).toMatchObject({
      code: 'PARTY_BLOCKED',
      message: 'Your chef profile is blocked: you can no longer reply to reviews or rate your guests. Please contact support.',
      message_key: { key: 'validation.refusal.party_blocked_reviews' },
    });
    expect(await reviewOf(answered)).toMatchObject({ reply: null, repliedAt: null });

    const rated = await refused(rateGuestCall(chef, unrated, GUEST_RATINGS));
    expect(rated.status).toBe(403);
    expect(rated.body).toMatchObject({ code: 'PARTY_BLOCKED', message_key: { key: 'validation.refusal.party_blocked_reviews' } });
    expect(await guestReviewsOf(unrated)).toEqual([]);
    expect(await noticesOf(w.customer.userId)).toBe(told);

    // The chef's view offers neither; the customer still rates the evening (the review is about what happened).
    expect((await ok(chefBookingOf(chef, answered))).body.data).toMatchObject({ barred_party: 'chef', actions: [] });
    expect((await ok(chefBookingOf(chef, unrated))).body.data).toMatchObject({ barred_party: 'chef', actions: [] });
    const customer = await as(h, w.customer);
    expect((await ok(orderOf(customer, unrated))).body.data.actions).toEqual(['rate']);
    expect((await ok(rateCall(customer, unrated, RATINGS))).status).toBe(201);

    // Once the ban is lifted, both are open again.
    expect((await ok((await admin.client()).admin.chefs[':id'].unban.$post({ ...on(w.chef.chefId), json: {} }))).status).toBe(200);
    expect((await ok(reply(chef, answered))).status).toBe(201);
    expect((await reviewOf(answered))?.reply).toBe('Thank you for having me!');
    expect((await ok(rateGuestCall(chef, unrated, GUEST_RATINGS))).status).toBe(201);
    expect(await guestReviewsOf(unrated)).toHaveLength(1);
  });

  it('writes neither when the ban lands between reading the booking and writing (the condition of the write)', async () => {
    const w = await world(h);
    const answered = await pastBooking(w, true);
    const unrated = await pastBooking(w, false);
    const read = async (id: number) => (await loadBooking(h.db, id, h.clock.now()))!;
    const [staleAnswered, staleUnrated] = [await read(answered), await read(unrated)];
    const told = await noticesOf(w.customer.userId);
    await ban(w);

    await expect(writeReply(testDeps(h), staleAnswered, 'Thank you!')).rejects.toMatchObject({ status: 403, code: 'PARTY_BLOCKED' });
    expect(await reviewOf(answered)).toMatchObject({ reply: null, repliedAt: null });
    await expect(writeGuestReview(testDeps(h), staleUnrated, GUEST_RATINGS)).rejects.toMatchObject({ status: 403, code: 'PARTY_BLOCKED' });
    expect(await guestReviewsOf(unrated)).toEqual([]);
    expect(await noticesOf(w.customer.userId)).toBe(told);

    // With the ban lifted, the same stale reads write: the condition is the parties' standing now.
    expect((await ok((await admin.client()).admin.chefs[':id'].unban.$post({ ...on(w.chef.chefId), json: {} }))).status).toBe(200);
    await writeReply(testDeps(h), staleAnswered, 'Thank you!');
    expect((await reviewOf(answered))?.reply).toBe('Thank you!');
    await writeGuestReview(testDeps(h), staleUnrated, GUEST_RATINGS);
    expect(await guestReviewsOf(unrated)).toHaveLength(1);
    expect(await noticesOf(w.customer.userId)).toBe(told + 2);
    // A second reply from the same stale read is the conflict it always was.
    await expect(writeReply(testDeps(h), staleAnswered, 'Again')).rejects.toMatchObject({ status: 409, code: 'ALREADY_REPLIED' });
  });

  it('is not what a paused chef is: a pause only stops new bookings, so the paused chef replies and rates the guest', async () => {
    const w = await world(h);
    const answered = await pastBooking(w, true);
    const unrated = await pastBooking(w, false);
    await setChefStatus(h.db, w.chef.chefId, ChefStatus.Paused);
    const chef = await as(h, w.chef);
    expect((await ok(chefBookingOf(chef, answered))).body.data.actions).toContain('reply');
    expect((await ok(reply(chef, answered))).status).toBe(201);
    expect((await ok(chefBookingOf(chef, unrated))).body.data.actions).toContain('rate_guest');
    expect((await ok(rateGuestCall(chef, unrated, GUEST_RATINGS))).status).toBe(201);
    expect(await guestReviewsOf(unrated)).toHaveLength(1);
  });
});

describe('a chef whose account is disabled', () => {
  it('is neither paid nor written to, and an open checkout does not confirm', async () => {
    const w = await world(h);
    const open = await accepted(w);
    const later = await accepted(w);
    const customer = await as(h, w.customer);
    const ref = refOf((await ok(pay(customer, open))).body.data.checkout_url);
    await disable(w.chef.userId);

    const barred = await refused(pay(customer, later));
    expect(barred.status).toBe(409);
    expect(barred.body).toMatchObject(CHEF_REFUSED);
    expect(await paymentsOf(later)).toEqual([]);

    const done = await complete(customer, ref);
    expect(done.status).toBe(409);
    expect((await row(open)).status).toBe('accepted');
    expect(await earningsOf(open)).toEqual([]);

    expect((await refused(message(customer, open))).status).toBe(409);
    // The disabled chef has no session any more.
    expect((await refused(message(await as(h, w.chef), later, 'Hi'))).status).toBe(401);

    await disable(w.chef.userId, false);
    expect((await ok(message(customer, open))).status).toBe(201);
  });
});

describe('a customer whose account is disabled', () => {
  it('gets no answer from the chef: accepting and writing are refused, declining is not', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await disable(w.customer.userId);
    const chef = await as(h, w.chef);
    const accept = await refused(bookingCalls(chef).accept.$post({ ...on(id), json: {} }));
    expect(accept.status).toBe(409);
    expect(accept.body).toMatchObject({
      code: 'PARTY_BLOCKED',
      message: 'This customer’s account is closed, so this booking cannot go ahead.',
      message_key: { key: 'validation.refusal.party_blocked_customer_other' },
    });
    expect((await refused(message(chef, id))).status).toBe(409);
    expect((await ok(chefBookingOf(chef, id))).body.data).toMatchObject({ barred_party: 'customer', actions: ['decline'] });
    expect((await ok(bookingCalls(chef).decline.$post({ ...on(id), json: { reason: 'Account closed.' } }))).status).toBe(200);
  });

  it('neither rates the booking (no session) nor is rated as a guest; the chef still answers the published review', async () => {
    const w = await world(h);
    const answered = await pastBooking(w, true);
    const unrated = await pastBooking(w, false);
    const customer = await as(h, w.customer);
    await disable(w.customer.userId);

    // The closed account's session is gone: the rating is refused before anything is read, nothing is written.
    const rated = await refused(rateCall(customer, unrated, RATINGS));
    expect([rated.status, rated.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(await reviewOf(unrated)).toBeUndefined();
    expect((await row(unrated)).status).not.toBe('reviewed');

    const chef = await as(h, w.chef);
    const guest = await refused(rateGuestCall(chef, unrated, GUEST_RATINGS));
    expect(guest.status).toBe(409);
    expect(guest.body).toMatchObject({
      code: 'PARTY_BLOCKED',
      message: 'This customer’s account is closed, so they can no longer be rated as a guest.',
      message_key: { key: 'validation.refusal.party_blocked_guest' },
    });
    expect(await guestReviewsOf(unrated)).toEqual([]);
    expect((await ok(chefBookingOf(chef, unrated))).body.data.actions).toEqual([]);

    expect((await ok(chefBookingOf(chef, answered))).body.data.actions).toEqual(['reply']);
    expect((await ok(reply(chef, answered))).status).toBe(201);
  });

  it('is not rated as a guest when the account closes between reading the booking and writing', async () => {
    const w = await world(h);
    const unrated = await pastBooking(w, false);
    const stale = (await loadBooking(h.db, unrated, h.clock.now()))!;
    await disable(w.customer.userId);
    await expect(writeGuestReview(testDeps(h), stale, GUEST_RATINGS)).rejects.toMatchObject({ status: 409, code: 'PARTY_BLOCKED' });
    expect(await guestReviewsOf(unrated)).toEqual([]);
  });
});
