// Validation with the schemas the server uses, and the server's errors per field.
import * as v from 'valibot';
import { issuesToErrors } from '#shared/field-errors';
import { ApiError, type FieldErrors } from '../../lib/api';

export type { FieldErrors };

export function check<S extends v.GenericSchema>(schema: S, input: unknown): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true, output: result.output } : { ok: false, errors: issuesToErrors(result.issues) };
}

/**
 * Splits a failed call into errors for the form's own fields and a message for everything else, so nothing the
 * server said goes unseen.
 */
export function failureOf(err: unknown, fields: readonly string[]): { errors: FieldErrors; message: string | null } {
  const errors: FieldErrors = {};
  let shown = false;
  if (err instanceof ApiError) {
    for (const [field, messages] of Object.entries(err.errors)) {
      if (fields.includes(field)) {
        errors[field] = messages;
        shown = true;
      }
    }
  }
  return { errors, message: shown ? null : err instanceof Error ? err.message : String(err) };
}
