// `npm start`: one Node process serving the built SPA and /v1 on http://localhost:8787 (PORT overrides), over the
// embedded libSQL database (DATABASE_URL overrides) and Miniflare's KV and R2. Seeds demo data into an empty database.
// APP_ENV is production unless the environment says otherwise; `--local` (what `npm start` passes) makes development
// the default. A configuration that cannot run (config.ts readConfig) stops the server at start, naming what is missing.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createApp } from '../functions/_api/app';
import { observabilityProblems } from '../functions/_api/lib/observability';
import { htmlSecurityHeaders } from '../functions/_api/lib/security-headers';
import { nearMePage } from '../functions/_api/modules/seo/near-page.edge';
import { homePage } from '../functions/_api/modules/seo/prerender';
import { seoPage, sitemap } from '../functions/_api/modules/seo/seo.edge';
import { ConfigError, readConfig } from '../functions/_api/platform/config';
import { buildDeps } from '../functions/_api/platform/deps';
import { r2Files } from '../functions/_api/platform/files';
import { runSweep } from '../functions/_api/modules/sweep/sweep';
import { databaseUrl, nodeBindings, nodeListener, openDatabase, ROOT } from './lib/node-platform';
import { seedDatabase } from './seed/index';
import { MINUTE } from '#shared/time';

const port = Number(process.env.PORT ?? 8787);
if (process.argv.includes('--local')) process.env.APP_ENV ??= 'development';
const distDir = path.join(ROOT, 'dist');
const indexFile = path.join(distDir, 'index.html');

// `npm run dev` runs this file as the API behind Vite's dev server (API_ONLY=1); Vite serves the client then.
const apiOnly = process.env.API_ONLY === '1';
if (!apiOnly && !existsSync(indexFile)) {
  console.error('dist/index.html is missing: run `npm run build:web` first (npm start does it for you).');
  process.exit(1);
}

const { env, dispose } = await nodeBindings({ port });
let config;
try {
  config = readConfig(env, { database: true });
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`${err.message}\nSet them in the environment (README "Deploying"), or run \`npm start\` for a local development instance.`);
  await dispose();
  process.exit(1);
}
const dbUrl = databaseUrl();
const { client, db } = await openDatabase(dbUrl);

const production = config.appEnv === 'production';
const started = Date.now();
const seed = await seedDatabase(db, {
  files: r2Files(env.FILES),
  demo: !production && process.env.SEED_DEMO !== '0',
  regions: process.env.SEED_REGIONS === 'sample' ? 'sample' : 'full',
  log: (line) => console.log(`  seed: ${line}`),
});
if (seed.seeded) console.log(`Seeded the database in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
if (!env.TURNSTILE_SECRET_KEY) console.warn('Turnstile is not configured (TURNSTILE_SECRET_KEY): the bot check is skipped locally.');
for (const problem of observabilityProblems(env)) console.warn(`Not usable, so left off: ${problem}.`);

const api = createApp({ db: () => db, quietLogs: process.env.LOG_REQUESTS !== '1' });
const server = new Hono();

// Time-based booking states are right on read; this timer writes them down (expiry, completion, refunds to retry).
let sweeping = false;
const sweepTimer = setInterval(async () => {
  if (sweeping) return;
  sweeping = true;
  try {
    const r = await runSweep(buildDeps(env, { db: () => db, quietLogs: true }, 'sweep'));
    if (r.expired + r.payment_expired + r.completed + r.checkouts_ended + r.refunds_sent + r.digests_sent) console.log('sweep:', JSON.stringify(r));
  } catch (err) {
    console.error('sweep failed:', err);
  } finally {
    sweeping = false;
  }
}, MINUTE);
sweepTimer.unref();

// Every request reaches this server through nodeListener (below), which drops a client's cf-* headers and sets x-real-ip.
server.all('/v1/*', (c) => api.fetch(c.req.raw, env));
const securityHeaders = Object.entries(htmlSecurityHeaders(env));
server.use('*', async (c, next) => {
  await next();
  for (const [k, v] of securityHeaders) c.header(k, v);
});
server.use('/assets/*', async (c, next) => {
  await next();
  if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
});
if (!apiOnly) {
  const platform = { db: () => db, quietLogs: true };
  const indexHtml = readFileSync(indexFile, 'utf8');
  // The same edge handlers as functions/index.ts, functions/chefs/[[path]].ts, functions/menus/nearme/[regionId].ts
  // and functions/sitemap.xml.ts on Pages.
  server.get('/sitemap.xml', (c) => sitemap(env, platform));
  server.get('/chefs/*', (c) => seoPage(c.req.raw, env, platform, async () => indexHtml));
  // Built files do not change while the server runs: each is read once.
  const builtFiles = new Map<string, string | null>();
  const builtFile = (file: string) => {
    if (!builtFiles.has(file)) builtFiles.set(file, existsSync(path.join(distDir, file)) ? readFileSync(path.join(distDir, file), 'utf8') : null);
    return builtFiles.get(file) ?? null;
  };
  const readBuilt = async (file: string) => builtFile(file);
  server.get('/', (c) => homePage(c.req.raw, readBuilt, env));
  server.get('/menus/nearme/:regionId', (c) => nearMePage(c.req.raw, env, platform, readBuilt));
  server.use('*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.' }));
  // Every other path is a client route: the SPA decides, including its own 404 page.
  server.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}

const httpServer = createServer(nodeListener(server.fetch));
httpServer.listen(port, process.env.HOST ?? '127.0.0.1', () => {
  const { port: listening } = httpServer.address() as AddressInfo;
  console.log(`\nYourLocalChef is running at http://localhost:${listening}  (database ${dbUrl})`);
  if (seed.accounts.length) {
    console.log('Demo accounts (password for all shown):');
    for (const a of seed.accounts) console.log(`  ${a.role.padEnd(10)} ${a.email}  /  ${a.password}`);
  }
});

async function shutdown() {
  clearInterval(sweepTimer);
  httpServer.close();
  client.close();
  await dispose();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
