// Sentry's wire format over plain fetch, no SDK (the API on Workers and Node, and the browser's lazy reporter share
// it): the DSN, envelopes (develop.sentry.dev/sdk/envelopes), the `sentry-trace` and `baggage` headers of distributed
// tracing, error and transaction events, and the scrubbing that keeps personal data out of everything sent. Events
// carry what a developer needs to find a bug (the error's type, its scrubbed message and stack, the route pattern,
// the request id), never a user, cookies, headers, bodies or query values.

/** Seed §7: trace headers are added to a 10% sample of the requests. */
export const TRACES_SAMPLE_RATE = 0.1;

export const SENTRY_SDK = { name: 'yourlocalchef.envelope', version: '1.0.0' } as const;

export type Dsn = {
  /** The DSN as configured; the envelope header names it. */
  dsn: string;
  publicKey: string;
  /** Where the browser sends its envelopes, for the CSP's connect-src. */
  origin: string;
  envelopeUrl: string;
};

/** `https://<public key>@<host>[/<path>]/<project id>`; null for anything else, so a broken DSN turns reporting off. */
export function parseDsn(value: string | null | undefined): Dsn | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.username || !projectId || !/^\d+$/.test(projectId)) return null;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return { dsn: value.trim(), publicKey: decodeURIComponent(url.username), origin: url.origin, envelopeUrl: `${url.origin}${prefix}/api/${projectId}/envelope/` };
}

/**
 * `bytes` random bytes as hex. Up to 16 they come from a v4 UUID, as Sentry's SDKs make their ids: on Node
 * crypto.randomUUID() costs a tenth of getRandomValues(), and every API request starts a trace. Browsers have it in
 * secure contexts only.
 */
