// The cached reads (menus near, a menu's availability) are right only while every write that can change them changes
// a data version. DATA_VERSIONED (functions/_api/db/data-versions.ts) is the one list of the tables behind them: the
// migrated database must hold exactly the triggers generated from it, and the cached reads must read no table outside
// it, found from the bytecode of every statement they run (each table or index a statement opens for reading).
import type { Client, InStatement } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { DATA_VERSIONED, dataVersionTriggers } from '../../functions/_api/db/data-versions';
import { NEAR_ME_QUERY } from '../../scripts/bench/hot-requests';
import { useHotRequestDb } from './support';

const db = useHotRequestDb();

/** The tables a statement reads: the root pages its OpenRead instructions open, as tables (an index as its table). */
async function tablesRead(client: Client, stmt: InStatement): Promise<string[]> {
  const roots = new Map((await client.execute("select rootpage, tbl_name from sqlite_master where rootpage > 0")).rows.map((r) => [Number(r.rootpage), String(r.tbl_name)]));
  const program = await client.execute(typeof stmt === 'string' ? `explain ${stmt}` : { sql: `explain ${stmt.sql}`, args: stmt.args });
  return [...new Set(program.rows.filter((r) => r.opcode === 'OpenRead').map((r) => roots.get(Number(r.p2)) ?? `rootpage ${r.p2}`))];
}

/** Every table the request reads, with the statements it ran (it must build its answer, not serve a cached one). */
async function readsOf(path: string) {
  const { result, calls } = await db.recorder.during(() => db.h.request(path));
  expect(result.status, path).toBe(200);
  const tables = new Set<string>();
  for (const call of calls) for (const s of call.statements) for (const t of await tablesRead(db.client, s)) tables.add(t);
  return tables;
}

describe('data version triggers', () => {
  it('are exactly the ones generated from DATA_VERSIONED', async () => {
    const rows = (await db.client.execute("select name, sql from sqlite_master where type = 'trigger' and sql like '%data_versions%' order by name")).rows;
    const installed = rows.map((r) => ({ name: String(r.name), sql: String(r.sql) }));
    const generated = dataVersionTriggers().sort((a, b) => a.name.localeCompare(b.name));
    expect(installed).toEqual(generated);
  });
});

describe('the cached reads', () => {
  // Besides the versioned tables: the versions themselves, and the live checkout holds (read on every request).
  const allowed = new Set([...Object.keys(DATA_VERSIONED), 'data_versions', 'booking_day_holds']);

  it('read only tables whose writes change a data version: menus near, with every filter and a day', async () => {
    const day = new Date(db.h.clock.now().getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    for (const query of [NEAR_ME_QUERY, `${NEAR_ME_QUERY}&search=menu&cuisines=italian&diets=vegan&allergies_exclude=nuts&date=${day}&currency=EUR&locale=de`]) {
      const tables = await readsOf(`/v1/menus/near/${db.ids.regionId}?${query}`);
      expect(tables.has('menu_search'), 'the search table is read').toBe(true);
      expect([...tables].filter((t) => !allowed.has(t)), query).toEqual([]);
    }
  });

  it("read only tables whose writes change a data version: a menu's availability", async () => {
    const tables = await readsOf(`/v1/menus/${db.ids.menuId}/availability`);
    expect(tables.has('availability_blocks')).toBe(true);
    expect([...tables].filter((t) => !allowed.has(t))).toEqual([]);
  });

  it('would notice a table outside the list', async () => {
    expect(await tablesRead(db.client, 'select count(*) from outbox')).toEqual(['outbox']);
    expect(allowed.has('outbox')).toBe(false);
  });
});
