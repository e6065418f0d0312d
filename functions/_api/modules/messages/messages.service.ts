// One message thread per booking, open only to its customer and its chef. Each new message is one batch: the
// message, the thread's last-message pointer, the other participant's unseen counter (incremented in SQL, so
// parallel posts never lose a count) and the notification. Opening the thread marks it seen for the reader.
// Contact details are masked on output until the booking has been confirmed (lib/masking.ts).
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { bookings } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';
import { messages, messageThreads, threadParticipants } from '../../db/schema/messages';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Locale } from '#shared/locales';
import type { Deps } from '../../platform/deps';
import { enforce } from '../../platform/rate-limit';
import { imageResource, type ImageRef } from '../images/images.service';
import { prepareNotice, sendNotices } from '../notifications/notify.service';
import { bookingLink, assertStanding } from '../bookings/bookings.facade.service';
import { contactsVisible, partyText } from '../../lib/masking';

/** Posting is limited per user: plenty for a conversation, too few for a spam run. */
export const MESSAGE_LIMIT = { limit: 30, windowSeconds: 60 };
const PREVIEW_LENGTH = 160;

const me = alias(threadParticipants, 'me');
const other = alias(threadParticipants, 'other');
const otherUser = alias(users, 'ou');
const sender = alias(users, 'su');

/** The caller's side of a booking's thread, the other side's address for notifications, and the booking's state and parties' standing. */
function threadAccess(db: DB, bookingId: number, userId: number) {
  return db
    .select({
      threadId: as(messageThreads.id, 'thread_id'),
      bookingId: messageThreads.bookingId,
      confirmedAt: bookings.confirmedAt,
      chefStatus: sql`(select c.status from chefs c where c.id = ${bookings.chefId})`.mapWith(chefs.status).as('chef_status'),
      chefDisabledAt: sql`(select u.disabled_at from chefs c join users u on u.id = c.user_id where c.id = ${bookings.chefId})`.mapWith(users.disabledAt).as('chef_disabled_at'),
      customerDisabledAt: sql`(select u.disabled_at from users u where u.id = ${bookings.customerId})`.mapWith(users.disabledAt).as('customer_disabled_at'),
      isChef: as(me.isChef, 'me_is_chef'),
      otherUserId: as(otherUser.id, 'other_user_id'),
      otherEmail: as(otherUser.email, 'other_email'),
      otherLocale: as(otherUser.locale, 'other_locale'),
      otherFirstname: as(otherUser.firstname, 'other_firstname'),
      myFirstname: sql<string>`(select u.firstname from users u where u.id = ${userId})`.as('my_firstname'),
      myAvatarJson: sql<string | null>`(select json_object('id', i.id, 'status', i.status, 'stacks', json(i.stacks))
        from users u join images i on i.id = u.avatar_image_id where u.id = ${userId})`.as('my_avatar_json'),
    })
    .from(messageThreads)
    .innerJoin(bookings, eq(bookings.id, messageThreads.bookingId))
    .innerJoin(me, and(eq(me.threadId, messageThreads.id), eq(me.userId, userId)))
    .innerJoin(other, and(eq(other.threadId, messageThreads.id), ne(other.userId, userId)))
    .innerJoin(otherUser, eq(otherUser.id, other.userId))
    .where(eq(messageThreads.bookingId, bookingId))
    .limit(1);
}

type MessageRow = { id: number; text: string; createdAt: Date; senderUserId: number; firstname: string | null; avatarJson: string | null };

const parseImage = (json: string | null): ImageRef => {
  if (!json) return { id: null, status: null, stacks: null };
  const o = JSON.parse(json) as { id: number; status: string; stacks: Record<string, string> | null };
  return { id: o.id, status: o.status, stacks: o.stacks };
};

/** The avatar of an aliased user ("su" the sender, "ou" the other participant) as JSON, for parseImage. */
const avatarOf = (alias: 'su' | 'ou') =>
  sql<string | null>`(select json_object('id', i.id, 'status', i.status, 'stacks', json(i.stacks)) from images i where i.id = ${sql.identifier(alias)}."avatar_image_id")`;
const senderAvatar = avatarOf('su');

