// Which ledger lines (payout_items) are held for an administrator instead of paid out, as SQL: one rule read by the
// payouts due and their creation, the chef's earnings, a booking's earnings and the monthly statements. Here rather
// than in the bookings module so that the statements (documents) read it without importing bookings.
import { sql, type SQL } from 'drizzle-orm';
import { ChefStatus } from './schema/chefs';

/** Why a ledger line's earnings are held for an admin instead of paid out. */
export type HeldReason = 'complaint' | 'chef_banned';

/**
 * Why the ledger line of `bookingId` (the chef `chefId`; SQL over the line's columns) is held, or null: a complaint
 * about the booking is open (an admin decides it first), or the chef is banned (an admin kept the booking; what it
 * earns is never sent automatically, only once an admin lifts the ban or releases this booking's line:
 * `ban_released_at`). The one rule of the payouts due, the chef's
 * earnings, the booking's earnings and the statements.
 */
export const heldReasonSql = (bookingId: SQL, chefId: SQL) => sql<HeldReason | null>`(case
  when exists (select 1 from complaints hc where hc.booking_id = ${bookingId} and hc.status = 'open') then 'complaint'
  when exists (select 1 from chefs hb where hb.id = ${chefId} and hb.status = ${ChefStatus.Banned})
    and not exists (select 1 from payout_items hr where hr.booking_id = ${bookingId} and hr.ban_released_at is not null) then 'chef_banned' end)`;
