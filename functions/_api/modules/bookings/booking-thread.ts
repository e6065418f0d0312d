// A booking opens its message thread in its own creation batch. The messages module reads and writes the thread
// afterwards; it depends on bookings (standing, links), so the opening statements live here, not there.
import { sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { messages, messageThreads, threadParticipants } from '../../db/schema/messages';
import { insertSelect, param } from '../notifications/notify.service';

/**
 * The statements that open a booking's thread inside the booking's creation batch. `bookingId` is SQL, because
 * the booking is inserted in the same batch (and each statement writes only if it was: the insert may be refused);
 * the first message (the customer's request text) counts as unseen for the chef.
 */
export function threadStatements(db: DB, input: { bookingId: SQL; customerId: number; chefUserId: number; message: string; now: Date }) {
  const threadId = sql`(select mt.id from message_threads mt where mt.booking_id = ${input.bookingId})`;
  const lastMessage = sql`(select max(m.id) from messages m where m.thread_id = ${threadId})`;
  const hasMessage = input.message.length > 0;
  const participant = (userId: number, isChef: boolean, unseen: number) =>
    insertSelect(
      db,
      threadParticipants,
      {
        threadId,
        userId: param(threadParticipants.userId, userId),
        isChef: param(threadParticipants.isChef, isChef),
        unseenCount: param(threadParticipants.unseenCount, unseen),
        lastReadMessageId: isChef ? sql`null` : lastMessage,
        lastReadAt: isChef || !hasMessage ? sql`null` : param(threadParticipants.lastReadAt, input.now),
      },
      sql`where ${input.bookingId} is not null`,
    );
  return [
    insertSelect(db, messageThreads, { bookingId: input.bookingId, createdAt: param(messageThreads.createdAt, input.now) }, sql`where ${input.bookingId} is not null`),
    ...(hasMessage
      ? [
          insertSelect(
            db,
            messages,
            { threadId, senderUserId: param(messages.senderUserId, input.customerId), text: param(messages.text, input.message), createdAt: param(messages.createdAt, input.now) },
            sql`where ${input.bookingId} is not null`,
          ),
          db
            .update(messageThreads)
            .set({ lastMessageId: sql`${lastMessage}`, lastMessageAt: input.now })
            .where(sql`${messageThreads.bookingId} = ${input.bookingId}`),
        ]
      : []),
    participant(input.customerId, false, 0),
    participant(input.chefUserId, true, hasMessage ? 1 : 0),
  ];
}
