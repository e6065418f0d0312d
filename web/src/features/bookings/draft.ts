// The booking form's draft, kept in sessionStorage per menu so a visitor who signs in (or reloads) keeps what they
// typed, together with the idempotency key of this submission. The form's values (useSchemaForm) are the one source
// of truth: this store only mirrors them while they hold something to keep, and is read once, when the form starts.
import { newIdempotencyKey, type Rebook } from './bookingsApi';

export type BookingDraft = {
  occasion: string;
  at_chefs_place: boolean;
  street: string;
  zip: string;
  city: string;
  guests: number;
  starts_at: string | null;
  diets: string[];
  allergens: { key: string; guests: number }[];
  kitchen_notes: string;
  message: string;
  idempotency_key: string;
  /** The cancelled booking this draft was filled in from (a rebooking after the chef cancelled). */
  rebook_of?: number;
  /** How many guests' passport answers that rebooking takes along (the server copies them). */
  rebook_guest_answers?: number;
};

export const draftKey = (menuId: string) => `booking-draft:${menuId}`;

export function loadDraft(menuId: string): Partial<BookingDraft> | null {
  try {
    const raw = sessionStorage.getItem(draftKey(menuId));
    return raw ? (JSON.parse(raw) as Partial<BookingDraft>) : null;
  } catch {
    return null;
  }
}

export function saveDraft(menuId: string, draft: BookingDraft): void {
  try {
    sessionStorage.setItem(draftKey(menuId), JSON.stringify(draft));
  } catch {
    /* storage full or blocked: the form still works */
  }
}

export function clearDraft(menuId: string): void {
  try {
    sessionStorage.removeItem(draftKey(menuId));
  } catch {
    /* ignore */
  }
}

/** The booking form's fields filled in from a booking the chef cancelled (its `rebook`). */
export const draftFromRebook = (r: Rebook): Partial<BookingDraft> => ({
  rebook_of: r.booking_id,
  rebook_guest_answers: r.guest_answers,
  occasion: r.occasion,
  at_chefs_place: r.at_chefs_place,
  street: r.address?.street ?? '',
  zip: r.address?.zip ?? '',
  city: r.address?.city ?? '',
  guests: r.guests,
  starts_at: r.starts_at,
  diets: r.diets,
  allergens: r.allergens,
  kitchen_notes: r.kitchen_notes,
  message: r.message,
});

/**
 * Where the form starts (`start`: the booking settings, then a rebooking's fields) and what the visitor typed before
 * on top of it (`kept`, from another page view: before signing in, a reload). A draft kept from another rebooking, or
 * from before one, gives way to the rebooking. The idempotency key is kept with the draft: a retry after a lost
 * answer is the same submission.
 */
export function initialDraft(
  menuId: string,
  defaults: { guests: number; starts_at: string | null; at_chefs_place: boolean },
  rebook?: Partial<BookingDraft>,
): { start: BookingDraft; kept: Partial<BookingDraft> } {
  const stored = loadDraft(menuId) ?? {};
  const { idempotency_key, ...kept } = rebook && stored.rebook_of !== rebook.rebook_of ? {} : stored;
  const start: BookingDraft = {
    occasion: '',
    street: '',
    zip: '',
    city: '',
    diets: [],
    allergens: [],
    kitchen_notes: '',
    message: '',
    ...defaults,
    ...rebook,
    idempotency_key: idempotency_key || newIdempotencyKey(),
  };
  return { start, kept };
}