function presentMessage(m: MessageRow, userId: number, confirmedAt: Date | null, locale: Locale) {
  const text = partyText(m.text, confirmedAt, locale);
  const isYou = m.senderUserId === userId;
  return {
    id: m.id,
    text,
    masked: text !== m.text,
    created_at: m.createdAt.toISOString(),
    is_you: isYou,
    user_public: { data: { firstname: m.firstname ?? '', is_you: isYou, avatar: imageResource(parseImage(m.avatarJson)) } },
  };
}

/**
 * GET /v1/bookings/{id}/messages: oldest first (unless order_dir=desc), and the thread is seen by the caller.
 * `locale` is the caller's (masked contact details read in it), as for every read below.
 */
export async function listMessages(deps: Pick<Deps, 'db' | 'clock'>, userId: number, bookingId: number, params: ListParams, locale: Locale) {
  const { db, clock } = deps;
  const threadOfBooking = sql`(select mt.id from message_threads mt where mt.booking_id = ${bookingId})`;
  const participates = sql`exists (select 1 from thread_participants p where p.thread_id = ${threadOfBooking} and p.user_id = ${userId})`;
  const inThread = and(sql`${messages.threadId} = ${threadOfBooking}`, participates);
  const [access, rows, total] = await db.batch([
    threadAccess(db, bookingId, userId),
    db
      .select({
        id: as(messages.id, 'message_id'),
        text: messages.text,
        createdAt: as(messages.createdAt, 'message_created_at'),
        senderUserId: messages.senderUserId,
        firstname: sender.firstname,
        avatarJson: senderAvatar.as('sender_avatar_json'),
      })
      .from(messages)
      .leftJoin(sender, eq(sender.id, messages.senderUserId))
      .where(inThread)
      .orderBy(params.order_dir === 'desc' ? desc(messages.id) : messages.id)
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db.select({ n: count() }).from(messages).where(inThread),
    // Opening the thread marks everything up to the newest message as seen.
    db
      .update(threadParticipants)
      .set({
        unseenCount: 0,
        lastReadMessageId: sql`(select max(m.id) from messages m where m.thread_id = ${threadOfBooking})`,
        lastReadAt: clock.now(),
      })
      .where(and(sql`${threadParticipants.threadId} = ${threadOfBooking}`, eq(threadParticipants.userId, userId))),
  ]);
  const thread = access[0];
  if (!thread) throw notFound('Booking not found.');
  const list = envelope(
    rows.map((m) => presentMessage(m, userId, thread.confirmedAt, locale)),
    { count: '1' },
    { total: Number(total[0]?.n ?? 0) },
  );
  return { ...list, thread: { id: thread.threadId, order_id: thread.bookingId, is_chef: thread.isChef, contacts_visible: contactsVisible(thread.confirmedAt) } };
}

/** POST /v1/bookings/{id}/messages */
export async function postMessage(deps: Deps, userId: number, bookingId: number, text: string, locale: Locale) {
  const { db, clock } = deps;
  const now = clock.now();
  const [thread] = await threadAccess(db, bookingId, userId);
  if (!thread) throw notFound('Booking not found.');
  // The booking machine's rule on its parties: nobody writes to or for a barred party.
  assertStanding(thread, thread.isChef ? 'chef' : 'customer');
  await enforce(db, `messages:user:${userId}`, MESSAGE_LIMIT, now, 'You are sending messages very quickly. Please wait a minute.');

  const recipientSide = thread.isChef ? 'customer' : 'chef';
  // The notice's preview is read by the other party, in their language.
  const preview = partyText(text, thread.confirmedAt, thread.otherLocale);
  const notice = prepareNotice(
    deps,
    { userId: thread.otherUserId, email: thread.otherEmail, locale: thread.otherLocale, firstname: thread.otherFirstname },
    {
      key: 'message.new',
      params: { name: thread.myFirstname || '–', text: preview.length > PREVIEW_LENGTH ? `${preview.slice(0, PREVIEW_LENGTH - 1)}…` : preview },
      type: 'info',
      link: `${bookingLink(bookingId, recipientSide)}#messages`,
    },
  );
  const [inserted] = await db.batch([
    db.insert(messages).values({ threadId: thread.threadId, senderUserId: userId, text, createdAt: now }).returning(),
    db
      .update(messageThreads)
      .set({ lastMessageId: sql`(select max(m.id) from messages m where m.thread_id = ${thread.threadId})`, lastMessageAt: now })
      .where(eq(messageThreads.id, thread.threadId)),
    // In SQL, never read-modify-write: parallel posts each add their one.
    db
      .update(threadParticipants)
      .set({ unseenCount: sql`${threadParticipants.unseenCount} + 1` })
      .where(and(eq(threadParticipants.threadId, thread.threadId), ne(threadParticipants.userId, userId))),
    // The sender has read their own thread up to here.
    db
      .update(threadParticipants)
      .set({ unseenCount: 0, lastReadMessageId: sql`(select max(m.id) from messages m where m.thread_id = ${thread.threadId})`, lastReadAt: now })
      .where(and(eq(threadParticipants.threadId, thread.threadId), eq(threadParticipants.userId, userId))),
    notice.insert,
  ]);
  await sendNotices(deps, [notice]);
  const m = inserted[0]!;
  return presentMessage({ ...m, firstname: thread.myFirstname ?? '', avatarJson: thread.myAvatarJson }, userId, thread.confirmedAt, locale);
}

