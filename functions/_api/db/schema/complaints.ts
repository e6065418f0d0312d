// Complaints: a customer's report of a problem with a booking within 48 hours after the event, the chef's answer
// and the administrator's decision. While a complaint is open the chef's earnings of its booking are held
// (admin.payouts dueItem); the decision's refund lives in the refunds table like every other refund (one ledger).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bookings } from './bookings';
import { chefs } from './chefs';
import { createdAt, id, instant, updatedAt } from './columns';
import { users } from './users';

export const complaints = sqliteTable(
  'complaints',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id),
    /** complaints.schema COMPLAINT_CATEGORIES */
    category: text('category').notNull(),
    text: text('text').notNull(),
    /** Ids of the customer's attachments (kind complaint_photo), at most three. */
    photoIds: text('photo_ids', { mode: 'json' }).$type<number[]>().notNull(),
    /** open | decided */
    status: text('status').notNull().default('open'),
    chefAnswer: text('chef_answer'),
    chefAnsweredAt: instant('chef_answered_at'),
    /** no_refund | partial_refund | full_refund, once decided. */
    outcome: text('outcome'),
    refundAmount: integer('refund_amount'),
    decisionNote: text('decision_note'),
    decidedBy: integer('decided_by'),
    decidedAt: instant('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('complaints_booking').on(t.bookingId), index('complaints_status').on(t.status, t.createdAt), index('complaints_chef').on(t.chefId, t.createdAt)],
);
