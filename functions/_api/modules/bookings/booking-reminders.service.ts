// Reminders before a confirmed event, 48 hours and 3 hours ahead, to the customer and the chef: a notification with
// its mail, and an SMS to whoever verified a phone. Each reminder is claimed by inserting its row
// (booking_reminders: one per booking and kind) in the same batch as the notifications, which are written only when
// that insert wrote (a guarded write, db/guarded-write.ts); a second sweep running at the same time inserts nothing, so it writes and sends nothing. A
// reminder is sent at most once: a mail or SMS that fails after the claim is logged, not repeated.
import { and, eq, inArray, lte, gt, sql, isNotNull } from 'drizzle-orm';
import { guardedWrite } from '../../db/guarded-write';
import { bookings } from '../../db/schema/bookings';
import { bookingReminders, type ReminderKind } from '../../db/schema/calendar';
import { users } from '../../db/schema/users';
import { translate } from '../../lib/i18n';
import { absoluteUrl } from '../../platform/config';
import type { Deps } from '../../platform/deps';
import { insertSelect, localParams, paramsOf, prepareNotice, sendNotices } from '../notifications/notify.service';
import { bookingLink, bookingParams, type Side } from './bookings.notices';
import { bookingSelect, recipientOf, toRecord, type BookingRecord } from './bookings.query';
import { HOUR } from '#shared/time';

/** Each reminder with how long before the event it goes, latest first: a due later one makes an earlier one moot. */
export const REMINDERS: readonly { kind: ReminderKind; before: number }[] = [
  { kind: '3h', before: 3 * HOUR },
  { kind: '48h', before: 48 * HOUR },
];

const SMS_KEYS: Record<ReminderKind, string> = { '48h': 'sms.reminder_48h', '3h': 'sms.reminder_3h' };

/**
 * Confirmed bookings whose reminder of this kind is due and not yet claimed: its moment has passed, the event (or,
 * for the 48-hour one, the 3-hour moment) has not, and the booking was confirmed before that moment (a booking
 * confirmed later has just had its confirmation mail).
 */
function dueFor(deps: Pick<Deps, 'db'>, now: Date, i: number, limit: number) {
  const { kind, before } = REMINDERS[i]!;
  const until = i === 0 ? now : new Date(now.getTime() + REMINDERS[i - 1]!.before);
  return bookingSelect(deps.db, now)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        lte(bookings.startsAt, new Date(now.getTime() + before)),
        gt(bookings.startsAt, until),
        sql`${bookings.confirmedAt} <= ${bookings.startsAt} - ${before}`,
        sql`not exists (select 1 from booking_reminders r where r.booking_id = "bookings"."id" and r.kind = ${kind})`,
      ),
    )
    .orderBy(bookings.startsAt)
    .limit(limit);
}

/** Sends the due reminders (at most `limit` bookings per kind); returns how many bookings were reminded. */
export async function sendReminders(deps: Deps, limit: number): Promise<number> {
  const now = deps.clock.now();
  let sent = 0;
  for (let i = 0; i < REMINDERS.length; i++) {
    const due = (await dueFor(deps, now, i, limit)).map(toRecord);
    for (const b of due) if (await remind(deps, b, REMINDERS[i]!.kind, now)) sent++;
  }
  return sent;
}

async function remind(deps: Deps, b: BookingRecord, kind: ReminderKind, now: Date): Promise<boolean> {
  const { db } = deps;
  const sides: Side[] = ['customer', 'chef'];
  const write = guardedWrite(db);
  const notices = sides.map((side) =>
    prepareNotice(deps, recipientOf(b, side), { key: `booking.reminder_${kind}.${side}`, params: bookingParams(b, side), type: 'info', link: bookingLink(b.id, side) }, { when: write.witness }),
  );
  const claim = write.statements(
    // Claimed only while the booking is still confirmed (a cancellation may have come in since it was read).
    insertSelect(db, bookingReminders, paramsOf(bookingReminders, { bookingId: b.id, kind, sentAt: now }), sql`where exists (select 1 from bookings b where b.id = ${b.id} and b.status = 'confirmed')`)
      .onConflictDoNothing()
      .returning({ bookingId: bookingReminders.bookingId }),
    notices.map((n) => n.insert),
  );
  const results = await db.batch([
    ...claim,
    db
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(and(inArray(users.id, [b.customerId, b.chefUserId]), isNotNull(users.phoneVerifiedAt), isNotNull(users.phone))),
  ]);
  const claimed = results[0] as unknown[];
  const phones = results[claim.length] as { id: number; phone: string | null }[];
  if (!claimed.length) return false;
  await sendNotices(deps, notices);
  for (const side of sides) {
    const who = recipientOf(b, side);
    const phone = phones.find((p) => p.id === who.userId)?.phone;
    if (!phone) continue;
    const text = translate(who.locale, SMS_KEYS[kind], { ...localParams(who.locale, bookingParams(b, side)), link: absoluteUrl(deps.config, bookingLink(b.id, side)) });
    try {
      await deps.sms.send({ to: phone, text, template: `reminder_${kind}`, locale: who.locale });
    } catch (err) {
      deps.log.error('reminder.sms_failed', { booking_id: b.id, kind, error: String(err) });
    }
  }
  return true;
}
