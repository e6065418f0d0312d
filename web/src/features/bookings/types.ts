// Shapes of the booking calls (functions/_api/modules/bookings/bookings.present.ts) as the web screens read them.
import type { PaymentRefund } from '../../components/PaymentParts';
// The status names are the kernel's, which the server's schema uses too.
export type { BookingStatus } from '#shared/booking-statuses';
import type { BookingStatus } from '#shared/booking-statuses';
import type { Answer, client } from '../../lib/client';

/**
 * What the viewer may do on a booking (the server's actionsFor: the transitions table's actions, reply and message),
 * as the API's type says, so a screen testing an action the server never offers fails to compile.
 */
export type BookingAction = Answer<(typeof client.bookings)[':id{[0-9]{1,12}}']['$get']>['data']['actions'][number];

export interface PriceBreakdown {
  currency: string;
  guests: number;
  price_per_person_formatted: string;
  subtotal_formatted: string;
  service_fee_formatted: string;
  total_formatted: string;
  total_lc_formatted?: string | null;
  lc_currency?: string;
  commission_formatted?: string;
  chef_earnings_formatted?: string;
}

export interface TimelineEvent {
  from: BookingStatus | null;
  to: BookingStatus;
  actor_role: string;
  note: string | null;
  created_at: string;
}

export interface DietaryAllergen {
  key: string;
  name: string;
  guests: number;
  conflict: boolean;
  courses: { id: number; course_type: string; name: string }[];
}

export type AllergyLevel = 'preference' | 'intolerance' | 'severe';

/** The guests' allergy passport of a booking (both parties and admins). */
export interface Passport {
  answers: { id: number; name: string; diets: { key: string; name: string }[]; allergies: { key: string; name: string; level: AllergyLevel }[]; updated_at: string | null }[];
  summary: {
    answered: number;
    diets: { key: string; name: string; count: number; menu_has_diet: boolean }[];
    allergies: { key: string; name: string; level: AllergyLevel; count: number; conflict: boolean; courses: { id: number; course_type: string; name: string }[] }[];
    has_conflict: boolean;
  };
  severe_version: string | null;
  ack_required: boolean;
  ack: { text: string; at: string | null } | null;
}

export interface Booking {
  id: number;
  status: BookingStatus;
  occasion: string;
  /** Booked instantly: "accepted" without any chef acting. */
  instant?: boolean;
  at_chefs_place: boolean;
  address: { street: string | null; zip: string; city: string } | null;
  guests: number;
  starts_at: string;
  ends_at: string;
  timezone: string;
  diets: string[];
  allergens: { key: string; guests: number }[];
  kitchen_notes: string;
  message: string;
  menu: { id: number; name: string };
  chef: { id: number; uri: string; firstname: string; lastname: string; contact?: { email: string; phone: string | null } };
  customer: {
    firstname: string;
    lastname: string;
    contact?: { email: string; phone: string | null };
    /** Chefs' published reviews of this customer, average and count (chef and admin views). */
    guest_rating?: { avg: number; count: number };
  };
  price: PriceBreakdown;
  respond_by: string | null;
  respond_seconds_left: number | null;
  payment_due_by: string | null;
  payment_seconds_left: number | null;
  /** The customer's payment with its refunds (customer view only). */
  payment?: { id: number; status: string; amount: number; amount_formatted: string; /** What was taken (0 until paid): the booking then has a receipt. */ paid_amount: number; refunds: PaymentRefund[] } | null;
  reason: string | null;
  actions: BookingAction[];
  /** The party the booking machine bars (chef banned or disabled, customer disabled); only calling off is left. */
  barred_party: 'chef' | 'customer' | null;
  cancellation_policy: { free_until: string; half_refund_until: string; cooling_off_until: string | null };
  timeline: TimelineEvent[];
  messages: { thread_id: number | null; unseen_count: number };
  dietary?: { diets: { key: string; name: string; menu_has_diet: boolean }[]; allergens: DietaryAllergen[]; conflicts: DietaryAllergen[] } | null;
  conflicts?: DietaryAllergen[];
  passport: Passport;
  /** The chef's earnings (chef and admin views): expected before payment, then the ledger line and its state. */
  earnings?: { amount: number; amount_formatted: string; release_at: string | null; state: 'expected' | 'pending' | 'held' | 'released' | 'paid' | 'none' };
  /** Where the payment went (chef and admin views): paid = refunded + chef_earnings + commission + service_fee. */
  money?: BookingMoney;
  /** Until when a completed booking can be rated (null before it is completed). */
  rate_until?: string | null;
  /** The end of the complaint window, which is also when the chef's payout is released (event end + 48 h). */
  complaint_until?: string | null;
  /** The guaranteed dinner, once the chef cancelled (customer view). */
  rebook?: Rebook;
  /** The customer's review of the booking: for its author at once, for the chef once published. */
  review?: (BookingReviewShape & { reply: string | null; replied_at: string | null }) | null;
  /** The chef's review of the guest: for its author at once, for the customer once published. */
  guest_review?: BookingReviewShape | null;
}

/** After the chef cancelled (customer view): what the alternatives are searched with and the booking form is filled in from. */
export interface Rebook {
  booking_id: number;
  cancelled_chef_id: number;
  region_id: number | null;
  date: string;
  starts_at: string;
  timezone: string;
  guests: number;
  at_chefs_place: boolean;
  address: { street: string; zip: string; city: string } | null;
  occasion: string;
  diets: string[];
  allergens: { key: string; guests: number }[];
  kitchen_notes: string;
  message: string;
  /** The guests' allergy passport answers a rebooking takes along. */
  guest_answers: number;
}

/** One review as a booking shows it (issue 18 §5: blind until both are written or the 14 days are over). */
export interface BookingReviewShape {
  id: number;
  rating: number;
  text: string | null;
  created_at: string | null;
  published: boolean;
  published_at: string | null;
}

export interface BookingMoney {
  currency: string;
  paid: number;
  refunded: number;
  chef_earnings: number;
  commission: number;
  service_fee: number;
  paid_formatted: string;
  refunded_formatted: string;
  chef_earnings_formatted: string;
  commission_formatted: string;
  service_fee_formatted: string;
}

export interface CancellationPreview {
  booking_id: number;
  status: BookingStatus;
  can_cancel: boolean;
  message?: string;
  reason_required: boolean;
  paid: number;
  paid_formatted: string;
  refund_tier: 'full' | 'cooling_off' | 'half' | 'none';
  refund_percent: number;
  refund_formatted: string;
  free_until: string;
  half_refund_until: string;
  cooling_off_until: string | null;
  counts_against_you?: boolean;
}

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

/** A fresh idempotency key for one create or pay submission. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `k-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;

