// What a remote database costs: the app over a libSQL client whose every call (execute, batch) waits a simulated
// network round trip first, as a call to Turso or D1 from another place would. Each page's reads run as its client
// sends them (at once), so its data time is its slowest read: one round trip plus its compute when every read is one
// call to the database.
import type { Client } from '@libsql/client';
import { createApp } from '../../functions/_api/app';
import { libsqlDb } from '../../functions/_api/db/client';
import type { Bindings } from '../../functions/_api/env';
import { recordDriverCalls } from './driver-calls';
import { requestAs, type HotRequest, type Role } from './hot-requests';

const DRIVER_METHODS = ['execute', 'batch', 'executeMultiple', 'transaction', 'migrate'] as const;

/** `client` with `ms` of waiting before each of its calls reaches the database. */
export function remoteClient(client: Client, ms: number): Client {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || !(DRIVER_METHODS as readonly (string | symbol)[]).includes(prop)) return value;
      return async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, ms));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export type Page = { name: string; requests: HotRequest[]; before?: () => Promise<unknown> };
export type PageTime = { name: string; ms: number; trips: number[] };

/** Median wall time of each page's reads sent at once, over `runs` runs, and the database calls each read made. */
export async function measurePages(
  client: Client,
  env: Bindings,
  cookies: Record<Role, string | null>,
  pages: Page[],
  opts: { roundTripMs: number; runs: number },
): Promise<PageTime[]> {
  const app = createApp({ db: () => libsqlDb(remoteClient(client, opts.roundTripMs)), quietLogs: true });
  const call = (p: string, init?: RequestInit) => app.request(p, init, env);
  const recorder = recordDriverCalls(client);
  const out: PageTime[] = [];
  const send = async (page: Page, req: HotRequest) => {
    const res = await requestAs(call, cookies, req);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${page.name}: ${req.path} answered ${res.status}`);
  };
  try {
    for (const page of pages) {
      // Database calls of each read alone, in the state the page meets (`before`).
      const trips: number[] = [];
      for (const req of page.requests) {
        await page.before?.();
        trips.push((await recorder.during(() => send(page, req))).calls.length);
      }
      const times: number[] = [];
      for (let run = 0; run < opts.runs; run++) {
        await page.before?.();
        const started = performance.now();
        await Promise.all(page.requests.map((req) => send(page, req)));
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      out.push({ name: page.name, ms: times[Math.floor(times.length / 2)]!, trips });
    }
  } finally {
    recorder.restore();
  }
  return out;
}
