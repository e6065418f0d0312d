// Turning failures into messages next to the fields that caused them: the server's `errors` map (keys such as
// `courses.0.name`) and valibot issues from the shared schemas use the same dotted paths.
import type * as v from 'valibot';
import { ApiError, type FieldErrors } from '../../lib/api';

export type { FieldErrors };

/** The dotted path of a valibot issue, e.g. courses.0.name. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((p) => String((p as { key: unknown }).key)).join('.');
}

/** First message per dotted path; issues without a path go under `_form`. */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issuePath(issue) || '_form';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export type Failure = { message: string; fields: FieldErrors; code: string; status: number };

/** Any thrown value as a message plus field errors. A network failure gets the generic text passed in. */
export function failureOf(err: unknown, networkText: string): Failure {
  if (err instanceof ApiError) {
    return { message: err.status === 0 ? networkText : err.message, fields: err.errors, code: err.code, status: err.status };
  }
  return { message: networkText, fields: {}, code: 'UNKNOWN', status: 0 };
}

/** Field errors whose key is not in `known`: shown together at the form's top so nothing is lost. */
export function unplacedErrors(fields: FieldErrors, known: (key: string) => boolean): string[] {
  return Object.entries(fields)
    .filter(([key]) => !known(key))
    .flatMap(([, messages]) => messages);
}
