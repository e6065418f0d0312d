// Statements as text, sent straight to the driver. A read whose SQL is large and nested (menus near) paid Drizzle's
// walk over its pieces on every call, and then Drizzle's batch and row mapping around the driver's, more than the rest
// of its JavaScript: its text is written once per query shape (with sql.placeholder() for every value that varies
// within a shape), later calls only bind their values, and readBatch() sends the texts as one batch of the driver.
import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Client } from '@libsql/client';
import type { D1Database } from '@cloudflare/workers-types';
import type { DB } from './client';

/** Both drivers speak SQLite with `?` parameters: one dialect writes the text for either. */
const dialect = new SQLiteAsyncDialect();

/** A statement's text and its bound values. */
export type Statement = { sql: string; args: unknown[] };

/** The text of a statement without placeholders (fixed text such as the settings read). */
export function statementOf(query: SQL): Statement {
  const { sql, params } = dialect.sqlToQuery(query);
  return { sql, args: params };
}

/**
 * A bound value of a statement written once: a constant, or the value named by a placeholder (mapped to the driver
 * by its column's encoder when it stands for a typed param). Worked out when the text is written, so binding a call's
 * values is a loop over them (drizzle's fillPlaceholders checks every parameter's class on every call).
 */
type Bound = { value: unknown } | { name: string; encode?: (value: unknown) => unknown };

function boundOf(param: unknown): Bound {
  if (is(param, Placeholder)) return { name: param.name };
  if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encode: (value) => param.encoder.mapToDriverValue(value) };
  return { value: param };
}

export class ShapedStatements {
  readonly #built = new Map<string, { sql: string; bound: Bound[] }>();

  /** Shapes kept (each a few KB of text); past that the map starts afresh. */
  constructor(readonly maxShapes = 200) {}

  /**
   * The statement of `shape` with `values` bound: `build` writes it (once per shape) with a placeholder for each
   * value, which `values` names. `shape` must name everything else the text depends on.
   */
  statement(shape: string, build: () => SQL, values: Record<string, unknown>): Statement {
    let built = this.#built.get(shape);
    if (!built) {
      const { sql, params } = dialect.sqlToQuery(build());
      built = { sql, bound: params.map(boundOf) };
      if (this.#built.size >= this.maxShapes) this.#built.clear();
      this.#built.set(shape, built);
    }
    const args = built.bound.map((b) => {
      if ('value' in b) return b.value;
      if (!(b.name in values)) throw new Error(`No value for placeholder "${b.name}" was provided`);
      return b.encode ? b.encode(values[b.name]) : values[b.name];
    });
    return { sql: built.sql, args };
  }
}

export type Row = Record<string, unknown>;

const clientOf = (db: DB) => (db as unknown as { $client: Client | D1Database }).$client;

/**
 * Whether a blob column reaches readBatch()'s rows as its bytes (an ArrayBuffer: libSQL). D1 hands a blob over as an
 * array of numbers, one per byte, so a large value is better read from D1 as text.
 */
export const blobsAsBytes = (db: DB): boolean => 'execute' in clientOf(db);

/**
 * The rows of each statement, by column name, in one round trip: one batch of the driver under `db` (libSQL or D1),
 * as db.batch() sends it, without Drizzle's query objects and row mapping.
 */
export async function readBatch(db: DB, statements: readonly Statement[]): Promise<Row[][]> {
  const client = clientOf(db);
  if ('execute' in client) {
    const results = await client.batch(statements.map((s) => ({ sql: s.sql, args: s.args as never })));
    return results.map((r) => r.rows as unknown as Row[]);
  }
  const results = await client.batch(statements.map((s) => client.prepare(s.sql).bind(...s.args)));
  return results.map((r) => r.results as Row[]);
}
