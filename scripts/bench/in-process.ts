// In-process timings: the /v1 app (routing, validation, the database batch, presenting, JSON) against the same
// statements replayed straight on @libsql/client, interleaved in blocks so that load from other processes hits both
// alike. CPU per request comes from process.cpuUsage() over many calls.
//
// The app is called as a runtime that serves it calls it. By default that is the Node server's way (`npm start`):
// @hono/node-server's request listener, with its light Request and Response, behind the server's own (nodeListener),
// handed an in-memory request and a response that counts the bytes written to it in place of a socket. `via:
// 'app.request'` calls app.request() instead, as the Node tests do: Node's own fetch Request and Response (undici),
// which neither the Node server (above) nor Workers (their own, native) build for a request.
import type { Client } from '@libsql/client';
import { createApp } from '../../functions/_api/app';
import type { DB } from '../../functions/_api/db/client';
import type { Bindings } from '../../functions/_api/env';
import { nodeListener } from '../lib/node-platform';
import { recordDriverCalls, replay, type DriverCall } from './driver-calls';

export type Via = 'node-server' | 'app.request';
type App = ReturnType<typeof createApp>;
type Call = () => Promise<{ status: number; bytes: number }>;

/** A call of `path` (a GET) through app.request(), its body drained chunk by chunk as a server writes it out. */
function appRequestCall(app: App, env: Bindings, path: string): Call {
  return async () => {
    const res = await app.request(path, {}, env);
    let bytes = 0;
    const reader = res.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const };
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
    }
    return { status: res.status, bytes };
  };
}

/**
 * A call of `path` (a GET) as the Node server makes it: through its listener (nodeListener: @hono/node-server's, which puts its light
 * Request and Response in place of Node's globals, as the server does), over an in-memory request from 127.0.0.1 and
 * a response that ends when the listener has written the whole answer.
 */
function nodeServerCall(app: App, env: Bindings, path: string): Call {
  const listener = nodeListener((req) => app.fetch(req, env));
  return () =>
    new Promise((resolve, reject) => {
      let bytes = 0;
      let status = 0;
      const count = (chunk?: Uint8Array | string) => (bytes += chunk === undefined ? 0 : typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength);
      const incoming = { method: 'GET', url: path, headers: { host: 'localhost' }, rawHeaders: ['Host', 'localhost'], socket: { remoteAddress: '127.0.0.1' } };
      const outgoing = {
        writable: true,
        destroyed: false,
        headersSent: false,
        writeHead(code: number) {
          status = code;
          this.headersSent = true;
          return this;
        },
        write(chunk: Uint8Array | string) {
          count(chunk);
          return true;
        },
        end(chunk?: Uint8Array | string) {
          count(chunk);
          resolve({ status, bytes });
          return this;
        },
        flushHeaders() {},
        hasHeader: () => false,
        on() {
          return this;
        },
        once() {
          return this;
        },
      };
      (listener as unknown as (i: unknown, o: unknown) => Promise<void>)(incoming, outgoing).catch(reject);
    });
}

/**
 * `before` runs untimed ahead of every app call (e.g. to invalidate a cache) and ahead of every raw replay, so that
 * both run their statements in the same state: SQLite's first reads after a write cost more (about 0.25 ms for menus
 * near's statements after a catalogue write, measured on the 10,000-menu database).
 */
export type Target = { label: string; db: DB; client: Client; path: string; before?: () => Promise<unknown> };
export type Timings = { samples: number[]; p50: number; p99: number };
export type TargetResult = { label: string; app: Timings; raw: Timings; cpuMs: number; calls: DriverCall[]; status: number; bytes: number };

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function timings(samples: number[]): Timings {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** One call and the driver calls it made. */
async function recorded<T>(client: Client, call: () => Promise<T>): Promise<{ result: T; calls: DriverCall[] }> {
  const recorder = recordDriverCalls(client);
  try {
    return await recorder.during(call);
  } finally {
    recorder.restore();
  }
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * Measures every target: `iterations` app calls and as many raw replays each, in blocks of `block`, after `warmup`
 * calls of both. CPU per request is measured separately over `cpuIterations` calls.
 */
export async function measureInProcess(
  targets: Target[],
  env: Bindings,
  opts: { iterations: number; warmup: number; block?: number; cpuIterations?: number; via?: Via },
): Promise<TargetResult[]> {
  const block = opts.block ?? 50;
  const prepared = await Promise.all(
    targets.map(async (t) => {
      const app = createApp({ db: () => t.db, quietLogs: true });
      const call = (opts.via === 'app.request' ? appRequestCall : nodeServerCall)(app, env, t.path);
      // The statements this exact call runs, captured at the driver for the raw baseline, in the state of every timed
      // call: after one call before it. A process's first call of a path finds no cached body, so its region statement
      // is unguarded (`not 0`), and the timed calls' statement, guarded by the cached versions, is not the same text.
      await call();
      await t.before?.();
      const { result, calls } = await recorded(t.client, call);
      if (result.status !== 200) throw new Error(`${t.label}: ${t.path} answered ${result.status}`);
      return { t, call, calls, first: result, app: [] as number[], raw: [] as number[], cpuMs: 0 };
    }),
  );

  for (const p of prepared) {
    for (let i = 0; i < opts.warmup; i++) {
      await p.t.before?.();
      await p.call();
      await p.t.before?.();
      await replay(p.t.client, p.calls);
    }
  }
  for (let done = 0; done < opts.iterations; done += block) {
    const n = Math.min(block, opts.iterations - done);
    for (const p of prepared) {
      for (let i = 0; i < n; i++) {
        await p.t.before?.();
        p.app.push(await timed(p.call));
      }
      for (let i = 0; i < n; i++) {
        await p.t.before?.();
        p.raw.push(await timed(() => replay(p.t.client, p.calls)));
      }
    }
  }
  // The baseline must be the timed calls' own statements: one more call is recorded and its texts compared.
  for (const p of prepared) {
    await p.t.before?.();
    const { calls } = await recorded(p.t.client, p.call);
    const texts = (c: DriverCall[]) => JSON.stringify(c.map((d) => [d.method, d.statements.map((st) => st.sql)]));
    if (texts(calls) !== texts(p.calls)) throw new Error(`${p.t.label}: the raw baseline's statements are not those of the timed calls`);
  }
  const cpuIterations = opts.cpuIterations ?? opts.iterations;
  for (const p of prepared) {
    let used = 0;
    for (let i = 0; i < cpuIterations; i++) {
      await p.t.before?.();
      const before = process.cpuUsage();
      await p.call();
      const d = process.cpuUsage(before);
      used += d.user + d.system;
    }
    p.cpuMs = used / 1000 / cpuIterations;
  }
  return prepared.map((p) => ({ label: p.t.label, app: timings(p.app), raw: timings(p.raw), cpuMs: p.cpuMs, calls: p.calls, status: p.first.status, bytes: p.first.bytes }));
}
