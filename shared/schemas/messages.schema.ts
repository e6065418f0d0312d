// The booking message both sides check, with its messages as i18n keys: the composer refuses what the server would,
// in the visitor's language (PRODUCT "Messages and notifications").
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { requiredText } from './fields';

export const MESSAGE_MAX = 2000;

/** POST /v1/bookings/{id}/messages */
export const messageBody = v.strictObject({
  text: v.pipe(requiredText('validation.field.message', 'validation.message.required', 1, MESSAGE_MAX), multiline),
});
