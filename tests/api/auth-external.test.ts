// Turnstile and OAuth at the provider boundary: fetch is stubbed only for the providers' own endpoints.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthAccounts, users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { stubProviders } from '../support/providers/fetch';
import { facebookAnswers, fakeOAuth, googleAnswers } from '../support/providers/oauth';
import { fakeTurnstile, siteverifyAnswer } from '../support/providers/turnstile';
import { agent, signedUp } from '../support/agent';

const h = useHarness({
  TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
  TURNSTILE_SECRET_KEY: '2x0000000000000000000000000000000AA',
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  FACEBOOK_CLIENT_ID: 'fb-client',
  FACEBOOK_CLIENT_SECRET: 'fb-secret',
});
afterEach(() => vi.unstubAllGlobals());

const turnstile = fakeTurnstile();
const oauth = fakeOAuth();
beforeEach(() => {
  turnstile.reset();
  oauth.google.reset();
  oauth.facebook.reset();
  stubProviders({ 'challenges.cloudflare.com': turnstile.route, ...oauth.routes });
});

describe('Turnstile', () => {
  it('refuses sign-up when siteverify fails (the always-failing test secret)', async () => {
    turnstile.reply = siteverifyAnswer({ success: false, 'error-codes': ['invalid-input-response'] });
    const a = agent(h);
    const { status, body } = await a.json(a.post('/v1/auth/signup', { firstname: 'B', lastname: 'Ot', email: 'bot@example.com', password: 'long enough', cftoken: 'XXXX.DUMMY.TOKEN' }));
    expect(status).toBe(400);
    expect(body.errors.cftoken).toBeDefined();
    expect(await h.db.query.users.findFirst({ where: eq(users.email, 'bot@example.com') })).toBeUndefined();
  });

  it('refuses a token issued for another hostname or action', async () => {
    turnstile.reply = siteverifyAnswer({ success: true, hostname: 'evil.example', action: 'signup' });
    const a = agent(h);
    expect((await a.post('/v1/auth/signup', { firstname: 'B', lastname: 'Ot', email: 'bot2@example.com', password: 'long enough', cftoken: 'tok' })).status).toBe(400);
  });

  it('answers a siteverify outage with a clear 503, creating nothing', async () => {
    turnstile.reply = () => {
      throw new TypeError('fetch failed');
    };
    const a = agent(h);
    const { status, body } = await a.json(a.post('/v1/auth/signup', { firstname: 'C', lastname: 'D', email: 'outage@example.com', password: 'long enough', cftoken: 'tok' }));
    expect(status).toBe(503);
    expect(body.code).toBe('BOT_CHECK_UNAVAILABLE');
    expect(await h.db.query.users.findFirst({ where: eq(users.email, 'outage@example.com') })).toBeUndefined();
  });

  it('publishes the site key only when the secret is configured', async () => {
    const { body } = await agent(h).json(agent(h).get('/v1/auth/session/user'));
    expect(body.app.turnstile_site_key).toBe('1x00000000000000000000AA');
    expect(body.app.oauth_providers).toEqual(['google', 'facebook']);
  });
});

describe('OAuth', () => {
  async function start(a: ReturnType<typeof agent>, provider: string) {
    const { status, body } = await a.json(a.post('/v1/auth/oauth', { provider }));
    expect(status).toBe(200);
    return new URL(body.redirect as string);
  }

  it('returns the Google redirect with state and PKCE', async () => {
    const url = await start(agent(h), 'google');
    expect(url.hostname).toBe('accounts.google.com');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/auth/external?provider=google');
  });

  it('hides and refuses a provider without credentials', async () => {
    const { status } = await agent(h).json(agent(h).post('/v1/auth/oauth', { provider: 'apple' }));
    expect(status).toBe(400);
  });

  it('signs in a new Google user identified by subject', async () => {
    oauth.google.reply = googleAnswers({ sub: 'g-123', email: 'new.google@example.com', email_verified: true, given_name: 'Gina', family_name: 'Goo' });
    const a = agent(h);
    const url = await start(a, 'google');
    const { status, body } = await a.json(a.post('/v1/auth/oauth', { provider: 'google', code: 'code-1', state: url.searchParams.get('state') }));
    expect(status).toBe(200);
    expect(body.created).toBe(true);
    const me = (await a.json(a.get('/v1/auth/session/user'))).body;
    expect(me.data).toMatchObject({ firstname: 'Gina', email: 'new.google@example.com', email_verified: true });
    const link = await h.db.query.oauthAccounts.findFirst({ where: eq(oauthAccounts.subject, 'g-123') });
    expect(link?.provider).toBe('google');
  });

  it('refuses a missing or mismatched state', async () => {
    const a = agent(h);
    await start(a, 'google');
    expect((await a.post('/v1/auth/oauth', { provider: 'google', code: 'c' })).status).toBe(400);
    const b = agent(h);
    await start(b, 'google');
    const res = await b.json(b.post('/v1/auth/oauth', { provider: 'google', code: 'c', state: 'forged-state' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OAUTH_STATE_MISMATCH');
    // No state cookie at all (another browser):
    expect((await agent(h).post('/v1/auth/oauth', { provider: 'google', code: 'c', state: 'x' })).status).toBe(400);
  });

  it('links an existing account by e-mail only when the provider verified it', async () => {
    const { email } = await signedUp(h, { email: 'linkme@example.com' });
    oauth.google.reply = googleAnswers({ sub: 'g-link', email, email_verified: true });
    oauth.facebook.reply = facebookAnswers({ id: 'fb-1', email, first_name: 'Eve' });
    const fb = agent(h);
    const fbUrl = await start(fb, 'facebook');
    const refused = await fb.json(fb.post('/v1/auth/oauth', { provider: 'facebook', code: 'c', state: fbUrl.searchParams.get('state') }));
    expect(refused.status).toBe(409);
    expect(await h.db.query.oauthAccounts.findFirst({ where: eq(oauthAccounts.subject, 'fb-1') })).toBeUndefined();

    const g = agent(h);
    const gUrl = await start(g, 'google');
    const linked = await g.json(g.post('/v1/auth/oauth', { provider: 'google', code: 'c', state: gUrl.searchParams.get('state') }));
    expect(linked.status).toBe(200);
    expect(linked.body.created).toBe(false);
    const user = await h.db.query.users.findFirst({ where: eq(users.email, email) });
    const link = await h.db.query.oauthAccounts.findFirst({ where: eq(oauthAccounts.subject, 'g-link') });
    expect(link?.userId).toBe(user!.id);
  });
});

describe("Apple's form_post callback", () => {
  it('accepts the cross-site form post and hands code and state to the client route', async () => {
    const res = await h.request('/v1/auth/oauth/apple/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://appleid.apple.com', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ code: 'apple-code', state: 'apple-state', user: '{"name":{"firstName":"Ada"}}' }).toString(),
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, 'http://localhost');
    expect(location.pathname).toBe('/auth/external');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ provider: 'apple', code: 'apple-code', state: 'apple-state' });
  });
});
