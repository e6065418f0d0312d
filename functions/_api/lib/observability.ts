// Error reporting (Sentry) and analytics (Plausible) as the deployment configures them; each is off without its
// variable. The API, the session's app config (what the browser loads) and the HTML's CSP read them from here, so the
// browser may contact exactly the configured origins and no other.
import { parseDsn, TRACES_SAMPLE_RATE, type Dsn } from '#shared/sentry';

export type ObservabilityEnv = { SENTRY_DSN?: string; PLAUSIBLE_DOMAIN?: string; PLAUSIBLE_HOST?: string };

export type PlausibleConfig = { domain: string; origin: string; endpoint: string };

export type Observability = { sentry: Dsn | null; plausible: PlausibleConfig | null };

export const PLAUSIBLE_DEFAULT_HOST = 'https://plausible.io';

function plausibleOf(env: ObservabilityEnv): PlausibleConfig | null {
  const domain = env.PLAUSIBLE_DOMAIN?.trim();
  if (!domain) return null;
  let host: URL;
  try {
    host = new URL(env.PLAUSIBLE_HOST?.trim() || PLAUSIBLE_DEFAULT_HOST);
  } catch {
    return null;
  }
  if (host.protocol !== 'https:' && host.protocol !== 'http:') return null;
  return { domain, origin: host.origin, endpoint: `${host.origin}/api/event` };
}

const cache = new WeakMap<object, Observability>();

/** What is configured; the same bindings object is read once. */
export function observabilityOf(env: ObservabilityEnv): Observability {
  let found = cache.get(env);
  if (!found) {
    found = { sentry: parseDsn(env.SENTRY_DSN), plausible: plausibleOf(env) };
    cache.set(env, found);
  }
  return found;
}

/** The origins the browser sends to: the DSN's and Plausible's host, each once. */
export const observabilityOrigins = (o: Observability): string[] => [...new Set([o.sentry?.origin, o.plausible?.origin].filter((x): x is string => !!x))];

/** What the session's `app` hands the browser (the DSN's key is public by design); null for what is off. */
export function browserObservability(o: Observability, environment: string) {
  return {
    error_reporting: o.sentry ? { dsn: o.sentry.dsn, environment, traces_sample_rate: TRACES_SAMPLE_RATE } : null,
    analytics: o.plausible ? { provider: 'plausible' as const, domain: o.plausible.domain, endpoint: o.plausible.endpoint } : null,
  };
}

/** Settings that are set but cannot be used, by name (never the value), for the start-up warning. */
export function observabilityProblems(env: ObservabilityEnv): string[] {
  const o = observabilityOf(env);
  const problems: string[] = [];
  if (env.SENTRY_DSN?.trim() && !o.sentry) problems.push('SENTRY_DSN (https://<key>@<host>/<project id>)');
  if (env.PLAUSIBLE_DOMAIN?.trim() && !o.plausible) problems.push('PLAUSIBLE_HOST (an http(s) origin)');
  return problems;
}
