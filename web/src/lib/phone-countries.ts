// The countries a mobile number may come from: the server's one list (the countries the product serves), with their
// names in the visitor's language from the browser's own data, so no translation keys are needed.
import { PHONE_COUNTRIES, type PhoneCountry } from '#shared/schemas/auth.schema';

export type { PhoneCountry };
export const PHONE_COUNTRY_CODES = Object.keys(PHONE_COUNTRIES) as PhoneCountry[];

export const isPhoneCountry = (code: string | null | undefined): code is PhoneCountry => PHONE_COUNTRY_CODES.includes(code as PhoneCountry);

function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Select options "Switzerland (+41)", named in `locale` (a BCP 47 tag). */
export const phoneCountryOptions = (locale: string) =>
  PHONE_COUNTRY_CODES.map((c) => ({ value: c, label: `${countryName(c, locale)} (+${PHONE_COUNTRIES[c].code})` }));
