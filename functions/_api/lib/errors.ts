// The one error type handlers throw; app.onError turns it into the seed's JSON shape { message, code, errors }.
import type { FieldErrors } from '#shared/field-errors';

/** The field errors' shape is the kernel's (the client forms build the same). */
export type { FieldErrors };

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly code: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toJSON() {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const badRequest = (message: string, errors?: FieldErrors, code = 'VALIDATION_FAILED') => new ApiError(400, message, code, errors);
export const fieldError = (field: string, message: string) => badRequest(message, { [field]: [message] });
export const unauthorized = (message = 'Please sign in to continue.') => new ApiError(401, message, 'UNAUTHENTICATED');
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new ApiError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code = 'CONFLICT') => new ApiError(409, message, code);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, 'RATE_LIMITED', undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
