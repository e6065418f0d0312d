// The typed client of the API tests: Hono's hc client for the app's type, sent through an agent (its address and
// cookies) into the in-process app of either harness. Paths, path parameters, bodies and answers are the routes' own,
// so a test that sends what a route no longer takes, or reads what it no longer answers, fails the typecheck.
import { hc, type ClientResponse, type InferRequestType } from 'hono/client';
import type { AppType } from '../../functions/_api/app';
import type { FieldErrors } from '#shared/field-errors';
import type { FieldMessage, FieldMessages } from '#shared/validation-messages';
import type { Answer, Ok } from '../../web/src/lib/client';
import { agent, type Agent } from './agent';
import { TEST_ORIGIN, type Harness } from './harness';

/** The typed client of /v1 as this agent, e.g. `typedClient(a).bookings.quote.$post({ json })`. */
export const typedClient = (a: Agent) => hc<AppType>(TEST_ORIGIN, { fetch: a.fetch }).v1;

/** The typed client's type, to name a route's answer: `Answer<TypedClient['users']['me']['attachments']['$post']>`. */
export type TypedClient = ReturnType<typeof typedClient>;
export type { Answer };
/** The query string a call takes, as the route types it, for helpers that pass one on: `QueryOf<TypedClient['faq']['topics']['$get']>`. */
export type QueryOf<F> = InferRequestType<F> extends { query: infer Q } ? Q : never;
/** The JSON body a call takes, as the route types it. */
export type JsonOf<F> = InferRequestType<F> extends { json: infer J } ? J : never;

/** The typed client of a visitor: a fresh agent without a session. */
export const visitorClient = (h: Harness) => typedClient(agent(h));

/** The path parameter of a call on one object, e.g. `calls[':id{[0-9]{1,12}}'].$get(on(id))`. */
export const on = (id: number) => ({ param: { id: String(id) } });

type Call = ClientResponse<unknown, number, string>;

/** A call that must succeed: its status and its JSON, typed as the route answers it; any other status fails the test. */
export async function ok<R extends Call>(pending: Promise<R>): Promise<{ status: number; body: Ok<R>; headers: Headers }> {
  const res = await pending;
  if (!res.ok) throw new Error(`expected a success, got ${res.status}: ${await res.text()}`);
  return { status: res.status, body: (await res.json()) as Ok<R>, headers: res.headers };
}

/**
 * The seed's error shape; an unexpected failure (500) and an incomplete configuration (503) add their request id, and a
 * service rule's refusal the keys of its message and field errors (ApiError.toJSON in functions/_api/lib/errors.ts).
 */
export type ErrorBody = { message: string; code: string; errors: FieldErrors; request_id?: string; message_key?: FieldMessage; error_keys?: FieldMessages };

/** A call that must be refused: its status, the error body and the headers; a success fails the test. */
export async function refused(pending: Promise<Call>): Promise<{ status: number; body: ErrorBody; headers: Headers }> {
  const res = await pending;
  if (res.ok) throw new Error(`expected a refusal, got ${res.status}: ${await res.text()}`);
  return { status: res.status, body: (await res.json()) as ErrorBody, headers: res.headers };
}

/**
 * A call that may succeed or be refused (one of several racing for the same thing): its status and either body, told
 * apart by `ok`.
 */
export async function settled<R extends Call>(pending: Promise<R>): Promise<{ ok: true; status: number; body: Ok<R> } | { ok: false; status: number; body: ErrorBody }> {
  const res = await pending;
  return res.ok ? { ok: true, status: res.status, body: (await res.json()) as Ok<R> } : { ok: false, status: res.status, body: (await res.json()) as ErrorBody };
}
