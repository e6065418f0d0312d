// The chef's private calendar feed: a secret URL (no cookie: calendar apps subscribe to it) that lists the chef's
// bookings taking place and their blocked days. The token is HMAC(server secret, chef id and a random nonce); the
// database keeps the nonce and the token's SHA-256 only, so a copy of it opens no feed. Rotating draws a new nonce:
// the old URL is then unknown (404).
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { DAY_HOLDING_STATUSES, bookings } from '../../db/schema/bookings';
import { calendarFeeds } from '../../db/schema/calendar';
import { availabilityBlocks, chefs } from '../../db/schema/chefs';
import { users } from '../../db/schema/users';
import { hmacToken, randomToken, sha256 } from '../../lib/crypto';
import { dateValue, escapeText, utcStamp, type IcalLine } from '../../lib/ical';
import { translate } from '../../lib/i18n';
import { notFound } from '../../lib/errors';
import { absoluteUrl } from '../../platform/config';
import { hitStatement, refuseOver, type Limit } from '../../platform/rate-limit';
import type { Deps } from '../../platform/deps';
import { DAY } from '#shared/time';
import { bookingEvent, bookingSelect, calendarOf, toRecord, uidDomain, zoneSpans } from '../bookings/bookings.facade.service';

/** How far back the feed reaches: the last three months' bookings and blocks stay visible, older ones drop off. */
const FEED_PAST_DAYS = 90;
/** More than a year of bookings cannot exist (the booking window); the cap only bounds the answer. */
const FEED_MAX_EVENTS = 1000;

/**
 * Reads of one feed per hour. Calendar apps refresh a subscription every 5 minutes at most (Apple; Google and Outlook
 * far less often), so a chef's own devices stay well inside it, while a leaked URL being hammered costs one counted
 * statement per call. Counted per feed and not per address: Google fetches every subscribed feed from a few shared
 * addresses.
 */
export const FEED_READS_PER_HOUR: Limit = { limit: 60, windowSeconds: 3600 };

const tokenOf = (secret: string, chefId: number, nonce: string) => hmacToken(secret, `calendar-feed:${chefId}:${nonce}`);
const feedUrl = (deps: Pick<Deps, 'config'>, token: string) => absoluteUrl(deps.config, `/v1/calendar-feeds/${token}.ics`);

async function writeFeed(deps: Pick<Deps, 'db' | 'config'>, chefId: number, secret: string, nonce: string) {
  const token = await tokenOf(secret, chefId, nonce);
  const tokenHash = await sha256(token);
  await deps.db
    .insert(calendarFeeds)
    .values({ chefId, nonce, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.chefId, set: { nonce, tokenHash } });
  return { url: feedUrl(deps, token) };
}

/**
 * GET /v1/chefs/me/calendar-feed: the chef's feed URL, made on first use. Its token is worked out again from the
 * stored nonce; when the server's secret changed since, the stored hash is brought up to date (the old URL ends).
 */
export async function calendarFeed(deps: Pick<Deps, 'db' | 'config'>, chefId: number, secret: string) {
  const { db } = deps;
  let [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.chefId, chefId));
  if (!row) {
    // Two first reads at once (two tabs) keep the one nonce that was stored first, so both show the same URL.
    const nonce = randomToken(18);
    const tokenHash = await sha256(await tokenOf(secret, chefId, nonce));
    [, [row]] = await db.batch([db.insert(calendarFeeds).values({ chefId, nonce, tokenHash }).onConflictDoNothing(), db.select().from(calendarFeeds).where(eq(calendarFeeds.chefId, chefId))]);
  }
  const token = await tokenOf(secret, chefId, row!.nonce);
  if ((await sha256(token)) !== row!.tokenHash) return writeFeed(deps, chefId, secret, row!.nonce);
  return { url: feedUrl(deps, token) };
}

/** POST /v1/chefs/me/calendar-feed/rotate: a new secret URL; the old one answers 404 from now on. */
export const rotateCalendarFeed = (deps: Pick<Deps, 'db' | 'config'>, chefId: number, secret: string) => writeFeed(deps, chefId, secret, randomToken(18));

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/**
 * GET /v1/calendar-feeds/{token}.ics: the chef's bookings that take place (as the chef's booking page shows them:
 * the customer's first name, the street) and blocked days, from three months back, in the chef's language. An
 * unknown token is 404.
 */
export async function feedCalendar(deps: Pick<Deps, 'db' | 'clock' | 'config'>, token: string): Promise<string> {
  const { db } = deps;
  const now = deps.clock.now();
  const [feed] = await db
    .select({ chefId: calendarFeeds.chefId, locale: users.locale, timezone: chefs.timezone })
    .from(calendarFeeds)
    .innerJoin(chefs, eq(chefs.id, calendarFeeds.chefId))
    .innerJoin(users, eq(users.id, chefs.userId))
    .where(eq(calendarFeeds.tokenHash, await sha256(token)));
  if (!feed) throw notFound('Calendar feed not found.');
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY);
  // The count goes in the same batch as the reads: one round trip, and a refused call has read nothing it answers.
  const [counted, rows, blocks] = await db.batch([
    hitStatement(db, `calendar-feed:chef:${feed.chefId}`, FEED_READS_PER_HOUR, now),
    bookingSelect(db, now)
      .where(and(eq(bookings.chefId, feed.chefId), inArray(bookings.status, [...DAY_HOLDING_STATUSES]), gte(bookings.startsAt, since)))
      .orderBy(asc(bookings.startsAt))
      .limit(FEED_MAX_EVENTS),
    db
      .select({ day: availabilityBlocks.day, note: availabilityBlocks.note })
      .from(availabilityBlocks)
      .where(and(eq(availabilityBlocks.chefId, feed.chefId), gte(availabilityBlocks.day, since.toISOString().slice(0, 10))))
      .orderBy(asc(availabilityBlocks.day))
      .limit(FEED_MAX_EVENTS),
  ]);
  refuseOver(counted, FEED_READS_PER_HOUR, now, 'Too many requests for this calendar. Please try again later.');
  const list = rows.map(toRecord);
  const blocked = translate(feed.locale, 'notify.calendar.blocked');
  const events: IcalLine[] = [
    ...list.flatMap((b) => bookingEvent(b, { viewer: 'chef', phase: 'confirmed', locale: feed.locale, config: deps.config, now })),
    ...blocks.flatMap((d): IcalLine[] => [
      { name: 'BEGIN', value: 'VEVENT' },
      { name: 'UID', value: `blocked-${feed.chefId}-${d.day}@${uidDomain(deps.config)}` },
      { name: 'DTSTAMP', value: utcStamp(now) },
      { name: 'DTSTART', params: { VALUE: 'DATE' }, value: dateValue(d.day) },
      { name: 'DTEND', params: { VALUE: 'DATE' }, value: dateValue(nextDay(d.day)) },
      { name: 'SUMMARY', value: escapeText(d.note ? `${blocked}: ${d.note}` : blocked) },
      { name: 'TRANSP', value: 'OPAQUE' },
      { name: 'END', value: 'VEVENT' },
    ]),
  ];
  return calendarOf('PUBLISH', zoneSpans(list), events, [
    { name: 'X-WR-CALNAME', value: escapeText(translate(feed.locale, 'notify.calendar.feedname')) },
    { name: 'X-WR-TIMEZONE', value: feed.timezone },
    // Subscribed calendars fetch again after this long (Apple reads the first, Outlook and others the second).
    { name: 'REFRESH-INTERVAL', params: { VALUE: 'DURATION' }, value: 'PT1H' },
    { name: 'X-PUBLISHED-TTL', value: 'PT1H' },
  ]);
}
