// Turnstile and OAuth at the provider boundary: fetch is stubbed only for the providers' own endpoints.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthAccounts, users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { stubProviders } from '../support/providers/fetch';
import { facebookAnswers, fakeOAuth, googleAnswers } from '../support/providers/oauth';
import { fakeTurnstile, siteverifyAnswer } from '../support/providers/turnstile';
import { agent, signedUp, type Agent } from '../support/agent';
import { ok, refused, typedClient } from '../support/typed-client';

const h = useHarness({
  TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
  TURNSTILE_SECRET_KEY: '2x0000000000000000000000000000000AA',
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  FACEBOOK_CLIENT_ID: 'fb-client',
  FACEBOOK_CLIENT_SECRET: 'fb-secret',
});
afterEach(() => vi.unstubAllGlobals());

/** The auth calls as agent `a`. */
const auth = (a: Agent) => typedClient(a).auth;
type SignUp = Parameters<ReturnType<typeof auth>['signup']['$post']>[0]['json'];
const signUp = (body: SignUp) => auth(agent(h)).signup.$post({ json: body });
type OAuthStep = Parameters<ReturnType<typeof auth>['oauth']['$post']>[0]['json'];
const oauthStep = (a: Agent, body: OAuthStep) => auth(a).oauth.$post({ json: body });

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
    const { status, body } = await refused(signUp({ firstname: 'B', lastname: 'Ot', email: 'bot@example.com', password: 'long enough', cftoken: 'XXXX.DUMMY.TOKEN' }));
    expect(status).toBe(400);
    expect(body.errors.cftoken).toBeDefined();
    expect(await h.db.query.users.findFirst({ where: eq(users.email, 'bot@example.com') })).toBeUndefined();
  });

  it('refuses a token issued for another hostname or action', async () => {
    turnstile.reply = siteverifyAnswer({ success: true, hostname: 'evil.example', action: 'signup' });
    expect((await refused(signUp({ firstname: 'B', lastname: 'Ot', email: 'bot2@example.com', password: 'long enough', cftoken: 'tok' }))).status).toBe(400);
  });

  it('answers a siteverify outage with a clear 503, creating nothing', async () => {
    turnstile.reply = () => {
      throw new TypeError('fetch failed');
    };
    const { status, body } = await refused(signUp({ firstname: 'C', lastname: 'D', email: 'outage@example.com', password: 'long enough', cftoken: 'tok' }));
    expect(status).toBe(503);
    expect(body.code).toBe('BOT_CHECK_UNAVAILABLE');
    expect(await h.db.query.users.findFirst({ where: eq(users.email, 'outage@example.com') })).toBeUndefined();
  });

  it('publishes the site key only when the secret is configured', async () => {
    const { body } = await ok(auth(agent(h)).session.user.$get());
    expect(body.app.turnstile_site_key).toBe('1x00000000000000000000AA');
    expect(body.app.oauth_providers).toEqual(['google', 'facebook']);
  });
});

describe('OAuth', () => {
  async function start(a: Agent, provider: OAuthStep['provider']) {
    const { status, body } = await ok(oauthStep(a, { provider }));
    expect(status).toBe(200);
    // The first step answers the provider's address; the second, with a code, the signed-in account.
    if (!('redirect' in body)) throw new Error(`no redirect: ${JSON.stringify(body)}`);
    return new URL(body.redirect);
  }

  it('returns the Google redirect with state and PKCE', async () => {
    const url = await start(agent(h), 'google');
    expect(url.hostname).toBe('accounts.google.com');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/auth/external?provider=google');
  });

  it('hides and refuses a provider without credentials', async () => {
    const { status } = await refused(oauthStep(agent(h), { provider: 'apple' }));
    expect(status).toBe(400);
  });

  it('signs in a new Google user identified by subject', async () => {
    oauth.google.reply = googleAnswers({ sub: 'g-123', email: 'new.google@example.com', email_verified: true, given_name: 'Gina', family_name: 'Goo' });
    const a = agent(h);
    const url = await start(a, 'google');
    const { status, body } = await ok(oauthStep(a, { provider: 'google', code: 'code-1', state: url.searchParams.get('state')! }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ created: true });
    const me = (await ok(auth(a).session.user.$get())).body;
    expect(me.data).toMatchObject({ firstname: 'Gina', email: 'new.google@example.com', email_verified: true });
    const link = await h.db.query.oauthAccounts.findFirst({ where: eq(oauthAccounts.subject, 'g-123') });
    expect(link?.provider).toBe('google');
  });

  it('refuses a missing or mismatched state', async () => {
    const a = agent(h);
    await start(a, 'google');
    expect((await refused(oauthStep(a, { provider: 'google', code: 'c' }))).status).toBe(400);
    const b = agent(h);
    await start(b, 'google');
    const res = await refused(oauthStep(b, { provider: 'google', code: 'c', state: 'forged-state' }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OAUTH_STATE_MISMATCH');
    // No state cookie at all (another browser):
    expect((await refused(oauthStep(agent(h), { provider: 'google', code: 'c', state: 'x' }))).status).toBe(400);
  });

  it('links an existing account by e-mail only when the provider verified it', async () => {
    const { email } = await signedUp(h, { email: 'linkme@example.com' });
    oauth.google.reply = googleAnswers({ sub: 'g-link', email, email_verified: true });
    oauth.facebook.reply = facebookAnswers({ id: 'fb-1', email, first_name: 'Eve' });
    const fb = agent(h);
    const fbUrl = await start(fb, 'facebook');
    const notLinked = await refused(oauthStep(fb, { provider: 'facebook', code: 'c', state: fbUrl.searchParams.get('state')! }));
    expect(notLinked.status).toBe(409);
    expect(await h.db.query.oauthAccounts.findFirst({ where: eq(oauthAccounts.subject, 'fb-1') })).toBeUndefined();

    const g = agent(h);
    const gUrl = await start(g, 'google');
    const linked = await ok(oauthStep(g, { provider: 'google', code: 'c', state: gUrl.searchParams.get('state')! }));
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ created: false });
    const user = await h.db.query.users.findFirst({ where: eq(users.email, email) });
    const link = await h.db.query.oauthAccounts.findFirst({ where: eq(oauthAccounts.subject, 'g-link') });
    expect(link?.userId).toBe(user!.id);
  });
});

describe("Apple's form_post callback", () => {
  it('accepts the cross-site form post and hands code and state to the client route', async () => {
    // Raw on purpose: Apple's cross-site form post, not a JSON call of the app.
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
