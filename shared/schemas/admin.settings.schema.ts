// Input of PUT /v1/admin/settings, shared with the admin settings form: fees in basis points, currency rates per
// 1 CHF, launch mode, the company's details. Any subset may be sent; what is left out stays as it is.
import * as v from 'valibot';
import { ibanInput } from './chef-area.schema';
import { oneOf, text } from './fields';
import { label, messageText, msg, type ValidationKey } from '../validation-messages';

/** 50 %: a higher fee or commission is surely a typo (e.g. 5000 meant as 5 %). */
export const FEE_BP_MAX = 5000;
export const RATE_MAX = 1000;
export const LAUNCH_MODES = ['live', 'prelaunch'] as const;

const bp = (name: ValidationKey) =>
  v.pipe(
    v.number(msg('validation.number.type', label(name))),
    v.integer(msg('validation.settings.bpwhole', label(name))),
    v.minValue(0, msg('validation.settings.negative', label(name))),
    v.maxValue(FEE_BP_MAX, msg('validation.settings.bpmax', { ...label(name), max: FEE_BP_MAX / 100 })),
  );

const rate = (code: string) =>
  v.optional(
    v.pipe(
      v.number(msg('validation.settings.ratetype', { code })),
      v.gtValue(0, msg('validation.settings.ratepositive', { code })),
      v.maxValue(RATE_MAX, msg('validation.settings.ratemax', { code, max: RATE_MAX })),
    ),
  );

/**
 * A Swiss UID (CHE-123.456.789, with or without MWST/TVA/IVA) has a mod-11 check digit (weights 5 4 3 2 7 6 5 4); an
 * EU VAT number is a country prefix and 2 to 13 letters or digits. Only the form is checked, not the registry.
 */
export function vatIdProblem(value: string): string | null {
  const compact = value.toUpperCase().replace(/[\s.-]/g, '');
  const uid = /^CHE(\d{9})(MWST|TVA|IVA)?$/.exec(compact);
  if (uid) {
    const d = uid[1]!.split('').map(Number);
    const sum = [5, 4, 3, 2, 7, 6, 5, 4].reduce((acc, w, i) => acc + w * d[i]!, 0);
    const check = (11 - (sum % 11)) % 11;
    return check === d[8] ? null : messageText('validation.settings.uid');
  }
  if (compact.startsWith('CHE')) return messageText('validation.settings.uidformat');
  return /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(compact) ? null : messageText('validation.settings.vatformat');
}

const companyText = (name: ValidationKey, required: ValidationKey, max: number) => v.pipe(text(name, max), v.nonEmpty(msg(required)));

const EMAIL = v.pipe(v.string(), v.email());

/** BIC (ISO 9362): bank, country, location and an optional branch; 8 or 11 characters. */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/**
 * The company that runs the marketplace: the debtor of the payout bank files (name, structured address, IBAN, BIC)
 * and the issuer named on receipts and statements (with its VAT or UID number and the contact e-mail address their
 * readers write to). The lengths are those of the bank files' fields.
 */
export const companyBody = v.strictObject({
  name: companyText('validation.field.companyname', 'validation.settings.companyname', 70),
  street: companyText('validation.field.street', 'validation.address.street', 70),
  postcode: companyText('validation.field.postcode', 'validation.address.postcode', 16),
  city: companyText('validation.field.city', 'validation.address.city', 35),
  country: v.pipe(v.string(msg('validation.settings.country')), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, msg('validation.settings.countrycode'))),
  vatId: v.pipe(
    text('validation.field.vatid', 30),
    v.check((s) => s === '' || vatIdProblem(s) === null, (issue) => vatIdProblem(String(issue.input)) ?? ''),
  ),
  iban: ibanInput('validation.iban.companyrequired'),
  bic: v.pipe(
    v.string(msg('validation.text.type', label('validation.field.bic'))),
    v.transform((s) => s.replace(/\s+/g, '').toUpperCase()),
    v.check((s) => s === '' || BIC_PATTERN.test(s), msg('validation.settings.bic')),
  ),
  email: v.pipe(
    v.string(msg('validation.settings.companyemail')),
    v.trim(),
    v.nonEmpty(msg('validation.settings.companyemail')),
    v.maxLength(254, msg('validation.email.toolong')),
    // Checked only when present, so an empty field gets the one "please enter" message.
    v.check((s) => s === '' || v.is(EMAIL, s), msg('validation.email.invalid')),
    v.toLowerCase(),
  ),
});
export type CompanyInput = v.InferOutput<typeof companyBody>;

export const settingsBody = v.pipe(
  v.strictObject({
    service_fee_bp: v.optional(bp('validation.field.servicefee')),
    commission_bp: v.optional(bp('validation.field.commission')),
    currency_rates: v.optional(
      v.strictObject({
        CHF: v.optional(v.literal(1, msg('validation.settings.chf'))),
        EUR: rate('EUR'),
        USD: rate('USD'),
        GBP: rate('GBP'),
      }),
    ),
    launch_mode: v.optional(v.picklist(LAUNCH_MODES, oneOf(LAUNCH_MODES, 'validation.settings.launchmode'))),
    company: v.optional(companyBody),
  }),
  v.check((s) => Object.values(s).some((x) => x !== undefined), msg('validation.settings.nochange')),
);
export type SettingsInput = v.InferOutput<typeof settingsBody>;
