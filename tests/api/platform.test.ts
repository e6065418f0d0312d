// The /v1 platform: error shape, CSRF and content-type rules, body limits and security headers.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness';
import { ok, refused, visitorClient } from '../support/typed-client';

const h = useHarness();


describe('errors', () => {
  it('answers an unknown /v1 path with a 404 JSON body', async () => {
    // Raw on purpose: a path no route has, which the typed client cannot name.
    const res = await h.request('/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('hides internals of an unexpected failure behind a 500 with a request id', async () => {
    await h.db.run(sql`alter table settings rename to settings_gone`);
    try {
      const res = await refused(visitorClient(h).auth.session.user.$get());
      expect(res.status).toBe(500);
      const body = res.body;
      expect(body.code).toBe('INTERNAL_ERROR');
      expect(typeof body.request_id).toBe('string');
      expect(JSON.stringify(body)).not.toMatch(/settings|sqlite|at \w+ \(|\.ts/i);
    } finally {
      await h.db.run(sql`alter table settings_gone rename to settings`);
    }
  });
});

describe('writes', () => {
  it('refuses a cross-origin JSON write', async () => {
    const res = await refused(visitorClient(h).auth.signin.$post({ json: { identifier: 'a@b.ch', secret: 'x' } }, { headers: { origin: 'https://evil.example' } }));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/cross-site/i);
  });

  it('refuses a cross-site write flagged by Sec-Fetch-Site even without Origin', async () => {
    // Raw on purpose: a write with no Origin header at all, which every agent sends.
    const res = await h.request('/v1/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: '{}',
    });
    expect(res.status).toBe(403);
  });

  it('refuses a form post with 415', async () => {
    // Raw on purpose: a form body, where the route takes JSON.
    const res = await h.request('/v1/auth/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'identifier=a&secret=b',
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a write with no content type with 415', async () => {
    // Raw on purpose: a body with no content type.
    const res = await h.request('/v1/auth/signin', { method: 'POST', body: 'x' });
    expect(res.status).toBe(415);
  });

  it('refuses a JSON body over the limit with 413', async () => {
    const res = await refused(visitorClient(h).auth.signin.$post({ json: { identifier: 'x'.repeat(70 * 1024), secret: 'y' } }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('headers', () => {
  it('sends security headers and a strict CSP on API responses', async () => {
    const res = await ok(visitorClient(h).ping.$get());
    expect(res.status).toBe(200);
    const hsts = res.headers.get('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31536000);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it("takes Cloudflare's ray id as the request id, and nothing else a client sends in cf-ray", async () => {
    const ray = '8f2c1a9b3d4e5f60-ZRH';
    const ping = (cfRay: string) => ok(visitorClient(h).ping.$get(undefined, { headers: { 'cf-ray': cfRay } }));
    expect((await ping(ray)).headers.get('x-request-id')).toBe(ray);
    for (const forged of ['chosen-by-attacker', `${ray} injected`, 'x'.repeat(500)]) {
      const id = (await ping(forged)).headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
