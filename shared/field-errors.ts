// The API's field errors ({ errors: { field: [messages] } }) from a schema's issues: the server's parse() and the
// client forms name the fields of a failed check the same way.
import type * as v from 'valibot';

export type FieldErrors = Record<string, string[]>;

export function issuesToErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  // No prototype: an unknown field named "constructor" or "__proto__" must become a field error, not a 500.
  const errors: FieldErrors = Object.create(null);
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') || 'body';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
