// The benchmark's workerd section: the real Pages Functions bundle (`wrangler pages functions build`) running in
// workerd through Miniflare, over a local D1 database loaded from the benchmark's libSQL database, measured over HTTP:
// menus near with the isolate's result cache warm (the same call again) and cold (a catalogue write before each call,
// untimed), the CPU time of the workerd process per request (it also runs D1's SQLite), and throughput against the
// same bundle's /v1/ping.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@libsql/client';
import { Miniflare } from 'miniflare';
import { ROOT } from '../lib/node-platform';
import { tableInserts, tablesToCopy } from '../lib/sql-dump';
import { measureThroughput, type Throughput } from './http';
import { percentile } from './in-process';

export type WorkerdTimings = { p50: number; p99: number; cpuMs: number };
export type WorkerdResult = { warm: WorkerdTimings; cold: WorkerdTimings; ping: Throughput; near: Throughput; loadMs: number };

type D1 = Awaited<ReturnType<Miniflare['getD1Database']>>;

/** The migrations, in the journal's order, as single statements. */
function migrationStatements(): string[] {
  const dir = path.join(ROOT, 'migrations');
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.flatMap((e) =>
    readFileSync(path.join(dir, `${e.tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** Migrates D1 and loads every row of `source` into it in one batch; the triggers build what they derive. */
async function load(d1: D1, source: Client): Promise<void> {
  await d1.batch(migrationStatements().map((s) => d1.prepare(s)));
  const inserts: string[] = [];
  for (const table of await tablesToCopy(source)) inserts.push(...(await tableInserts(source, table, 100)));
  await d1.batch(['PRAGMA defer_foreign_keys = on', ...inserts].map((s) => d1.prepare(s)));
}

/** CPU seconds used so far by the workerd process that Miniflare started (utime + stime from /proc). */
function workerdCpu(): () => number {
  const pid = execFileSync('pgrep', ['-P', String(process.pid), '-x', 'workerd']).toString().trim().split('\n')[0];
  const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
  return () => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  };
}

export async function measureWorkerd(opts: {
  bundle: string;
  source: Client;
  persist: string;
  path: string;
  iterations: number;
  sessionSecret: string;
  log: (line: string) => void;
}): Promise<WorkerdResult> {
  const mf = new Miniflare({
    modules: true,
    scriptPath: opts.bundle,
    // Module names are paths below this; the bundle lives in a temporary directory outside the project.
    modulesRoot: path.dirname(opts.bundle),
    compatibilityDate: '2026-04-01',
    compatibilityFlags: ['nodejs_compat'],
    d1Databases: { DB: 'bench' },
    d1Persist: opts.persist,
    kvNamespaces: ['KV'],
    r2Buckets: ['FILES'],
    bindings: { APP_ENV: 'development', PUBLIC_URL: 'http://localhost', LAUNCH_MODE: 'live', SESSION_SECRET: opts.sessionSecret },
    // Pages' static assets: the /v1 calls measured here never reach them.
    serviceBindings: { ASSETS: () => new Response('Not found.', { status: 404 }) },
    // The app logs a line per request; a failed request shows in its status.
    handleRuntimeStdio(stdout, stderr) {
      stdout.resume();
      stderr.resume();
    },
  });
  try {
    const base = await mf.ready;
    const d1 = await mf.getD1Database('DB');
    const started = Date.now();
    await load(d1, opts.source);
    const loadMs = Date.now() - started;
    opts.log(`workerd: D1 loaded in ${(loadMs / 1000).toFixed(1)} s`);
    const cpu = workerdCpu();
    const url = new URL(opts.path, base).href;
    const get = async () => {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`workerd: ${opts.path} answered ${res.status}`);
    };
    const bump = () => d1.prepare("update data_versions set version = random() >> 11 where name = 'catalog'").run();

    /** p50 and p99 of `n` timed calls, and the workerd CPU per call (less what `before` alone costs). */
    const measure = async (n: number, before?: () => Promise<unknown>): Promise<WorkerdTimings> => {
      for (let i = 0; i < Math.min(50, n); i++) {
        await before?.();
        await get();
      }
      const samples: number[] = [];
      const cpu0 = cpu();
      for (let i = 0; i < n; i++) {
        await before?.();
        const t = performance.now();
        await get();
        samples.push(performance.now() - t);
      }
      let used = cpu() - cpu0;
      if (before) {
        const b0 = cpu();
        for (let i = 0; i < n; i++) await before();
        used -= cpu() - b0;
      }
      samples.sort((a, b) => a - b);
      return { p50: percentile(samples, 50), p99: percentile(samples, 99), cpuMs: (used * 1000) / n };
    };
    const cold = await measure(opts.iterations, bump);
    const warm = await measure(opts.iterations);
    const [ping, near] = await measureThroughput(base.href.replace(/\/$/, ''), ['/v1/ping', opts.path], { seconds: 5, rounds: 2, connections: 10 });
    return { warm, cold, ping: ping!, near: near!, loadMs };
  } finally {
    await mf.dispose();
  }
}
