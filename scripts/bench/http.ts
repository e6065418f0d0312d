// HTTP throughput of `npm start`'s server (scripts/serve.ts, started on a free port against the benchmark database):
// autocannon against Hono's /v1/ping and against menus near, alternating so that both see the same load.
import autocannon, { type Result } from 'autocannon';

export type Throughput = { path: string; rps: number; requests: number; non2xx: number; errors: number; p50Ms: number; p99Ms: number };

async function run(url: string, seconds: number, connections: number): Promise<Result> {
  return autocannon({ url, connections, duration: seconds, pipelining: 1 });
}

/** `rounds` alternating runs of `seconds` per path; totals per path. */
export async function measureThroughput(base: string, paths: string[], opts: { seconds: number; rounds: number; connections: number }): Promise<Throughput[]> {
  const totals = paths.map((path) => ({ path, requests: 0, seconds: 0, non2xx: 0, errors: 0, p50: [] as number[], p99: [] as number[] }));
  for (const path of paths) await run(base + path, 1, opts.connections); // warm-up
  for (let round = 0; round < opts.rounds; round++) {
    for (const t of totals) {
      const r = await run(base + t.path, opts.seconds, opts.connections);
      t.requests += r.requests.total ?? r.requests.average * r.duration;
      t.seconds += r.duration;
      t.non2xx += r.non2xx;
      t.errors += r.errors + r.timeouts;
      t.p50.push(r.latency.p50);
      t.p99.push(r.latency.p99);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return totals.map((t) => ({ path: t.path, rps: t.requests / t.seconds, requests: t.requests, non2xx: t.non2xx, errors: t.errors, p50Ms: mean(t.p50), p99Ms: mean(t.p99) }));
}
