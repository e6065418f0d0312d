// Input schemas of the auth and user calls, shared by the server and the client forms (seed field names).
import * as v from 'valibot';
import { messageText, msg, type ValidationKey } from '../validation-messages';
import { turnstileToken } from './fields';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

const trimmed = (messages: { required: ValidationKey; toolong: ValidationKey }, max: number) =>
  v.pipe(v.string(msg(messages.required)), v.trim(), v.nonEmpty(msg(messages.required)), v.maxLength(max, msg(messages.toolong, { max })));

export const email = v.pipe(
  v.string(msg('validation.email.required')),
  v.trim(),
  v.nonEmpty(msg('validation.email.required')),
  v.maxLength(254, msg('validation.email.toolong')),
  v.email(msg('validation.email.invalid')),
  v.toLowerCase(),
);

export const newPassword = v.pipe(
  v.string(msg('validation.password.choose')),
  v.minLength(PASSWORD_MIN, msg('validation.password.tooshort', { min: PASSWORD_MIN })),
  v.maxLength(PASSWORD_MAX, msg('validation.password.toolong', { max: PASSWORD_MAX })),
);

export const firstname = trimmed({ required: 'validation.firstname.required', toolong: 'validation.firstname.toolong' }, 100);
export const lastname = trimmed({ required: 'validation.lastname.required', toolong: 'validation.lastname.toolong' }, 100);

export const signupBody = v.strictObject({
  firstname,
  lastname,
  email,
  password: newPassword,
  cftoken: turnstileToken,
});

export const signinBody = v.strictObject({
  identifier: v.pipe(v.string(msg('validation.email.required')), v.trim(), v.nonEmpty(msg('validation.email.required')), v.maxLength(254), v.toLowerCase()),
  secret: v.pipe(v.string(msg('validation.password.required')), v.nonEmpty(msg('validation.password.required')), v.maxLength(PASSWORD_MAX)),
  remember: v.optional(v.boolean(), false),
});

/** Seed §5: forgot password requires an email, with its error on the identifier field. */
export const forgotBody = v.strictObject({
  email: v.pipe(v.string(msg('validation.email.required')), v.trim(), v.nonEmpty(msg('validation.email.required')), v.maxLength(254), v.toLowerCase()),
});

export const recoverBody = v.strictObject({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254)),
  token: v.pipe(v.string(), v.minLength(10, msg('validation.password.resetlink')), v.maxLength(200)),
  password: newPassword,
});

export const profileBody = v.strictObject({ firstname, lastname });

export const changePasswordBody = v.strictObject({
  old_password: v.pipe(v.string(msg('validation.password.current')), v.nonEmpty(msg('validation.password.current')), v.maxLength(PASSWORD_MAX)),
  password: newPassword,
});

/**
 * The countries the product serves (PRODUCT.md: CH, DE, AT, FR, IT), with their calling codes and the shape of a
 * mobile number's national part. SMS codes go only to these mobile ranges: an SMS to any other number (premium,
 * satellite, another country) is what SMS-pumping fraud lives on. The client's country list is this one.
 */
export const PHONE_COUNTRIES = {
  CH: { code: '41', mobile: /^7[5-9]\d{7}$/ },
  DE: { code: '49', mobile: /^1[5-7]\d{8,9}$/ },
  AT: { code: '43', mobile: /^6[5-9]\d{7,10}$/ },
  FR: { code: '33', mobile: /^[67]\d{8}$/ },
  IT: { code: '39', mobile: /^3\d{8,9}$/ },
} as const satisfies Record<string, { code: string; mobile: RegExp }>;
export type PhoneCountry = keyof typeof PHONE_COUNTRIES;

export const sendMobileBody = v.pipe(
  v.strictObject({
    phone: v.pipe(v.string(msg('validation.phone.required')), v.trim(), v.nonEmpty(msg('validation.phone.required')), v.maxLength(30)),
    country: v.picklist(Object.keys(PHONE_COUNTRIES) as PhoneCountry[], msg('validation.phone.country')),
  }),
  v.forward(
    v.rawCheck(({ dataset, addIssue }) => {
      // Only a well-formed number and a served country are checked together; their own errors come first.
      if (!dataset.typed || dataset.issues) return;
      const result = toE164(dataset.value.phone, dataset.value.country);
      if (!result.ok) addIssue({ message: messageText(result.reason === 'country' ? 'validation.phone.wrongcountry' : 'validation.phone.invalid') });
    }),
    ['phone'],
  ),
);

export const confirmMobileBody = v.strictObject({
  code: v.pipe(v.string(msg('validation.phone.coderequired')), v.trim(), v.regex(/^\d{6}$/, msg('validation.phone.codedigits'))),
});

export const OAUTH_PROVIDERS = ['apple', 'google', 'facebook'] as const;
export const oauthBody = v.strictObject({
  provider: v.picklist(OAUTH_PROVIDERS, msg('validation.oauth.provider')),
  code: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(2048))),
  state: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** Apple sends the name only on the first sign-in, as JSON in the form post. */
  user: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

/**
 * Normalises a national or international number to E.164 for the given country. It must be a mobile number of that
 * very country: "+882…" or "+49…" with country CH is refused, so `country` cannot be sidestepped with a prefix.
 */
export function toE164(phone: string, country: PhoneCountry): { ok: true; phone: string } | { ok: false; reason: 'invalid' | 'country' } {
  const { code, mobile } = PHONE_COUNTRIES[country];
  let digits = phone.replace(/[\s\-().\/]/g, '');
  let international = true;
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  else international = false;
  if (!/^\d{4,15}$/.test(digits)) return { ok: false, reason: 'invalid' };
  let national: string;
  if (international) {
    if (!digits.startsWith(code)) return { ok: false, reason: 'country' };
    national = digits.slice(code.length);
  } else {
    national = digits;
  }
  // Italy keeps no trunk zero (mobiles start with 3); elsewhere a leading 0 is the trunk prefix, also written
  // after the calling code as "+41 (0)79…".
  if (country !== 'IT' && national.startsWith('0')) national = national.slice(1);
  if (!mobile.test(national)) return { ok: false, reason: 'invalid' };
  return { ok: true, phone: `+${code}${national}` };
}
