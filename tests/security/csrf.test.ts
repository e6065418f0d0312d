// Issue 8, CSRF: every mutating route, called with its legitimate user's session cookie the way a hostile page
// would make the browser call it — a cross-origin JSON write, a cross-site form post, a text/plain "simple" request
// and a write with no content type — is refused, and nothing changes in the database. No response ever opens the
// API to other origins through CORS.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/_api/app';
import { TEST_ORIGIN } from '../support/harness';
import { createHarness } from '#harness';
import { agent } from '../support/agent';
import { cookieOf } from '../support/chef-fixtures';
import { mutatingRoutes, ownerCall } from './matrix';
import { agentFor, changedTables, databaseDigest, expectErrorShape, MARK, PASSWORD, useWorld } from './support';

const w = useWorld();

const EVIL = 'https://evil.example';

type Attack = { label: string; status: number; headers: Record<string, string>; body: (json: string) => BodyInit };

const json = (j: string) => j;
const ATTACKS: Attack[] = [
  { label: 'cross-origin JSON write', status: 403, headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, body: json },
  { label: 'cross-site JSON without Origin', status: 403, headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }, body: json },
  { label: 'same-site sibling origin', status: 403, headers: { origin: 'https://shop.localhost', 'sec-fetch-site': 'same-site', 'content-type': 'application/json' }, body: json },
  { label: 'opaque origin (sandboxed frame)', status: 403, headers: { origin: 'null', 'content-type': 'application/json' }, body: json },
  { label: 'another port of this host', status: 403, headers: { origin: 'http://localhost:8080', 'content-type': 'application/json' }, body: json },
  { label: 'cross-site form post', status: 403, headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }, body: () => 'a=1' },
  { label: 'cross-site text/plain simple request', status: 403, headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' }, body: json },
  { label: 'cross-site multipart form', status: 403, headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'multipart/form-data; boundary=zz' }, body: () => '--zz--' },
  { label: 'form post without Origin', status: 415, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: () => 'a=1' },
  { label: 'text/plain without Origin', status: 415, headers: { 'content-type': 'text/plain' }, body: json },
  { label: 'no content type', status: 415, headers: {}, body: (j) => new TextEncoder().encode(j) },
];

const routes = mutatingRoutes(createApp().routes);

describe('CSRF', () => {
  for (const { route, method, pattern } of routes) {
    it(`${route} refuses cross-site writes, form posts and bodies that are not JSON`, async () => {
      const t = await ownerCall(w.s, route, method, pattern);
      const a = await agentFor(w.s, t.actor, t.party);
      const multipart = !!t.req.multipart;
      const before = await databaseDigest(w.h);
      const seen: string[] = [];
      for (const attack of ATTACKS) {
        // An upload is multipart by rule: a same-origin multipart or JSON upload is not what these attacks test.
        const expected = multipart && attack.status === 415 ? 415 : attack.status;
        if (multipart && attack.label === 'no content type') continue;
        const body = attack.body(JSON.stringify(t.req.body ?? {}));
        const res = await w.h.request(t.req.path, {
          method,
          headers: {
            ...attack.headers,
            'x-real-ip': a.ip,
            ...(a.jar.size ? { cookie: cookieOf(a) } : {}),
            'content-length': String(typeof body === 'string' ? new TextEncoder().encode(body).length : (body as Uint8Array).length),
          },
          body,
        });
        const payload = await res.json();
        seen.push(`${attack.label}: ${res.status}`);
        if (res.status === expected) {
          expectErrorShape(res.status, payload, `${route} ${attack.label}`);
          expect(payload.code).toBe(expected === 403 ? 'FORBIDDEN' : 'UNSUPPORTED_MEDIA_TYPE');
        }
      }
      expect(seen).toEqual(ATTACKS.filter((x) => !(multipart && x.label === 'no content type')).map((x) => `${x.label}: ${multipart && x.status === 415 ? 415 : x.status}`));
      expect(changedTables(before, await databaseDigest(w.h))).toEqual([]);
    });
  }

  it('accepts the same write from the configured public origin behind a proxy, and only from it', async () => {
    const behind = await createHarness({ PUBLIC_URL: 'https://chef.example' });
    try {
      const send = (origin: string, url = '/v1/newsletter/register') =>
        behind.request(url, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'proxy@example.com' }) });
      expect((await send('https://chef.example')).status).toBe(200);
      // The request's own origin is whatever its Host header says: it counts for nothing.
      expect((await send(TEST_ORIGIN)).status).toBe(403);
      expect((await send('http://evil.example', 'http://evil.example/v1/newsletter/register')).status).toBe(403);
      expect((await send('https://chef.example.evil.example')).status).toBe(403);
      expect((await send('http://chef.example')).status).toBe(403);
    } finally {
      await behind.close();
    }
  });

  it('never opens the API to other origins: no CORS headers, not even on a preflight', async () => {
    const a = await agentFor(w.s, 'custA');
    const responses = [
      await w.h.request('/v1/auth/session/user', { headers: { origin: EVIL, cookie: cookieOf(a) } }),
      await w.h.request(`/v1/bookings/${w.s.ids.bookingA}`, { headers: { origin: EVIL, cookie: cookieOf(a) } }),
      await w.h.request('/v1/auth/signin', {
        method: 'OPTIONS',
        headers: { origin: EVIL, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      }),
    ];
    for (const res of responses) {
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('a cross-site sign-in attempt cannot plant a session (login CSRF)', async () => {
    const visitor = agent(w.h);
    const res = await w.h.request('/v1/auth/signin', {
      method: 'POST',
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json', 'x-real-ip': visitor.ip },
      body: JSON.stringify({ identifier: MARK.custEmail, secret: PASSWORD }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('ylc_session='))).toEqual([]);
  });
});
