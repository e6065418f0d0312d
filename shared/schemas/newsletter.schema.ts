// The newsletter sign-up's body (seed §3 payloads: "newsletter email, cf-turnstile-response"), checked by the server
// and the sign-up form alike; the confirmation and unsubscribe links stay with the server.
import * as v from 'valibot';
import { email } from './auth.schema';
import { TURNSTILE_FIELD, turnstileToken } from './fields';

/** POST /v1/newsletter/register */
export const registerBody = v.strictObject({ email, [TURNSTILE_FIELD]: turnstileToken });
export type RegisterBody = v.InferOutput<typeof registerBody>;
