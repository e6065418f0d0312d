// The API's error reporter: Sentry's envelope endpoint over fetch when SENTRY_DSN is set, nothing otherwise. It
// reports the unexpected errors (the 500s of app.onError) and, for a request in the browser's sampled trace, the
// request's span, so the trace continues from the page into the API. Reporting never fails or delays a request.
import { envelope, envelopeRequest, errorEvent, transactionEvent, type Dsn, type EventBase, type Trace } from '#shared/sentry';
import type { Logger } from './log';

export type ReportedRequest = {
  requestId: string;
  method: string;
  /** The matched route's pattern (`/v1/bookings/:id`), never the path with its values. */
  route: string;
  trace: Trace;
};

export type ErrorReporter = {
  readonly enabled: boolean;
  captureException(err: unknown, request: ReportedRequest): Promise<void>;
  requestSpan(request: ReportedRequest & { status: number; start: number; end: number }): Promise<void>;
};

export const noErrorReporter: ErrorReporter = {
  enabled: false,
  captureException: async () => undefined,
  requestSpan: async () => undefined,
};

/** A tracker that hangs must not keep a Worker alive for long. */
const SEND_TIMEOUT_MS = 5_000;

export function sentryReporter(opts: { dsn: Dsn; environment: string; fetch: typeof fetch; log: Logger }): ErrorReporter {
  const base = (r: ReportedRequest): EventBase => ({
    platform: 'javascript',
    environment: opts.environment,
    transaction: `${r.method} ${r.route}`,
    trace: r.trace,
    tags: { request_id: r.requestId },
  });
  const send = async (event: { event_id: string; type?: string }, trace: Trace) => {
    // The trace's sampling context as its head (the browser) set it, else this side's own.
    const dsc = Object.keys(trace.dsc).length ? trace.dsc : { trace_id: trace.traceId, public_key: opts.dsn.publicKey, environment: opts.environment };
    const [url, init] = envelopeRequest(opts.dsn, envelope(opts.dsn, event, dsc), 'server');
    try {
      const res = await opts.fetch(url, { ...init, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      if (!res.ok) opts.log.warn('error_reporting.rejected', { status: res.status });
    } catch (err) {
      opts.log.warn('error_reporting.failed', { error: String(err) });
    }
  };
  return {
    enabled: true,
    captureException: (err, r) => send(errorEvent(base(r), err), r.trace),
    requestSpan: (r) => (r.trace.sampled ? send(transactionEvent({ ...base(r), op: 'http.server', start: r.start, end: r.end, status: r.status }), r.trace) : Promise.resolve()),
  };
}
