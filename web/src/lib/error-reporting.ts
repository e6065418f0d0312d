// The browser's error reporter: Sentry's envelope API over fetch (shared/sentry.ts, shared with the API), a lazy chunk
// loaded only when the session's app config names a DSN. Once per page load it decides whether this visit is in the
// seed's 10% trace sample; then every /v1 call carries `sentry-trace` (a new span each) and `baggage`, and the API
// continues the trace. Unexpected errors (uncaught, unhandled rejections, render errors) are reported with the
// route's pattern and name, never the URL's values, the user or anything they typed.
import { baggageHeader, envelope, envelopeRequest, errorEvent, headSamplingContext, parseDsn, randomHex } from '#shared/sentry';
import type { Telemetry } from './api';
import type { AppConfig } from '../state/session';
import { findRoute } from './routes';

/** A page caught in a loop of errors sends this many, no more. */
export const MAX_REPORTS_PER_PAGE = 10;

/** The page's error listeners call whichever reporter is current; they are added once, however often it starts. */
let listening = false;

type Config = NonNullable<AppConfig['error_reporting']>;

export type ReporterEnv = { fetch: typeof fetch; random: () => number; pathname: () => string };

const browserEnv = (): ReporterEnv => ({ fetch: (input, init) => fetch(input, init), random: Math.random, pathname: () => window.location.pathname });

/**
 * Expected failures, shown to the person where they happened: the API's own errors (ApiError, known by its name so
 * that this chunk does not import the API client, which would split the startup chunks) and cancelled requests.
 */
const expected = (err: unknown) => (err instanceof Error || err instanceof DOMException) && (err.name === 'ApiError' || err.name === 'AbortError');

/** Fills the API client's `telemetry` hooks (handed in by boot.ts) and listens for uncaught errors. */
export function startErrorReporting(config: Config, telemetry: Telemetry, env: ReporterEnv = browserEnv()): void {
  const dsn = parseDsn(config.dsn);
  if (!dsn) return;
  const traceId = randomHex(16);
  const sampled = env.random() < config.traces_sample_rate;
  const dsc = headSamplingContext(dsn, traceId, config.environment, sampled);
  let reports = 0;

  telemetry.traceHeaders = (): Record<string, string> => (sampled ? { 'sentry-trace': `${traceId}-${randomHex(8)}-1`, baggage: baggageHeader(dsc) } : {});
  telemetry.report = (err) => {
    if (expected(err) || reports >= MAX_REPORTS_PER_PAGE) return;
    reports++;
    const route = findRoute(env.pathname())?.route;
    const event = errorEvent(
      { platform: 'javascript', environment: config.environment, transaction: route?.path ?? 'unknown route', trace: { traceId, spanId: randomHex(8) }, tags: { route: route?.name ?? 'unknown' } },
      err,
    );
    const [url, init] = envelopeRequest(dsn, envelope(dsn, event, dsc), 'browser');
    env.fetch(url, init).catch(() => undefined);
  };

  if (listening) return;
  listening = true;
  // A script of another origin reports only "Script error." without an error: not ours to chase.
  window.addEventListener('error', (event) => event.error && telemetry.report(event.error));
  window.addEventListener('unhandledrejection', (event) => telemetry.report(event.reason));
}
