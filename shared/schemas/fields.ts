// The field shapes several schemas share, with their messages: an id to choose, a whole number in a range, a text of
// limited length, a list key. A message names its field by a key (validation.field.*), so one sentence serves every
// field in every language ("{{label}} must be at least {{min}}.").
import * as v from 'valibot';
import { multiline } from '../text-rules';
import { label, msg, type ValidationKey } from '../validation-messages';

/** A database id the user picks; every failure reads as the one request to choose it. */
export const chosenId = (choose: ValidationKey) => v.pipe(v.number(msg(choose)), v.integer(msg(choose)), v.minValue(1, msg(choose)));

export const wholeNumber = (name: ValidationKey, min: number, max: number) =>
  v.pipe(
    v.number(msg('validation.number.type', label(name))),
    v.integer(msg('validation.number.whole', label(name))),
    v.minValue(min, msg('validation.number.min', { ...label(name), min })),
    v.maxValue(max, msg('validation.number.max', { ...label(name), max })),
  );

export const text = (name: ValidationKey, max: number) =>
  v.pipe(v.string(msg('validation.text.type', label(name))), v.trim(), v.maxLength(max, msg('validation.text.toolong', { ...label(name), max })));

/** Markdown, descriptions, notes and reasons keep their line breaks. */
export const longText = (name: ValidationKey, max: number) => v.pipe(text(name, max), multiline);

/** A text that must be given: `required` when it is missing or empty, and at least `min` characters. */
export const requiredText = (name: ValidationKey, required: ValidationKey, min: number, max: number) =>
  v.pipe(
    v.string(msg(required)),
    v.trim(),
    v.minLength(min, min === 1 ? msg(required) : msg('validation.text.tooshort', { ...label(name), min })),
    v.maxLength(max, msg('validation.text.toolong', { ...label(name), max })),
  );

/** A key of list_items (a cuisine, diet or allergen). */
export const itemKey = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, msg('validation.choice.unknownkey')));

/** The message of a picklist: "Choose one of CHF, EUR, USD, GBP." */
export const oneOf = (list: readonly string[], key: ValidationKey = 'validation.choice.oneof') => msg(key, { list: list.join(', ') });

/** The bot check's field on the public forms (the seed's name for the newsletter, and the guest answer's). */
export const TURNSTILE_FIELD = 'cf-turnstile-response';
/** A Turnstile token: optional here so local runs without a Turnstile secret work; the real verifier refuses an empty one. */
export const turnstileToken = v.optional(v.pipe(v.string(), v.maxLength(4096)), '');

/** A reason someone else reads: multi-line, trimmed, `required` when empty (`type` when not text), at most `max` long. */
export const reasonText = (type: ValidationKey, required: ValidationKey, max: number) =>
  v.pipe(v.string(msg(type)), multiline, v.trim(), v.minLength(1, msg(required)), v.maxLength(max, msg('validation.text.toolong', { ...label('validation.field.reason'), max })));

/**
 * The body of a call that carries nothing (an action named by its path): `{}` and nothing else, so a stray field is
 * refused rather than ignored. The validator types it as `Record<string, never>` for the typed client (validator.ts).
 */
export const emptyBody = v.strictObject({});
