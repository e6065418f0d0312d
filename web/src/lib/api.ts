// The one way the client talks to /v1: same-origin JSON, locale and currency headers, and typed errors carrying the
// server's `{ message, code, errors }` shape so forms can show messages per field.
// `client` has the type of Hono's hc client for the server's AppType: paths, inputs and responses come from the routes
// themselves, so a server change that breaks a screen fails the typecheck. `unwrap()` turns its answer into data or an
// ApiError.
import type { ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../../functions/_api/app';
import { preferences } from '../state/preferences';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldErrors;

  constructor(status: number, message: string, code: string, errors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/**
 * Hooks of the error reporter (lib/error-reporting.ts, a lazy chunk that loads only when the deployment configures
 * one): the trace headers of the seed's 10% sample for each /v1 call, and the report of an unexpected error.
 */
export type Telemetry = { traceHeaders: () => Record<string, string>; report: (err: unknown) => void };

export const telemetry: Telemetry = {
  traceHeaders: () => ({}),
  report: () => undefined,
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

function toFieldErrors(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object') return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(messages)) out[field] = messages.map(String);
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return out;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Every request of the client goes out here: same-origin credentials, JSON accepted, the visitor's locale and
 * currency, the error reporter's trace headers, then the call's own headers; a request that never reaches the server
 * becomes an ApiError with code NETWORK_ERROR.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'x-locale': preferences.locale, 'x-currency': preferences.currency, ...telemetry.traceHeaders() });
  new Headers(init.headers).forEach((value, key) => headers.set(key, value));
  try {
    return await fetch(url, { ...init, headers, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, err instanceof Error ? err.message : 'Network error', 'NETWORK_ERROR');
  }
}

/** The body of a successful answer; anything else throws an ApiError with the server's message, code and field errors. */
async function result(res: Response): Promise<unknown> {
  const data = await readBody(res);
  if (!res.ok) {
    const shape = (data && typeof data === 'object' ? data : {}) as { message?: unknown; code?: unknown; errors?: unknown };
    const message = typeof shape.message === 'string' && shape.message ? shape.message : res.statusText || `HTTP ${res.status}`;
    const code = typeof shape.code === 'string' && shape.code ? shape.code : `HTTP_${res.status}`;
    throw new ApiError(res.status, message, code, toFieldErrors(shape.errors));
  }
  return data;
}

export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method, headers: { ...options.headers } };
  if (options.signal) init.signal = options.signal;
  if (method !== 'GET') {
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }
  return (await result(await send(withQuery(path, options.query), init))) as T;
}

/** What an hc call takes: path parameters, the query and the JSON body. */
type CallArgs = { param?: Record<string, string | number>; query?: Query; json?: unknown };

/** The path of an endpoint with its parameters and query filled in (`:id` and `:id{[0-9]+}` alike, as hc does). */
function pathOf(route: string, args: CallArgs = {}): string {
  let path = route;
  for (const [key, value] of Object.entries(args.param ?? {})) {
    path = path.replace(new RegExp(`/:${key}(?:\\{[^/]+\\})?\\??(?=/|$)`), `/${encodeURIComponent(String(value))}`);
  }
  return withQuery(path, args.query);
}

/**
 * hc's runtime in the few lines this client needs: `client.a.b[':id'].$get({ param, query }, { init: { signal } })`, `.$post({ json })`
 * and `.$path(...)`. hc itself would add 2 KB gzip (its cookie and WebSocket helpers) to the home page's first
 * download, which has no room for it under its 100 KB budget; the types are hc's own.
 */
function proxyOf(segments: string[]): unknown {
  return new Proxy(() => undefined, {
    get: (_, key) => (typeof key === 'string' && key !== 'then' ? proxyOf([...segments, key]) : undefined),
    apply: (_, __, [args, options]: [CallArgs | undefined, { init?: RequestInit } | undefined]) => {
      const last = segments.at(-1) ?? '';
      const path = pathOf(`/${segments.slice(0, -1).join('/')}`, args);
      if (last === '$path') return path;
      const body = args?.json === undefined ? {} : { body: JSON.stringify(args.json), headers: { 'Content-Type': 'application/json' } };
      return send(path, { method: last.slice(1).toUpperCase(), ...body, ...options?.init });
    },
  });
}

/** The typed client of /v1, e.g. `client.users.me.$put({ json })`; `$path()` gives the path a swr key is made of. */
export const client = proxyOf(['v1']) as ReturnType<typeof hc<AppType>>['v1'];

/** What a successful answer of an hc call carries (the JSON of its 2xx responses). */
export type Ok<R> = R extends ClientResponse<infer T, infer S, 'json'> ? (S extends SuccessStatusCode ? T : never) : never;

/** What a successful answer of an endpoint carries, e.g. `Answer<typeof client.users.me.sessions.$get>`. */
export type Answer<F extends (...args: never[]) => Promise<ClientResponse<unknown, number, string>>> = Ok<Awaited<ReturnType<F>>>;

/** Awaits an hc call: its successful JSON, or the ApiError the failure carries. */
export const unwrap = async <R extends ClientResponse<unknown, number, string>>(pending: Promise<R>): Promise<Ok<R>> =>
  (await result(await pending)) as Ok<R>;

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};

// Answers that several features and shared components read. Inferred, like every answer type: a server change that
// breaks a screen fails the typecheck.
export type FeaturedMenu = Answer<typeof client.menus.featured.$get>['data'][number];
export type NearMenu = Answer<typeof client.menus.near[':regionId']['$get']>['data'][number];
/** A menu as a card shows it: one of the featured menus or of the menus near a region. */
export type Menu = FeaturedMenu | NearMenu;
/** A region of GET /v1/locations/regions. */
export type Region = Answer<typeof client.locations.regions.$get>['data'][number];
/** An image reference with the urls of its stacks (`{ data: { id, url } }`, or null). */
export type ImageRef = Menu['image'];
