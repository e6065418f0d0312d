// Sentry's wire format without the SDK (shared/sentry.ts): which DSNs turn reporting on, which trace
// headers are continued, and that what is sent keeps no personal data or secrets.
import { describe, expect, it } from 'vitest';
import { continueTrace, exceptionOf, parseDsn, scrub, stackFrames } from '#shared/sentry';
import { observabilityProblems } from '../../functions/_api/lib/observability';

describe('DSN', () => {
  it('reads a DSN, with or without a path before the project id', () => {
    expect(parseDsn('https://abc123@o447.ingest.sentry.io/5678')).toEqual({
      dsn: 'https://abc123@o447.ingest.sentry.io/5678',
      publicKey: 'abc123',
      origin: 'https://o447.ingest.sentry.io',
      envelopeUrl: 'https://o447.ingest.sentry.io/api/5678/envelope/',
    });
    expect(parseDsn(' https://key@sentry.example.org/errors/9 ')?.envelopeUrl).toBe('https://sentry.example.org/errors/api/9/envelope/');
  });

  it('turns reporting off for anything that is not a DSN, and start-up names the variable, never its value', () => {
    for (const value of [undefined, '', 'sentry', 'https://sentry.io/1', 'https://key@sentry.io/', 'https://key@sentry.io/project', 'ftp://key@sentry.io/1']) {
      expect(parseDsn(value)).toBeNull();
    }
    expect(observabilityProblems({ SENTRY_DSN: 'https://secret-key@sentry.io/x', PLAUSIBLE_DOMAIN: 'a.example', PLAUSIBLE_HOST: 'nope' })).toEqual([
      'SENTRY_DSN (https://<key>@<host>/<project id>)',
      'PLAUSIBLE_HOST (an http(s) origin)',
    ]);
  });
});

describe('trace headers', () => {
  const traceId = '0123456789abcdef0123456789abcdef';

  it("continues a sampled trace with the caller's sampling context and a span of its own", () => {
    const trace = continueTrace(`${traceId}-89abcdef01234567-1`, `sentry-trace_id=${traceId},sentry-sample_rate=0.1,sentry-sampled=true,sentry-user_id=42,vendor=x`);
    expect(trace).toMatchObject({ traceId, parentSpanId: '89abcdef01234567', sampled: true, dsc: { trace_id: traceId, sample_rate: '0.1', sampled: 'true' } });
    expect(trace.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(trace.dsc).not.toHaveProperty('user_id');
  });

  it("starts an unsampled trace for a missing or malformed header, and drops another trace's baggage", () => {
    for (const header of [undefined, '', 'abc-def-1', `${traceId.toUpperCase()}-89abcdef01234567-1`, `${traceId}-89abcdef01234567-1-x`]) {
      const trace = continueTrace(header, null);
      expect(trace.sampled).toBe(false);
      expect(trace.parentSpanId).toBeUndefined();
      expect(trace.traceId).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(continueTrace(`${traceId}-89abcdef01234567-0`, null).sampled).toBe(false);
    expect(continueTrace(`${traceId}-89abcdef01234567-1`, 'sentry-trace_id=ffffffffffffffffffffffffffffffff').dsc).toEqual({});
  });
});

describe('what is sent', () => {
  it('takes personal data and secrets out of messages', () => {
    expect(scrub('Failed query: insert into users values (?, ?)\nparams: anna@example.com,+41 79 123 45 67')).toBe('Failed query: insert into users values (?, ?)\nparams: [redacted]');
    expect(scrub('No chef for anna.muster@example.com')).toBe('No chef for [email]');
    expect(scrub('GET /v1/auth/recovery?email=a%40b.ch&token=abc')).toBe('GET /v1/auth/recovery?email=[redacted]&token=[redacted]');
    expect(scrub('payout to CH93 0076 2011 6238 5295 7 failed')).toBe('payout to [iban] failed');
    expect(scrub('call +41 79 123 45 67 now')).toBe('call [number] now');
    expect(scrub('bad session eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIxIn0.sig')).toBe('bad session [token]');
    expect(scrub('word '.repeat(1000))).toHaveLength(1000);
  });

  it('keeps the type, message and frames of an error, oldest frame first, and nothing it carries besides', () => {
    const err = Object.assign(new TypeError('menus is undefined'), { user: { email: 'anna@example.com' } });
    err.stack = 'TypeError: menus is undefined\n    at renderMenus (https://app.example/assets/home-abc.js?v=1:10:20)\n    at https://app.example/assets/index-def.js:1:2';
    const exception = exceptionOf(err);
    expect(exception).toEqual({
      type: 'TypeError',
      value: 'menus is undefined',
      stacktrace: {
        frames: [
          { filename: 'https://app.example/assets/index-def.js', lineno: 1, colno: 2, in_app: true },
          { function: 'renderMenus', filename: 'https://app.example/assets/home-abc.js', lineno: 10, colno: 20, in_app: true },
        ],
      },
    });
    expect(exceptionOf('boom')).toEqual({ type: 'string', value: 'boom' });
    // Firefox and Safari write frames as function@file:line:column; a dependency's frame is not the app's.
    expect(stackFrames('render@https://app.example/assets/a.js:3:4\n    at node_modules/x.js:1:1\nnot a frame')).toEqual([
      { filename: 'node_modules/x.js', lineno: 1, colno: 1, in_app: false },
      { function: 'render', filename: 'https://app.example/assets/a.js', lineno: 3, colno: 4, in_app: true },
    ]);
  });
});
