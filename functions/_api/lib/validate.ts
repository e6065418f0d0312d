// Server-side validation with the schemas shared with the client forms. Failures become field errors.
import * as v from 'valibot';
import { badRequest, type FieldErrors } from './errors';

export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  // No prototype: an unknown field named "constructor" or "__proto__" must become a field error, not a 500.
  const errors: FieldErrors = Object.create(null);
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw badRequest('Please check the highlighted fields.', issuesToErrors(result.issues));
}
