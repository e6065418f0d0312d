// Reading bookings: the customer's orders (seed: /v1/users/me/orders) by scope with paging, the chef's list with
// requests first, the chef's detail with dietary conflicts and earnings, what each side may see of the other,
// and that nobody else can read a booking (404, never revealing that it exists).
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { agent, type Agent } from '../support/agent';
import { acceptBooking, as, bookingCalls, chefBookingOf, complete, confirmedBooking, customer, orderOf, pay, refOf, requestBooking, startsIn, world } from '../support/booking-fixtures';
import { ok, on, refused, typedClient } from '../support/typed-client';
import { HOUR } from '#shared/time';

const h = useHarness();
beforeEach(() => h.clock.set(START));

type OrdersQuery = NonNullable<Parameters<ReturnType<typeof typedClient>['users']['me']['orders']['$get']>[0]>['query'];
const orders = (a: Agent, query: OrdersQuery = {}) => typedClient(a).users.me.orders.$get({ query });
const chefBookings = (a: Agent, query: Parameters<ReturnType<typeof typedClient>['chefs']['me']['bookings']['$get']>[0]['query'] = {}) => typedClient(a).chefs.me.bookings.$get({ query });

describe('the customer’s orders', () => {
  it('lists upcoming soonest first and past latest first, in the list envelope with paging', async () => {
    const w = await world(h);
    const done = await confirmedBooking(h, w, { starts_at: startsIn(h, 3) });
    const expiredSoon = await requestBooking(h, w, { starts_at: startsIn(h, 4) });
    // Three days on, after that evening: the 3-day booking took place, the 4-day request expired unanswered.
    h.clock.set(new Date(Date.parse(startsIn(h, 3)) + 5 * HOUR));
    const soon = await requestBooking(h, w, { starts_at: startsIn(h, 10) });
    const later = await requestBooking(h, w, { starts_at: startsIn(h, 40) });
    const a = await as(h, w.customer);
    const upcoming = await ok(orders(a, { scope: 'upcoming', count: 1 }));
    expect(upcoming.status).toBe(200);
    expect(upcoming.body.data.map((b) => b.id)).toEqual([soon, later]);
    expect(upcoming.body).toMatchObject({ total_count: 2, filter_count: 2 });
    const past = await ok(orders(a, { scope: 'past' }));
    expect(past.body.data.map((b) => [b.id, b.status])).toEqual([
      [expiredSoon, 'expired'],
      [done, 'completed'],
    ]);
    const page = await ok(orders(a, { page_size: 2, page: 1, count: 1 }));
    expect(page.body.total_count).toBe(4);
    expect(page.body.data).toHaveLength(2);
    // Every read carries the price breakdown and the timeline.
    const item = upcoming.body.data[0]!;
    expect(item.price).toMatchObject({ total: 39900, currency: 'CHF' });
    expect(item.price).not.toHaveProperty('commission');
    expect(item.timeline[0]).toMatchObject({ to: 'requested' });
    expect((await refused(orders(a, { scope: 'someday' }))).status).toBe(400);
    expect((await refused(orders(agent(h)))).status).toBe(401);
  });

  it('shows another customer nothing, and reads as 404 for anyone unrelated', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const stranger = await as(h, await customer(h));
    expect((await ok(orders(stranger))).body.data).toEqual([]);
    const reads = bookingCalls(stranger);
    for (const [path, read] of [
      ['order', orderOf(stranger, id)],
      ['booking', reads.$get(on(id))],
      ['messages', reads.messages.$get({ ...on(id), query: {} })],
      ['cancellation', reads.cancellation.$get(on(id))],
    ] as const) {
      const res = await refused(read);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toMatch(/not found/i);
    }
    // Each side's own path only: the chef does not read it as an order, the customer has no chef area.
    const c = await as(h, w.chef);
    expect((await refused(orderOf(c, id))).status).toBe(404);
    expect((await ok(bookingCalls(c).$get(on(id)))).status).toBe(200);
    expect((await refused(chefBookingOf(await as(h, w.customer), id))).body.code).toBe('NOT_A_CHEF');
    // Who may ask comes before what is asked: a customer's bad scope is still NOT_A_CHEF, not a field error.
    const notChef = await refused(chefBookings(await as(h, w.customer), { scope: 'someday' as 'upcoming' }));
    expect([notChef.status, notChef.body.code]).toEqual([404, 'NOT_A_CHEF']);
    expect((await refused(chefBookings(c, { scope: 'someday' as 'upcoming' }))).status).toBe(400);
    const otherChef = await world(h);
    expect((await refused(chefBookingOf(await as(h, otherChef.chef), id))).status).toBe(404);
  });
});

