// Every hot request reads the tables that grow (users, chefs, menus, bookings, messages…) through indexes: the SQL
// each one really runs is captured at the driver and explained, and any table scan fails. Plans without ANALYZE
// statistics depend on the schema, not the data, so the demo seed shows what the 100,000-menu database does.
import { describe, expect, it } from 'vitest';
import { hotRequests, requestAs } from '../../scripts/bench/hot-requests';
import { explain, findFullScans, fullScans, tableAliases } from '../../scripts/bench/query-plans';
import { useHotRequestDb } from './support';

const db = useHotRequestDb();

describe('the plan check itself', () => {
  it('reports a query that reads a growing table whole, and not one that searches it by key', async () => {
    const scan = { sql: 'select id from "menus" where "name" = ?', args: ['x'] };
    expect(fullScans(scan, await explain(db.client, scan)).map((s) => s.table)).toEqual(['menus']);
    const search = { sql: 'select id from "menus" where "chef_id" = ? and "status" = ?', args: [1, 'published'] };
    expect(fullScans(search, await explain(db.client, search))).toEqual([]);
  });

  it('accepts a scan through an index and a paged walk in key order, not a sorted page over a whole table', async () => {
    const plans = async (sql: string, args: (string | number)[]) => fullScans({ sql, args }, await explain(db.client, { sql, args })).map((s) => s.table);
    expect(await plans('select count(*) from "menus"', [])).toEqual([]);
    expect(await plans('select id from "menus" order by id desc limit ?', [20])).toEqual([]);
    expect(await plans('select id from "menus" order by "name" limit ?', [20])).toEqual(['menus']);
    expect(await plans('select id from "menus" where "name" = ?', ['x'])).toEqual(['menus']);
  });

  it('resolves aliases to their tables and lets small tables be read whole', async () => {
    expect(tableAliases('select 1 from menu_tags mt join list_items li on li.id = mt.item_id left join "images" "avatar_image" on 1')).toEqual(
      new Map([
        ['menu_tags', 'menu_tags'],
        ['mt', 'menu_tags'],
        ['list_items', 'list_items'],
        ['li', 'list_items'],
        ['images', 'images'],
        ['avatar_image', 'images'],
      ]),
    );
    const aliased = { sql: 'select mt.menu_id from menu_tags mt where mt.item_id + 0 = ?', args: [1] };
    expect(fullScans(aliased, await explain(db.client, aliased)).map((s) => s.table)).toEqual(['menu_tags']);
    const small = { sql: 'select key, value from "settings"', args: [] };
    expect(fullScans(small, await explain(db.client, small))).toEqual([]);
  });
});

/**
 * Table scans still present in admin lists (super-user screens), each with what it needs. The test fails when one of
 * them is fixed (take it off this list) or when any other scan appears.
 */
const KNOWN_SCANS: Record<string, string[]> = {};

describe('hot requests reach every growing table through an index', () => {
  const names = hotRequests({ regionId: 0, chefUri: '', chefId: 0, menuId: 0, day: '' }).map((r) => r.name);
  it.each(names)('%s', async (name) => {
    const req = hotRequests(db.ids).find((r) => r.name === name)!;
    const { result, calls } = await db.recorder.during(() => requestAs(db.h.request, db.cookies, req));
    expect(result.status, `${req.path}: ${await result.clone().text()}`).toBe(200);
    const statements = calls.flatMap((c) => c.statements);
    expect(statements.length).toBeGreaterThan(0);
    const { explained, scans } = await findFullScans(db.client, statements);
    expect(explained).toBeGreaterThan(0);
    const tables = [...new Set(scans.map((s) => s.table))].sort();
    const known = KNOWN_SCANS[name] ?? [];
    expect(tables, scans.map((s) => `${s.detail}\n  in: ${s.sql.slice(0, 400)}\n  plan: ${s.plan.join(' | ')}`).join('\n')).toEqual(known);
  });
});
