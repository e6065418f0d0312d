// `npm run preview:edge`: the real Pages Functions bundle in workerd via `wrangler pages dev`, over a local D1
// database migrated from migrations/ and seeded with the demo data, with KV and R2 from Miniflare.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { getPlatformProxy } from 'wrangler';
import { libsqlDb } from '../functions/_api/db/client';
import type { Bindings } from '../functions/_api/env';
import { r2Files } from '../functions/_api/platform/files';
import { seedDatabase } from './seed/index';
import { tableInserts, tablesToCopy } from './lib/sql-dump';

const root = path.resolve(import.meta.dirname, '..');
const stateDir = path.join(root, '.wrangler/preview');
const marker = path.join(stateDir, 'seeded');
const port = process.env.PORT ?? '8788';
const wrangler = (args: string[]) =>
  execFileSync(process.execPath, [path.join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });

execFileSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });

const dump = path.join(stateDir, 'seed.sql');
let pendingAccounts: Awaited<ReturnType<typeof seedDatabase>>['accounts'] | null = null;
if (!existsSync(marker)) {
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  console.log('Seeding a scratch libSQL database, then loading it into local D1…');
  const scratch = path.join(stateDir, 'scratch.db');
  const client = createClient({ url: `file:${scratch}` });
  const db = libsqlDb(client);
  await migrate(db, { migrationsFolder: path.join(root, 'migrations') });
  const proxy = await getPlatformProxy<Bindings>({ configPath: path.join(root, 'wrangler.toml'), persist: { path: path.join(stateDir, 'v3') } });
  const { accounts } = await seedDatabase(db, { files: r2Files(proxy.env.FILES), demo: true, regions: 'full', log: (l) => console.log(`  seed: ${l}`) });
  await proxy.dispose();

  // Every table as plain INSERTs; data_versions and what triggers derive (menus search and cards, full-text) are left out.
  const lines: string[] = ['PRAGMA defer_foreign_keys = on;'];
  for (const table of await tablesToCopy(client)) lines.push(...(await tableInserts(client, table)));
  client.close();
  writeFileSync(dump, lines.join('\n'));
  pendingAccounts = accounts;
}

// Every run: migrations added since the preview database was seeded apply to it too.
wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', stateDir]);
if (pendingAccounts) {
  wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--file', dump, '--yes']);
  writeFileSync(marker, JSON.stringify(pendingAccounts));
  console.log('Demo accounts:', pendingAccounts.map((a) => `${a.role} ${a.email} / ${a.password}`).join('; '));
}

const child = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/wrangler/bin/wrangler.js'),
    ...['pages', 'dev', 'dist', '--port', port, '--persist-to', stateDir],
    // A local development instance: production is the default everywhere else (README "Deploying").
    ...['--binding', 'APP_ENV=development', '--binding', `PUBLIC_URL=http://localhost:${port}`],
    ...['--binding', `SESSION_SECRET=${process.env.SESSION_SECRET ?? 'preview-only-secret-change-me-please'}`],
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } },
);
child.on('exit', (code) => process.exit(code ?? 0));