describe('the chef’s bookings', () => {
  it('lists open requests first, the most urgent first, with the time left to answer', async () => {
    const w = await world(h);
    const confirmed = await confirmedBooking(h, w, { starts_at: startsIn(h, 5) });
    const relaxed = await requestBooking(h, w, { starts_at: startsIn(h, 30) });
    const urgent = await requestBooking(h, w, { starts_at: startsIn(h, 2) });
    const acceptedOne = await requestBooking(h, w, { starts_at: startsIn(h, 20) });
    await acceptBooking(h, w, acceptedOne);
    const c = await as(h, w.chef);
    const list = await ok(chefBookings(c));
    expect(list.body.data.map((b) => b.id)).toEqual([urgent, relaxed, confirmed, acceptedOne]);
    const first = list.body.data[0]!;
    expect(first.status).toBe('requested');
    expect(first.respond_seconds_left).toBe(Math.floor((Date.parse(first.respond_by!) - START.getTime()) / 1000));
    expect(first.actions).toEqual(['accept', 'decline', 'message']);
    const requests = await ok(chefBookings(c, { scope: 'requests', count: 1 }));
    expect(requests.body.total_count).toBe(2);
  });

  it('shows the dietary needs against the menu’s allergens, the earnings, and the customer’s contact only once confirmed', async () => {
    const w = await world(h);
    await h.db.update(users).set({ phone: '+41791234567' }).where(eq(users.id, w.customer.userId));
    const id = await requestBooking(h, w, { diets: ['vegetarian', 'vegan'], allergens: [{ key: 'milk', guests: 2 }, { key: 'fish', guests: 1 }] });
    const c = await as(h, w.chef);
    const before = (await ok(chefBookingOf(c, id))).body.data;
    expect(before.conflicts).toEqual([
      {
        key: 'milk',
        name: 'Milk',
        guests: 2,
        courses: [
          { id: expect.any(Number), course_type: 'starter', name: 'Pumpkin soup' },
          { id: expect.any(Number), course_type: 'main', name: 'Älplermagronen' },
        ],
      },
    ]);
    expect(before.dietary.allergens.find((a) => a.key === 'fish')).toMatchObject({ conflict: false, courses: [] });
    expect(before.dietary.diets).toEqual([
      { key: 'vegetarian', name: 'Vegetarian', menu_has_diet: true },
      { key: 'vegan', name: 'Vegan', menu_has_diet: false },
    ]);
    expect(before.price).toMatchObject({ total: 39900, commission: 5700, commission_bp: 1500, chef_earnings: 32300 });
    expect(before.address).toEqual({ street: null, zip: '8001', city: 'Zürich' });
    expect(before.customer).not.toHaveProperty('contact');
    expect(before.customer.lastname).toMatch(/^L\.$/);

    await acceptBooking(h, w, id);
    const a = await as(h, w.customer);
    const started = await ok(pay(a, id));
    await ok(complete(a, refOf(started.body.data.checkout_url)));
    const after = (await ok(chefBookingOf(c, id))).body.data;
    expect(after.status).toBe('confirmed');
    expect(after.address?.street).toBe('Bahnhofstrasse 1');
    expect(after.customer.contact).toEqual({ email: w.customer.email, phone: '+41791234567' });
    expect(after.earnings).toMatchObject({ amount: 32300, state: 'pending' });
  });
});

describe('the customer’s dietary needs', () => {
  it('shows the customer what they entered, with the same conflicts the chef sees', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w, { diets: ['vegan'], allergens: [{ key: 'milk', guests: 1 }, { key: 'fish', guests: 2 }] });
    const a = await as(h, w.customer);
    const mine = (await ok(orderOf(a, id))).body.data;
    expect(mine.dietary).toEqual({
      diets: [{ key: 'vegan', name: 'Vegan', menu_has_diet: false }],
      allergens: [
        {
          key: 'milk',
          name: 'Milk',
          guests: 1,
          conflict: true,
          courses: [
            { id: expect.any(Number), course_type: 'starter', name: 'Pumpkin soup' },
            { id: expect.any(Number), course_type: 'main', name: 'Älplermagronen' },
          ],
        },
        { key: 'fish', name: 'Fish', guests: 2, conflict: false, courses: [] },
      ],
      conflicts: [expect.objectContaining({ key: 'milk', guests: 1 })],
    });
    const c = await as(h, w.chef);
    expect((await ok(chefBookingOf(c, id))).body.data.dietary).toEqual(mine.dietary);
    // The customer's own list of orders carries the same.
    expect((await ok(orders(a))).body.data.find((b) => b.id === id)?.diets).toEqual(['vegan']);
  });
});
