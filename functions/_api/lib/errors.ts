// The one error type handlers throw; app.onError turns it into the seed's JSON shape { message, code, errors }.
import type { FieldErrors } from '#shared/field-errors';
import { messageText, setValidationText, type FieldMessage, type FieldMessages, type MessageParams, type ValidationKey } from '#shared/validation-messages';
import { translate } from './i18n';

// Validation messages are i18n keys (shared/validation-messages.ts); the API answers with the English the seed pins.
setValidationText((key, params) => translate('en', key, params));

/** The field errors' shape is the kernel's (the client forms build the same). */
export type { FieldErrors };

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly code: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** The keys of the message and of the field errors, for the client to show in the visitor's language. */
    readonly keys?: { message: FieldMessage; errors: FieldMessages },
  ) {
    super(message);
  }

  toJSON() {
    const keys = this.keys ? { message_key: this.keys.message, error_keys: this.keys.errors } : {};
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}), ...keys };
  }
}

export const badRequest = (message: string, errors?: FieldErrors, code = 'VALIDATION_FAILED') => new ApiError(400, message, code, errors);

/**
 * Field errors a service rule finds (what a schema cannot see: a day in the past, a key taken), named by message keys:
 * `message` and `errors` carry their English as the seed's shape has it, `message_key` and `error_keys` the keys and
 * parameters, so a screen shows them in the visitor's language. The headline is `message`, else the one field message.
 */
export function invalid(
  messages: FieldMessages,
  { message, code = 'VALIDATION_FAILED', status = 400 }: { message?: ValidationKey; code?: string; status?: ApiError['status'] } = {},
) {
  const errors: FieldErrors = Object.fromEntries(Object.entries(messages).map(([field, list]) => [field, list.map((m) => messageText(m.key, m.params))]));
  const all = Object.values(messages).flat();
  const headline: FieldMessage = message ? { key: message } : all.length === 1 ? all[0]! : { key: 'validation.rule.checkfields' };
  return new ApiError(status, messageText(headline.key, headline.params), code, errors, undefined, { message: headline, errors: messages });
}

/** One field's error, by its message key (a 400 VALIDATION_FAILED unless `options` say otherwise). */
export const fieldError = (field: string, key: ValidationKey, params?: MessageParams, options?: Parameters<typeof invalid>[1]) => invalid({ [field]: [{ key, params }] }, options);
export const unauthorized = (message = 'Please sign in to continue.') => new ApiError(401, message, 'UNAUTHENTICATED');
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new ApiError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code = 'CONFLICT') => new ApiError(409, message, code);
/**
 * A refusal without a field whose words depend on who meets its code (CHEF_UNAVAILABLE tells the customer the chef's
 * calendar is full, the chef what is in their own) or that names figures (a count, minutes, the reason support gave):
 * the English in `message`, its key and figures in `message_key`, so the screen says them in its language.
 */
export const keyedRefusal = (status: ApiError['status'], key: ValidationKey, code: string, params?: MessageParams, headers?: Record<string, string>) =>
  new ApiError(status, messageText(key, params), code, undefined, headers, { message: params ? { key, params } : { key }, errors: {} });
export const keyedConflict = (key: ValidationKey, code: string, params?: MessageParams) => keyedRefusal(409, key, code, params);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, 'RATE_LIMITED', undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
