// Builds the per-request dependencies from the runtime's bindings. Handlers take everything from here; nothing
// is a module-level singleton built from process.env. The local implementation of an outbound service is chosen
// when its secret is not configured, which readConfig() allows in development and tests only: a production
// configuration without the provider's secrets never gets this far (ConfigError).
import { createClient } from '@libsql/client/web';
import type { Bindings } from './bindings';
import { d1Db, libsqlDb, type DB } from '../db/client';
import { kvCache, type Cache } from './cache';
import { systemClock, type Clock } from './clock';
import { COMMON_SECURITY_HEADERS } from '../lib/security-headers';
import { ConfigError, readConfig, type Config } from './config';
import { r2Files, type Files } from './files';
import { observabilityOf } from '../lib/observability';
import { noErrorReporter, sentryReporter, type ErrorReporter } from './error-reporting';
import { createLogger, type Logger } from './log';
import { outboxMail, postmarkMail, type Mail } from './mail';
import { localPayments, type Payments } from './payments';
import { stripePayments } from './stripe-payments';
import { outboxSms, twilioSms, type Sms } from './sms';
import { noBotCheck, siteverifyTurnstile, type Turnstile } from './turnstile';

export type Deps = {
  db: DB;
  cache: Cache;
  files: Files;
  mail: Mail;
  sms: Sms;
  payments: Payments;
  turnstile: Turnstile;
  clock: Clock;
  log: Logger;
  config: Config;
  fetch: typeof fetch;
  errors: ErrorReporter;
  /**
   * Runs work after the answer has gone out (Workers: waitUntil; Node: the process outlives the response). For work
   * whose duration must not show in the answer's timing, such as the mail that only a known address gets, and the
   * reports to the error tracker. The one way to do so: nothing else calls waitUntil.
   */
  afterResponse(task: () => Promise<unknown>): void;
};

/** How the runtime keeps work alive after the response: the Workers execution context's waitUntil, when there is one. */
export type WaitUntil = (promise: Promise<unknown>) => void;

/** What a runtime adapter may provide instead of the bindings (the Node server's shared libSQL client, a test clock). */
export type Platform = {
  db?: (env: Bindings) => DB;
  clock?: Clock;
  fetch?: typeof fetch;
  quietLogs?: boolean;
};

// HTTP clients to Turso are cheap but not free; reuse one per URL within an isolate.
const remoteClients = new Map<string, DB>();

function databaseFor(env: Bindings): DB {
  if (env.DB) return d1Db(env.DB);
  if (env.LIBSQL_URL) {
    const key = `${env.LIBSQL_URL}#${env.LIBSQL_AUTH_TOKEN ?? ''}`;
    let db = remoteClients.get(key);
    if (!db) {
      db = libsqlDb(createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN }) as never);
      remoteClients.set(key, db);
    }
    return db;
  }
  throw new Error('No database configured: bind DB (D1) or set LIBSQL_URL.');
}

/** Throws ConfigError when the bindings cannot run (see readConfig); every caller turns it into a 503. */
export function buildDeps(env: Bindings, platform: Platform, requestId: string, waitUntil?: WaitUntil): Deps {
  const config = readConfig(env, { database: platform.db !== undefined });
  const doFetch = platform.fetch ?? ((input, init) => fetch(input, init));
  const log = createLogger({ requestId }, platform.quietLogs);
  const db = platform.db ? platform.db(env) : databaseFor(env);
  const sentry = observabilityOf(env).sentry;
  return {
    db,
    cache: kvCache(env.KV, log),
    files: r2Files(env.FILES),
    mail:
      env.POSTMARK_SERVER_TOKEN && env.MAIL_FROM
        ? postmarkMail({ serverToken: env.POSTMARK_SERVER_TOKEN, from: env.MAIL_FROM, messageStream: env.POSTMARK_MESSAGE_STREAM, fetch: doFetch, apiBase: env.POSTMARK_API_BASE })
        : outboxMail(db),
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? twilioSms({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, fetch: doFetch })
        : outboxSms(db),
    payments: env.STRIPE_SECRET_KEY
      ? stripePayments({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null, fetch: doFetch, apiBase: env.STRIPE_API_BASE })
      : localPayments(),
    turnstile: env.TURNSTILE_SECRET_KEY ? siteverifyTurnstile(env.TURNSTILE_SECRET_KEY, doFetch) : noBotCheck,
    clock: platform.clock ?? systemClock,
    log,
    config,
    fetch: doFetch,
    errors: sentry ? sentryReporter({ dsn: sentry, environment: config.appEnv, fetch: doFetch, log }) : noErrorReporter,
    afterResponse(task) {
      // Started now, so the work does not depend on the runtime calling back; failures are logged, never thrown.
      const running = Promise.resolve()
        .then(task)
        .catch((err) => log.error('after_response.failed', { error: String(err) }));
      waitUntil?.(running);
    },
  };
}

/** What every request gets while the configuration is incomplete; the log names the missing settings. */
export const UNAVAILABLE_MESSAGE = 'This site is not available right now: its configuration is incomplete.';

/** Logs which settings are missing (names only, never values): the operator's one clue, on every refused request. */
export function logConfigError(err: ConfigError, requestId: string): void {
  createLogger({ requestId }).error('config.incomplete', { app_env: err.appEnv, missing: err.missing });
}

/** The edge pages' deps, or their 503 while the configuration is incomplete (the API's is in app.ts onError). */
export async function withDeps(env: Bindings, platform: Platform, handle: (deps: Deps) => Promise<Response>): Promise<Response> {
  const requestId = crypto.randomUUID();
  let deps: Deps;
  try {
    deps = buildDeps(env, platform, requestId);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    logConfigError(err, requestId);
    return new Response(UNAVAILABLE_MESSAGE, { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...COMMON_SECURITY_HEADERS } });
  }
  return handle(deps);
}
