// A paused chef (by support or by themselves; PRODUCT "Status": menus hidden, cannot be booked) takes no new booking:
// accepting a request is refused on the server, with the reason in the reader's language, and nothing is written.
// What was agreed goes on: the chef declines, writes to the customer, and the booking's actions say what is left.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../../functions/_api/db/schema/bookings';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { messages } from '../../functions/_api/db/schema/messages';
import { loadBooking } from '../../functions/_api/modules/bookings/bookings.service';
import { runTransition } from '../../functions/_api/modules/bookings/bookings.transition';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { superUser } from '../support/admin-fixtures';
import { setChefStatus, testDeps } from '../support/chef-fixtures';
import { as, bookingCalls, chefBookingOf, orderOf, requestBooking, sendMessage, world, type World } from '../support/booking-fixtures';
import { ok, on, refused, typedClient } from '../support/typed-client';

const h = useHarness();
let su: ReturnType<typeof typedClient>;
beforeAll(async () => {
  su = typedClient((await superUser(h)).agent);
});
beforeEach(() => h.clock.set(START));

const PAUSED_TEXT = 'Your chef profile is paused, so you cannot accept new requests. You can still decline them, and your confirmed bookings go ahead as agreed.';
const row = async (id: number) => (await h.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const eventsOf = (id: number) => h.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
const adminPause = async (w: World) =>
  expect((await ok(su.admin.chefs[':id'].pause.$post({ param: { id: String(w.chef.chefId) }, json: { reason: 'We are checking a complaint.' } }))).status).toBe(200);
const ownPause = async (w: World, action: 'pause' | 'resume') =>
  expect((await ok(typedClient(await as(h, w.chef)).chefs.me[':action{submit|pause|resume}'].$post({ param: { action }, json: {} }))).status).toBe(200);

describe('a chef paused by support', () => {
  it('cannot accept a request: refused with the reason, the booking unchanged; declining and messages stay open', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await adminPause(w);
    const before = { booking: await row(id), events: await eventsOf(id) };
    const chef = await as(h, w.chef);

    const accept = await refused(bookingCalls(chef).accept.$post({ ...on(id), json: {} }));
    expect(accept.status).toBe(403);
    expect(accept.body).toMatchObject({ code: 'CHEF_PAUSED', message: PAUSED_TEXT, message_key: { key: 'validation.refusal.chef_paused' } });
    expect(await row(id)).toEqual(before.booking);
    expect(await eventsOf(id)).toEqual(before.events);

    // The chef's view offers no accept and says why; the customer is not told about the chef's pause.
    const view = await ok(chefBookingOf(chef, id));
    expect(view.body.data).toMatchObject({ status: 'requested', chef_paused: true, barred_party: null });
    expect(view.body.data.actions).toEqual(['decline', 'message']);
    const mine = await ok(orderOf(await as(h, w.customer), id));
    expect(mine.body.data).toMatchObject({ chef_paused: false, actions: ['cancel', 'message'] });
    const list = await ok(typedClient(chef).chefs.me.bookings.$get({ query: {} }));
    expect(list.body.data.find((b) => b.id === id)).toMatchObject({ chef_paused: true });

    // Talking to the customer and saying no stay possible.
    expect((await ok(sendMessage(chef, id, 'I am sorry, I cannot take this one.'))).status).toBe(201);
    expect(await h.db.select({ text: messages.text }).from(messages)).toContainEqual({ text: 'I am sorry, I cannot take this one.' });
    expect((await ok(bookingCalls(chef).decline.$post({ ...on(id), json: { reason: 'Paused for now.' } }))).status).toBe(200);
    expect((await row(id)).status).toBe('declined');
  });

  it('reads the refusal in the chef’s language', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await adminPause(w);
    const accept = await refused(bookingCalls(await as(h, w.chef)).accept.$post({ ...on(id), json: {} }, { headers: { 'accept-language': 'de' } }));
    expect(accept.body).toMatchObject({ code: 'CHEF_PAUSED', message_key: { key: 'validation.refusal.chef_paused' } });
    expect((await row(id)).status).toBe('requested');
  });
});

describe('a chef who paused themselves', () => {
  it('accepts again once resumed', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    await ownPause(w, 'pause');
    expect((await refused(bookingCalls(await as(h, w.chef)).accept.$post({ ...on(id), json: {} }))).body.code).toBe('CHEF_PAUSED');
    expect((await row(id)).status).toBe('requested');
    await ownPause(w, 'resume');
    expect((await ok(bookingCalls(await as(h, w.chef)).accept.$post({ ...on(id), json: {} }))).status).toBe(200);
    expect((await row(id)).status).toBe('accepted');
  });

  it('is refused by the write itself when the pause lands between the check and the update', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const stale = (await loadBooking(h.db, id, h.clock.now()))!;
    await setChefStatus(h.db, w.chef.chefId, ChefStatus.Paused);
    const before = await eventsOf(id);
    await expect(runTransition(testDeps(h), { booking: stale, name: 'accept', actor: { role: 'chef', userId: w.chef.userId }, set: { acceptedAt: h.clock.now() } })).rejects.toMatchObject({
      status: 409,
      code: 'BOOKING_CHANGED',
    });
    expect(await row(id)).toMatchObject({ status: 'requested', acceptedAt: null });
    expect(await eventsOf(id)).toEqual(before);
  });
});
