// Node harness: the app over libSQL :memory: migrated from migrations/, with KV and R2 from a Miniflare instance.
import path from 'node:path';
import { createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { Miniflare } from 'miniflare';
import { createApp } from '../../functions/_api/app';
import { libsqlDb } from '../../functions/_api/db/client';
import type { Bindings } from '../../functions/_api/env';
import { manualClock } from '../../functions/_api/platform/clock';
import { inProcess, requestHelpers, START, TEST_ORIGIN, type Harness } from './harness';

export async function createHarness(extraEnv: Partial<Bindings> = {}): Promise<Harness> {
  const client = createClient({ url: ':memory:' });
  const db = libsqlDb(client);
  await migrate(db, { migrationsFolder: path.resolve(import.meta.dirname, '../../migrations') });
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch() { return new Response(null, { status: 204 }) } }',
    kvNamespaces: ['KV'],
    r2Buckets: ['FILES'],
  });
  const env = {
    APP_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    KV: await mf.getKVNamespace('KV'),
    FILES: await mf.getR2Bucket('FILES'),
    SESSION_SECRET: 'test-secret-test-secret-test-secret!',
    ...extraEnv,
  } as unknown as Bindings;
  const clock = manualClock(START);
  const app = createApp({ db: () => db, clock, quietLogs: true });
  return {
    runtime: 'node',
    db,
    env,
    clock,
    ...requestHelpers(inProcess(app, env)),
    async close() {
      client.close();
      await mf.dispose();
    },
  };
}
