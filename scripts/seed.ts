// `npm run db:seed`: applies the migrations, then seeds the database at DATABASE_URL (default file:.data/app.db).
//   --no-demo          reference data only (regions, lists, settings, FAQ, pages), as in production
//   --regions=sample   only the demo cities and 20 other towns instead of every place in CH, DE, AT, FR and IT
// Images need object storage; this CLI has none, so they are skipped (`npm start` seeds with Miniflare's R2).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { libsqlDb } from '../functions/_api/db/client';
import { seedDatabase } from './seed/index';

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((a) => !['--no-demo', '--demo', '--regions=sample', '--regions=full'].includes(a));
if (unknown.length) {
  console.error(`Unknown option(s): ${unknown.join(' ')}\nUsage: tsx scripts/seed.ts [--no-demo] [--regions=sample|full]`);
  process.exit(2);
}

const url = process.env.DATABASE_URL ?? 'file:.data/app.db';
if (url.startsWith('file:')) mkdirSync(path.dirname(path.resolve(url.slice('file:'.length))), { recursive: true });

const started = Date.now();
const client = createClient({ url });
try {
  if (url.startsWith('file:')) {
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA busy_timeout = 5000');
    await client.execute('PRAGMA foreign_keys = ON');
  }
  const db = libsqlDb(client);
  await migrate(db, { migrationsFolder: path.resolve(import.meta.dirname, '../migrations') });
  console.log(`Migrated ${url}`);
  const result = await seedDatabase(db, {
    files: null,
    demo: !args.has('--no-demo'),
    regions: args.has('--regions=sample') ? 'sample' : 'full',
    log: (line) => console.log(`  seed: ${line}`),
  });
  console.log(result.seeded ? `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.` : 'The database was already seeded; nothing changed.');
  if (result.accounts.length) {
    console.log('Demo accounts:');
    for (const a of result.accounts) console.log(`  ${a.role.padEnd(9)} ${a.email}  /  ${a.password}`);
  }
} finally {
  client.close();
}
