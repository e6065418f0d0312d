// The real Node server (scripts/serve.ts, started by the e2e suite's startServer) seen through the API tests'
// Harness shape: `request` goes over HTTP to the server, `db` is a second connection to the server's database file.
// So the booking fixtures (world, as, book, pay, complete…) build a bookable world against a live process.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterAll, beforeAll } from 'vitest';
import { libsqlDb } from '../../../functions/_api/db/client';
import type { Bindings } from '../../../functions/_api/env';
import { manualClock } from '../../../functions/_api/platform/clock';
import { startServer, type RunningServer } from '../../e2e/support/server';
import { requestHelpers, TEST_ORIGIN, type Harness } from '../../support/harness';

const SESSION_SECRET = 'reliability-secret-reliability-secret';

export type Live = {
  h: Harness;
  client: Client;
  server: RunningServer;
  dir: string;
  /** SIGKILL: no shutdown handler runs (workerd, Miniflare's child, is stopped too so it does not linger). */
  kill(): Promise<void>;
  /** Starts the server again over the same database file and state. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts the API (no client build needed) over a fresh file database with reference data only; tests build their
 * own chefs, menus and customers. `env` adds provider settings, e.g. STRIPE_API_BASE pointing at a fault stub.
 */
export async function startLive(env: Record<string, string> = {}): Promise<Live> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ylc-reliability-'));
  const serverEnv = { API_ONLY: '1', SEED_DEMO: '0', SEED_REGIONS: 'sample', SESSION_SECRET, ...env };
  let server = await startServer(serverEnv, { dir });
  // A busy timeout for every pooled connection (a PRAGMA would reach only one of them).
  const client = createClient({ url: `file:${path.join(dir, 'app.db')}`, timeout: 10_000 });
  const call = (p: string, init: RequestInit = {}) => {
    // The fixtures' agent speaks as a same-origin browser of the in-process harness; here the origin is the server's.
    const headers = new Headers(init.headers);
    if (headers.get('origin') === TEST_ORIGIN) headers.set('origin', server.url);
    return fetch(`${server.url}${p}`, { ...init, headers });
  };
  const h: Harness = {
    runtime: 'node',
    db: libsqlDb(client),
    env: { SESSION_SECRET } as Bindings,
    // Only the fixtures read this clock (session stamps, event dates); the server runs on the real time.
    clock: manualClock(new Date()),
    ...requestHelpers((p, init) => {
      // Over HTTP the server's work after answering cannot be watched; the answer is all there is.
      const response = call(p, init);
      return { response, afterResponse: response };
    }),
    close: async () => undefined,
  };
  return {
    h,
    client,
    dir,
    get server() {
      return server;
    },
    async kill() {
      const pid = server.child.pid!;
      const children = await childPids(pid);
      const exited = new Promise((r) => server.child.once('exit', r));
      process.kill(pid, 'SIGKILL');
      await exited;
      for (const c of children) {
        try {
          process.kill(c, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    },
    async restart() {
      server = await startServer(serverEnv, { dir });
    },
    async stop() {
      await server.stop();
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function childPids(pid: number): Promise<number[]> {
  const { execFileSync } = await import('node:child_process');
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

/**
 * A suite file's setup: startLive(env) before its tests, stopped after them. The returned object stands for the
 * running Live (its h, client, server, kill, restart) once the tests run.
 */
export function useLive(env: Record<string, string> = {}): Live {
  let live: Live | undefined;
  beforeAll(async () => {
    live = await startLive(env);
  });
  afterAll(() => live?.stop());
  const running = () => live!;
  return {
    get h() {
      return running().h;
    },
    get client() {
      return running().client;
    },
    get server() {
      return running().server;
    },
    get dir() {
      return running().dir;
    },
    kill: () => running().kill(),
    restart: () => running().restart(),
    stop: () => running().stop(),
  };
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}
