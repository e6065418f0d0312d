// The live hint under the IBAN field: while typing it counts characters towards the country's length, then says
// whether the checksum holds. Built on the kernel's IBAN rules (shared/iban.ts), the server's too, so client and server agree.
import { checkIban, IBAN_LENGTHS, normaliseIban } from '#shared/iban';

export type IbanHint =
  | { state: 'empty' }
  | { state: 'typing'; length: number; expected: number | null }
  | { state: 'valid'; formatted: string; country: string }
  | { state: 'invalid'; reason: 'format' | 'length' | 'checksum'; length: number; expected: number | null };

/** Groups of four, as printed on bank cards and statements. */
export const formatIban = (iban: string) => normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

export function ibanHint(input: string): IbanHint {
  const iban = normaliseIban(input);
  if (!iban) return { state: 'empty' };
  const expected = /^[A-Z]{2}/.test(iban) ? (IBAN_LENGTHS[iban.slice(0, 2)] ?? null) : null;
  // A country code, two check digits, then letters or digits: anything else is wrong at once.
  if (!/^[A-Z]{0,2}$|^[A-Z]{2}\d{1,2}$|^[A-Z]{2}\d{2}[A-Z0-9]*$/.test(iban)) return { state: 'invalid', reason: 'format', length: iban.length, expected };
  if (/^[A-Z]{2}/.test(iban) && expected === null && iban.length <= 34 && iban.length < 15) return { state: 'typing', length: iban.length, expected };
  if (expected !== null && iban.length < expected) return { state: 'typing', length: iban.length, expected };
  if (iban.length < 5) return { state: 'typing', length: iban.length, expected };
  if ((expected !== null && iban.length > expected) || iban.length > 34) return { state: 'invalid', reason: 'length', length: iban.length, expected };
  const check = checkIban(iban);
  if (check.ok) return { state: 'valid', formatted: formatIban(check.iban), country: iban.slice(0, 2) };
  return { state: 'invalid', reason: 'checksum', length: iban.length, expected };
}
