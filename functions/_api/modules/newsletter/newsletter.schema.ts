// Bodies of the newsletter calls: sign-up (shared with the form, #shared/schemas/newsletter.schema), and the
// confirmation and unsubscribe links of the double opt-in.
import * as v from 'valibot';
import { email } from '#shared/schemas/auth.schema';

export { TURNSTILE_FIELD } from '#shared/schemas/fields';
export { registerBody, type RegisterBody } from '#shared/schemas/newsletter.schema';

const INVALID_LINK = 'This link is not valid.';
const linkToken = v.pipe(v.string(INVALID_LINK), v.minLength(10, INVALID_LINK), v.maxLength(200, INVALID_LINK));

/** The confirmation link's token (from the mail sent on sign-up). */
export const confirmBody = v.strictObject({ token: linkToken });

/** The unsubscribe link: the address and its signature, so the link works for as long as the address is on the list. */
export const unsubscribeBody = v.strictObject({ email, token: linkToken });
