// Issue 15 M4: 40 booking requests to one chef in 1.6 s all went through, and the chef got 40 mails. Now a customer
// makes at most 20 bookings an hour (429 with Retry-After), has at most 5 open with one chef (409), also when the
// requests arrive at once; the chef is notified in-app of each one but mailed about the first only, and the sweep
// mails one digest of the rest once 30 minutes have passed.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { notifications } from '../../functions/_api/db/schema/messages';
import { outbox } from '../../functions/_api/db/schema/system';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import { BOOKINGS_PER_HOUR, MAIL_WINDOW_MS, OPEN_PER_CHEF } from '../../functions/_api/modules/bookings/request-limits';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { testDeps } from '../support/chef-fixtures';
import { as, book, bookingBody, bookingCalls, customer, requestBooking, startsIn, world, type World } from '../support/booking-fixtures';
import { ok, on, refused, settled } from '../support/typed-client';
import { MINUTE } from '#shared/time';

const h = useHarness();
beforeEach(() => h.clock.set(START));

const bodyOn = (w: World, days: number) => bookingBody(w.menu.id, h, { starts_at: startsIn(h, days) });
const bookingsOf = (w: World) => h.db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(eq(bookings.chefId, w.chef.chefId));
/** The chef's mails about new bookings (not those about other changes, such as a withdrawn request). */
const mailsTo = async (email: string) =>
  (await h.db.select({ subject: outbox.subject, body: outbox.body }).from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.channel, 'mail'))).orderBy(outbox.id)).filter(
    (m) => m.subject === 'New booking request' || m.subject.startsWith('New bookings waiting for you'),
  );
const noticesOf = (userId: number) => h.db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, userId));

describe('how many bookings a customer makes', () => {
  it('lets 40 requests sent at once to one chef make 5 bookings: the others get 409 or, past 20 an hour, 429', async () => {
    const w = await world(h);
    const a = await as(h, w.customer);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => settled(book(a, bodyOn(w, 20 + i)))));
    const by = (status: number) => answers.filter((r) => r.status === status);
    expect(by(201)).toHaveLength(OPEN_PER_CHEF);
    expect(by(409)).toHaveLength(BOOKINGS_PER_HOUR.limit - OPEN_PER_CHEF);
    expect(by(429)).toHaveLength(40 - BOOKINGS_PER_HOUR.limit);
    for (const r of by(409)) {
      expect(r.body).toEqual({
        code: 'OPEN_REQUESTS_LIMIT',
        message: 'You already have 5 bookings with this chef waiting for an answer or a payment. Please wait for the chef, or withdraw one, before you send another.',
        message_key: { key: 'validation.refusal.open_requests_limit', params: { max: OPEN_PER_CHEF } },
        error_keys: {},
      });
    }
    for (const r of by(429)) expect(r.body).toEqual({ code: 'RATE_LIMITED', message: 'You can make up to 20 bookings an hour. Please try again later.' });
    expect(await bookingsOf(w)).toHaveLength(OPEN_PER_CHEF);

    // One "new booking request" mail, but a notification per booking.
    expect((await noticesOf(w.chef.userId)).filter((n) => n.title === 'New booking request')).toHaveLength(OPEN_PER_CHEF);
    expect((await mailsTo(w.chef.email)).map((m) => m.subject)).toEqual(['New booking request']);
  });

  it(`answers the booking after ${BOOKINGS_PER_HOUR.limit} in an hour with 429 and Retry-After, and counts only bookings that would be made`, async () => {
    const buyer = await customer(h);
    const chefs = await Promise.all(Array.from({ length: 5 }, () => world(h)));
    const a = await as(h, buyer);
    // A form sent back with errors does not count.
    expect((await book(a, { ...bodyOn(chefs[0]!, 30), guests: 40 })).status).toBe(400);
    for (let i = 0; i < BOOKINGS_PER_HOUR.limit; i++) expect((await book(a, bodyOn(chefs[Math.floor(i / OPEN_PER_CHEF)]!, 30 + (i % OPEN_PER_CHEF)))).status).toBe(201);
    h.clock.advance(10 * MINUTE);
    const res = await refused(book(a, bodyOn(chefs[4]!, 40)));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe(String(50 * 60));
    expect(res.body).toEqual({ code: 'RATE_LIMITED', message: 'You can make up to 20 bookings an hour. Please try again later.' });
    h.clock.advance(50 * MINUTE);
    expect((await book(await as(h, buyer), bodyOn(chefs[4]!, 40))).status).toBe(201);
  });

  it('counts only open bookings with the chef: a declined, withdrawn or expired request frees a place', async () => {
    const w = await world(h);
    const ids = [];
    for (let d = 0; d < OPEN_PER_CHEF; d++) ids.push(await requestBooking(h, w, { starts_at: startsIn(h, 30 + d) }));
    const a = await as(h, w.customer);
    expect((await book(a, bodyOn(w, 40))).status).toBe(409);

    const chef = await as(h, w.chef);
    expect((await ok(bookingCalls(chef).decline.$post({ ...on(ids[0]!), json: { reason: 'Away.' } }))).status).toBe(200);
    expect((await book(a, bodyOn(w, 41))).status).toBe(201);
    expect((await book(a, bodyOn(w, 42))).status).toBe(409);

    expect((await ok(bookingCalls(a).cancel.$post({ ...on(ids[1]!), json: { reason: '' } }))).status).toBe(200);
    expect((await book(a, bodyOn(w, 43))).status).toBe(201);

    // Unanswered requests expire after 48 hours: all five are free again.
    h.clock.advance(49 * 3600_000);
    expect((await book(await as(h, w.customer), bodyOn(w, 44))).status).toBe(201);
  });
});

