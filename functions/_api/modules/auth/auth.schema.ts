// Input schemas of the auth and user calls, shared by the server and the client forms (seed field names).
import * as v from 'valibot';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

const trimmed = (field: string, max: number) =>
  v.pipe(
    v.string(`Please enter your ${field}.`),
    v.trim(),
    v.nonEmpty(`Please enter your ${field}.`),
    v.maxLength(max, `Your ${field} can be at most ${max} characters long.`),
  );

export const email = v.pipe(
  v.string('Please enter your email address'),
  v.trim(),
  v.nonEmpty('Please enter your email address'),
  v.maxLength(254, 'This e-mail address is too long.'),
  v.email('Please enter a valid e-mail address.'),
  v.toLowerCase(),
);

export const newPassword = v.pipe(
  v.string('Please choose a password.'),
  v.minLength(PASSWORD_MIN, `Your password must be at least ${PASSWORD_MIN} characters long.`),
  v.maxLength(PASSWORD_MAX, `Your password can be at most ${PASSWORD_MAX} characters long.`),
);

export const firstname = trimmed('first name', 100);
export const lastname = trimmed('last name', 100);

export const signupBody = v.strictObject({
  firstname,
  lastname,
  email,
  password: newPassword,
  cftoken: v.optional(v.pipe(v.string(), v.maxLength(4096)), ''),
});

export const signinBody = v.strictObject({
  identifier: v.pipe(v.string('Please enter your email address'), v.trim(), v.nonEmpty('Please enter your email address'), v.maxLength(254), v.toLowerCase()),
  secret: v.pipe(v.string('Please enter your password.'), v.nonEmpty('Please enter your password.'), v.maxLength(PASSWORD_MAX)),
  remember: v.optional(v.boolean(), false),
});

/** Seed §5: forgot password requires an email, with its error on the identifier field. */
export const forgotBody = v.strictObject({
  email: v.pipe(v.string('Please enter your email address'), v.trim(), v.nonEmpty('Please enter your email address'), v.maxLength(254), v.toLowerCase()),
});

export const recoverBody = v.strictObject({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254)),
  token: v.pipe(v.string(), v.minLength(10, 'This reset link is not valid.'), v.maxLength(200)),
  password: newPassword,
});

export const profileBody = v.strictObject({ firstname, lastname });

export const changePasswordBody = v.strictObject({
  old_password: v.pipe(v.string('Please enter your current password.'), v.nonEmpty('Please enter your current password.'), v.maxLength(PASSWORD_MAX)),
  password: newPassword,
});

/** Countries whose mobile numbers we verify, with their calling codes. */
export const PHONE_COUNTRIES = { CH: '41', DE: '49', AT: '43', FR: '33', IT: '39', LI: '423', GB: '44', US: '1' } as const;

export const sendMobileBody = v.strictObject({
  phone: v.pipe(v.string('Please enter your mobile number.'), v.trim(), v.nonEmpty('Please enter your mobile number.'), v.maxLength(30)),
  country: v.picklist(Object.keys(PHONE_COUNTRIES) as (keyof typeof PHONE_COUNTRIES)[], 'Please choose a country.'),
});

export const confirmMobileBody = v.strictObject({
  code: v.pipe(v.string('Please enter the code.'), v.trim(), v.regex(/^\d{6}$/, 'The code has 6 digits.')),
});

export const OAUTH_PROVIDERS = ['apple', 'google', 'facebook'] as const;
export const oauthBody = v.strictObject({
  provider: v.picklist(OAUTH_PROVIDERS, 'Unknown sign-in provider.'),
  code: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(2048))),
  state: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** Apple sends the name only on the first sign-in, as JSON in the form post. */
  user: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});

/** Normalises a national or international number to E.164 for the given country, or null when it is not plausible. */
export function toE164(phone: string, country: keyof typeof PHONE_COUNTRIES): string | null {
  let digits = phone.replace(/[\s\-().\/]/g, '');
  const cc = PHONE_COUNTRIES[country];
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = cc + digits.slice(1);
  else digits = cc + digits;
  if (!/^\d{8,15}$/.test(digits)) return null;
  return `+${digits}`;
}

/** Calls whose body the seed shows as empty accept `{}` and nothing else. */
export const emptyBody = v.strictObject({});
