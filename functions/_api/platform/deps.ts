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

// The global fetch looked up when called, so a test's stub of globalThis.fetch is seen.
const globalFetch: typeof fetch = (input, init) => fetch(input, init);

/**
 * A request's dependencies. The outbound services (cache, files, mail, SMS, payments, bot check) are built on first
 * use, from the same bindings: most requests use none of them, and building all of them on every request was about a
 * tenth of /v1/ping's own CPU on Node. A class, so that the getters are made once, not per request.
 */
class RequestDeps implements Deps {
  readonly db: DB;
  readonly clock: Clock;
  readonly log: Logger;
  readonly config: Config;
  readonly fetch: typeof fetch;
  readonly errors: ErrorReporter;
  readonly afterResponse: Deps['afterResponse'];
  private readonly env: Bindings;
  private builtCache?: Cache;
  private builtFiles?: Files;
  private builtMail?: Mail;
  private builtSms?: Sms;
  private builtPayments?: Payments;
  private builtTurnstile?: Turnstile;

  constructor(env: Bindings, platform: Platform, requestId: string, waitUntil?: WaitUntil) {
    this.config = readConfig(env, { database: platform.db !== undefined });
    this.env = env;
    this.fetch = platform.fetch ?? globalFetch;
    const log = createLogger({ requestId }, platform.quietLogs);
    this.log = log;
    this.db = platform.db ? platform.db(env) : databaseFor(env);
    this.clock = platform.clock ?? systemClock;
    const sentry = observabilityOf(env).sentry;
    this.errors = sentry ? sentryReporter({ dsn: sentry, environment: this.config.appEnv, fetch: this.fetch, log }) : noErrorReporter;
    // A closure, not a method: callers take it out of the object (`const { afterResponse } = deps`).
    this.afterResponse = (task) => {
      // Started now, so the work does not depend on the runtime calling back; failures are logged, never thrown.
      const running = Promise.resolve()
        .then(task)
        .catch((err) => log.error('after_response.failed', { error: String(err) }));
      waitUntil?.(running);
    };
  }

  get cache(): Cache {
    return (this.builtCache ??= kvCache(this.env.KV, this.log));
  }
  get files(): Files {
    return (this.builtFiles ??= r2Files(this.env.FILES));
  }
  get mail(): Mail {
    const env = this.env;
    return (this.builtMail ??=
      env.POSTMARK_SERVER_TOKEN && env.MAIL_FROM
        ? postmarkMail({ serverToken: env.POSTMARK_SERVER_TOKEN, from: env.MAIL_FROM, messageStream: env.POSTMARK_MESSAGE_STREAM, fetch: this.fetch, apiBase: env.POSTMARK_API_BASE })
        : outboxMail(this.db));
  }
  get sms(): Sms {
    const env = this.env;
    return (this.builtSms ??=
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? twilioSms({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, fetch: this.fetch })
        : outboxSms(this.db));
  }
  get payments(): Payments {
    const env = this.env;
    return (this.builtPayments ??= env.STRIPE_SECRET_KEY
      ? stripePayments({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null, fetch: this.fetch, apiBase: env.STRIPE_API_BASE })
      : localPayments());
  }
  get turnstile(): Turnstile {
    return (this.builtTurnstile ??= this.env.TURNSTILE_SECRET_KEY ? siteverifyTurnstile(this.env.TURNSTILE_SECRET_KEY, this.fetch) : noBotCheck);
  }
}

/** Throws ConfigError when the bindings cannot run (see readConfig); every caller turns it into a 503. */
export function buildDeps(env: Bindings, platform: Platform, requestId: string, waitUntil?: WaitUntil): Deps {
  return new RequestDeps(env, platform, requestId, waitUntil);
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
