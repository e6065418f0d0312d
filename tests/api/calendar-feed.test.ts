// The chef's private calendar feed: GET /v1/chefs/me/calendar-feed gives a secret URL on the configured public origin
// (the database keeps only the token's hash), the feed needs no cookie and lists the chef's bookings that take place
// and blocked days, parsed with ical.js; rotating gives a new URL and the old one answers 404.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../../functions/_api/db/schema/calendar';
import { rateLimits } from '../../functions/_api/db/schema/users';
import { HOUR } from '#shared/time';
import { sha256 } from '../../functions/_api/lib/crypto';
import { zonedTime } from '#shared/booking-window';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { agent, type Agent } from '../support/agent';
import { parseCalendar } from '../support/ical';
import { testDeps } from '../support/chef-fixtures';
import { FEED_READS_PER_HOUR, calendarFeed } from '../../functions/_api/modules/calendar/calendar.service';
import { as, confirmedBooking, customer, requestBooking, world, type World } from '../support/booking-fixtures';
import { ok, refused, typedClient, visitorClient } from '../support/typed-client';

const h = useHarness();
let w: World;
let confirmed: number;
let open: number;
beforeAll(async () => {
  h.clock.set(START);
  w = await world(h);
  confirmed = await confirmedBooking(h, w, { starts_at: zonedTime('2026-07-10', 19, 0, 'Europe/Zurich').toISOString() });
  open = await requestBooking(h, w, { starts_at: zonedTime('2026-07-20', 19, 0, 'Europe/Zurich').toISOString() });
  const chef = await as(h, w.chef);
  expect((await ok(typedClient(chef).chefs.me.availability[':day'].$put({ param: { day: '2026-07-15' }, json: { note: 'Family; wedding, Bern' } }))).status).toBe(200);
});
beforeEach(() => h.clock.set(START));

/** The chef's feed calls: the URL (read, or made on the first read) and its rotation. */
const feedCalls = (a: Agent) => typedClient(a).chefs.me['calendar-feed'];
const feedUrl = async (headers?: Record<string, string>) => {
  const res = await ok(feedCalls(await as(h, w.chef)).$get(undefined, { headers }));
  expect(res.status).toBe(200);
  return res.body.url;
};
/** The feed as a calendar app fetches it: no cookie, only the URL. Raw on purpose: the feed is an .ics file. */
const fetchFeed = (url: string) => agent(h).get(new URL(url).pathname);

