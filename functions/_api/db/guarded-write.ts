// "A lost race writes nothing", as one mechanism for the whole server. A guarded write is a statement that decides
// (an update or insert whose WHERE holds only while nothing changed meanwhile: a booking's status, a pending payment,
// a chef's status) and the statements that must share its fate (history, audit and notification rows, refunds,
// ledger lines). They run in one db.batch: right after the guard a witness row is written only if the guard changed
// a row (SQLite's changes(), read once, right there), every dependent statement is conditioned on that row, and the
// batch's last statement removes it again. Unlike a chain of changes() checks, a dependent may write no row or many
// (releasing a day hold that is not there) without cutting off the statements after it.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { randomToken } from '../lib/crypto';
import type { DB } from './client';
import { writeWitnesses } from './schema/system';

/** SQL that is true only inside the batch whose guarded statement won its race. */
export type Witness = SQL;

export type BatchStatements = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

export type GuardedWrite = {
  /** True only inside the batch, after the guard, when the guard changed a row: the condition of every dependent. */
  witness: Witness;
  /**
   * The batch: `guard` first (so the batch's first result is the guard's, e.g. its `.returning()` rows: empty means
   * the race was lost and nothing was written), the witness, the `dependents` — each conditioned on the witness —
   * and the witness's removal. Results: [guard, witness, ...dependents, removal]. Statements that do not depend on
   * the guard may follow in the same batch.
   */
  statements(guard: BatchItem<'sqlite'>, dependents: BatchItem<'sqlite'>[]): BatchStatements;
};

/** A new guarded write: take its witness for the dependent statements, then build the batch with `statements`. */
export function guardedWrite(db: DB): GuardedWrite {
  const token = randomToken(18);
  return {
    witness: sql`exists (select 1 from write_witnesses gw where gw.token = ${token})`,
    statements: (guard, dependents) => [
      guard,
      db.insert(writeWitnesses).select(sql`select ${token} where changes() > 0`),
      ...dependents,
      db.delete(writeWitnesses).where(eq(writeWitnesses.token, token)),
    ],
  };
}
