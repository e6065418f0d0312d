// A booking as GET /v1/users/me/orders/{id} returns it, for the booking screens' tests; each test overrides what it is about.
import { bookingWindow, localDay } from '#shared/booking-window';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/** The guests' allergy passport of a booking nobody answered yet. */
export const emptyPassport = { answers: [], summary: { answered: 0, diets: [], allergies: [], has_conflict: false }, severe_version: null, ack_required: false, ack: null };
/** Three guests answered, one with a severe nut allergy the menu's dessert contains; the chef's answer is awaited. */
export const severePassport = {
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

export function bookingResponse(overrides: Record<string, unknown> = {}) {
  return {
    id: 42,
    status: 'confirmed',
    occasion: 'birthday',
    at_chefs_place: false,
    address: { street: 'Seestrasse 1', zip: '8001', city: 'Zürich' },
    guests: 4,
    starts_at: inDays(5),
    ends_at: inDays(5),
    timezone: 'Europe/Zurich',
    diets: [],
    allergens: [],
    kitchen_notes: '',
    message: '',
    menu: { id: 7, name: 'Autumn feast' },
    chef: { id: 1, uri: 'marco', firstname: 'Marco', lastname: 'Rossi' },
    customer: { firstname: 'Anna', lastname: 'Muster' },
    price: { currency: 'CHF', guests: 4, price_per_person_formatted: 'CHF 120.00', subtotal_formatted: 'CHF 480.00', service_fee_formatted: 'CHF 24.00', total_formatted: 'CHF 504.00' },
    respond_by: null,
    respond_seconds_left: null,
    payment_due_by: null,
    payment_seconds_left: null,
    reason: null,
    actions: ['cancel', 'message'],
    cancellation_policy: { free_until: inDays(5), half_refund_until: inDays(5) },
    timeline: [{ from: null, to: 'requested', actor_role: 'customer', note: null, created_at: new Date().toISOString() }],
    messages: { thread_id: 1, unseen_count: 0 },
    passport: emptyPassport,
    ...overrides,
  };
}

/** GET /v1/menus/{id}/availability as the server answers it now: the chef in Zürich, no day taken unless given. */
export function availabilityResponse(overrides: Record<string, unknown> = {}, now: Date = new Date()) {
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
