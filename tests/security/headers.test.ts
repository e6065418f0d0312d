// Issue 8, headers: the secure headers on every kind of API response (reads, refusals, errors, files), HSTS of at
// least a year, a CSP without inline scripts for the HTML app (Node server, Pages `_headers`, the SEO pages at the
// edge), and the attributes of every cookie the API sets. The browser journey tests/e2e/security-xss.e2e.ts checks
// the same on the real server.
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/_api/app';
import { API_CSP, HTML_CSP, htmlCspFor } from '../../functions/_api/lib/security-headers';
import { seoPage } from '../../functions/_api/modules/seo/seo.edge';
import { pagesHeadersFile } from '../../web/vite.config';
import { createHarness } from '#harness';
import { agent } from '../support/agent';
import { TEST_ORIGIN } from '../support/harness';
import { ADMIN_PREFIX, appRoutes, MATRIX, methodOf, send } from './matrix';
import { agentFor, MARK, PASSWORD, useWorld } from './support';
import { DAY } from '#shared/time';

const w = useWorld();

const YEAR = 31_536_000;

/** CSP directives as a map: `script-src` → ["'self'", ...]. */
function csp(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Scripts only from known places: never inline, eval, data: or any host. */
function expectStrictScripts(policy: string, where: string) {
  const d = csp(policy);
  const scripts = d.get('script-src') ?? d.get('default-src');
  expect(scripts, `${where}: script-src or default-src`).toBeDefined();
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', '*', 'http:', 'https:', 'blob:']) {
    expect(scripts, `${where}: script sources`).not.toContain(bad);
  }
  expect(policy).not.toContain("'unsafe-eval'");
}

function expectSecureHeaders(res: Response, where: string) {
  const hsts = res.headers.get('strict-transport-security') ?? '';
  expect(Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0), `${where}: HSTS max-age`).toBeGreaterThanOrEqual(YEAR);
  expect(hsts, where).toMatch(/includeSubDomains/i);
  expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), where).toBe('DENY');
  expect(res.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('cross-origin-opener-policy'), where).toBe('same-origin');
  const policy = res.headers.get('content-security-policy');
  expect(policy, `${where}: CSP`).toBeTruthy();
  expectStrictScripts(policy!, where);
  // Framing is refused by X-Frame-Options everywhere, and by the CSP too wherever it names frame-ancestors.
  const frames = csp(policy!).get('frame-ancestors');
  if (frames) expect(frames, `${where}: frame-ancestors`).toEqual(["'none'"]);
}

