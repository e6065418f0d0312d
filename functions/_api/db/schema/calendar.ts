// Calendars: the chef's private feed (its secret is never stored, only its hash and the nonce it is derived from
// with the server's secret) and the booking reminders already claimed, one row per booking and kind.
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bookings } from './bookings';
import { chefs } from './chefs';
import { createdAt, instant } from './columns';

export const calendarFeeds = sqliteTable('calendar_feeds', {
  chefId: integer('chef_id')
    .primaryKey()
    .references(() => chefs.id, { onDelete: 'cascade' }),
  /** Random; the feed's token is HMAC(server secret, chef id and nonce), so a copy of the database holds no feed URL. */
  nonce: text('nonce').notNull(),
  /** SHA-256 of the token, by which a feed request finds its chef. */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

export type ReminderKind = '48h' | '3h';

export const bookingReminders = sqliteTable(
  'booking_reminders',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReminderKind>().notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  // The claim: a second sweep's insert of the same reminder changes nothing, so it sends nothing.
  (t) => [primaryKey({ columns: [t.bookingId, t.kind] })],
);
