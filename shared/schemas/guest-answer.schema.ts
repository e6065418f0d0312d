// A guest's allergy passport answer from the invite link (name, diets, allergies with their severity) and its edit
// from the same device, checked by the server and the guest page's form alike, its messages i18n keys (the guest's
// language on the page, the English the API has always sent on the server).
import * as v from 'valibot';
import { ALLERGY_LEVELS } from '../dietary';
import { msg } from '../validation-messages';
import { TURNSTILE_FIELD, turnstileToken } from './fields';

export const GUEST_NAME_MAX = 80;
/** Diets or allergies one guest can name: the product's lists are shorter. */
export const MAX_GUEST_KEYS = 20;

const unknownKey = msg('validation.choice.unknownkey');
const key = v.pipe(v.string(unknownKey), v.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, unknownKey));
const atMost = msg('validation.choice.atmost', { max: MAX_GUEST_KEYS });

/** An unguessable token (an invite link's, a device's edit key); every failure reads as `message`. */
export const secretToken = (message: string | (() => string)) => v.pipe(v.string(message), v.regex(/^[A-Za-z0-9_-]{20,100}$/, message));

const answerFields = {
  name: v.pipe(
    v.string(msg('validation.guestanswer.name')),
    v.trim(),
    v.minLength(1, msg('validation.guestanswer.name')),
    v.maxLength(GUEST_NAME_MAX, msg('validation.guestanswer.nametoolong', { max: GUEST_NAME_MAX })),
  ),
  diets: v.pipe(v.array(key, msg('validation.guestanswer.dietlist')), v.maxLength(MAX_GUEST_KEYS, atMost), v.transform((l) => [...new Set(l)])),
  allergies: v.pipe(
    v.array(v.strictObject({ key, level: v.picklist(ALLERGY_LEVELS, msg('validation.guestanswer.level')) }), msg('validation.guestanswer.allergylist')),
    v.maxLength(MAX_GUEST_KEYS, atMost),
    v.check((l) => new Set(l.map((a) => a.key)).size === l.length, msg('validation.guestanswer.allergyonce')),
  ),
  [TURNSTILE_FIELD]: turnstileToken,
};

/** POST /v1/guest-invites/{token}/answers */
export const guestAnswerBody = v.strictObject(answerFields);
export type GuestAnswerInput = v.InferOutput<typeof guestAnswerBody>;

/** PUT /v1/guest-invites/{token}/answers: the same, with the key the first answer gave this device. */
export const guestAnswerEditBody = v.strictObject({ ...answerFields, edit_key: secretToken(msg('validation.guestanswer.editkey')) });
export type GuestAnswerEditInput = v.InferOutput<typeof guestAnswerEditBody>;
