// The Node server's file database (scripts/lib/node-platform.ts openDatabase): the client keeps a pool of
// connections, and foreign keys must hold on each of them, not only on the one that opened the database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../scripts/lib/node-platform';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ylc-node-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('openDatabase on a file', () => {
  it('enforces foreign keys on every connection, including one opened while a transaction holds another', async () => {
    const { client } = await openDatabase(`file:${path.join(dir, 'app.db')}`);
    try {
      const tx = await client.transaction('deferred');
      try {
        // The transaction holds the first connection, so this runs on a second one.
        await expect(client.execute({ sql: 'insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, 0, 0, 0)', args: ['x', 999_999] })).rejects.toThrow(/FOREIGN KEY/);
        await expect(tx.execute({ sql: 'insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, 0, 0, 0)', args: ['y', 999_999] })).rejects.toThrow(/FOREIGN KEY/);
      } finally {
        await tx.rollback();
      }
      expect((await client.execute('select count(*) as n from sessions')).rows[0]!.n).toBe(0);
    } finally {
      client.close();
    }
  });
});
