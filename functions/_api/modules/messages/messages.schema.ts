// Input of the booking messages (PRODUCT "Messages and notifications").
import * as v from 'valibot';
import { multiline } from '#shared/text-rules';

export const MESSAGE_MAX = 2000;

/** POST /v1/bookings/{id}/messages */
export const messageBody = v.strictObject({
  text: v.pipe(v.string('Please write a message.'), multiline, v.trim(), v.minLength(1, 'Please write a message.'), v.maxLength(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX} characters long.`)),
});
