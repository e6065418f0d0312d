// Error reporting and tracing on the API (Sentry envelopes over fetch, stubbed only at Sentry's host): an unexpected
// error sends one envelope with the request id and nothing personal; a request in the browser's sampled trace sends
// its span under that trace; without SENTRY_DSN nothing is sent. The session hands the browser what is configured.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness } from '#harness';
import type { Harness } from '../support/harness';
import { stubProviders, type RecordedCall } from '../support/providers/fetch';
import { fakeSentry } from '../support/providers/sentry';
import { ok, refused, visitorClient } from '../support/typed-client';

const DSN = 'https://publickey@o1.ingest.example.io/42';
const ENVELOPE_URL = 'https://o1.ingest.example.io/api/42/envelope/';

let reporting: Harness;
let silent: Harness;
beforeAll(async () => {
  reporting = await createHarness({ SENTRY_DSN: DSN, PLAUSIBLE_DOMAIN: 'yourlocalchef.example' });
  silent = await createHarness();
});
afterAll(async () => {
  await reporting.close();
  await silent.close();
});
afterEach(() => vi.unstubAllGlobals());

const realFetch = globalThis.fetch;

/** Records what goes to Sentry's host and lets every other call through. */
function recordSentry(): RecordedCall[] {
  const sentry = fakeSentry();
  stubProviders({ 'o1.ingest.example.io': sentry.route });
  return sentry.calls;
}

function readEnvelope(body: BodyInit | null | undefined) {
  const [header, item, event] = String(body).split('\n');
  return { header: JSON.parse(header!), item: JSON.parse(item!), event: JSON.parse(event!) };
}

/** Reports go out in the background, after the response: give them the time a Worker's waitUntil would. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

/** Makes every request that reads the settings fail as an unexpected database error would. */
async function withSettingsGone<T>(h: Harness, run: () => Promise<T>): Promise<T> {
  await h.db.run(sql`alter table settings rename to settings_gone`);
  try {
    return await run();
  } finally {
    await h.db.run(sql`alter table settings_gone rename to settings`);
  }
}

const sessionOf = (h: Harness, headers: Record<string, string> = {}) => visitorClient(h).auth.session.user.$get(undefined, { headers });
const ping = (h: Harness, headers: Record<string, string> = {}) => ok(visitorClient(h).ping.$get(undefined, { headers }));

const TRACE_ID = '0123456789abcdef0123456789abcdef';
const BROWSER_SPAN = '89abcdef01234567';
const browserBaggage = `sentry-trace_id=${TRACE_ID},sentry-public_key=publickey,sentry-sample_rate=0.1,sentry-sampled=true,sentry-environment=production,othervendor=x`;

