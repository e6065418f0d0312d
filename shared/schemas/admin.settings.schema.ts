// Input of PUT /v1/admin/settings, shared with the admin settings form: fees in basis points, currency rates per
// 1 CHF, launch mode, the company's details. Any subset may be sent; what is left out stays as it is.
import * as v from 'valibot';
import { ibanInput } from './chef-area.schema';

/** 50 %: a higher fee or commission is surely a typo (e.g. 5000 meant as 5 %). */
export const FEE_BP_MAX = 5000;
export const RATE_MAX = 1000;
export const LAUNCH_MODES = ['live', 'prelaunch'] as const;

const bp = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number.`),
    v.integer(`${label} must be a whole number of basis points (500 = 5 %).`),
    v.minValue(0, `${label} cannot be negative.`),
    v.maxValue(FEE_BP_MAX, `${label} can be at most ${FEE_BP_MAX / 100} %.`),
  );

const rate = (code: string) =>
  v.optional(
    v.pipe(
      v.number(`The ${code} rate must be a number.`),
      v.gtValue(0, `The ${code} rate must be more than 0.`),
      v.maxValue(RATE_MAX, `The ${code} rate can be at most ${RATE_MAX}.`),
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
    return check === d[8] ? null : 'This UID number is not valid. Please check it for typing errors.';
  }
  if (compact.startsWith('CHE')) return 'A Swiss UID number reads CHE-123.456.789, optionally followed by MWST.';
  return /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(compact) ? null : 'A VAT number starts with a country code, e.g. CHE-123.456.789 MWST or DE123456789.';
}

const companyText = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} must be text.`),
    v.trim(),
    v.nonEmpty(`Please enter ${label.toLowerCase()}.`),
    v.maxLength(max, `${label} can be at most ${max} characters long.`),
  );

/** BIC (ISO 9362): bank, country, location and an optional branch; 8 or 11 characters. */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/**
 * The company that runs the marketplace: the debtor of the payout bank files (name, structured address, IBAN, BIC)
 * and the issuer named on receipts (with its VAT or UID number). The lengths are those of the bank files' fields.
 */
export const companyBody = v.strictObject({
  name: companyText('The company name', 70),
  street: companyText('The street and number', 70),
  postcode: companyText('The postcode', 16),
  city: companyText('The city', 35),
  country: v.pipe(v.string('Choose a country.'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'Enter the two-letter country code, e.g. CH.')),
  vatId: v.pipe(
    v.string('The VAT number must be text.'),
    v.trim(),
    v.maxLength(30, 'The VAT number can be at most 30 characters long.'),
    v.check((s) => s === '' || vatIdProblem(s) === null, (issue) => vatIdProblem(String(issue.input)) ?? ''),
  ),
  iban: ibanInput("Please enter the company's IBAN."),
  bic: v.pipe(
    v.string('The BIC must be text.'),
    v.transform((s) => s.replace(/\s+/g, '').toUpperCase()),
    v.check((s) => s === '' || BIC_PATTERN.test(s), 'A BIC has 8 or 11 letters and digits, e.g. UBSWCHZH80A.'),
  ),
});
export type CompanyInput = v.InferOutput<typeof companyBody>;

export const settingsBody = v.pipe(
  v.strictObject({
    service_fee_bp: v.optional(bp('The service fee')),
    commission_bp: v.optional(bp('The commission')),
    currency_rates: v.optional(
      v.strictObject({
        CHF: v.optional(v.literal(1, 'CHF is the base currency; its rate is always 1.')),
        EUR: rate('EUR'),
        USD: rate('USD'),
        GBP: rate('GBP'),
      }),
    ),
    launch_mode: v.optional(v.picklist(LAUNCH_MODES, `Choose a launch mode: ${LAUNCH_MODES.join(', ')}.`)),
    company: v.optional(companyBody),
  }),
  v.check((s) => Object.values(s).some((x) => x !== undefined), 'Change at least one setting.'),
);
export type SettingsInput = v.InferOutput<typeof settingsBody>;
