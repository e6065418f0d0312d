// The Node runtime adapter: the embedded libSQL database (migrated on start) and Miniflare's KV and R2 through
// wrangler's getPlatformProxy(), persisted under .wrangler/state.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createClient, type Client } from '@libsql/client';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { getPlatformProxy } from 'wrangler';
import { libsqlDb, type DB } from '../../functions/_api/db/client';
import type { Bindings } from '../../functions/_api/env';
import { PRODUCTION_SECRETS } from '../../functions/_api/platform/config';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DATA_DIR = path.join(ROOT, '.data');

/** Secrets and settings that may come from the environment, as on Cloudflare. */
const PASSTHROUGH: (keyof Bindings)[] = [
  'APP_ENV',
  'PUBLIC_URL',
  'SESSION_SECRET',
  'LAUNCH_MODE',
  ...PRODUCTION_SECRETS,
  'STRIPE_API_BASE',
  'POSTMARK_MESSAGE_STREAM',
  'POSTMARK_API_BASE',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_CLIENT_ID',
  'FACEBOOK_CLIENT_SECRET',
  'APPLE_CLIENT_ID',
  'APPLE_TEAM_ID',
  'APPLE_KEY_ID',
  'APPLE_PRIVATE_KEY',
  'SENTRY_DSN',
  'PLAUSIBLE_DOMAIN',
  'PLAUSIBLE_HOST',
];

export function databaseUrl(): string {
  return process.env.DATABASE_URL ?? `file:${path.relative(process.cwd(), path.join(DATA_DIR, 'app.db')) || '.data/app.db'}`;
}

export async function openDatabase(url = databaseUrl()): Promise<{ client: Client; db: DB }> {
  if (url.startsWith('file:')) mkdirSync(path.dirname(path.resolve(url.slice('file:'.length))), { recursive: true });
  // The busy timeout makes writers wait for another process's lock instead of failing. It goes in the config, not a
  // PRAGMA: the client keeps a pool of connections and a PRAGMA reaches only the one connection that ran it.
  const client = createClient({ url, timeout: 5000 });
  if (url.startsWith('file:')) {
    // WAL (kept in the file itself) lets readers proceed during writes.
    await client.execute('PRAGMA journal_mode = WAL');
    // Foreign keys are on in every connection of libSQL's build already (tests/unit/node-database.test.ts checks a
    // second pooled connection); the PRAGMA only says so for the first.
    await client.execute('PRAGMA foreign_keys = ON');
  }
  const db = libsqlDb(client);
  await migrate(db, { migrationsFolder: path.join(ROOT, 'migrations') });
  return { client, db };
}

/** Local runs generate the session signing secret once and keep it under .data/. */
function localSessionSecret(): string {
  mkdirSync(DATA_DIR, { recursive: true });
  const file = path.join(DATA_DIR, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * The bindings of a Node process: KV and R2 from Miniflare, everything else from the environment, as on Cloudflare.
 * APP_ENV is production unless the environment says otherwise (`npm start` says development, the test servers test);
 * only development and test runs get a generated session secret and, from `port`, their public origin.
 */
export async function nodeBindings(opts: { port?: number } = {}): Promise<{ env: Bindings; dispose: () => Promise<void> }> {
  process.env.WRANGLER_SEND_METRICS ??= 'false';
  const proxy = await getPlatformProxy<Bindings>({
    configPath: path.join(ROOT, 'wrangler.toml'),
    persist: { path: process.env.WRANGLER_STATE_DIR ?? path.join(ROOT, '.wrangler/state/v3') },
  });
  const env: Bindings = { ...proxy.env, DB: undefined };
  for (const key of PASSTHROUGH) {
    const value = process.env[key];
    if (value) (env as Record<string, unknown>)[key] = value;
  }
  if (env.APP_ENV === 'development' || env.APP_ENV === 'test') {
    env.SESSION_SECRET ??= localSessionSecret();
    if (opts.port) env.PUBLIC_URL ??= `http://localhost:${opts.port}`;
  }
  // Fault injection for the reliability suite: every KV call fails, as in a KV outage (the API must fall back).
  if (process.env.SIMULATE_KV_OUTAGE === '1') {
    console.warn('SIMULATE_KV_OUTAGE=1: every KV call fails.');
    env.KV = unavailableKv();
  }
  return { env, dispose: () => proxy.dispose() };
}

/** The parts of a Node request (node:http's IncomingMessage) that trustIncoming changes. */
export type NodeIncoming = { headers: Record<string, string | string[] | undefined>; rawHeaders: string[]; socket?: { remoteAddress?: string } };

/**
 * Makes a request of the Node server what the API may trust, before @hono/node-server's listener reads it. Rate limits
 * trust x-real-ip (and Cloudflare's cf-connecting-ip, which only Cloudflare can set), and a ray id in cf-ray becomes
 * the request id: so x-real-ip becomes the socket's address, and whatever cf-* headers a client sent itself are
 * dropped. Node's request object keeps its headers twice, as a list (`rawHeaders`) and by name (`headers`), and the
 * listener's light Request reads them from there when asked: both are changed in place. Changing the Request's
 * headers instead made it build a Headers object of Node's fetch on every API call, 0.06 to 0.09 ms of a rebuilt
 * menus near call (README, Performance).
 */
export function trustIncoming(incoming: NodeIncoming): void {
  const address = incoming.socket?.remoteAddress ?? 'unknown';
  const raw = incoming.rawHeaders;
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!name.startsWith('cf-') && name !== 'x-real-ip') kept.push(raw[i]!, raw[i + 1]!);
  }
  kept.push('x-real-ip', address);
  incoming.rawHeaders = kept;
  const { headers } = incoming;
  for (const name of Object.keys(headers)) if (name.startsWith('cf-')) delete headers[name];
  headers['x-real-ip'] = address;
}

/**
 * The Node server's request listener: `fetch` (a Hono app's) behind @hono/node-server's listener, every request made
 * trustworthy first (trustIncoming). `npm start` and the benchmark's in-process calls both go through this.
 */
export function nodeListener(fetch: (req: Request) => Response | Promise<Response>): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> {
  const listener = getRequestListener(fetch);
  return (incoming, outgoing) => {
    trustIncoming(incoming as NodeIncoming);
    return listener(incoming, outgoing);
  };
}

function unavailableKv(): Bindings['KV'] {
  const down = async () => {
    throw new Error('KV is unavailable (SIMULATE_KV_OUTAGE=1)');
  };
  return { get: down, getWithMetadata: down, put: down, delete: down, list: down } as unknown as Bindings['KV'];
}
