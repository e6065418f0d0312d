// Bodies of the guest allergy passport: a guest's answer from the invite link (name, diets, allergies with their
// severity), its edit from the same device, and the chef's written answer to severe allergies. Shared with the forms.
import * as v from 'valibot';
import { ALLERGY_LEVELS } from '#shared/dietary';

export const TURNSTILE_FIELD = 'cf-turnstile-response';
export const GUEST_NAME_MAX = 80;
/** Diets or allergies one guest can name: the product's lists are shorter. */
export const MAX_GUEST_KEYS = 20;

const key = v.pipe(v.string('Unknown key.'), v.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'Unknown key.'));
const secret = (message: string) => v.pipe(v.string(message), v.regex(/^[A-Za-z0-9_-]{20,100}$/, message));

export const INVALID_INVITE = 'This invitation link is not valid.';
export const inviteTokenParam = v.object({ token: secret(INVALID_INVITE) });

const answerFields = {
  name: v.pipe(
    v.string('Please enter your name.'),
    v.trim(),
    v.minLength(1, 'Please enter your name.'),
    v.maxLength(GUEST_NAME_MAX, `Your name can be at most ${GUEST_NAME_MAX} characters long.`),
  ),
  diets: v.pipe(
    v.array(key, 'Send a list of diet keys.'),
    v.maxLength(MAX_GUEST_KEYS, `Choose at most ${MAX_GUEST_KEYS}.`),
    v.transform((l) => [...new Set(l)]),
  ),
  allergies: v.pipe(
    v.array(v.strictObject({ key, level: v.picklist(ALLERGY_LEVELS, 'Say how serious this allergy is.') }), 'Send a list of allergies.'),
    v.maxLength(MAX_GUEST_KEYS, `Choose at most ${MAX_GUEST_KEYS}.`),
    v.check((l) => new Set(l.map((a) => a.key)).size === l.length, 'Name each allergy once.'),
  ),
  // Optional here so that local runs without a Turnstile secret work; the real verifier refuses an empty token.
  [TURNSTILE_FIELD]: v.optional(v.pipe(v.string(), v.maxLength(4096)), ''),
};

/** POST /v1/guest-invites/{token}/answers */
export const guestAnswerBody = v.strictObject(answerFields);
export type GuestAnswerInput = v.InferOutput<typeof guestAnswerBody>;

/** PUT /v1/guest-invites/{token}/answers: the same, with the key the first answer gave this device. */
export const guestAnswerEditBody = v.strictObject({ ...answerFields, edit_key: secret('Your answer was not found on this device.') });
export type GuestAnswerEditInput = v.InferOutput<typeof guestAnswerEditBody>;

export { allergyAckBody, type AllergyAckInput } from '#shared/schemas/allergy-ack.schema';