describe('the chef’s mail about new bookings', () => {
  it('goes out for the first at once; the ones after it come in one digest from the sweep, 30 minutes later', async () => {
    const w = await world(h);
    const others = await Promise.all(Array.from({ length: 3 }, () => customer(h, { firstname: 'Guest' })));
    await requestBooking(h, w, { starts_at: startsIn(h, 30) });
    expect((await mailsTo(w.chef.email)).map((m) => m.subject)).toEqual(['New booking request']);
    h.clock.advance(5 * MINUTE);
    const later = [];
    for (const [i, c] of others.entries()) later.push(await requestBooking(h, w, { starts_at: startsIn(h, 31 + i), guests: 6 + i }, c));
    const withdrawn = await requestBooking(h, w, { starts_at: startsIn(h, 40) });
    const customerA = await as(h, w.customer);
    expect((await ok(bookingCalls(customerA).cancel.$post({ ...on(withdrawn), json: { reason: '' } }))).status).toBe(200);
    expect(await mailsTo(w.chef.email)).toHaveLength(1);
    expect(await noticesOf(w.chef.userId)).toHaveLength(5 + 1);

    // Within the window the sweep sends nothing yet (other tests' chefs share the database: count this chef's mails).
    const sweep = () => runSweep(testDeps(h));
    await sweep();
    expect(await mailsTo(w.chef.email)).toHaveLength(1);
    h.clock.advance(MAIL_WINDOW_MS - 5 * MINUTE);
    expect((await sweep()).digests_sent).toBeGreaterThanOrEqual(1);
    const mails = await mailsTo(w.chef.email);
    expect(mails.map((m) => m.subject)).toEqual(['New booking request', 'New bookings waiting for you: 3']);
    const digest = mails[1]!.body;
    for (const [i] of others.entries()) expect(digest).toContain(`• Request from Guest: “Alpine Autumn” for ${6 + i} guests on `);
    expect(digest).not.toContain('for 4 guests on'); // the withdrawn request (4 guests, the default) is left out
    expect(digest).toContain('/account/me/chefbookings');
    const claimed = await h.db.select({ mailed: bookings.chefMailedAt }).from(bookings).where(inArray(bookings.id, later));
    expect(claimed.every((b) => b.mailed?.getTime() === h.clock.now().getTime())).toBe(true);

    // Nothing twice; the next booking within 30 minutes of the digest waits for the next one, a later one goes at once.
    await sweep();
    expect(await mailsTo(w.chef.email)).toHaveLength(2);
    h.clock.advance(10 * MINUTE);
    await requestBooking(h, w, { starts_at: startsIn(h, 50) }, await customer(h));
    expect(await mailsTo(w.chef.email)).toHaveLength(2);
    h.clock.advance(MAIL_WINDOW_MS);
    await sweep();
    // The digest just went out, so this one waits too; one more window later the next goes at once.
    await requestBooking(h, w, { starts_at: startsIn(h, 51) }, await customer(h));
    h.clock.advance(MAIL_WINDOW_MS + 1);
    await requestBooking(h, w, { starts_at: startsIn(h, 52) }, await customer(h));
    expect((await mailsTo(w.chef.email)).map((m) => m.subject)).toEqual([
      'New booking request',
      'New bookings waiting for you: 3',
      'New bookings waiting for you: 1',
      'New booking request',
    ]);
  });
});
