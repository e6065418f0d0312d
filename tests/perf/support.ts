// The database both performance tests read: the demo seed (plans without ANALYZE statistics depend on the schema, not
// on the amount of data), the ids and sign-in cookies of the hot requests, and a recorder of the driver's calls.
import type { Client } from '@libsql/client';
import { afterAll, beforeAll } from 'vitest';
import { createHarness } from '#harness';
import { START, type Harness } from '../support/harness';
import { recordDriverCalls } from '../../scripts/bench/driver-calls';
import { hotIds, roleCookies, type HotIds, type Role } from '../../scripts/bench/hot-requests';
import { DEMO_PASSWORD, seedDatabase } from '../../scripts/seed/index';

export interface HotRequestDb {
  h: Harness;
  client: Client;
  ids: HotIds;
  cookies: Record<Role, string | null>;
  recorder: ReturnType<typeof recordDriverCalls>;
}

/** Seeds a fresh harness before the file's tests and closes it after; the fields are set once `beforeAll` has run. */
export function useHotRequestDb(): HotRequestDb {
  const db = {} as HotRequestDb;
  beforeAll(async () => {
    db.h = await createHarness();
    await seedDatabase(db.h.db, { files: null, demo: true, regions: 'sample', now: START });
    db.client = (db.h.db as unknown as { $client: Client }).$client;
    db.ids = await hotIds(db.h.db, START);
    db.cookies = await roleCookies(db.h.request, DEMO_PASSWORD);
    db.recorder = recordDriverCalls(db.client);
  });
  afterAll(async () => {
    db.recorder?.restore();
    await db.h?.close();
  });
  return db;
}
