// The guaranteed dinner's one-click rebooking (issue 18 §4): a booking made from one the chef cancelled (`rebook_of`
// in POST /v1/bookings) carries that booking's guests' allergy passport, copied in the new booking's own creation
// batch. It lives with the booking's creation rather than in the passport module, which reads bookings itself.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { guestAnswers } from '../../db/schema/passport';
import type { Deps } from '../../platform/deps';
import { insertSelect, param } from '../notifications/notify.service';

/** Only the customer's own booking that the chef cancelled can be rebooked with its passport. */
export const REBOOK_REFUSED = 'You can only rebook a booking of yours that the chef cancelled.';

/** The booking to rebook, if it is the customer's and the chef cancelled it (one row, else none). */
export const rebookSourceQuery = (db: DB, customerId: number, bookingId: number) =>
  db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId), eq(bookings.status, 'cancelled_by_chef')));

/**
 * The guests' answers of one booking copied to another, in the caller's batch. The edit keys stay, so each guest's
 * device still edits their answer there; severe allergies are dated now, so the new chef must answer them. Invite
 * links are not copied: the customer shares the new booking's. The new booking's id may be SQL (a booking inserted
 * in the same batch); nothing is copied when it comes out null (the booking was not made).
 */
export function copyPassport(deps: Pick<Deps, 'db' | 'clock'>, fromBookingId: number, toBookingId: number | SQL): BatchItem<'sqlite'>[] {
  const now = deps.clock.now().getTime();
  return [
    insertSelect(
      deps.db,
      guestAnswers,
      {
        bookingId: typeof toBookingId === 'number' ? param(guestAnswers.bookingId, toBookingId) : toBookingId,
        editKeyHash: sql`ga.edit_key_hash`,
        name: sql`ga.name`,
        diets: sql`ga.diets`,
        allergies: sql`ga.allergies`,
        severeAt: sql`case when ga.severe_at is null then null else ${now} end`,
        createdAt: sql`ga.created_at`,
        updatedAt: sql`${now}`,
      },
      sql`from guest_answers ga where ga.booking_id = ${fromBookingId} and ${toBookingId} is not null order by ga.id`,
    ),
  ];
}
