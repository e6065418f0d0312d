// Server-side validation with the schemas shared with the client forms. Failures become field errors.
// Every string of every input (body, query, path) is also checked for control characters here, before the schema
// runs, so no current or future text field can forget it; a schema marks its multi-line texts with `multiline`.
import * as v from 'valibot';
import { issuesToErrors, type FieldErrors } from '#shared/field-errors';
import { textProblem } from '#shared/text-rules';
import { badRequest } from './errors';

/** The parts of a valibot schema the walk below reads (all optional: it sees every kind of schema). */
type Node = {
  kind?: string;
  type?: string;
  pipe?: readonly Node[];
  wrapped?: Node;
  entries?: Record<string, Node>;
  item?: Node;
  items?: readonly Node[];
  value?: Node;
  options?: readonly Node[];
  metadata?: { multiline?: boolean };
};

/** The schema of a child (object key, array index, record value), looking through optional/nullable and unions. */
function childOf(schema: Node | undefined, key: string | number): Node | undefined {
  if (!schema) return undefined;
  if (schema.wrapped) return childOf(schema.wrapped, key);
  if (schema.entries) return Object.hasOwn(schema.entries, key) ? schema.entries[key] : undefined;
  if (schema.item) return schema.item;
  if (schema.items) return schema.items[Number(key)];
  if (schema.type === 'record') return schema.value;
  return schema.options?.map((o) => childOf(o, key)).find(Boolean);
}

function isMultiline(schema: Node | undefined): boolean {
  if (!schema) return false;
  if (schema.pipe?.some((p) => (p.kind === 'metadata' && p.metadata?.multiline) || (p !== schema && p.kind === 'schema' && isMultiline(p)))) return true;
  return isMultiline(schema.wrapped) || !!schema.options?.some(isMultiline);
}

/** Field errors for strings that carry characters they may not (see shared/text-rules.ts), by the same paths as valibot's. */
function textErrors(schema: Node | undefined, value: unknown, path: string, errors: FieldErrors): void {
  if (typeof value === 'string') {
    const problem = textProblem(value, isMultiline(schema));
    if (problem) (errors[path || 'body'] ??= []).push(problem);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => textErrors(childOf(schema, i), item, path ? `${path}.${i}` : String(i), errors));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) textErrors(childOf(schema, key), item, path ? `${path}.${key}` : key, errors);
  }
}

export function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const errors: FieldErrors = Object.create(null);
  textErrors(schema as Node, input, '', errors);
  const result = v.safeParse(schema, input);
  if (result.success && Object.keys(errors).length === 0) return result.output;
  const schemaErrors = result.success ? {} : issuesToErrors(result.issues);
  for (const [field, messages] of Object.entries(schemaErrors)) (errors[field] ??= []).push(...messages);
  throw badRequest('Please check the highlighted fields.', errors);
}
