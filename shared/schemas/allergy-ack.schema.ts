// The chef's written answer to the guests' severe allergies, checked by the server and the booking page's form alike,
// its messages i18n keys (the visitor's language on the page).
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { msg } from '../validation-messages';

export const ACK_MIN = 10;
export const ACK_MAX = 2000;

const reload = msg('validation.allergyack.seen');

/** POST /v1/bookings/{id}/allergy-ack: what the chef will change, and the guests' answers it answers. */
export const allergyAckBody = v.strictObject({
  text: v.pipe(
    v.string(msg('validation.allergyack.ack')),
    multiline,
    v.trim(),
    v.minLength(ACK_MIN, msg('validation.allergyack.ackmin', { min: ACK_MIN })),
    v.maxLength(ACK_MAX, msg('validation.allergyack.ackmax', { max: ACK_MAX })),
  ),
  /** passport.severe_version as the chef read it: an answer newer than that is refused until read. */
  seen: v.nullable(v.pipe(v.string(reload), v.isoTimestamp(reload))),
});
export type AllergyAckInput = v.InferOutput<typeof allergyAckBody>;
