// The guests' allergy passport of a booking: invite links the customer shares, and each guest's own answer (name,
// diets, allergies with their severity). Both are keyed by booking only, so a rebooking copies them as they are
// (bookings/booking-rebook.ts copyPassport); the chef's written answer to severe allergies is on the booking itself.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bookings } from './bookings';
import type { AllergyLevel } from '#shared/dietary';
import { createdAt, id, instant, updatedAt } from './columns';

export type GuestAllergy = { key: string; level: AllergyLevel };

/** Invite links; only the SHA-256 of the token is stored, so the table gives nobody a working link. */
export const guestInvites = sqliteTable(
  'guest_invites',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The event's start: answers are for planning the dinner, so the link ends when it begins. */
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('guest_invites_token').on(t.tokenHash), index('guest_invites_booking').on(t.bookingId)],
);

/**
 * One guest's answer. The guest's device keeps the edit key; only its hash is stored, unique per booking so that
 * an answer copied to a rebooking stays the same guest's.
 */
export const guestAnswers = sqliteTable(
  'guest_answers',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    editKeyHash: text('edit_key_hash').notNull(),
    name: text('name').notNull(),
    diets: text('diets', { mode: 'json' }).$type<string[]>().notNull(),
    allergies: text('allergies', { mode: 'json' }).$type<GuestAllergy[]>().notNull(),
    /**
     * When this answer last brought a severe allergy the chef had not seen (null: none). An acknowledgement older
     * than it does not cover it (bookings.allergy_ack_at).
     */
    severeAt: instant('severe_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('guest_answers_booking_key').on(t.bookingId, t.editKeyHash)],
);