describe('GET /v1/chefs/me/calendar-feed', () => {
  it('gives the chef one stable secret URL on the public origin, whatever Host the request names, and stores only its hash', async () => {
    const url = await feedUrl({ host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(url).toMatch(/^http:\/\/localhost\/v1\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl()).toBe(url);
    const token = url.split('/').pop()!.slice(0, -4);
    const [row] = await h.db.select().from(calendarFeeds).where(eq(calendarFeeds.chefId, w.chef.chefId));
    expect(row!.tokenHash).toBe(await sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('gives two first reads at the same time the same URL', async () => {
    const other = await world(h);
    const [a, b] = await Promise.all([as(h, other.chef), as(h, other.chef)]);
    const [one, two] = await Promise.all([ok(feedCalls(a).$get()), ok(feedCalls(b).$get())]);
    expect(one.body.url).toBe(two.body.url);
    expect((await fetchFeed(one.body.url)).status).toBe(200);
  });

  it('follows a change of the server’s secret: the new URL works, the one made with the old secret no longer does', async () => {
    const before = await feedUrl();
    const after = await calendarFeed(testDeps(h), w.chef.chefId, 'another-session-secret-of-32-characters-or-more');
    expect(after.url).not.toBe(before);
    expect((await fetchFeed(after.url)).status).toBe(200);
    expect((await fetchFeed(before)).status).toBe(404);
    // Back to the harness's secret, for the tests after this one.
    expect(await feedUrl()).toBe(before);
  });

  it('is for chefs only', async () => {
    const a = await as(h, await customer(h));
    const res = await refused(feedCalls(a).$get());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_A_CHEF');
    expect((await refused(visitorClient(h).chefs.me['calendar-feed'].$get())).status).toBe(401);
  });
});

describe('the feed', () => {
  it('serves the chef’s confirmed bookings and blocked days as text/calendar without a cookie, never cached', async () => {
    const res = await fetchFeed(await feedUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const cal = parseCalendar(text);
    expect(cal.method).toBe('PUBLISH');
    expect(cal.zones).toEqual(['Europe/Zurich']);
    const uids = cal.events.map((e) => e.event.uid);
    expect(uids).toEqual([`booking-${confirmed}@localhost`, `blocked-${w.chef.chefId}-2026-07-15@localhost`]);
    expect(uids).not.toContain(`booking-${open}@localhost`);

    const booking = cal.events[0]!;
    expect(booking.vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Zurich');
    expect(booking.event.startDate.toJSDate().toISOString()).toBe('2026-07-10T17:00:00.000Z');
    expect(booking.event.location).toBe('Bahnhofstrasse 1, 8001 Zürich');
    expect(booking.event.summary).toBe('Cooking: Alpine Autumn for Julia (4 guests)');
    const day = cal.events[1]!;
    expect(day.event.startDate.isDate).toBe(true);
    expect(day.event.startDate.toString()).toBe('2026-07-15');
    expect(day.event.endDate.toString()).toBe('2026-07-16');
    expect(day.event.summary).toBe('Blocked: Family; wedding, Bern');
    // Nothing of the customer beyond what the chef's booking page shows: no e-mail, no phone, no last name.
    expect(text).not.toContain(w.customer.email);
    expect(text).not.toMatch(/mailto:|ATTENDEE|ORGANIZER/);
  });

  it('answers an unknown or malformed token with 404', async () => {
    // Raw on purpose: the feed's path, whose answer is an .ics file, and one its pattern does not match.
    expect((await agent(h).get(`/v1/calendar-feeds/${'A'.repeat(43)}.ics`)).status).toBe(404);
    const bad = await agent(h).get('/v1/calendar-feeds/short.ics');
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });
});

describe('POST /v1/chefs/me/calendar-feed/rotate', () => {
  it('replaces the secret: the new URL works, the old one is 404', async () => {
    const old = await feedUrl();
    const res = await ok(feedCalls(await as(h, w.chef)).rotate.$post({ json: {} }));
    expect(res.status).toBe(200);
    const fresh = res.body.url;
    expect(fresh).not.toBe(old);
    expect(await feedUrl()).toBe(fresh);
    const gone = await fetchFeed(old);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Calendar feed not found.', code: 'NOT_FOUND' });
    expect((await fetchFeed(fresh)).status).toBe(200);
  });

  it('takes an empty body only', async () => {
    const a = await as(h, w.chef);
    // Raw on purpose: a field the empty body does not take (its type, Record<string, never>, lets the typed client send none).
    const res = await a.json(a.post('/v1/chefs/me/calendar-feed/rotate', { token: 'mine' }));
    expect(res.status).toBe(400);
  });
});

describe('reads of one feed', () => {
  it('are limited per feed and hour, not per address, and the hour after it serves again', async () => {
    const url = await feedUrl();
    h.clock.set(new Date(START.getTime() + 2 * HOUR));
    // Each read from another address, as a calendar service's shared fetchers would send them.
    for (let i = 0; i < FEED_READS_PER_HOUR.limit; i++) expect((await fetchFeed(url)).status).toBe(200);
    const refused = await fetchFeed(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ message: 'Too many requests for this calendar. Please try again later.', code: 'RATE_LIMITED' });
    // Counted under the feed's chef, whatever address asked.
    expect(await h.db.select().from(rateLimits).where(eq(rateLimits.key, `calendar-feed:chef:${w.chef.chefId}`))).toMatchObject([{ count: FEED_READS_PER_HOUR.limit + 1 }]);
    h.clock.set(new Date(START.getTime() + 3 * HOUR + 1000));
    const again = await fetchFeed(url);
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  });
});
