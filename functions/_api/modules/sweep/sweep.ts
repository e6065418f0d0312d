// The periodic sweep: writes down the time-based booking states that reads already compute (expired,
// payment_expired, completed), with their history rows and notifications, ends checkouts whose day hold ran out,
// sends refunds the provider has not taken yet, the chefs' digests of new bookings and the reminders before events
// (bookings/booking-reminders.service.ts), and masks the descriptions of menus saved before their masking. Every
// step is guarded (the machine's transitions, the reminders' claims), so a sweep running twice (or next to a user's
// action) changes each booking once. Called by the Node server's timer and by the admin "run sweep" action; returns
// what it changed.
import { and, eq, lte } from 'drizzle-orm';
import { bookingDayHolds, payments, type BookingStatus } from '../../db/schema/bookings';
import { ApiError } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { TRANSITIONS, expireCancellations, sendBookingDigests, sendReminders } from '../bookings/bookings.facade.service';
import { dueBookings, runDueStep } from '../bookings/booking-sweep.service';
import { retryRefunds } from '../refunds/refunds.service';
import { deleteOldPassports } from '../passport/passport.service';
import { publishDueReviews } from '../reviews/reviews.service';
import { maskStoredDescriptions } from '../chef-area/menu-descriptions.service';

/** Bookings handled per run; a backlog is worked off by the next runs (`more` says so). */
export const SWEEP_BATCH = 100;

export type SweepResult = {
  expired: number;
  payment_expired: number;
  completed: number;
  checkouts_ended: number;
  refunds_sent: number;
  /** Chefs mailed one digest of the new bookings that arrived since their last mail. */
  digests_sent: number;
  /** Confirmed bookings whose 48-hour or 3-hour reminder went to both sides (each reminder once, even with two sweeps at once). */
  reminders_sent: number;
  /** Guests' allergy answers deleted 30 days after their dinner. */
  guest_answers_deleted: number;
  /** Chefs whose cancellations aged out of the ranking penalty (bookings/cancellation-ranking.ts). */
  cancellations_expired: number;
  /** Reviews and guest reviews published because their 14 days were over (reviews/reviews.service.ts). */
  reviews_published: number;
  /** Menus whose descriptions were masked from what the chef wrote: saved before masking or with older rules (chef-area/menu-descriptions.service.ts). */
  descriptions_masked: number;
  /** The bookings whose time-based step this run wrote down, with the status they reached. */
  changed: { booking_id: number; to: BookingStatus }[];
  more: boolean;
  ran_at: string;
};

export async function runSweep(deps: Deps, opts: { limit?: number } = {}): Promise<SweepResult> {
  const limit = opts.limit ?? SWEEP_BATCH;
  const now = deps.clock.now();
  const result: SweepResult = { expired: 0, payment_expired: 0, completed: 0, checkouts_ended: 0, refunds_sent: 0, digests_sent: 0, reminders_sent: 0, guest_answers_deleted: 0, cancellations_expired: 0, reviews_published: 0, descriptions_masked: 0, changed: [], more: false, ran_at: now.toISOString() };

  const due = await dueBookings(deps.db, now, limit + 1);
  result.more = due.length > limit;
  for (const b of due.slice(0, limit)) {
    try {
      const step = await runDueStep(deps, b);
      if (step) result.changed.push({ booking_id: b.id, to: TRANSITIONS[step].to });
      if (step === 'expire') result.expired++;
      else if (step === 'expire_payment') result.payment_expired++;
      else if (step === 'complete') result.completed++;
    } catch (err) {
      // Someone else changed the booking meanwhile (a user's action or another sweep): nothing to do.
      if (!(err instanceof ApiError && err.status === 409)) throw err;
    }
  }

  // Checkouts whose day hold ran out: the payment ends (a late completion is refunded), the day is free again.
  const [ended] = await deps.db.batch([
    deps.db
      .update(payments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(payments.status, 'pending'), lte(payments.expiresAt, now)))
      .returning({ id: payments.id }),
    deps.db.delete(bookingDayHolds).where(lte(bookingDayHolds.expiresAt, now)),
  ]);
  result.checkouts_ended = ended.length;
  result.refunds_sent = await retryRefunds(deps);
  result.digests_sent = await sendBookingDigests(deps);
  result.reminders_sent = await sendReminders(deps, limit);
  result.guest_answers_deleted = await deleteOldPassports(deps);
  result.cancellations_expired = await expireCancellations(deps.db, now);
  result.reviews_published = await publishDueReviews(deps);
  result.descriptions_masked = await maskStoredDescriptions(deps);
  return result;
}
