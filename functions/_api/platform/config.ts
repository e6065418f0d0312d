// Static configuration derived from the bindings: environment, public origin, which providers are configured.
// Production is the default environment, and a production instance without its providers' secrets does not run:
// the local adapters (outbox mail and SMS, the free test checkout, no bot check) exist for development and tests
// only. Every absolute URL the app writes starts with the configured public origin, never with the request's Host.
import type { Bindings } from './bindings';

export type OAuthProvider = 'apple' | 'google' | 'facebook';
export type AppEnvName = 'production' | 'development' | 'test';

export type Config = {
  appEnv: AppEnvName;
  /** The public origin (scheme, host and port of PUBLIC_URL): mail links, OAuth redirects, canonical and sitemap URLs. */
  publicOrigin: string;
  /** The address mail comes from (MAIL_FROM, else noreply@ the public host); the organizer of calendar invites. */
  mailFrom: string;
  /** Origins whose writes count as same-site: the public origin and, locally, the loopback names of its port. */
  writeOrigins: ReadonlySet<string>;
  launchModeOverride: 'live' | 'prelaunch' | null;
  turnstileSiteKey: string | null;
  oauthProviders: OAuthProvider[];
};

const APP_ENVS: readonly AppEnvName[] = ['production', 'development', 'test'];
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Settings a production instance refuses to run without, by what they are for (the local adapters stand in elsewhere). */
export const PRODUCTION_SECRETS: readonly (keyof Bindings)[] = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'TURNSTILE_SITE_KEY',
  'TURNSTILE_SECRET_KEY',
  'POSTMARK_SERVER_TOKEN',
  'MAIL_FROM',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
];

/** The configuration cannot run: `missing` names each setting that is absent or invalid, never its value. */
export class ConfigError extends Error {
  constructor(
    readonly appEnv: string,
    readonly missing: string[],
  ) {
    super(`The configuration is incomplete (APP_ENV=${appEnv}): ${missing.join('; ')}.`);
    this.name = 'ConfigError';
  }
}

function publicOriginOf(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** What is missing or wrong, as names and rules (never values); empty when the instance can run. */
export function configProblems(env: Bindings, opts: { database: boolean }): { appEnv: string; missing: string[] } {
  const appEnv = env.APP_ENV ?? 'production';
  const missing: string[] = [];
  if (!APP_ENVS.includes(appEnv)) missing.push(`APP_ENV (one of ${APP_ENVS.join(', ')})`);
  const production = appEnv === 'production';
  const url = publicOriginOf(env.PUBLIC_URL);
  if (!url) missing.push('PUBLIC_URL (the public origin, e.g. https://www.example.ch)');
  else if (production && url.protocol !== 'https:') missing.push('PUBLIC_URL (must be https in production)');
  if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32) missing.push('SESSION_SECRET (32 characters or more)');
  if (!opts.database && !env.DB && !env.LIBSQL_URL) missing.push('a database (the D1 binding DB, or LIBSQL_URL)');
  if (!env.KV) missing.push('KV (KV namespace binding)');
  if (!env.FILES) missing.push('FILES (R2 bucket binding)');
  if (production) for (const name of PRODUCTION_SECRETS) if (!env[name]) missing.push(name);
  return { appEnv, missing };
}

function buildConfig(env: Bindings, opts: { database: boolean }): Config {
  const { appEnv, missing } = configProblems(env, opts);
  if (missing.length) throw new ConfigError(appEnv, missing);
  const url = publicOriginOf(env.PUBLIC_URL)!;
  const writeOrigins = new Set([url.origin]);
  // A person trying the app locally may type localhost or 127.0.0.1 for the same server; both are this instance.
  if (appEnv !== 'production' && LOOPBACK.includes(url.hostname)) {
    for (const host of LOOPBACK) writeOrigins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  const oauthProviders: OAuthProvider[] = [];
  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) oauthProviders.push('apple');
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) oauthProviders.push('google');
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) oauthProviders.push('facebook');
  return {
    appEnv: appEnv as AppEnvName,
    publicOrigin: url.origin,
    mailFrom: env.MAIL_FROM ?? `noreply@${url.hostname}`,
    writeOrigins,
    launchModeOverride: env.LAUNCH_MODE === 'live' || env.LAUNCH_MODE === 'prelaunch' ? env.LAUNCH_MODE : null,
    turnstileSiteKey: env.TURNSTILE_SECRET_KEY ? (env.TURNSTILE_SITE_KEY ?? null) : null,
    oauthProviders,
  };
}

// Bindings do not change within an isolate (or a Node process): validated once per bindings object, not per request.
const checked = new WeakMap<Bindings, Config | ConfigError>();

/**
 * The configuration of these bindings, or a ConfigError naming what is missing. `database` says the runtime brings
 * its own database (the Node server's libSQL client) instead of a binding.
 */
export function readConfig(env: Bindings, opts: { database: boolean } = { database: false }): Config {
  let result = checked.get(env);
  if (!result) {
    try {
      result = buildConfig(env, opts);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      result = err;
    }
    checked.set(env, result);
  }
  if (result instanceof ConfigError) throw result;
  return result;
}

/** An absolute URL on this site for a path such as /account/me/bookings/1. */
export const absoluteUrl = (config: Pick<Config, 'publicOrigin'>, path: string): string => `${config.publicOrigin}${path}`;
