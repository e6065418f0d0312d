// The browser's error reporter (Sentry envelopes over fetch): render errors caught by the ErrorBoundary and uncaught
// errors go to the configured DSN once each, without the page's values; a sampled page view (10%) sends trace
// headers with every /v1 call. The tracker is read at the fetch boundary (the reporter's fetch and the API's).
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../web/src/components/ErrorBoundary';
import { api, ApiError, telemetry } from '../../web/src/lib/api';
import { MAX_REPORTS_PER_PAGE, startErrorReporting } from '../../web/src/lib/error-reporting';
import { setupDomTests, stubFetch } from './helpers';

setupDomTests();

const DSN = 'https://publickey@o1.ingest.example.io/42';
const config = { dsn: DSN, environment: 'production', traces_sample_rate: 0.1 };

type Sent = { url: string; init: RequestInit };

/** Starts the reporter as boot.ts does, with the tracker's fetch recorded and the sampling roll given. */
function startReporter(roll: number, pathname = '/chefs/anna-muster-12') {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return new Response('{}', { status: 200 });
  });
  startErrorReporting(config, telemetry, { fetch, random: () => roll, pathname: () => pathname });
  return sent;
}

/** An envelope's three lines: its header, the item's header and the event. */
function readEnvelope(body: BodyInit | null | undefined) {
  const [header, item, event, rest] = String(body).split('\n');
  expect(rest).toBe('');
  return { header: JSON.parse(header!), item: JSON.parse(item!), event: JSON.parse(event!) };
}

afterEach(() => {
  telemetry.traceHeaders = () => ({});
  telemetry.report = () => undefined;
});

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'menus') for anna@example.com");
}

describe('error reporting in the browser', () => {
  it('reports a render error the ErrorBoundary catches: one envelope to the DSN with the route pattern, not its values', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent = startReporter(0.5);
    render(<ErrorBoundary fallback={() => <p>Something went wrong</p>}><Broken /></ErrorBoundary>);
    expect(screen.getByText('Something went wrong')).toBeTruthy();

    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://o1.ingest.example.io/api/42/envelope/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ sentry_version: '7', sentry_key: 'publickey' });
    expect(sent[0]!.init).toMatchObject({ method: 'POST', credentials: 'omit', keepalive: true });

    const { header, item, event } = readEnvelope(sent[0]!.init.body);
    expect(header).toMatchObject({ dsn: DSN, event_id: event.event_id, trace: { public_key: 'publickey', sample_rate: '0.1', sampled: 'false', environment: 'production' } });
    expect(item).toEqual({ type: 'event' });
    expect(event).toMatchObject({ level: 'error', platform: 'javascript', environment: 'production', transaction: '/chefs/:uri', tags: { route: 'chefs.profile' } });
    expect(event.exception.values[0]).toMatchObject({ type: 'TypeError', value: "Cannot read properties of undefined (reading 'menus') for [email]" });
    expect(event.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
    expect(event.contexts.trace.trace_id).toBe(header.trace.trace_id);
    expect(JSON.stringify(event)).not.toMatch(/anna/);
  });

  it('reports an uncaught error, but not the API errors the screens show, and at most 10 a page', () => {
    const sent = startReporter(0.5);
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('Invalid time value'), message: 'Invalid time value' }));
    expect(sent).toHaveLength(1);
    expect(readEnvelope(sent[0]!.init.body).event.exception.values[0]).toMatchObject({ type: 'RangeError', value: 'Invalid time value' });

    telemetry.report(new ApiError(409, 'The day is held.', 'DAY_HELD'));
    telemetry.report(new DOMException('The user aborted a request.', 'AbortError'));
    expect(sent).toHaveLength(1);

    for (let i = 0; i < 20; i++) telemetry.report(new Error(`loop ${i}`));
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('a page view in the 10% sample sends sentry-trace and baggage with every /v1 call, each call its own span', async () => {
    startReporter(0.09);
    const { calls } = stubFetch({ '/v1/ping': { body: { ok: true } } });
    await api.get('/v1/ping');
    await api.get('/v1/ping');
    const headers = calls.map((c) => new Headers(c.init.headers));
    const traces = headers.map((h) => /^([0-9a-f]{32})-([0-9a-f]{16})-1$/.exec(h.get('sentry-trace') ?? ''));
    expect(traces[0]).not.toBeNull();
    expect(traces[1]![1]).toBe(traces[0]![1]);
    expect(traces[1]![2]).not.toBe(traces[0]![2]);
    const baggage = Object.fromEntries(headers[0]!.get('baggage')!.split(',').map((e) => e.split('=')));
    expect(baggage).toEqual({
      'sentry-trace_id': traces[0]![1],
      'sentry-public_key': 'publickey',
      'sentry-sample_rate': '0.1',
      'sentry-sampled': 'true',
      'sentry-environment': 'production',
    });
  });

  it('a page view outside the sample sends no trace headers, and nothing at all without a DSN', async () => {
    startReporter(0.1);
    const { calls } = stubFetch({ '/v1/ping': { body: { ok: true } } });
    await api.get('/v1/ping');
    expect(new Headers(calls[0]!.init.headers).has('sentry-trace')).toBe(false);
    expect(new Headers(calls[0]!.init.headers).has('baggage')).toBe(false);

    telemetry.traceHeaders = () => ({});
    telemetry.report = () => undefined;
    const sent: Sent[] = [];
    startErrorReporting({ ...config, dsn: 'not a dsn' }, telemetry, { fetch: async (input, init = {}) => (sent.push({ url: String(input), init }), new Response()), random: () => 0, pathname: () => '/' });
    await api.get('/v1/ping');
    expect(new Headers(calls[1]!.init.headers).has('sentry-trace')).toBe(false);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom') }));
    expect(sent).toEqual([]);
  });
});
