// Statements as text, sent straight to the driver. A read whose SQL is large and nested (menus near) paid Drizzle's
// walk over its pieces on every call, and then Drizzle's batch and row mapping around the driver's, more than the rest
// of its JavaScript: its text is written once per query shape (with sql.placeholder() for every value that varies
// within a shape), later calls only bind their values, and readRows() sends the text straight to the driver.
import { is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Client } from '@libsql/client';
import type { D1Database } from '@cloudflare/workers-types';
import type { DB } from './client';

/** Both drivers speak SQLite with `?` parameters: one dialect writes the text for either. */
const dialect = new SQLiteAsyncDialect();

/** A statement's text and its bound values. */
export type Statement = { sql: string; args: unknown[] };

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
 * Whether a blob column reaches readRows()' rows as its bytes (an ArrayBuffer: libSQL). D1 hands a blob over as an
 * array of numbers, one per byte, so a large value is better read from D1 as text.
 */
export const blobsAsBytes = (db: DB): boolean => 'execute' in clientOf(db);

/**
 * The rows of one statement, by column name, in one round trip: one call of the driver under `db` (libSQL or D1),
 * without Drizzle's query objects and row mapping. A single statement reads one snapshot of the database, so it needs
 * no transaction (a batch's costs two more statements).
 */
export async function readRows(db: DB, statement: Statement): Promise<Row[]> {
  const client = clientOf(db);
  if ('execute' in client) return (await client.execute({ sql: statement.sql, args: statement.args as never })).rows as unknown as Row[];
  return (await client.prepare(statement.sql).bind(...statement.args).all()).results as Row[];
}
