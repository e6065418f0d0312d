// The booking calls: the typed client of their routes and the answers the booking screens read, inferred from the
// server's handlers (functions/_api/modules/bookings, payments, reviews, messages, complaints, passport), so a server
// change that breaks a booking screen fails the typecheck.
import type { BookingStatus } from '#shared/booking-statuses';
export type { BookingStatus };
import { withQuery } from '../../lib/api';
import { client, unwrap, type Answer } from '../../lib/client';

/** The calls on one booking, /v1/bookings/{id}/... */
export const bookingCalls = client.bookings[':id{[0-9]{1,12}}'];
/** The customer's reading of a booking (seed: orders) and the chef's. */
const order = client.users.me.orders[':id{[0-9]{1,12}}'];
const chefBooking = client.chefs.me.bookings[':id{[0-9]{1,12}}'];

/** A booking as its customer or chef reads it (one presenter serves both views; the view-only fields are optional). */
export type Booking = Answer<typeof order.$get>['data'];
/** A row of the customer's orders or of the chef's bookings (the same presenter as the booking itself). */
export type BookingListItem = Answer<typeof client.users.me.orders.$get>['data'][number] | Answer<typeof client.chefs.me.bookings.$get>['data'][number];
/** What the viewer may do on a booking (the server's actionsFor), so a screen testing an action never offered fails to compile. */
export type BookingAction = Booking['actions'][number];
export type PriceBreakdown = Booking['price'];
export type TimelineEvent = Booking['timeline'][number];
export type DietaryAllergen = NonNullable<Booking['dietary']>['allergens'][number];
/** The guests' allergy passport of a booking (both parties and admins). */
export type Passport = Booking['passport'];
export type AllergyLevel = Passport['answers'][number]['allergies'][number]['level'];
/** After the chef cancelled (customer view): what the alternatives are searched with and the booking form is filled in from. */
export type Rebook = NonNullable<Booking['rebook']>;
/** One review as a booking shows it (blind until both are written or the 14 days are over). */
export type BookingReviewShape = NonNullable<Booking['review']> | NonNullable<Booking['guest_review']>;
export type CancellationPreview = Answer<typeof bookingCalls.cancellation.$get>['data'];
export type Quote = Answer<typeof client.bookings.quote.$post>['data'];
export type TestCheckout = Answer<(typeof client.payments.test)[':ref{[A-Za-z0-9_-]{1,100}}']['$get']>['data'];

const menuCall = client.menus[':id{[0-9]+}'];
/** The menu the booking form books (GET /v1/menus/{id}): its guests, places, mode, diets and courses. */
export type BookableMenu = Answer<typeof menuCall.$get>['data'];
/** Diets and allergens with their names in the visitor's language (GET /v1/lists). */
export type Vocabulary = Answer<typeof client.lists.$get>['data'];

export const bookingPaths = {
  /** The form and its dietary warning read the menu and the lists under these keys, so one request serves both. */
  menu: (id: number | string) => menuCall.$path({ param: { id: String(id) }, query: {} }),
  lists: client.lists.$path(),
  detail: (id: string | number, view: 'customer' | 'chef') => (view === 'customer' ? order : chefBooking).$path({ param: { id: String(id) } }),
  cancellation: (id: number) => bookingCalls.cancellation.$path({ param: { id: String(id) } }),
  complaint: (id: number) => bookingCalls.complaint.$path({ param: { id: String(id) } }),
  /** The downloads a link opens: the event for a calendar app (in the reader's language) and the receipt. */
  calendar: (id: number, locale: string) => withQuery(bookingCalls['calendar.ics'].$path({ param: { id: String(id) } }), { locale }),
  receipt: (id: number) => client.bookings[':id']['receipt.pdf'].$path({ param: { id: String(id) } }),
  /** The lists of each side by scope; without one, the whole list (the chef's "all") and the prefix of every scope's key. */
  orders: (scope?: string) => client.users.me.orders.$path({ query: { scope } }),
  chefBookings: (scope?: string) => client.chefs.me.bookings.$path({ query: { scope } }),
};

/** A fresh idempotency key for one create or pay submission. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;

/** POST /v1/bookings/{id}/pay with a fresh Idempotency-Key: where the checkout is. */
export const payBooking = (id: number) =>
  unwrap(bookingCalls.pay.$post({ param: { id: String(id) }, json: {}, header: { 'idempotency-key': newIdempotencyKey() } }));

export const STATUS_TONE: Record<BookingStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  accepted: 'bg-sky-100 text-sky-900',
  confirmed: 'bg-emerald-100 text-emerald-900',
  completed: 'bg-emerald-100 text-emerald-900',
  reviewed: 'bg-emerald-100 text-emerald-900',
  declined: 'bg-red-100 text-red-900',
  expired: 'bg-gray-200 text-gray-800',
  cancelled: 'bg-gray-200 text-gray-800',
  payment_expired: 'bg-gray-200 text-gray-800',
  cancelled_by_customer: 'bg-gray-200 text-gray-800',
  cancelled_by_chef: 'bg-red-100 text-red-900',
};
