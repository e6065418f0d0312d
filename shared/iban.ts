// IBAN handling for payout details: normalising, ISO 13616 validation (mod-97 checksum plus the registry length
// of the country) and the masked form chefs and admins see. Pure functions, so the client form can use them too.
import { messageText, type FieldMessage } from './validation-messages';

/**
 * IBAN lengths by country from the SWIFT IBAN registry. Countries not listed still pass the generic 15..34 rule
 * and the checksum, so a valid IBAN from a newly added country is not refused.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18,
  GR: 27, GT: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MR: 27, MT: 31, MU: 30, NL: 18, NO: 15, PK: 24,
  PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, SA: 24, SE: 24, SI: 19, SK: 24, SM: 27, ST: 25, SV: 28, TL: 23,
  TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20,
};

/** Removes spaces (and the dashes some banks print) and upper-cases, as the IBAN is stored. */
export function normaliseIban(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** ISO 7064 mod 97-10 over the rearranged IBAN, computed piecewise so no big integers are needed. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    // Letters count as two digits (A = 10 … Z = 35).
    const value = code >= 65 ? String(code - 55) : ch;
    for (const d of value) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** A failed check's `problem` is its message by key, for a text that says it in another reader's language. */
export type IbanCheck = { ok: true; iban: string } | { ok: false; iban: string; error: string; problem: FieldMessage };

/** Why a normalised IBAN is not valid, by message key, or null. */
function ibanProblem(iban: string): FieldMessage | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return { key: 'validation.iban.format' };
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return { key: 'validation.iban.length', params: { country: iban.slice(0, 2), expected, length: iban.length } };
  if (expected === undefined && (iban.length < 15 || iban.length > 34)) return { key: 'validation.iban.range', params: { min: 15, max: 34 } };
  if (mod97(iban) !== 1) return { key: 'validation.iban.checksum' };
  return null;
}

/** Validates a normalised or raw IBAN; the error is a sentence for the `iban` field, in the installed language. */
export function checkIban(input: string): IbanCheck {
  const iban = normaliseIban(input);
  const problem = ibanProblem(iban);
  return problem ? { ok: false, iban, error: messageText(problem.key, problem.params), problem } : { ok: true, iban };
}

/**
 * Masked for display: country code and check digits, then stars, then the last four characters, in groups of four
 * ("CH93 **** **** **** *295 7"). Enough to recognise the account, not enough to use it.
 */
export function maskIban(iban: string): string {
  const n = normaliseIban(iban);
  if (n.length <= 8) return n.replace(/./g, '*');
  const masked = n.slice(0, 4) + '*'.repeat(n.length - 8) + n.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, '$1 ');
}
