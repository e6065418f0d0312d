// Bookings (the seed's "orders") with their price snapshot and transition history, plus payments, refunds and
// the idempotency records that make create/pay/webhooks safe to repeat.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { chefs } from './chefs';
import { createdAt, flag, id, instant, updatedAt } from './columns';
import { menus } from './menus';
import { regions } from './regions';
import { users } from './users';
import type { BookingStatus } from '#shared/booking-statuses';

/** The statuses are the kernel's list (the web client reads the same one). */
export type { BookingStatus };

/** Statuses in which a booking holds the chef's day. */
export const DAY_HOLDING_STATUSES = ['confirmed', 'completed', 'reviewed'] as const;

/**
 * Statuses in which a booking's ledger line is owed to the chef: it takes or took place, or a cancellation left the
 * chef a share (a late cancellation by the customer, or a support cancellation with a partial refund).
 */
export const LEDGER_STATUSES = [...DAY_HOLDING_STATUSES, 'cancelled_by_customer', 'cancelled_by_chef'] as const;

export const bookings = sqliteTable(
  'bookings',
  {
    id: id(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id),
    menuName: text('menu_name').notNull(),
    status: text('status').$type<BookingStatus>().notNull(),
    occasion: text('occasion').notNull().default('other'),
    atChefsPlace: flag('at_chefs_place'),
    addressStreet: text('address_street'),
    addressZip: text('address_zip'),
    addressCity: text('address_city'),
    regionId: integer('region_id').references(() => regions.id),
    guests: integer('guests').notNull(),
    /** Local date of the event in the chef's time zone (YYYY-MM-DD); one event per chef and day. */
    eventDate: text('event_date').notNull(),
    startsAt: instant('starts_at').notNull(),
    timezone: text('timezone').notNull(),
    diets: text('diets', { mode: 'json' }).$type<string[]>().notNull(),
    /** [{ key, guests }] */
    allergens: text('allergens', { mode: 'json' }).$type<{ key: string; guests: number }[]>().notNull(),
    kitchenNotes: text('kitchen_notes').notNull().default(''),
    message: text('message').notNull().default(''),
    // Price snapshot at creation, in minor units of `currency`.
    currency: text('currency').notNull(),
    pricePerPerson: integer('price_per_person').notNull(),
    subtotal: integer('subtotal').notNull(),
    serviceFee: integer('service_fee').notNull(),
    total: integer('total').notNull(),
    commission: integer('commission').notNull(),
    chefEarnings: integer('chef_earnings').notNull(),
    serviceFeeBp: integer('service_fee_bp').notNull(),
    commissionBp: integer('commission_bp').notNull(),
    // Deadlines and transition instants.
    respondBy: instant('respond_by'),
    paymentDueBy: instant('payment_due_by'),
    acceptedAt: instant('accepted_at'),
    confirmedAt: instant('confirmed_at'),
    completedAt: instant('completed_at'),
    cancelledAt: instant('cancelled_at'),
    /**
     * When the chef was told about the new booking by mail: at once for the first in a while, else null until the
     * sweep's digest (requests piling up get one mail, not one each).
     */
    chefMailedAt: instant('chef_mailed_at'),
    reason: text('reason'),
    /**
     * The chef's written answer to the guests' severe allergies (what they will change), and when it was given; an
     * answer that reports a severe allergy after it needs a new one (guest_answers.severe_at).
     */
    allergyAck: text('allergy_ack'),
    allergyAckAt: instant('allergy_ack_at'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_customer').on(t.customerId, t.startsAt),
    index('bookings_chef').on(t.chefId, t.status),
    index('bookings_chef_day').on(t.chefId, t.eventDate),
    // Menus near with a date reads the chefs a booking holds that day once, as a list (menus.near.ts).
    index('bookings_day_status').on(t.eventDate, t.status, t.chefId),
    index('bookings_status_deadlines').on(t.status, t.startsAt),
    uniqueIndex('bookings_customer_idempotency').on(t.customerId, t.idempotencyKey),
    // The sweep's digest finds the bookings no mail has told the chef about yet.
    index('bookings_chef_mail_due')
      .on(t.chefId, t.createdAt)
      .where(sql`chef_mailed_at is null`),
    // The database itself refuses a second confirmed booking for the same chef and day.
    uniqueIndex('bookings_one_per_chef_day')
      .on(t.chefId, t.eventDate)
      .where(sql`status in ('confirmed', 'completed', 'reviewed')`),
  ],
);

export const bookingEvents = sqliteTable(
  'booking_events',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** customer | chef | admin | system */
    actorRole: text('actor_role').notNull(),
    actorUserId: integer('actor_user_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('booking_events_booking').on(t.bookingId, t.id)],
);

export const payments = sqliteTable(
  'payments',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** local | stripe */
    provider: text('provider').notNull(),
    /** The provider's checkout/session id. */
    providerRef: text('provider_ref'),
    /** pending | succeeded | failed | expired | refunded | partially_refunded */
    status: text('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    currency: text('currency').notNull(),
    /** Where the customer completes this payment (our test page or Stripe's hosted checkout). */
    checkoutUrl: text('checkout_url'),
    /** The checkout closes then; it is the same instant as the day hold's expiry. */
    expiresAt: instant('expires_at'),
    /** The provider's id of the captured charge (Stripe: the PaymentIntent), which refunds refer to. */
    providerPaymentRef: text('provider_payment_ref'),
    /**
     * The parties the receipt names, as they were when the payment succeeded (written in the batch that marks it):
     * the issuing company (the settings' `company` then) and the customer's and chef's names. The receipt reads
     * them, never the current settings, so a later change of the company keeps the receipts issued before as issued.
     */
    issuedParties: text('issued_parties', { mode: 'json' }).$type<{ issuer: Record<string, unknown>; customer: string; chef: string }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_booking').on(t.bookingId),
    index('payments_user').on(t.userId, t.id),
    uniqueIndex('payments_provider_ref').on(t.provider, t.providerRef),
  ],
);

export const refunds = sqliteTable(
  'refunds',
  {
    id: id(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    providerRef: text('provider_ref'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('refunds_booking').on(t.bookingId), index('refunds_payment').on(t.paymentId)],
);

/** Provider webhook events already handled; a replay finds its row and does nothing. */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Stored responses of idempotent calls, keyed by user, scope and the client's Idempotency-Key. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    status: integer('status'),
    response: text('response', { mode: 'json' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

/**
 * Reviews: one per booking, five ratings (seed §3) plus text; the chef may reply once. Blind (issue 18 §5): a review
 * is published (`published_at`) together with the chef's review of the guest once both are written, or when the
 * rating window closes; until then only its author reads it and it counts nowhere.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id),
    ratingFood: integer('rating_food').notNull(),
    ratingService: integer('rating_service').notNull(),
    ratingHygiene: integer('rating_hygiene').notNull(),
    ratingValue: integer('rating_value').notNull(),
    ratingCommunication: integer('rating_communication').notNull(),
    /** Mean of the five ratings. */
    rating: real('rating').notNull(),
    text: text('text').notNull().default(''),
    reply: text('reply'),
    repliedAt: instant('replied_at'),
    hiddenAt: instant('hidden_at'),
    publishedAt: instant('published_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_booking').on(t.bookingId),
    // The sweep finds the reviews still waiting for publication.
    index('reviews_unpublished')
      .on(t.bookingId)
      .where(sql`published_at is null`),
    index('reviews_chef').on(t.chefId, t.createdAt),
    index('reviews_menu').on(t.menuId, t.createdAt),
  ],
);

/**
 * The chef's review of the customer after the event (issue 18 §5): punctuality, the kitchen as described and respect,
 * 1–5 each, and a text. Blind like `reviews` (published together, or when the rating window closes), and never
 * public: other chefs read a customer's published average and count when they answer that customer's request.
 */
export const guestReviews = sqliteTable(
  'guest_reviews',
  {
    id: id(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratingPunctuality: integer('rating_punctuality').notNull(),
    ratingKitchen: integer('rating_kitchen').notNull(),
    ratingRespect: integer('rating_respect').notNull(),
    /** Mean of the three ratings. */
    rating: real('rating').notNull(),
    text: text('text').notNull().default(''),
    publishedAt: instant('published_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guest_reviews_booking').on(t.bookingId),
    index('guest_reviews_customer').on(t.customerId, t.publishedAt),
    index('guest_reviews_unpublished')
      .on(t.bookingId)
      .where(sql`published_at is null`),
  ],
);

/**
 * The chef's day, claimed by the one booking whose customer is in checkout. Claiming is one atomic upsert, so of
 * two customers paying for the same chef and day only one ever reaches the payment provider; the other is told at
 * once and never charged. A hold that expired (checkout abandoned) may be taken over.
 */
export const bookingDayHolds = sqliteTable(
  'booking_day_holds',
  {
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id, { onDelete: 'cascade' }),
    /** Local date (YYYY-MM-DD) in the chef's time zone, as bookings.event_date. */
    day: text('day').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.chefId, t.day] }), index('booking_day_holds_booking').on(t.bookingId), index('booking_day_holds_expiry').on(t.expiresAt)],
);

/** Confirmed bookings the chef cancelled: counted against the chef and shown to admins. */
export const chefCancellations = sqliteTable(
  'chef_cancellations',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id, { onDelete: 'cascade' }),
    /** How short notice it was: hours between the cancellation and the event start. */
    hoursBeforeEvent: integer('hours_before_event').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chef_cancellations_chef').on(t.chefId, t.createdAt)],
);
