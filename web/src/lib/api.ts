// The one way the client talks to /v1: same-origin JSON, locale and currency headers, and typed errors carrying the
// server's `{ message, code, errors }` shape so forms can show messages per field.
// The typed client (lib/client.ts) sends through the same send() and result().
import { messageText, type FieldMessage, type ValidationKey } from '#shared/validation-messages';
import { preferences } from '../state/preferences';
import { ensureAreaTexts, t } from './i18n';

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
export type Query = Record<string, string | number | boolean | null | undefined>;

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

/** A message key as the server sends it ({ key: 'validation.…', params }), else null. */
const keyed = (value: unknown): FieldMessage | null =>
  value && typeof value === 'object' && typeof (value as FieldMessage).key === 'string' && (value as FieldMessage).key.startsWith('validation.') ? (value as FieldMessage) : null;

/**
 * A service rule's refusal also names its messages by key (`message_key`, `error_keys`; functions/_api/lib/errors.ts
 * `invalid`): those read in the visitor's language, the rest keeps the server's text.
 */
function localized(message: string, code: string, errors: FieldErrors, shape: { message_key?: unknown; error_keys?: unknown }): [string, FieldErrors] {
  const headline = keyed(shape.message_key);
  const out = { ...errors };
  if (shape.error_keys && typeof shape.error_keys === 'object') {
    for (const [field, list] of Object.entries(shape.error_keys as Record<string, unknown>)) {
      const keys = Array.isArray(list) ? list.map(keyed) : [];
      if (keys.length && keys.every(Boolean)) out[field] = (keys as FieldMessage[]).map((m) => messageText(m.key, m.params));
    }
  }
  return [headline ? messageText(headline.key, headline.params) : byCode(code, message), out];
}

/**
 * A refusal without a message key (a 404, a 409 of the booking machine or an admin action) reads in the visitor's
 * language by its code: `validation.refusal.<code>` where i18n has that text. The server's message is the seed's
 * English, so an English visitor keeps it as sent: it may name figures (a status, a count) the code's text cannot.
 */
function byCode(code: string, sent: string): string {
  if (preferences.locale === 'en') return sent;
  const key = `validation.refusal.${code}`.toLowerCase() as ValidationKey;
  const text = messageText(key);
  return text === key ? sent : text;
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

/** A request's options; headers as a record, so the call's own ones come after ours. */
export type Init = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

/**
 * Every request of the client goes out here: same-origin credentials, JSON accepted, the visitor's locale and
 * currency, the error reporter's trace headers, then the call's own headers and its JSON body, if any. A request that
 * never reaches the server becomes an ApiError with code NETWORK_ERROR (`unreached`).
 */
export async function send(url: string, method: string, json: unknown, init: Init = {}): Promise<Response> {
  const headers = { Accept: 'application/json', 'x-locale': preferences.locale, 'x-currency': preferences.currency, ...telemetry.traceHeaders(), ...init.headers };
  const body = json === undefined ? {} : { body: JSON.stringify(json), headers: { ...headers, 'Content-Type': 'application/json' } };
  try {
    return await fetch(url, { ...init, method, headers, ...body, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw unreached();
  }
}

/**
 * A request that never reached the server (offline, a dropped connection): the browser's own words ("Failed to
 * fetch", "Load failed") name nothing a visitor can act on, so every screen that shows the error's message says ours,
 * in the visitor's language. The text is in the core i18n part (`errors.*`), loaded before any screen can send.
 */
export const unreached = (): ApiError => new ApiError(0, t('errors.network'), 'NETWORK_ERROR');

/**
 * The ApiError of a refused answer's body: the server's message, code and field errors, in the visitor's language
 * where it names them by key. fetch (result) and the uploads' XMLHttpRequest (lib/upload.ts) both read refusals here.
 */
export function refusal(status: number, statusText: string, data: unknown): ApiError {
  const shape = (data && typeof data === 'object' ? data : {}) as { message?: unknown; code?: unknown; errors?: unknown; message_key?: unknown; error_keys?: unknown };
  const sent = typeof shape.message === 'string' && shape.message ? shape.message : statusText || `HTTP ${status}`;
  const code = typeof shape.code === 'string' && shape.code ? shape.code : `HTTP_${status}`;
  const [message, errors] = localized(sent, code, toFieldErrors(shape.errors), shape);
  return new ApiError(status, message, code, errors);
}

/** The body of a successful answer; anything else throws an ApiError with the server's message, code and field errors. */
export async function result(res: Response): Promise<unknown> {
  const data = await readBody(res);
  if (!res.ok) {
    // The refusals' texts (validation.*) come with the lazy areas' texts: a refusal met before any area asked for them
    // (the home page loads the core texts only) waits for them, else it would read in English. Without them (offline
    // again) it still says what it can.
    await ensureAreaTexts().catch(() => undefined);
    throw refusal(res.status, res.statusText, data);
  }
  return data;
}

/** A write always carries a JSON body, `{}` when there is nothing to send. */
export const request = async <T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> =>
  (await result(await send(withQuery(path, options.query), method, method === 'GET' ? undefined : (body ?? {}), options))) as T;

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};