/**
 * GET /v1/users/me/message-threads: the seed's thread shape plus the menu and the other party, newest message first;
 * threads without messages are left out.
 */
export async function listThreads(deps: Pick<Deps, 'db'>, userId: number, params: ListParams, locale: Locale) {
  const { db } = deps;
  const mine = and(eq(threadParticipants.userId, userId), sql`${messageThreads.lastMessageId} is not null`);
  const [rows, total] = await db.batch([
    db
      .select({
        id: as(messageThreads.id, 'thread_id'),
        orderId: messageThreads.bookingId,
        isChef: threadParticipants.isChef,
        newCount: threadParticipants.unseenCount,
        lastMessageAt: messageThreads.lastMessageAt,
        text: messages.text,
        createdAt: as(messages.createdAt, 'message_created_at'),
        senderUserId: messages.senderUserId,
        firstname: sender.firstname,
        avatarJson: senderAvatar.as('sender_avatar_json'),
        confirmedAt: bookings.confirmedAt,
        menuId: bookings.menuId,
        menuName: bookings.menuName,
        timezone: bookings.timezone,
        otherFirstname: asJoined(otherUser.firstname, 'other_firstname'),
        otherAvatarJson: avatarOf('ou').as('other_avatar_json'),
      })
      .from(threadParticipants)
      .innerJoin(messageThreads, eq(messageThreads.id, threadParticipants.threadId))
      .innerJoin(messages, eq(messages.id, messageThreads.lastMessageId))
      .innerJoin(bookings, eq(bookings.id, messageThreads.bookingId))
      .leftJoin(sender, eq(sender.id, messages.senderUserId))
      .leftJoin(other, and(eq(other.threadId, messageThreads.id), ne(other.userId, userId)))
      .leftJoin(otherUser, eq(otherUser.id, other.userId))
      .where(mine)
      .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db
      .select({ n: count() })
      .from(threadParticipants)
      .innerJoin(messageThreads, eq(messageThreads.id, threadParticipants.threadId))
      .where(mine),
  ]);
  return envelope(
    rows.map((r) => {
      const isYou = r.senderUserId === userId;
      return {
        id: r.id,
        order_id: r.orderId,
        is_chef: r.isChef,
        new_count: r.newCount,
        // Beyond the seed's shape: what the messages menu names a thread by, the menu and the other party.
        menu: { id: r.menuId, name: r.menuName },
        // The event's zone, in which the messages menu tells the message's time, as the booking's pages do.
        timezone: r.timezone,
        other_user_public: { data: { firstname: r.otherFirstname ?? '', avatar: imageResource(parseImage(r.otherAvatarJson)) } },
        message: {
          text: partyText(r.text, r.confirmedAt, locale),
          created_at: r.createdAt.toISOString(),
          user_public: { data: { firstname: r.firstname ?? '', is_you: isYou, avatar: imageResource(parseImage(r.avatarJson)) } },
        },
      };
    }),
    params,
    { total: Number(total[0]?.n ?? 0) },
  );
}
