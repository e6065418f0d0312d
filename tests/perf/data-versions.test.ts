// The cached reads (menus near, a menu's availability) are right only while every write that can change them changes
// a data version. DATA_VERSIONED (functions/_api/db/data-versions.ts) is the one list of the tables behind them: the
// migrated database must hold exactly the triggers generated from it, every trigger that writes a DERIVED table must
// fire only on writes that change the same version, and the cached reads must read no table outside these, found from
// the bytecode of every statement they run (each table or index a statement opens for reading).
import type { Client, InStatement } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { DATA_VERSIONED, DERIVED, dataVersionTriggers } from '../../functions/_api/db/data-versions';
import { NEAR_ME_QUERY } from '../../scripts/bench/hot-requests';
import { useHotRequestDb } from './support';
import { DAY } from '#shared/time';

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

/**
 * Why a trigger that writes a derived table could change it without changing its version (null when it cannot): it
 * must fire on a versioned table, for the same version, on an event (and columns) whose writes change it.
 */
function uncovered(trigger: { name: string; table: string; sql: string }): string | null {
  const derived = Object.keys(DERIVED).filter((t) => new RegExp(`(INTO|FROM|UPDATE) \`${t}\``).test(trigger.sql));
  if (!derived.length) return null;
  const rule = DATA_VERSIONED[trigger.table];
  if (!rule) return `${trigger.name} writes ${derived.join(', ')} on ${trigger.table}, which changes no version`;
  if (derived.some((t) => DERIVED[t] !== rule.version)) return `${trigger.name} writes ${derived.join(', ')} on a write that changes ${rule.version}`;
  const event = /AFTER (INSERT|UPDATE|DELETE)(?: OF ([^]*?))? ON /.exec(trigger.sql);
  if (!event) return `${trigger.name}: no AFTER INSERT, UPDATE or DELETE`;
  if (event[1] === 'INSERT') return rule.insert ? null : `${trigger.name}: inserts into ${trigger.table} change no version`;
  if (event[1] === 'DELETE') return rule.delete ? null : `${trigger.name}: deletes from ${trigger.table} change no version`;
  if (rule.update === true) return null;
  const columns = event[2]?.split(',').map((c) => c.trim().replace(/`/g, ''));
  const versioned = rule.update;
  if (!columns) return `${trigger.name} fires on every update of ${trigger.table}, its version only on ${versioned.join(', ')}`;
  const outside = columns.filter((c) => !versioned.includes(c));
  return outside.length ? `${trigger.name} fires on updates of ${outside.join(', ')}, which change no version` : null;
}

describe('the derived tables', () => {
  it('are written only by triggers on writes that change their version', async () => {
    const rows = (await db.client.execute("select name, tbl_name, sql from sqlite_master where type = 'trigger' order by name")).rows;
    const triggers = rows.map((r) => ({ name: String(r.name), table: String(r.tbl_name), sql: String(r.sql) }));
    const writers = triggers.filter((t) => Object.keys(DERIVED).some((d) => t.sql.includes(`\`${d}\``)));
    expect(writers.length).toBeGreaterThan(10);
    expect(triggers.map(uncovered).filter(Boolean)).toEqual([]);
  });

  it('would notice a trigger that does not', () => {
    const on = (table: string, when: string) => ({ name: 't', table, sql: `CREATE TRIGGER \`t\` AFTER ${when} ON \`${table}\` BEGIN DELETE FROM \`menu_search\`; END` });
    expect(uncovered(on('outbox', 'INSERT'))).toMatch(/changes no version/);
    expect(uncovered(on('bookings', 'INSERT'))).toMatch(/changes days/);
    expect(uncovered(on('users', 'UPDATE OF `email`'))).toMatch(/email, which change no version/);
    expect(uncovered(on('users', 'UPDATE'))).toMatch(/every update/);
    expect(uncovered(on('users', 'INSERT'))).toMatch(/inserts into users/);
    expect(uncovered(on('users', 'UPDATE OF `firstname`, `disabled_at`'))).toBeNull();
    expect(uncovered(on('menus', 'UPDATE'))).toBeNull();
  });
});

describe('the cached reads', () => {
  // Besides the versioned and derived tables: the versions themselves, and the live checkout holds (read on every
  // request).
  const allowed = new Set([...Object.keys(DATA_VERSIONED), ...Object.keys(DERIVED), 'data_versions', 'booking_day_holds']);

  it('read only tables whose writes change a data version: menus near, with every filter and a day', async () => {
    const day = new Date(db.h.clock.now().getTime() + 20 * DAY).toISOString().slice(0, 10);
    for (const query of [NEAR_ME_QUERY, `${NEAR_ME_QUERY}&search=menu&cuisines=italian&diets=vegan&allergies_exclude=nuts&date=${day}&currency=EUR&locale=de`]) {
      const tables = await readsOf(`/v1/menus/near/${db.ids.regionId}?${query}`);
      expect(tables.has('menu_search') && tables.has('menu_cards'), 'the search table and the cards are read').toBe(true);
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
