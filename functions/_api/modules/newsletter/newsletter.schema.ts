// Bodies of the newsletter calls: sign-up (seed §3 payloads: "newsletter email, cf-turnstile-response"), and the
// confirmation and unsubscribe links of the double opt-in.
import * as v from 'valibot';
import { email } from '#shared/schemas/auth.schema';

export const TURNSTILE_FIELD = 'cf-turnstile-response';

const INVALID_LINK = 'This link is not valid.';
const linkToken = v.pipe(v.string(INVALID_LINK), v.minLength(10, INVALID_LINK), v.maxLength(200, INVALID_LINK));

export const registerBody = v.strictObject({
  email,
  // Optional here so that local runs without a Turnstile secret work; the real verifier refuses an empty token.
  [TURNSTILE_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(4096)), ''),
});
export type RegisterBody = v.InferOutput<typeof registerBody>;

/** The confirmation link's token (from the mail sent on sign-up). */
export const confirmBody = v.strictObject({ token: linkToken });

/** The unsubscribe link: the address and its signature, so the link works for as long as the address is on the list. */
export const unsubscribeBody = v.strictObject({ email, token: linkToken });