export function randomHex(bytes: number): string {
  if (bytes <= 16 && typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '').slice(0, bytes * 2);
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The dynamic sampling context: the `sentry-*` entries of `baggage`, and the envelope header `trace`. */
export type SamplingContext = Record<string, string>;

export type Trace = {
  traceId: string;
  /** This side's span. */
  spanId: string;
  /** The caller's span, when the trace came with the request. */
  parentSpanId?: string;
  /** The caller's sampling decision: true only for the seed's 10% sample. */
  sampled: boolean;
  /** The head of the trace's sampling context, frozen as it arrived; empty for a trace started here. */
  dsc: SamplingContext;
};

const SENTRY_TRACE = /^[ \t]*([0-9a-f]{32})-([0-9a-f]{16})(?:-([01]))?[ \t]*$/;
const DSC_KEYS = new Set(['trace_id', 'public_key', 'sample_rate', 'sampled', 'environment', 'release', 'transaction', 'sample_rand']);

/** The `sentry-*` entries of a `baggage` header (other vendors' entries are not ours to read). */
export function parseBaggage(header: string | null | undefined): SamplingContext {
  const dsc: SamplingContext = {};
  for (const entry of (header ?? '').slice(0, 8192).split(',')) {
    const eq = entry.indexOf('=');
    const key = entry.slice(0, eq).trim();
    if (eq < 0 || !key.startsWith('sentry-') || !DSC_KEYS.has(key.slice(7))) continue;
    try {
      dsc[key.slice(7)] = decodeURIComponent(entry.slice(eq + 1).trim()).slice(0, 200);
    } catch {
      /* a malformed entry is left out */
    }
  }
  return dsc;
}

export const baggageHeader = (dsc: SamplingContext): string =>
  Object.entries(dsc)
    .map(([key, value]) => `sentry-${key}=${encodeURIComponent(value)}`)
    .join(',');

/** Continues the caller's trace from its `sentry-trace` and `baggage` headers, or starts one (not sampled). */
export function continueTrace(sentryTrace: string | null | undefined, baggage: string | null | undefined): Trace {
  const m = SENTRY_TRACE.exec(sentryTrace ?? '');
  if (!m) return { traceId: randomHex(16), spanId: randomHex(8), sampled: false, dsc: {} };
  const dsc = parseBaggage(baggage);
  return { traceId: m[1]!, spanId: randomHex(8), parentSpanId: m[2]!, sampled: m[3] === '1', dsc: dsc.trace_id === m[1] ? dsc : {} };
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;

/**
 * Takes personal data and secrets out of a text that goes to the tracker (an error message, a file name): the bound
 * values a failed query lists ("params: …"), e-mail addresses, query values, IBANs, phone and other long numbers,
 * tokens. What is left says what went wrong, not to whom.
 */
export function scrub(text: string): string {
  return text
    .replace(/\bparams:[\s\S]*$/i, 'params: [redacted]')
    .replace(EMAIL, '[email]')
    .replace(/([?&][^\s=&#?]{1,64}=)[^\s&#]*/g, '$1[redacted]')
    .replace(/\beyJ[\w-]+\.[\w-]+(?:\.[\w-]+)?/g, '[token]')
    .replace(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g, '[iban]')
    .replace(/\b[\w-]{32,}\b/g, '[token]')
    .replace(/\+?\d[\d ()/.-]{6,}\d/g, '[number]')
    .slice(0, 1000);
}

export type StackFrame = { function?: string; filename: string; lineno?: number; colno?: number; in_app: boolean };

const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)$/;

/** Frames of a V8 (Chromium, Node, workerd) or Firefox/Safari stack, oldest first as Sentry reads them. */
export function stackFrames(stack: string | undefined): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of (stack ?? '').split('\n').slice(0, 60)) {
    const m = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!m) continue;
    const filename = scrub(m[2]!.replace(/[?#].*$/, ''));
    frames.push({
      ...(m[1] ? { function: m[1].slice(0, 200) } : {}),
      filename,
      lineno: Number(m[3]),
      colno: Number(m[4]),
      in_app: !/node_modules|^node:|^internal\//.test(filename),
    });
  }
  return frames.reverse();
}

/** The exception of an event: type, scrubbed message and frames; never the error's own extra properties. */
export function exceptionOf(err: unknown): { type: string; value: string; stacktrace?: { frames: StackFrame[] } } {
  const error = err instanceof Error ? err : null;
  const type = (error?.name || (err === null ? 'null' : typeof err)).slice(0, 100);
  const value = scrub(error ? error.message : typeof err === 'string' ? err : 'A value that is not an Error was thrown.');
  const frames = stackFrames(error?.stack);
  return { type, value, ...(frames.length ? { stacktrace: { frames } } : {}) };
}

/** The error and the errors it was caused by (a failed query wraps the driver's), at most five, outermost first. */
export function causeChain(err: unknown): unknown[] {
  const chain = [err];
  let next = err instanceof Error ? err.cause : undefined;
  while (next !== undefined && chain.length < 5 && !chain.includes(next)) {
    chain.push(next);
    next = next instanceof Error ? next.cause : undefined;
  }
  return chain;
}

export type EventBase = {
  platform: 'javascript';
  environment: string;
  /** The route pattern (`GET /v1/bookings/:id`), never the path with its values. */
  transaction: string;
  trace: Pick<Trace, 'traceId' | 'spanId' | 'parentSpanId'>;
  tags: Record<string, string>;
};

const seconds = (ms: number) => ms / 1000;

function traceContext(trace: EventBase['trace'], op?: string, status?: string) {
  return { trace_id: trace.traceId, span_id: trace.spanId, ...(trace.parentSpanId ? { parent_span_id: trace.parentSpanId } : {}), ...(op ? { op } : {}), ...(status ? { status } : {}) };
}

/** An error event; its exceptions are the chain of causes, the root cause first, as Sentry orders them. */
export function errorEvent(base: EventBase, err: unknown, now = Date.now()) {
  return {
    event_id: randomHex(16),
    timestamp: seconds(now),
    platform: base.platform,
    level: 'error',
    environment: base.environment,
    transaction: base.transaction,
    exception: { values: causeChain(err).map(exceptionOf).reverse() },
    contexts: { trace: traceContext(base.trace) },
    tags: base.tags,
    sdk: SENTRY_SDK,
  };
}

/** Sentry's span status for an HTTP status. */
export function spanStatus(status: number): string {
  if (status < 400) return 'ok';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'not_found';
  if (status === 409) return 'already_exists';
  if (status === 429) return 'resource_exhausted';
  if (status < 500) return 'invalid_argument';
  return status === 503 ? 'unavailable' : 'internal_error';
}

/** One span as a transaction: the API's part of a sampled trace. */
export function transactionEvent(base: EventBase & { op: string; start: number; end: number; status: number }) {
  return {
    event_id: randomHex(16),
    type: 'transaction',
    platform: base.platform,
    environment: base.environment,
    transaction: base.transaction,
    start_timestamp: seconds(base.start),
    timestamp: seconds(base.end),
    contexts: { trace: traceContext(base.trace, base.op, spanStatus(base.status)) },
    tags: { ...base.tags, 'http.status_code': String(base.status) },
    spans: [],
    sdk: SENTRY_SDK,
  };
}

/** An envelope of one event: its header (with the sampling context of the trace), the item's header and the event. */
export function envelope(dsn: Dsn, event: { event_id: string; type?: string }, dsc: SamplingContext, now = Date.now()): string {
  const header = { event_id: event.event_id, sent_at: new Date(now).toISOString(), dsn: dsn.dsn, sdk: SENTRY_SDK, trace: dsc };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: event.type ?? 'event' })}\n${JSON.stringify(event)}\n`;
}

/**
 * The request that posts an envelope. The browser authenticates in the query and sends plain text, as Sentry's own
 * browser SDK does, so there is no CORS preflight; the server uses the X-Sentry-Auth header.
 */
export function envelopeRequest(dsn: Dsn, body: string, from: 'browser' | 'server'): [string, RequestInit] {
  const auth = { sentry_version: '7', sentry_key: dsn.publicKey, sentry_client: `${SENTRY_SDK.name}/${SENTRY_SDK.version}` };
  if (from === 'browser') return [`${dsn.envelopeUrl}?${new URLSearchParams(auth)}`, { method: 'POST', body, keepalive: true, credentials: 'omit', referrerPolicy: 'origin' }];
  return [
    dsn.envelopeUrl,
    {
      method: 'POST',
      body,
      headers: {
        'Content-Type': 'application/x-sentry-envelope',
        'X-Sentry-Auth': `Sentry ${Object.entries(auth).map(([k, v]) => `${k}=${v}`).join(', ')}`,
      },
    },
  ];
}

/** The sampling context a trace started in the browser hands on in `baggage` and in its envelopes. */
export const headSamplingContext = (dsn: Dsn, traceId: string, environment: string, sampled: boolean): SamplingContext => ({
  trace_id: traceId,
  public_key: dsn.publicKey,
  sample_rate: String(TRACES_SAMPLE_RATE),
  sampled: String(sampled),
  environment,
});
