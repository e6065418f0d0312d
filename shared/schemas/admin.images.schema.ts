// Input of hiding a picture (POST /v1/admin/images/{id}/hide): the reason its owner reads in the notification and
// mail. Shared with the admin screen's dialog, so this file imports no database code.
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { label, msg } from '../validation-messages';

export const HIDE_REASON_MAX = 500;
const REASON_REQUIRED = msg('validation.admin.hidereason');

export const hideImageBody = v.pipe(
  v.strictObject({ reason: v.optional(v.pipe(v.string(REASON_REQUIRED), multiline, v.trim(), v.maxLength(HIDE_REASON_MAX, msg('validation.text.toolong', { ...label('validation.field.reason'), max: HIDE_REASON_MAX })))) }),
  v.forward(v.check((b) => Boolean(b.reason), REASON_REQUIRED), ['reason']),
  v.transform((b) => ({ reason: b.reason as string })),
);