describe('API responses', () => {
  it('every read of the app carries the secure headers and a CSP that allows no scripts', async () => {
    const reads = MATRIX.filter((r) => methodOf(r) === 'GET');
    for (const row of reads) {
      const who = (['custA', 'chefA', 'visitor'] as const).find((w) => row.expect[w] < 400) ?? 'custA';
      const res = await send(w.s, await agentFor(w.s, who), 'GET', row.req(w.s.ids, w.s, who));
      expectSecureHeaders(res, `${row.route} (${res.status})`);
      if ((res.headers.get('content-type') ?? '').includes('json')) expect(res.headers.get('content-security-policy')).toBe(API_CSP);
      await res.body?.cancel();
    }
  });

  it('refusals and failures carry them too: 400, 401, 403, 404, 413, 415, 429 and 500', async () => {
    const visitor = agent(w.h, '10.66.0.1');
    const cases: [string, Promise<Response>][] = [
      ['400', w.h.json('POST', '/v1/auth/signin', { identifier: '' })],
      ['401', visitor.get('/v1/users/me/sessions')],
      ['403', w.h.json('POST', '/v1/auth/signin', {}, { origin: 'https://evil.example' })],
      ['404', w.h.request('/v1/nothing-here')],
      ['413', w.h.json('POST', '/v1/auth/signin', { identifier: 'x'.repeat(70_000), secret: 'x' })],
      ['415', w.h.request('/v1/auth/signin', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })],
    ];
    for (const [label, pending] of cases) {
      const res = await pending;
      expect(res.status, label).toBe(Number(label));
      expectSecureHeaders(res, label);
    }
    let limited: Response | undefined;
    for (let i = 0; i < 11 && limited?.status !== 429; i++) limited = await visitor.post('/v1/newsletter/register', { email: `limit${i}@example.com` });
    expect(limited!.status).toBe(429);
    expectSecureHeaders(limited!, '429');

    await w.h.db.run(sql`alter table settings rename to settings_gone`);
    try {
      const res = await w.h.request('/v1/auth/session/user');
      expect(res.status).toBe(500);
      expectSecureHeaders(res, '500');
    } finally {
      await w.h.db.run(sql`alter table settings_gone rename to settings`);
    }
  });

  it('a private document is always a download that cannot run in our origin, and is never cached', async () => {
    const res = await (await agentFor(w.s, 'custA')).get(`/v1/users/me/attachments/${w.s.ids.attachmentA}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expectSecureHeaders(res, 'download');
  });

  it('the session endpoint is never cached', async () => {
    const res = await (await agentFor(w.s, 'custA')).get('/v1/auth/session/user');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('covers every GET route of the app', () => {
    const covered = new Set(MATRIX.filter((r) => methodOf(r) === 'GET').map((r) => r.route));
    const gets = appRoutes(createApp().routes).filter((r) => r.method === 'GET' && !r.path.startsWith(ADMIN_PREFIX));
    expect(gets.filter((r) => !covered.has(`GET ${r.path}`))).toEqual([]);
  });
});

describe('HTML app', () => {
  it('the HTML CSP allows scripts only from this site and Turnstile, never inline, and no plugins, base or framing', () => {
    expectStrictScripts(HTML_CSP, 'HTML_CSP');
    const d = csp(HTML_CSP);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp(API_CSP).get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('script-src')).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    // Markdown images may point anywhere; the page only loads them from here (img-src has no remote hosts).
    expect(d.get('img-src')!.filter((v) => /^https?:/.test(v))).toEqual([]);
  });

  it('with an error tracker and analytics configured, the browser may post to their hosts and still runs no script of theirs', () => {
    const configured = htmlCspFor({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2', PLAUSIBLE_DOMAIN: 'yourlocalchef.ch' });
    expectStrictScripts(configured, 'configured HTML CSP');
    expect(csp(configured).get('connect-src')).toEqual(["'self'", 'https://challenges.cloudflare.com', 'https://o1.ingest.sentry.io', 'https://plausible.io']);
    expect(csp(configured).get('script-src')).toEqual(csp(HTML_CSP).get('script-src'));
    expect(pagesHeadersFile({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2', PLAUSIBLE_DOMAIN: 'yourlocalchef.ch' })).toContain(`Content-Security-Policy: ${configured}\n`);
  });

  it('Cloudflare Pages gets the same headers for every static file (_headers)', () => {
    const file = pagesHeadersFile({});
    const block = file.split('\n/assets/*')[0]!;
    expect(block.split('\n')[0]).toBe('/*');
    const headers = Object.fromEntries(block.split('\n').slice(1).map((l) => [l.trim().split(': ')[0]!.toLowerCase(), l.trim().split(': ').slice(1).join(': ')]));
    expect(headers['content-security-policy']).toBe(HTML_CSP);
    expect(Number(/max-age=(\d+)/.exec(headers['strict-transport-security']!)?.[1])).toBeGreaterThanOrEqual(YEAR);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
  });

  it('the chef pages rendered at the edge (Pages Functions get no _headers) send them themselves', async () => {
    const res = await seoPage(new Request(`http://localhost/chefs/${w.s.ids.chefA}`), w.h.env, { db: () => w.h.db, quietLogs: true }, async () => '<html><head><title>x</title></head><body></body></html>');
    expect(res.status).toBe(200);
    expectSecureHeaders(res, 'seo page');
    expect(res.headers.get('content-security-policy')).toBe(HTML_CSP);
  });
});

