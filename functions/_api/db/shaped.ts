// Statements written once per query shape. A read whose SQL is large and nested (menus near) pays Drizzle's walk over
// its pieces on every call, more than the rest of its JavaScript; built with sql.placeholder() for every value that
// varies within a shape, its text is made on the first call of the shape and later calls only bind their values.
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

/** Both drivers speak SQLite with `?` parameters: one dialect writes the text for either. */
const dialect = new SQLiteAsyncDialect();

type Built = { strings: readonly string[]; params: unknown[] };

export class ShapedStatements {
  readonly #built = new Map<string, Built>();

  /** Shapes kept (each a few KB of text); past that the map starts afresh. */
  constructor(readonly maxShapes = 200) {}

  /**
   * The statement of `shape` with `values` bound: `build` writes it (once per shape) with a placeholder for each
   * value, which `values` names. `shape` must name everything else the text depends on.
   */
  statement(shape: string, build: () => SQL, values: Record<string, unknown>): SQL {
    let built = this.#built.get(shape);
    if (!built) {
      const query = dialect.sqlToQuery(build());
      const strings = query.sql.split('?');
      // Each `?` is a parameter: the text itself has none (the statement's literals are ours).
      if (strings.length !== query.params.length + 1) throw new Error(`a statement of shape ${shape} has a "?" outside its parameters`);
      if (this.#built.size >= this.maxShapes) this.#built.clear();
      built = { strings, params: query.params };
      this.#built.set(shape, built);
    }
    return sql(built.strings as unknown as TemplateStringsArray, ...(fillPlaceholders(built.params, values) as unknown[]));
  }
}
