// One message thread per booking, per-participant unseen counters, and in-app notifications.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bookings } from './bookings';
import { createdAt, id, instant } from './columns';
import { users } from './users';

export const messageThreads = sqliteTable(
  'message_threads',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: instant('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_threads_booking').on(t.bookingId)],
);

/**
 * The two sides of a thread. unseen_count is kept in the same batch as each new message, so
 * unseen_order_message_count is a sum over an index instead of a scan of messages.
 */
export const threadParticipants = sqliteTable(
  'thread_participants',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isChef: integer('is_chef', { mode: 'boolean' }).notNull(),
    unseenCount: integer('unseen_count').notNull().default(0),
    lastReadMessageId: integer('last_read_message_id'),
    lastReadAt: instant('last_read_at'),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('thread_participants_user').on(t.userId, t.threadId)],
);

export const messages = sqliteTable(
  'messages',
  {
    id: id(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_thread').on(t.threadId, t.id)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** error (seed default) | success | info */
    type: text('type').notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /**
     * The notice's key under "notify." and its parameters (modules/notifications/notify.service.ts): the list renders
     * title and message from them in the reader's language. Rows written before have none and show title and message.
     */
    key: text('key'),
    params: text('params', { mode: 'json' }).$type<Record<string, unknown>>(),
    /** Client route to open, e.g. /account/me/bookings/12 */
    link: text('link'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user').on(t.userId, t.id)],
);
