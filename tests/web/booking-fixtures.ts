// A booking as GET /v1/users/me/orders/{id} returns it, for the booking screens' tests; each test overrides what it is about.
// Typed by the answers the server's routes infer, so a fixture that drifts from what the server sends fails the typecheck.
import { bookingWindow, localDay } from '#shared/booking-window';
import { DAY } from '#shared/time';
import type { Booking, Passport } from '../../web/src/features/bookings/bookingsApi';
import type { MenuAvailability } from '../../web/src/features/bookings/EventDateField';

export type { Booking };

const inDays = (n: number) => new Date(Date.now() + n * DAY);

/** The guests' allergy passport of a booking nobody answered yet. */
export const emptyPassport: Passport = { answers: [], summary: { answered: 0, diets: [], allergies: [], has_conflict: false }, severe_version: null, ack_required: false, ack: null };
/** Three guests answered, one with a severe nut allergy the menu's dessert contains; the chef's answer is awaited. */
export const severePassport: Passport = {
  ...emptyPassport,
  answers: [
    { id: 1, name: 'Lena', diets: [{ key: 'vegetarian', name: 'Vegetarian' }], allergies: [{ key: 'nuts', name: 'Nuts', level: 'severe' }], updated_at: '2030-06-01T10:00:00.000Z' },
    { id: 2, name: 'Tom', diets: [{ key: 'vegetarian', name: 'Vegetarian' }], allergies: [], updated_at: '2030-06-01T10:00:00.000Z' },
    { id: 3, name: 'Ida', diets: [{ key: 'vegetarian', name: 'Vegetarian' }], allergies: [], updated_at: '2030-06-01T10:00:00.000Z' },
  ],
  summary: {
    answered: 3,
    diets: [{ key: 'vegetarian', name: 'Vegetarian', count: 3, menu_has_diet: true }],
    allergies: [{ key: 'nuts', name: 'Nuts', level: 'severe', count: 1, conflict: true, courses: [{ id: 3, course_type: 'dessert', name: 'Vermicelles' }] }],
    has_conflict: true,
  },
  severe_version: '2030-06-01T10:00:00.000Z',
  ack_required: true,
};

export function bookingResponse(overrides: Partial<Booking> = {}): Booking {
  const startsAt = inDays(5);
  const now = new Date().toISOString();
  return {
    id: 42,
    status: 'confirmed',
    instant: false,
    created_at: now,
    updated_at: now,
    occasion: 'birthday',
    at_chefs_place: false,
    address: { street: 'Seestrasse 1', zip: '8001', city: 'Zürich' },
    guests: 4,
    starts_at: startsAt.toISOString(),
    ends_at: startsAt.toISOString(),
    event_date: localDay(startsAt, 'Europe/Zurich'),
    timezone: 'Europe/Zurich',
    diets: [],
    allergens: [],
    dietary: { diets: [], allergens: [], conflicts: [] },
    kitchen_notes: '',
    message: '',
    menu: { id: 7, name: 'Autumn feast' },
    chef: { id: 1, uri: 'marco', firstname: 'Marco', lastname: 'Rossi', avatar: null },
    customer: { firstname: 'Anna', lastname: 'Muster', avatar: null },
    price: {
      currency: 'CHF',
      guests: 4,
      price_per_person: 12000,
      subtotal: 48000,
      service_fee: 2400,
      service_fee_bp: 500,
      total: 50400,
      price_per_person_formatted: 'CHF 120.00',
      subtotal_formatted: 'CHF 480.00',
      service_fee_formatted: 'CHF 24.00',
      total_formatted: 'CHF 504.00',
      lc_currency: 'CHF',
      total_lc_formatted: null,
    },
    respond_by: null,
    respond_seconds_left: null,
    payment_due_by: null,
    payment_seconds_left: null,
    accepted_at: null,
    confirmed_at: null,
    completed_at: null,
    cancelled_at: null,
    reason: null,
    rate_until: null,
    complaint_until: null,
    actions: ['cancel', 'message'],
    barred_party: null,
    chef_paused: false,
    cancellation_policy: { free_until: startsAt.toISOString(), half_refund_until: startsAt.toISOString(), cooling_off_until: null },
    timeline: [{ from: null, to: 'requested', actor_role: 'customer', note: null, created_at: now }],
    messages: { thread_id: 1, unseen_count: 0 },
    passport: emptyPassport,
    review: null,
    guest_review: null,
    ...overrides,
  };
}

type Earnings = NonNullable<Booking['earnings']>;
const chf = (amount: number) => `CHF ${(amount / 100).toFixed(2)}`;

/** The chef's earnings of a booking as the chef and the admins read them, in CHF; released a week from now unless none. */
export const earnings = (amount: number, state: Earnings['state'], releaseAt: string | null = state === 'none' ? null : inDays(7).toISOString()): Earnings => ({
  amount,
  currency: 'CHF',
  amount_formatted: chf(amount),
  release_at: releaseAt,
  state,
  held_reason: null,
  payout_id: null,
});

/** Earnings held for an administrator, and why (the answer types `held_reason` per state, hence the cast). */
export const heldEarnings = (amount: number, reason: 'complaint' | 'chef_banned', releaseAt?: string): Earnings => ({ ...earnings(amount, 'held', releaseAt), held_reason: reason }) as Earnings;

/** The customer's review of a booking (unpublished, no reply); `over` sets what a test is about. */
export const customerReview = (over: Partial<NonNullable<Booking['review']>> = {}): NonNullable<Booking['review']> => ({
  id: 3,
  rating: 4.6,
  rating_food: 5,
  rating_service: 5,
  rating_hygiene: 4,
  rating_value: 5,
  rating_communication: 4,
  text: 'A lovely evening.',
  created_at: '2026-06-30T10:00:00.000Z',
  published: false,
  published_at: null,
  reply: null,
  replied_at: null,
  ...over,
});

/** The chef's review of the guest (unpublished); `over` sets what a test is about. */
export const guestReview = (over: Partial<NonNullable<Booking['guest_review']>> = {}): NonNullable<Booking['guest_review']> => ({
  id: 4,
  rating: 5,
  rating_punctuality: 5,
  rating_kitchen: 5,
  rating_respect: 5,
  text: 'Kind hosts.',
  created_at: '2026-06-30T10:00:00.000Z',
  published: false,
  published_at: null,
  ...over,
});

/** GET /v1/menus/{id}/availability as the server answers it now: the chef in Zürich, no day taken unless given. */
export function availabilityResponse(overrides: Partial<MenuAvailability> = {}, now: Date = new Date()): { data: MenuAvailability } {
  const w = bookingWindow(now, 'Europe/Zurich');
  return {
    data: {
      menu_id: 7,
      timezone: 'Europe/Zurich',
      booking_mode: 'request',
      today: localDay(now, 'Europe/Zurich'),
      first_day: w.firstDay,
      last_day: w.lastDay,
      earliest: w.earliest.toISOString(),
      latest: new Date(w.latestExclusive.getTime() - 1).toISOString(),
      days: [],
      ...overrides,
    },
  };
}
