// Form helpers of the auth screens: validation with the schemas the server uses, and server errors per field.
import * as v from 'valibot';
import { issuesToErrors } from '#shared/field-errors';
import { ApiError, type FieldErrors } from '../../lib/api';

export type { FieldErrors };

export type Checked<S extends v.GenericSchema> = { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors };

/** Runs a shared valibot schema; failures come back as messages per field, exactly as the server would send them. */
export function check<S extends v.GenericSchema>(schema: S, input: unknown): Checked<S> {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true, output: result.output } : { ok: false, errors: issuesToErrors(result.issues) };
}

/** The server's `errors` map of a failed call; empty for other failures. */
export const fieldErrorsOf = (err: unknown): FieldErrors => (err instanceof ApiError ? err.errors : {});

export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : '');

/** Keeps the errors of the given fields; the rest is returned separately so it can still be shown somewhere. */
export function splitErrors(errors: FieldErrors, fields: readonly string[]): { shown: FieldErrors; other: string[] } {
  const shown: FieldErrors = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    if (fields.includes(field)) shown[field] = messages;
    else other.push(...messages);
  }
  return { shown, other };
}
