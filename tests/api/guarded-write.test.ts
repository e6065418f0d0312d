// The one mechanism behind "a lost race writes nothing" (db/guarded-write.ts), in both runtimes: the dependents of a
// guard that won are all written, even after one that writes no row (where a chain of changes() checks would stop);
// a guard that lost writes none of them; two guarded writes of one batch each follow their own guard; the witness
// leaves last_insert_rowid() to the guarded insert; and no witness outlives its batch.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { guardedWrite, type Witness } from '../../functions/_api/db/guarded-write';
import { listItems } from '../../functions/_api/db/schema/lists';
import { auditLog, settings, writeWitnesses } from '../../functions/_api/db/schema/system';
import { insertSelect, param } from '../../functions/_api/modules/notifications/notify.service';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';

const h = useHarness();

const KEY = 'guarded_write_test';
beforeEach(async () => {
  await h.db.delete(auditLog);
  await h.db.delete(settings).where(eq(settings.key, KEY));
  await h.db.insert(settings).values({ key: KEY, value: 'old', updatedAt: START });
});

/** An audit row with `action`, written only with the witness; its target is whatever `target` says inside the batch. */
const logged = (w: Witness, action: string, target: ReturnType<typeof sql> = sql`null`) =>
  insertSelect(h.db, auditLog, { action: param(auditLog.action, action), targetType: param(auditLog.targetType, 'test'), targetId: target, createdAt: param(auditLog.createdAt, START) }, sql`where ${w}`);

/** The guard: the setting changes from `from` to `to`, only while it still is `from`. */
const change = (from: string, to: string) =>
  h.db
    .update(settings)
    .set({ value: to })
    .where(sql`${settings.key} = ${KEY} and json_extract(${settings.value}, '$') = ${from}`)
    .returning({ key: settings.key });

const actions = async () => (await h.db.select({ action: auditLog.action }).from(auditLog).orderBy(auditLog.id)).map((r) => r.action);
const witnesses = async () => (await h.db.select().from(writeWitnesses)).length;

describe('a guarded write', () => {
  it('writes every dependent of a guard that won, also after a dependent that wrote no row', async () => {
    const write = guardedWrite(h.db);
    const [won] = await h.db.batch(
      write.statements(change('old', 'new'), [
        logged(write.witness, 'first'),
        // Changes nothing: a changes() chain would drop everything after it.
        h.db.update(settings).set({ value: 'never' }).where(sql`${settings.key} = 'no such key' and ${write.witness}`),
        logged(write.witness, 'second'),
      ]),
    );
    expect(won).toHaveLength(1);
    expect(await actions()).toEqual(['first', 'second']);
    expect(await witnesses()).toBe(0);
  });

  it('writes nothing for a guard that lost its race', async () => {
    const write = guardedWrite(h.db);
    const [lost] = await h.db.batch(write.statements(change('stale', 'new'), [logged(write.witness, 'first'), logged(write.witness, 'second')]));
    expect(lost).toHaveLength(0);
    expect(await actions()).toEqual([]);
    expect((await h.db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY)))[0]!.value).toBe('old');
    expect(await witnesses()).toBe(0);
  });

  it('keeps two racing writes of one batch apart: the second sees the first one’s result and writes nothing', async () => {
    const a = guardedWrite(h.db);
    const b = guardedWrite(h.db);
    const results = await h.db.batch([...a.statements(change('old', 'a'), [logged(a.witness, 'a')]), ...b.statements(change('old', 'b'), [logged(b.witness, 'b')])]);
    expect([results[0], results[4]]).toEqual([[{ key: KEY }], []]);
    expect(await actions()).toEqual(['a']);
    expect(await witnesses()).toBe(0);
  });

  it('leaves last_insert_rowid() to a guarded insert, for a dependent naming the new row', async () => {
    const write = guardedWrite(h.db);
    const [inserted] = await h.db.batch(
      write.statements(h.db.insert(listItems).values({ kind: 'diet', key: `guarded-${Date.now()}`, names: { en: 'Guarded' }, position: 99 }).returning({ id: listItems.id }), [
        logged(write.witness, 'created', sql`cast(last_insert_rowid() as text)`),
      ]),
    );
    const [row] = await h.db.select({ targetId: auditLog.targetId }).from(auditLog);
    expect(row!.targetId).toBe(String(inserted[0]!.id));
  });
});
