// Chef earnings released after the complaint window, grouped into payouts the admins pay by bank transfer.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bookings } from './bookings';
import { chefs } from './chefs';
import { createdAt, id, instant } from './columns';
import { users } from './users';

export const payouts = sqliteTable(
  'payouts',
  {
    id: id(),
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id),
    /** pending | paid | failed */
    status: text('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** Bank transfer reference, unique. */
    reference: text('reference').notNull(),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    createdBy: integer('created_by'),
    paidAt: instant('paid_at'),
    failedReason: text('failed_reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payouts_reference').on(t.reference), index('payouts_chef').on(t.chefId, t.id), index('payouts_status').on(t.status)],
);

/** One ledger line per booking: what the chef earns, when it is released, and which payout carried it. */
export const payoutItems = sqliteTable(
  'payout_items',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    releaseAt: instant('release_at').notNull(),
    payoutId: integer('payout_id').references(() => payouts.id),
    /**
     * A super-user released this line to the chef although the chef is banned (ledger lines of a banned chef are
     * held otherwise: db/held-earnings.ts): when and who. The audit log has the entry too.
     */
    banReleasedAt: instant('ban_released_at'),
    banReleasedBy: integer('ban_released_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_items_booking').on(t.bookingId),
    index('payout_items_chef').on(t.chefId, t.releaseAt),
    index('payout_items_payout').on(t.payoutId),
  ],
);

/**
 * A chef's monthly statement (one per month and currency) as it was issued: written at its first download once its
 * month is over in the chef's time zone (a month still running has a provisional statement, written afresh each time).
 * It keeps the issuing company (the settings' `company` then), the chef's name and the issue date, which the
 * statement prints from then on, whatever the settings or the chef's name become.
 */
export const statementIssues = sqliteTable(
  'statement_issues',
  {
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id),
    /** YYYY-MM, the chef's local month. */
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    issuedAt: instant('issued_at').notNull(),
    issuedParties: text('issued_parties', { mode: 'json' }).notNull().$type<{ issuer: Record<string, unknown>; chef: string }>(),
  },
  (t) => [primaryKey({ columns: [t.chefId, t.month, t.currency] })],
);
