// Performs one transition of bookings.machine.ts: checks the actor and the state, then writes everything in ONE
// db.batch, a guarded write (db/guarded-write.ts) led by the status update guarded by the expected current status:
// every other statement of the batch (history row, notifications, the caller's extra writes) is conditioned on its
// witness. A lost race therefore writes nothing, and the caller gets a 409. Mails go out after the batch committed.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import { guardedWrite, type Witness } from '../../db/guarded-write';
import { bookingDayHolds, bookingEvents, bookings, payments, type BookingStatus } from '../../db/schema/bookings';
import { ApiError, conflict, forbidden, keyedConflict, keyedRefusal } from '../../lib/errors';
import { messageText } from '#shared/validation-messages';
import type { Deps } from '../../platform/deps';
import { receiptAttachments } from '../documents/receipts.service';
import { insertSelect, param, prepareNotice, sendNotices, type PreparedNotice } from '../notifications/notify.service';
import {
  allergyGuard,
  allowedRole,
  chefNotPausedSql,
  chefPaused,
  dueSystemStep,
  effectiveStatus,
  effectiveStatusSql,
  eventEndOf,
  extraGuard,
  NEEDS_ALLERGY_ACK,
  partiesInGoodStandingSql,
  severeAllergyPendingSql,
  standingRefusal,
  statusKey,
  TAKES_NEW_BOOKING,
  TRANSITIONS,
  type ActorRole,
  type Standing,
  type TransitionName,
} from './bookings.machine';
import { inviteFor } from './booking-calendar';
import { bookingNotice, type NoticeExtras } from './bookings.notices';
import { recipientOf, timed, type BookingRecord } from './bookings.query';

export type Actor = { role: ActorRole; userId: number | null };

/** The steps the clock takes; they are written down when due (stored status = from, effective status = to). */
export const TIME_BASED: ReadonlySet<TransitionName> = new Set<TransitionName>(['expire', 'expire_payment', 'complete']);

/** The 403/409 checks of a transition, without writing anything. */
export function assertTransition(b: BookingRecord, name: TransitionName, actor: Actor, now: Date): void {
  const rule = TRANSITIONS[name];
  if (!allowedRole(name, actor.role)) throw forbidden(actor.role === 'chef' ? 'Only the customer can do this.' : actor.role === 'customer' ? 'Only the chef can do this.' : 'You are not allowed to do this.');
  if (rule.engages) assertStanding(b, actor.role);
  // Only the chef takes a new booking (accept), so the paused chef is the one told.
  if (TAKES_NEW_BOOKING.has(name) && chefPaused(b)) throw keyedRefusal(403, 'validation.refusal.chef_paused', 'CHEF_PAUSED');
  if (TIME_BASED.has(name)) {
    if (b.status !== rule.from || dueSystemStep(timed(b), now)?.name !== name) throw conflict(`${rule.requires ? messageText(rule.requires) : ''} It is not due.`, 'INVALID_BOOKING_STATE');
    return;
  }
  const current = effectiveStatus(timed(b), now);
  // The rule and the state the booking is in, by key: the reader's screen says both in its language.
  if (current !== rule.from) throw keyedConflict('validation.refusal.invalid_booking_state_now', 'INVALID_BOOKING_STATE', { requires: { key: rule.requires ?? 'validation.refusal.invalid_booking_state' }, status: { key: statusKey(current) } });
  const extra = extraGuard(name, timed(b), now);
  if (extra) throw conflict(extra, 'INVALID_BOOKING_STATE');
  const allergy = allergyGuard(name, b.severePending, actor.role);
  if (allergy) throw new ApiError(409, allergy, 'ALLERGY_ACK_REQUIRED', { allergy_ack: [allergy] });
}

/** The parties rule of the machine (standingRefusal) as the API's error: 403 for the barred party, 409 for the other. */
export function assertStanding(b: Standing, role: ActorRole): void {
  const refusal = standingRefusal(b, role);
  if (refusal) throw keyedRefusal(refusal.status, refusal.key, 'PARTY_BLOCKED');
}

export type TransitionInput = {
  booking: BookingRecord;
  name: TransitionName;
  actor: Actor;
  /** Columns set together with the status. */
  set?: Partial<typeof bookings.$inferInsert>;
  /** More conditions of the guarded update (e.g. "the payment is still pending"). */
  guard?: SQL;
  /** Statements of the same batch; each must be conditioned on the witness. */
  extra?: (witness: Witness) => BatchItem<'sqlite'>[];
  /** Stored in the history row and shown to the other side. */
  note?: string | null;
  notice?: NoticeExtras;
  /** When the transition happened; the system's steps are dated at their deadline. */
  at?: Date;
  /** The 409 when a unique index refuses the batch (confirm: a second booking of the chef's day). */
  onUniqueViolation?: ApiError;
};

export type TransitionResult = { from: BookingStatus; to: BookingStatus };

