// The shape both harnesses provide, so the same API test files run in Node (libSQL) and in workerd (D1).
import type { ExecutionContext } from 'hono';
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
  /**
   * Like `request`, but hands back the answer as soon as it is there, with the work the app runs after answering
   * (`deps.afterResponse`) as a second promise. `request` waits for both.
   */
  detached(path: string, init?: RequestInit): { response: Promise<Response>; afterResponse: Promise<unknown> };
  /** JSON write helper: sends a same-origin JSON request. */
  json(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
};

export const TEST_ORIGIN = 'http://localhost';
export const START = new Date('2026-06-01T10:00:00Z');

type Detached = { response: Promise<Response>; afterResponse: Promise<unknown> };

/**
 * Calls an in-process app with an execution context, as Workers would, collecting what it hands to waitUntil, so a
 * test can wait for the work after the answer (a mail) or watch the answer arrive before it.
 */
export function inProcess(app: { request(path: string, init: RequestInit | undefined, env: unknown, ctx: ExecutionContext): Response | Promise<Response> }, env: unknown) {
  return (path: string, init?: RequestInit): Detached => {
    const tasks: Promise<unknown>[] = [];
    const ctx: ExecutionContext = { waitUntil: (p) => void tasks.push(p), passThroughOnException() {}, props: {} };
    const response = Promise.resolve(app.request(path, init, env, ctx));
    return { response, afterResponse: response.then(() => Promise.allSettled(tasks)) };
  };
}

export function requestHelpers(detached: (path: string, init?: RequestInit) => Detached) {
  const call = async (path: string, init?: RequestInit) => {
    const sent = detached(path, init);
    const res = await sent.response;
    await sent.afterResponse;
    return res;
  };
  return {
    detached,
    request: call,
    json: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(path, {
        method,
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  };
}
