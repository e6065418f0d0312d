// `npm run db:versions`: writes a new migration that replaces the data version triggers with the ones generated from
// DATA_VERSIONED (functions/_api/db/data-versions.ts). Run it after changing that list: tests/perf/data-versions.test.ts
// fails while the migrated triggers differ from the list. Migrations that have landed are never edited.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { libsqlDb } from '../functions/_api/db/client';
import { dataVersionTriggers } from '../functions/_api/db/data-versions';
import { ROOT } from './lib/node-platform';

const dir = path.join(ROOT, 'migrations');
const client = createClient({ url: ':memory:' });
await migrate(libsqlDb(client), { migrationsFolder: dir });
const installed = (await client.execute("select name from sqlite_master where type = 'trigger' and sql like '%data_versions%' order by name")).rows.map((r) => String(r.name));
client.close();

const statements = [...installed.map((name) => `DROP TRIGGER IF EXISTS \`${name}\`;`), ...dataVersionTriggers().map((t) => `${t.sql};`)];
const journalFile = path.join(dir, 'meta/_journal.json');
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
const last = journal.entries.at(-1)!;
const idx = last.idx + 1;
const tag = `${String(idx).padStart(4, '0')}_data_version_triggers`;
writeFileSync(path.join(dir, `${tag}.sql`), `${statements.join('\n--> statement-breakpoint\n')}\n`);
// The migrator applies a migration whose `when` is later than the last one applied.
journal.entries.push({ idx, version: last.version, when: last.when + 1000, tag, breakpoints: true });
writeFileSync(journalFile, JSON.stringify(journal, null, 2));
// No table changes: the schema snapshot is the last one's, under a new id.
const snapshots = readdirSync(path.join(dir, 'meta')).filter((f) => f.endsWith('_snapshot.json')).sort();
const snapshot = JSON.parse(readFileSync(path.join(dir, 'meta', snapshots.at(-1)!), 'utf8')) as { id: string; prevId: string };
writeFileSync(path.join(dir, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`), JSON.stringify({ ...snapshot, prevId: snapshot.id, id: randomUUID() }, null, 2));
console.log(`wrote migrations/${tag}.sql: ${installed.length} triggers dropped, ${dataVersionTriggers().length} created`);
