// Limits on new bookings (issue 15 M4: 40 requests to one chef in 1.6 s all went through, and the chef got 40
// mails). A customer makes at most BOOKINGS_PER_HOUR bookings an hour (the database rate limit) and has at most
// OPEN_PER_CHEF open with one chef (waiting for the chef's answer or for the payment), checked inside the insert.
// The chef hears of each new booking in-app at once; by mail, the first in a while goes out at once and the ones
// that follow within MAIL_WINDOW_MS wait for one digest, which the sweep sends (sendBookingDigests).
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import type { Deps } from '../../platform/deps';
import type { Limit } from '../../platform/rate-limit';
import { mailNotice } from '../notifications/notify.service';
import { effectiveStatusSql } from './bookings.machine';
import { formatWhen } from './bookings.notices';
import { bookingSelect, recipientOf, toRecord, type BookingRecord } from './bookings.query';
import { translate } from '../../lib/i18n';
import { MINUTE } from '#shared/time';

export const BOOKINGS_PER_HOUR: Limit = { limit: 20, windowSeconds: 3600 };
export const OPEN_PER_CHEF = 5;
/** At most one mail about new bookings per chef in this time; what arrives meanwhile goes into one digest. */
export const MAIL_WINDOW_MS = 30 * MINUTE;

/** The customer's bookings with the chef that wait for the chef's answer or for the payment (effective status). */
export const openWithChefSql = (customerId: number, chefId: number, now: Date): SQL =>
  sql`(select count(*) from bookings where "bookings"."customer_id" = ${customerId} and "bookings"."chef_id" = ${chefId}
    and ${effectiveStatusSql(now)} in ('requested', 'accepted'))`;

/** Mail the chef about a new booking now (the value of chef_mailed_at) unless a mail about one went out lately. */
const mailedLately = (chefId: SQL | number, now: Date) =>
  sql`exists (select 1 from bookings mb where mb.chef_id = ${chefId} and mb.chef_mailed_at > ${now.getTime() - MAIL_WINDOW_MS})`;
export const chefMailNowSql = (chefId: number, now: Date): SQL => sql`(case when ${mailedLately(chefId, now)} then null else ${now.getTime()} end)`;

/**
 * The sweep's step: for every chef with bookings no mail told them about, once their mail window has passed, one
 * mail listing those still waiting for an answer or a payment. Claiming the bookings (chef_mailed_at) is one guarded
 * update, so two sweeps never send the same digest. Returns how many digests went out.
 */
export async function sendBookingDigests(deps: Deps, limit = 50): Promise<number> {
  const { db, clock } = deps;
  const now = clock.now();
  const due = await db
    .selectDistinct({ chefId: bookings.chefId })
    .from(bookings)
    .where(and(isNull(bookings.chefMailedAt), sql`not ${mailedLately(sql`"bookings"."chef_id"`, now)}`))
    .limit(limit);
  let sent = 0;
  for (const { chefId } of due) {
    const claimed = await db
      .update(bookings)
      .set({ chefMailedAt: now })
      .where(and(eq(bookings.chefId, chefId), isNull(bookings.chefMailedAt), lte(bookings.createdAt, now)))
      .returning({ id: bookings.id });
    if (!claimed.length) continue;
    const rows = await digestRows(db, claimed.map((c) => c.id), now);
    if (!rows.length) continue;
    try {
      await mailNotice(deps, recipientOf(rows[0]!, 'chef'), digestNotice(rows, now));
      sent++;
    } catch (err) {
      deps.log.error('notify.digest_failed', { chefId, error: String(err) });
    }
  }
  return sent;
}

/** The claimed bookings that still wait for the chef or for the payment, in the order they came. */
async function digestRows(db: DB, ids: number[], now: Date): Promise<BookingRecord[]> {
  const rows = await bookingSelect(db, now)
    .where(and(inArray(bookings.id, ids), sql`${effectiveStatusSql(now)} in ('requested', 'accepted')`))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  return rows.map(toRecord);
}

function digestNotice(rows: BookingRecord[], now: Date) {
  const locale = rows[0]!.chefLocale;
  const lines = rows.map((b) =>
    translate(locale, b.status === 'requested' ? 'notify.booking.digest.request' : 'notify.booking.digest.instant', {
      menu: b.menuName,
      guests: b.guests,
      date: formatWhen(b.startsAt, b.timezone, locale),
      customer: b.customerFirstname || 'Customer',
      deadline: b.respondBy && b.respondBy > now ? formatWhen(b.respondBy, b.timezone, locale) : '',
    }),
  );
  return { key: 'booking.digest.chef', params: { count: rows.length, list: lines.join('\n') }, link: '/account/me/chefbookings' };
}