describe('error reporting on the API', () => {
  it('an unhandled error in a route sends one envelope to the DSN with the request id, and nothing personal', async () => {
    const sent = recordSentry();
    // Raw on purpose: a query the route does not take and a cookie that is no session, to prove neither is reported.
    const res = await withSettingsGone(reporting, () =>
      reporting.request('/v1/auth/session/user?email=anna%40example.com', { headers: { cookie: 'session=secret-cookie-value', 'x-locale': 'de' } }),
    );
    expect(res.status).toBe(500);
    const body = (await res.json()) as { code: string; request_id: string };
    expect(body.code).toBe('INTERNAL_ERROR');
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await settled();
    expect(sent).toHaveLength(1);

    const [{ url, method, headers, body: envelope }] = sent as [RecordedCall];
    expect(url).toBe(ENVELOPE_URL);
    expect(method).toBe('POST');
    expect(headers.get('content-type')).toBe('application/x-sentry-envelope');
    expect(headers.get('x-sentry-auth')).toMatch(/^Sentry sentry_version=7, sentry_key=publickey, sentry_client=/);

    const { header, item, event } = readEnvelope(envelope);
    expect(item).toEqual({ type: 'event' });
    expect(header).toMatchObject({ dsn: DSN, event_id: event.event_id, trace: { trace_id: event.contexts.trace.trace_id, public_key: 'publickey', environment: 'test' } });
    expect(event).toMatchObject({ level: 'error', environment: 'test', transaction: 'GET /v1/auth/session/user', tags: { request_id: body.request_id } });
    // The failed query (its bound values left out) last, and the driver's error that caused it before it.
    const exceptions = event.exception.values as { type: string; value: string; stacktrace?: { frames: unknown[] } }[];
    expect(exceptions.at(-1)!.value).toMatch(/^Failed query: select "key", "value" from "settings"\nparams: \[redacted\]$/);
    expect(exceptions.at(-1)!.stacktrace!.frames.length).toBeGreaterThan(0);
    expect(exceptions.slice(0, -1).map((e) => e.value).join('\n')).toMatch(/no such table: settings/i);
    expect(envelope).not.toMatch(/anna|secret-cookie-value|session=/);
  });

  it('continues the browser trace: the error carries its trace id, and a sampled request sends its span as a child', async () => {
    const sent = recordSentry();
    const traced = { 'sentry-trace': `${TRACE_ID}-${BROWSER_SPAN}-1`, baggage: browserBaggage };
    const failed = await withSettingsGone(reporting, () => refused(sessionOf(reporting, traced)));
    expect(failed.status).toBe(500);
    expect((await ping(reporting, traced)).status).toBe(200);
    await vi.waitFor(() => expect(sent).toHaveLength(3));

    const envelopes = sent.map((s) => readEnvelope(s.body));
    const error = envelopes.find((e) => e.item.type === 'event')!;
    expect(error.event.contexts.trace).toMatchObject({ trace_id: TRACE_ID, parent_span_id: BROWSER_SPAN });
    // The trace's sampling context is the browser's, as it arrived (another vendor's baggage is not ours to send).
    const browserDsc = { trace_id: TRACE_ID, public_key: 'publickey', sample_rate: '0.1', sampled: 'true', environment: 'production' };
    expect(error.header.trace).toEqual(browserDsc);

    const spans = envelopes.filter((e) => e.item.type === 'transaction').map((e) => e.event);
    expect(spans.map((s) => [s.transaction, s.contexts.trace.status, s.tags['http.status_code']]).sort()).toEqual([
      ['GET /v1/auth/session/user', 'internal_error', '500'],
      ['GET /v1/ping', 'ok', '200'],
    ]);
    for (const span of spans) {
      expect(span.contexts.trace).toMatchObject({ trace_id: TRACE_ID, parent_span_id: BROWSER_SPAN, op: 'http.server' });
      expect(span.contexts.trace.span_id).toMatch(/^[0-9a-f]{16}$/);
      expect(span.start_timestamp).toBeLessThanOrEqual(span.timestamp);
    }
    expect(envelopes.every((e) => JSON.stringify(e.header.trace) === JSON.stringify(browserDsc))).toBe(true);
  });

  it('sends no span for a request outside the sample, and nothing for the errors it answers itself', async () => {
    const sent = recordSentry();
    expect((await ping(reporting, { 'sentry-trace': `${TRACE_ID}-${BROWSER_SPAN}-0` })).status).toBe(200);
    expect((await ping(reporting, { 'sentry-trace': 'not-a-trace-header' })).status).toBe(200);
    // Raw on purpose: a path no route has, and a sign-in without its secret, which the route's type requires.
    expect((await reporting.request('/v1/does-not-exist')).status).toBe(404);
    expect((await reporting.json('POST', '/v1/auth/signin', { identifier: '' })).status).toBe(400);
    await settled();
    expect(sent).toEqual([]);
  });

  it('without SENTRY_DSN an unhandled error is answered the same and nothing is sent', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    });
    const res = await withSettingsGone(silent, () => refused(sessionOf(silent, { 'sentry-trace': `${TRACE_ID}-${BROWSER_SPAN}-1` })));
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('INTERNAL_ERROR');
    await settled();
    expect(calls).toEqual([]);
  });

  it('hands the browser the DSN with the 10% trace sample and the analytics provider only when they are configured', async () => {
    const configured = (await ok(sessionOf(reporting))).body;
    expect(configured.app.error_reporting).toEqual({ dsn: DSN, environment: 'test', traces_sample_rate: 0.1 });
    expect(configured.app.analytics).toEqual({ provider: 'plausible', domain: 'yourlocalchef.example', endpoint: 'https://plausible.io/api/event' });

    const off = (await ok(sessionOf(silent))).body;
    expect(off.app.error_reporting).toBeNull();
    expect(off.app.analytics).toBeNull();
  });
});
