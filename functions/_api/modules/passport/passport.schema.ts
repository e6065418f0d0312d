// Bodies of the guest allergy passport: a guest's answer from the invite link and its edit from the same device
// (#shared/schemas/guest-answer.schema), and the chef's written answer to severe allergies
// (#shared/schemas/allergy-ack.schema), both shared with the forms; the invite link's token stays here.
import * as v from 'valibot';
import { secretToken } from '#shared/schemas/guest-answer.schema';

export { TURNSTILE_FIELD } from '#shared/schemas/fields';
export { guestAnswerBody, guestAnswerEditBody, type GuestAnswerEditInput, type GuestAnswerInput } from '#shared/schemas/guest-answer.schema';
export { allergyAckBody, type AllergyAckInput } from '#shared/schemas/allergy-ack.schema';

const INVALID_INVITE = 'This invitation link is not valid.';
export const inviteTokenParam = v.object({ token: secretToken(INVALID_INVITE) });
