// `npm run db:seed`: applies the migrations, then seeds the database at DATABASE_URL (default file:.data/app.db).
//   --no-demo          reference data only (regions, lists, settings, FAQ, pages), as in production
//   --regions=sample   only the demo cities and 20 other towns instead of every place in CH, DE, AT, FR and IT
// Images need object storage; this CLI has none, so they are skipped (`npm start` seeds with Miniflare's R2).
import { databaseUrl, openDatabase } from './lib/node-platform';
import { seedDatabase } from './seed/index';

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((a) => !['--no-demo', '--demo', '--regions=sample', '--regions=full'].includes(a));
if (unknown.length) {
  console.error(`Unknown option(s): ${unknown.join(' ')}\nUsage: tsx scripts/seed.ts [--no-demo] [--regions=sample|full]`);
  process.exit(2);
}

const url = databaseUrl();
const started = Date.now();
// Opens (creating the folder), sets WAL and the busy timeout, and applies the migrations, as the server does.
const { client, db } = await openDatabase(url);
try {
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