describe('cookies', () => {
  const cookie = (res: Response, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  const attrs = (line: string) => line.split(';').slice(1).map((a) => a.trim().toLowerCase());

  // From the configured origin (http://localhost); the request itself arrives over plain http or over https.
  const signIn = (base: string, remember: boolean) =>
    w.h.request(`${base}/v1/auth/signin`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-real-ip': `10.55.${remember ? 1 : 2}.${base.length}` },
      body: JSON.stringify({ identifier: MARK.custEmail, secret: PASSWORD, remember }),
    });

  it('the session cookie is HttpOnly, SameSite=Lax, Path=/ and Secure except on plain-http localhost', async () => {
    const local = await signIn('http://localhost', false);
    expect(local.status).toBe(200);
    const plain = attrs(cookie(local, 'ylc_session')!);
    expect(plain).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(plain).not.toContain('secure');
    // Without "remember me" it is a browser-session cookie.
    expect(plain.some((a) => a.startsWith('expires=') || a.startsWith('max-age='))).toBe(false);

    const site = await signIn('https://chef.example', true);
    expect(site.status).toBe(200);
    const secure = attrs(cookie(site, 'ylc_session')!);
    expect(secure).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']));
    const expires = Date.parse(secure.find((a) => a.startsWith('expires='))!.slice('expires='.length));
    expect(expires - w.h.clock.now().getTime()).toBeLessThanOrEqual(30 * DAY + 1000);
    expect(secure.some((a) => a.startsWith('domain='))).toBe(false);
  });

  it('the session cookie carries only a random session id, and the database keeps only its hash', async () => {
    const res = await signIn('http://localhost', false);
    const token = cookie(res, 'ylc_session')!.split(';')[0]!.split('=')[1]!;
    const claims = decodeJwt(token);
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'sid']);
    expect(JSON.stringify(claims)).not.toContain(MARK.custEmail);
    const rows = await w.h.db.all<{ id_hash: string }>(sql`select id_hash from sessions`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id_hash === claims.sid)).toBe(false);
    // A token signed with another key is no session.
    const forged = await w.h.request('/v1/auth/session/user', { headers: { cookie: `ylc_session=${token.slice(0, -4)}AAAA` } });
    expect(((await forged.json()) as { authenticated: boolean }).authenticated).toBe(false);
  });

  it('logging out clears the cookie on the same path', async () => {
    const a = await agentFor(w.s, 'custB');
    const res = await a.post('/v1/auth/logout', {});
    const line = cookie(res, 'ylc_session')!;
    expect(attrs(line)).toEqual(expect.arrayContaining(['path=/']));
    expect(line).toMatch(/max-age=0|expires=thu, 01 jan 1970/i);
  });

  it('the visitor cookie is HttpOnly and SameSite=Lax, and Secure on https', async () => {
    const plain = attrs(cookie(await w.h.request('http://localhost/v1/auth/session/user'), 'ylc_vid')!);
    expect(plain).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    const secure = attrs(cookie(await w.h.request('https://chef.example/v1/auth/session/user'), 'ylc_vid')!);
    expect(secure).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']));
  });

  it('the OAuth state cookie is HttpOnly, SameSite=Lax, Secure on https, limited to /v1/auth and to ten minutes', async () => {
    const oauth = await createHarness({ GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret', PUBLIC_URL: 'https://chef.example' });
    try {
      const res = await oauth.request('https://chef.example/v1/auth/oauth', {
        method: 'POST',
        headers: { origin: 'https://chef.example', 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'google' }),
      });
      expect(res.status).toBe(200);
      const state = attrs(cookie(res, 'ylc_oauth')!);
      expect(state).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure', 'path=/v1/auth', 'max-age=600']));
    } finally {
      await oauth.close();
    }
  });
});
