// A libSQL database's rows as plain INSERT statements with literal values (D1 binds at most 100 parameters per
// statement, literals have no such limit), for loading into D1: the edge preview (scripts/preview-edge.ts) and the
// benchmark's workerd section. Tables that triggers fill while the rows load are left out.
import type { Client } from '@libsql/client';
import { DERIVED } from '../../functions/_api/db/data-versions';

export const sqlLiteral = (v: unknown): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (v instanceof ArrayBuffer) return `X'${Buffer.from(v).toString('hex')}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
};

/**
 * The tables to copy: not SQLite's, Drizzle's or D1's own, not data_versions (its migration writes the rows and
 * triggers change them while the rows load), and not what triggers derive from the rows: the menus search and card
 * tables (DERIVED), full-text tables (user_search, chef_search) and their shadow tables (user_search_data, _idx, …).
 * The served regions come last: their triggers then write each menu's search rows once, from its finished rows,
 * instead of again for each of its tags and tiers.
 */
export async function tablesToCopy(client: Client): Promise<string[]> {
  const derived = Object.keys(DERIVED)
    .map((t) => `'${t}'`)
    .join(', ');
  const rs = await client.execute(`select name from sqlite_master m where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' and name not like '_cf_%'
    and name not in ('data_versions', ${derived})
    and not exists (select 1 from sqlite_master v where v.sql like 'CREATE VIRTUAL TABLE%' and (m.name = v.name or m.name like v.name || '\\_%' escape '\\'))
    order by name = 'chef_regions', rowid`);
  return rs.rows.map((r) => String(r.name));
}

/** INSERT statements for every row of `table`, `rowsPerStatement` rows each. */
export async function tableInserts(client: Client, table: string, rowsPerStatement = 1): Promise<string[]> {
  const rs = await client.execute(`select * from "${table}"`);
  const head = `insert into "${table}" (${rs.columns.map((c) => `"${c}"`).join(', ')}) values `;
  const out: string[] = [];
  for (let i = 0; i < rs.rows.length; i += rowsPerStatement) {
    const rows = rs.rows.slice(i, i + rowsPerStatement).map((row) => `(${rs.columns.map((c) => sqlLiteral(row[c])).join(', ')})`);
    out.push(`${head}${rows.join(', ')};`);
  }
  return out;
}
