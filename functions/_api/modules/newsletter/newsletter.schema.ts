// Body of POST /v1/newsletter/register (seed §3 payloads: "newsletter email, cf-turnstile-response").
import * as v from 'valibot';

export const TURNSTILE_FIELD = 'cf-turnstile-response';

export const registerBody = v.strictObject({
  email: v.pipe(
    v.string('Please enter your email address'),
    v.trim(),
    v.nonEmpty('Please enter your email address'),
    v.maxLength(254, 'This e-mail address is too long.'),
    v.email('Please enter a valid e-mail address.'),
    v.toLowerCase(),
  ),
  // Optional here so that local runs without a Turnstile secret work; the real verifier refuses an empty token.
  [TURNSTILE_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(4096)), ''),
});
export type RegisterBody = v.InferOutput<typeof registerBody>;
