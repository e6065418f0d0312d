// The booking form's draft, kept in sessionStorage per menu so a visitor who signs in (or reloads) keeps what they
// typed, together with the idempotency key of this submission.
import { newIdempotencyKey } from './types';

export interface BookingDraft {
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
}

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

export function initialDraft(menuId: string, defaults: { guests: number; starts_at: string | null; at_chefs_place: boolean }): BookingDraft {
  const stored = loadDraft(menuId) ?? {};
  return {
    occasion: '',
    street: '',
    zip: '',
    city: '',
    diets: [],
    allergens: [],
    kitchen_notes: '',
    message: '',
    ...defaults,
    ...stored,
    idempotency_key: stored.idempotency_key || newIdempotencyKey(),
  };
}
