// workerd harness: the same app inside the Workers runtime with D1, KV and R2 bindings from vitest-pool-workers.
import { applyD1Migrations, env as testEnv } from 'cloudflare:test';
import { createApp } from '../../functions/_api/app';
import { d1Db } from '../../functions/_api/db/client';
import type { Bindings } from '../../functions/_api/env';
import { manualClock } from '../../functions/_api/platform/clock';
import { inProcess, requestHelpers, START, TEST_ORIGIN, type Harness } from './harness';

export async function createHarness(extraEnv: Partial<Bindings> = {}): Promise<Harness> {
  const raw = testEnv as unknown as Bindings & { TEST_MIGRATIONS: unknown[] };
  await applyD1Migrations(raw.DB as never, raw.TEST_MIGRATIONS as never);
  const env = { ...raw, PUBLIC_URL: TEST_ORIGIN, SESSION_SECRET: 'test-secret-test-secret-test-secret!', ...extraEnv } as Bindings;
  const db = d1Db(env.DB!);
  const clock = manualClock(START);
  const app = createApp({ clock, quietLogs: true });
  return { runtime: 'workers', db, env, clock, ...requestHelpers(inProcess(app, env)), async close() {} };
}
