// The one way the client talks to /v1: same-origin JSON, locale and currency headers, and typed errors carrying the
// server's `{ message, code, errors }` shape so forms can show messages per field.
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

export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'x-locale': preferences.locale,
    'x-currency': preferences.currency,
    ...telemetry.traceHeaders(),
    ...options.headers,
  };
  const init: RequestInit = { method, credentials: 'same-origin', headers };
  if (options.signal) init.signal = options.signal;
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body ?? {});
  }

  let res: Response;
  try {
    res = await fetch(withQuery(path, options.query), init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, err instanceof Error ? err.message : 'Network error', 'NETWORK_ERROR');
  }

  const data = await readBody(res);
  if (!res.ok) {
    const shape = (data && typeof data === 'object' ? data : {}) as { message?: unknown; code?: unknown; errors?: unknown };
    const message = typeof shape.message === 'string' && shape.message ? shape.message : res.statusText || `HTTP ${res.status}`;
    const code = typeof shape.code === 'string' && shape.code ? shape.code : `HTTP_${res.status}`;
    throw new ApiError(res.status, message, code, toFieldErrors(shape.errors));
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};
