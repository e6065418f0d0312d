// The shape both harnesses provide, so the same API test files run in Node (libSQL) and in workerd (D1).
import type { DB } from '../../functions/_api/db/client';
import type { Bindings } from '../../functions/_api/env';
import type { manualClock } from '../../functions/_api/platform/clock';

export type Harness = {
  runtime: 'node' | 'workers';
  db: DB;
  env: Bindings;
  clock: ReturnType<typeof manualClock>;
  /** Calls the app in-process, like a client would over HTTP. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** JSON write helper: sends a same-origin JSON request. */
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
};

export const TEST_ORIGIN = 'http://localhost';
export const START = new Date('2026-06-01T10:00:00Z');

export function requestHelpers(call: (path: string, init?: RequestInit) => Promise<Response>) {
  return {
    request: (path: string, init?: RequestInit) => call(path, init),
    json: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(path, {
        method,
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
