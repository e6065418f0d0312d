// EXPLAIN QUERY PLAN for the statements a request ran: every table that grows with the marketplace must be reached
// through an index (SEARCH, or SCAN … USING INDEX), never read whole as a table (a bare SCAN). Without ANALYZE statistics SQLite's plans depend on the schema
// and the statement, not on the data, so a small test database shows the plans the big one would use.
import type { Client } from '@libsql/client';
import type { Statement } from './driver-calls';

/**
 * Tables whose size the product bounds (settings, vocabularies, editorial content): reading them whole is fine.
 * Every other table grows with users, chefs, menus or bookings.
 */
export const SMALL_TABLES = new Set(['settings', 'data_versions', 'list_items', 'popular_cities', 'faq_topics', 'faq_entries', 'content_pages', '__drizzle_migrations']);

export type PlanLine = { id: number; parent: number; detail: string };
export type FullScan = { table: string; detail: string; sql: string; plan: string[] };

export async function explain(client: Client, stmt: Statement): Promise<PlanLine[]> {
  const result = await client.execute({ sql: `explain query plan ${stmt.sql}`, args: stmt.args });
  return result.rows.map((r) => ({ id: Number(r.id), parent: Number(r.parent), detail: String(r.detail) }));
}

/** alias → table for the tables a statement names (`from "menus"`, `join menu_tags mt`, `join "images" "avatar_image"`). */
export function tableAliases(sql: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?(?:\s+(?:as\s+)?"?([a-z_][a-z0-9_]*)"?)?/gi;
  const keywords = new Set(['where', 'on', 'inner', 'left', 'join', 'group', 'order', 'limit', 'using', 'cross', 'natural', 'set', 'values', 'select', 'union', 'outer', 'as']);
  for (const m of sql.matchAll(re)) {
    const table = m[1]!.toLowerCase();
    const alias = m[2]?.toLowerCase();
    out.set(table, table);
    if (alias && !keywords.has(alias)) out.set(alias, table);
  }
  return out;
}

/**
 * The table scans in a plan: `SCAN <table>` of a table that is not small, without an index. Not counted: scans
 * through an index (`USING INDEX`, `USING COVERING INDEX`), scans of subquery results, CTEs, table-valued functions
 * (json_each) and constant rows, and a paged walk in primary-key order: the outermost loop of a statement that ends
 * in LIMIT and sorts nothing, which stops after one page.
 */
export function fullScans(stmt: Statement, plan: PlanLine[]): FullScan[] {
  const aliases = tableAliases(stmt.sql);
  const pagedWalk = /\blimit\s+(\?|\d+)(\s+offset\s+(\?|\d+))?\s*$/i.test(stmt.sql.trim()) && !plan.some((p) => /TEMP B-TREE/.test(p.detail));
  const scans: FullScan[] = [];
  for (const [i, line] of plan.entries()) {
    const m = /^SCAN (\S+)(.*)$/.exec(line.detail);
    if (!m) continue;
    const name = m[1]!.toLowerCase();
    if (name === 'constant' || /\bUSING (COVERING )?INDEX\b|VIRTUAL TABLE/.test(m[2]!)) continue;
    const table = aliases.get(name);
    if (!table || SMALL_TABLES.has(table)) continue; // a subquery, CTE or small table
    if (pagedWalk && i === 0 && line.parent === 0) continue;
    scans.push({ table, detail: line.detail, sql: stmt.sql, plan: plan.map((p) => p.detail) });
  }
  return scans;
}

/** Explains every statement once (transaction control is skipped) and returns the table scans found. */
export async function findFullScans(client: Client, statements: Statement[]): Promise<{ explained: number; scans: FullScan[] }> {
  const seen = new Set<string>();
  let explained = 0;
  const scans: FullScan[] = [];
  for (const stmt of statements) {
    const head = stmt.sql.trimStart().slice(0, 12).toLowerCase();
    if (seen.has(stmt.sql) || /^(begin|commit|rollback|pragma|savepoint|release)/.test(head)) continue;
    seen.add(stmt.sql);
    explained++;
    scans.push(...fullScans(stmt, await explain(client, stmt)));
  }
  return { explained, scans };
}