/** Throws 409 for a lost race; a unique-index refusal (a second confirmed booking of the day) is a 409 too. */
export async function runTransition(deps: Deps, input: TransitionInput): Promise<TransitionResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const b = input.booking;
  assertTransition(b, input.name, input.actor, now);
  const rule = TRANSITIONS[input.name];
  const from = rule.from!;
  const at = input.at ?? now;

  const timeBased = TIME_BASED.has(input.name);
  // A step the clock already took (confirmed → completed before a review) is written down in the same batch.
  const step = !timeBased && b.status !== from ? dueSystemStep(timed(b), now) : null;
  const set: Partial<typeof bookings.$inferInsert> = { ...input.set };
  if (step?.name === 'complete') set.completedAt ??= eventEndOf(b.startsAt);

  const write = guardedWrite(db);
  const w = write.witness;
  const notices = noticesFor(deps, b, input.name, w, input.notice);
  const statements = write.statements(
    db
      .update(bookings)
      .set({ ...set, status: rule.to, updatedAt: now })
      .where(and(eq(bookings.id, b.id), eq(bookings.status, b.status), sql`${effectiveStatusSql(now)} = ${timeBased ? rule.to : from}`, rule.engages ? partiesInGoodStandingSql() : undefined, TAKES_NEW_BOOKING.has(input.name) ? chefNotPausedSql() : undefined, NEEDS_ALLERGY_ACK.has(input.name) ? sql`not ${severeAllergyPendingSql()}` : undefined, input.guard))
      .returning({ id: bookings.id }),
    [
      ...(input.extra?.(w) ?? []),
      ...(step ? [historyRow(db, b.id, w, { from: b.status, to: from, role: 'system', userId: null, note: null, at: step.at })] : []),
      historyRow(db, b.id, w, { from, to: rule.to, role: input.actor.role, userId: input.actor.userId, note: input.note ?? null, at }),
      ...notices.map((n) => n.insert),
    ],
  );

  let results: unknown[];
  try {
    results = await db.batch(statements);
  } catch (err) {
    if (isUniqueViolation(err)) throw input.onUniqueViolation ?? conflict('This booking changed in the meantime. Please reload and try again.', 'BOOKING_CHANGED');
    throw err;
  }
  if (!(results[0] as unknown[]).length) throw conflict('This booking changed in the meantime. Please reload and try again.', 'BOOKING_CHANGED');
  await sendNotices(deps, notices);
  return { from, to: rule.to };
}

/**
 * Releasing a booking's day hold is always a dependent of a guarded write (the confirmation, the end of a checkout,
 * the booking leaving "accepted"): a request that lost its race releases nothing. When one checkout of the booking
 * ends (`endedPayment`), the hold stays if a newer checkout of the booking is open: the hold is that checkout's now.
 */
export function releaseHold(db: DB, bookingId: number, w: Witness, endedPayment?: number): BatchItem<'sqlite'> {
  const newerCheckout = endedPayment === undefined ? undefined : sql`not exists (select 1 from payments np where np.booking_id = ${bookingId} and np.id > ${endedPayment} and np.status = 'pending')`;
  return db.delete(bookingDayHolds).where(and(eq(bookingDayHolds.bookingId, bookingId), w, newerCheckout));
}

/** Statements every transition out of "accepted" needs: the day hold and any open checkout end with it. */
export const endCheckout = (db: DB, bookingId: number, w: Witness, now: Date): BatchItem<'sqlite'>[] => [
  releaseHold(db, bookingId, w),
  db
    .update(payments)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending'), w)),
];

/** A booking_events row written only inside the winning batch. */
export function historyRow(db: DB, bookingId: number, witness: Witness, e: { from: BookingStatus | null; to: BookingStatus; role: ActorRole; userId: number | null; note: string | null; at: Date }) {
  return insertSelect(
    db,
    bookingEvents,
    {
      bookingId: param(bookingEvents.bookingId, bookingId),
      fromStatus: param(bookingEvents.fromStatus, e.from),
      toStatus: param(bookingEvents.toStatus, e.to),
      actorRole: param(bookingEvents.actorRole, e.role),
      actorUserId: param(bookingEvents.actorUserId, e.userId),
      note: param(bookingEvents.note, e.note),
      createdAt: param(bookingEvents.createdAt, e.at),
    },
    sql`where ${witness}`,
  );
}

/**
 * Both sides' notifications, written only with the transition (its witness). The mails of a confirmation or of the
 * cancellation of a confirmed booking carry the calendar invite (booking-calendar.ts); the customer's mail of a
 * payment or of a refund carries the receipt as it stands then.
 */
export function noticesFor(deps: Deps, b: BookingRecord, name: TransitionName, w: Witness, extras?: NoticeExtras): PreparedNotice[] {
  const receipt = name === 'confirm' || (extras?.refund ?? 0) > 0 ? () => receiptAttachments(deps, b.id) : undefined;
  return (['customer', 'chef'] as const).map((side) => {
    const files = [inviteFor(deps, b, name, side), side === 'customer' ? receipt : undefined].filter((f) => f !== undefined);
    const attachments = files.length ? async () => (await Promise.all(files.map((f) => f()))).flat() : undefined;
    return prepareNotice(deps, recipientOf(b, side), { ...bookingNotice(b, name, side, extras), attachments }, { when: w });
  });
}

/** SQLite's unique-constraint error, as libSQL and D1 report it. */
export function isUniqueViolation(err: unknown): boolean {
  const text = `${String(err)} ${String((err as { cause?: unknown })?.cause ?? '')}`;
  return /UNIQUE constraint failed/i.test(text) || /SQLITE_CONSTRAINT_UNIQUE/.test(text);
}
