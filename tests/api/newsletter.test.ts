// The newsletter (issue 15 L8): double opt-in. Signing up mails a confirmation link and subscribes nobody; the
// link subscribes, once; the unsubscribe link in every mail works for good and ends open confirmation links, so an
// unsubscribed address is never put back on the list without its owner. Plus the bot check at the provider
// boundary and the limits per source and per address.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { newsletterSubscribers } from '../../functions/_api/db/schema/content';
import { outbox } from '../../functions/_api/db/schema/system';
import { CONFIRM_TTL_MS, NEWSLETTER_ADDRESS_LIMIT } from '../../functions/_api/modules/newsletter/newsletter.service';
import { createHarness } from '#harness';
import { useHarness } from '../support/use-harness';
import { stubProviders } from '../support/providers/fetch';
import { fakeTurnstile, siteverifyAnswer } from '../support/providers/turnstile';
import { START, type Harness } from '../support/harness';
import { agent, newSources, type Agent } from '../support/agent';
import { ok, refused, typedClient, type ErrorBody } from '../support/typed-client';
import type { InferRequestType } from 'hono/client';

const h = useHarness();
beforeEach(() => h.clock.set(START));
afterEach(() => vi.unstubAllGlobals());

const subscriber = (email: string) => h.db.query.newsletterSubscribers.findFirst({ where: eq(newsletterSubscribers.email, email) });
const confirmationMails = (email: string) =>
  h.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.template, 'newsletter_confirm'))).orderBy(desc(outbox.id));

/** A request from a new address each time, so only the limit under test applies. */
const fromNewIp = newSources(() => h, 93);

type RegisterBody = InferRequestType<ReturnType<typeof typedClient>['newsletter']['register']['$post']>['json'];

/** POST /v1/newsletter/register as agent `a` (with headers such as x-locale): the pending typed call. */
const registerAs = (a: Agent, json: RegisterBody, headers: Record<string, string> = {}) => typedClient(a).newsletter.register.$post({ json }, { headers });

/** Signs an address up and returns the links of the confirmation mail, as paths with their query. */
async function signUp(email: string, headers: Record<string, string> = {}) {
  const a = fromNewIp();
  expect((await ok(registerAs(a, { email }, headers))).status).toBe(200);
  const body = (await confirmationMails(email))[0]!.body;
  const link = (path: string) => new URL(new RegExp(`https?://\\S+${path}\\?\\S+`).exec(body)![0]);
  const confirm = link('/newsletter/confirm');
  const unsubscribe = link('/newsletter/unsubscribe');
  return {
    token: confirm.searchParams.get('token')!,
    unsubscribe: { email: unsubscribe.searchParams.get('email')!, token: unsubscribe.searchParams.get('token')! },
  };
}
/** The confirmation and unsubscribe links, followed from a new address: the pending typed calls, for ok() or refused(). */
const confirm = (token: string, headers: Record<string, string> = {}) => typedClient(fromNewIp()).newsletter.confirm.$post({ json: { token } }, { headers });
const unsubscribe = (json: { email: string; token: string }) => typedClient(fromNewIp()).newsletter.unsubscribe.$post({ json });

describe('double opt-in', () => {
  it('subscribes only through the confirmation link, in the locale of the browser that confirms', async () => {
    const { token, unsubscribe: off } = await signUp('double@example.com');
    expect(await subscriber('double@example.com')).toBeUndefined();
    const res = await ok(confirm(token, { 'x-locale': 'fr' }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'You are now subscribed to our newsletter.',
      email: 'double@example.com',
      unsubscribe_url: `http://localhost/newsletter/unsubscribe?email=double%40example.com&token=${encodeURIComponent(off.token)}`,
    });
    expect(await subscriber('double@example.com')).toMatchObject({ email: 'double@example.com', locale: 'fr', unsubscribedAt: null });
    // Opening the link again answers the same while the address is on the list.
    expect((await ok(confirm(token))).status).toBe(200);
  });

  it('refuses an unknown, changed or expired link with a field error and subscribes nobody', async () => {
    const { token } = await signUp('late@example.com');
    for (const bad of ['not-a-real-token-123', `${token.slice(0, -1)}x`]) {
      const res = await refused(confirm(bad));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_TOKEN');
      expect(res.body.errors.token).toEqual(['This link is not valid or has expired.']);
    }
    h.clock.advance(CONFIRM_TTL_MS + 1000);
    expect((await refused(confirm(token))).status).toBe(400);
    expect(await subscriber('late@example.com')).toBeUndefined();
  });

  it('never puts an unsubscribed address back on the list without its owner: a new sign-up needs a new confirmation', async () => {
    const first = await signUp('back@example.com');
    expect((await ok(confirm(first.token))).status).toBe(200);
    expect((await ok(unsubscribe(first.unsubscribe))).body.message).toBe('You are unsubscribed from our newsletter.');
    expect((await subscriber('back@example.com'))!.unsubscribedAt).not.toBeNull();

    // Somebody signs the address up again: still unsubscribed, and the old link no longer works.
    const second = await signUp('back@example.com');
    expect((await subscriber('back@example.com'))!.unsubscribedAt).not.toBeNull();
    expect((await refused(confirm(first.token))).status).toBe(400);
    expect((await subscriber('back@example.com'))!.unsubscribedAt).not.toBeNull();
    // Only the owner's click on the new link subscribes again.
    expect((await ok(confirm(second.token))).status).toBe(200);
    expect((await subscriber('back@example.com'))!.unsubscribedAt).toBeNull();
  });

  it('unsubscribing ends the confirmation links sent before it', async () => {
    const { token, unsubscribe: off } = await signUp('never@example.com');
    expect((await ok(unsubscribe(off))).status).toBe(200);
    expect((await refused(confirm(token))).status).toBe(400);
    expect(await subscriber('never@example.com')).toBeUndefined();
  });

  it('refuses an unsubscribe link that is not signed for the address', async () => {
    const { unsubscribe: off } = await signUp('kept@example.com');
    const { token } = await signUp('kept-too@example.com');
    expect((await ok(confirm(token))).status).toBe(200);
    const forged = await refused(unsubscribe({ email: 'kept-too@example.com', token: off.token }));
    expect(forged.status).toBe(400);
    expect(forged.body.errors.token).toEqual(['This link is not valid or has expired.']);
    expect((await subscriber('kept-too@example.com'))!.unsubscribedAt).toBeNull();
  });

  it(`mails one address at most ${NEWSLETTER_ADDRESS_LIMIT.limit} confirmation links a day, from however many sources`, async () => {
    for (let i = 0; i < NEWSLETTER_ADDRESS_LIMIT.limit; i++) expect((await ok(registerAs(fromNewIp(), { email: 'flood@example.com' }))).status).toBe(200);
    const limited = await refused(registerAs(fromNewIp(), { email: 'flood@example.com' }));
    expect(limited.status).toBe(429);
    // Its own code: the sign-up form tells it from the network's limit (RATE_LIMITED) by the code.
    expect(limited.body.code).toBe('CONFIRMATION_ALREADY_SENT');
    expect(limited.body.errors.email).toEqual(['We have already sent this address a confirmation link. Please look for it in your inbox.']);
    expect(await confirmationMails('flood@example.com')).toHaveLength(NEWSLETTER_ADDRESS_LIMIT.limit);
  });
});

describe('newsletter', () => {
  const register = (body: RegisterBody, ip = '10.1.0.1') => registerAs(agent(h, ip), body);

  it('mails a confirmation link and answers a repeat sign-up the same way; nothing is subscribed yet', async () => {
    const first = await ok(register({ email: '  News@Example.com ', 'cf-turnstile-response': 'tok' }));
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Almost done! We have sent you an e-mail: please confirm your subscription with the link in it.');
    const again = await ok(register({ email: 'news@example.com', 'cf-turnstile-response': 'tok' }));
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(await subscriber('news@example.com')).toBeUndefined();
    const mails = await confirmationMails('news@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Please confirm your newsletter subscription');
    expect(mails[0]!.body).toMatch(/^http:\/\/localhost\/newsletter\/confirm\?token=\S+$/m);
    expect(mails[0]!.body).toMatch(/^http:\/\/localhost\/newsletter\/unsubscribe\?email=news%40example\.com&token=\S+$/m);
  });

  it('answers and mails in the visitor locale', async () => {
    const { body } = await ok(registerAs(agent(h, '10.1.0.9'), { email: 'de@example.com' }, { 'x-locale': 'de' }));
    expect(body.message).toMatch(/^Fast geschafft!/);
    expect((await confirmationMails('de@example.com'))[0]!.subject).toBe('Bitte bestätige deine Newsletter-Anmeldung');
  });

  it('validates the body strictly', async () => {
    const bad = await refused(register({ email: 'not-an-email' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBeDefined();
    // Raw on purpose: a body without the address, and a field the route does not take, which its type forbids.
    const raw = (body: unknown) => agent(h, '10.1.0.1').json<ErrorBody>(agent(h, '10.1.0.1').post('/v1/newsletter/register', body));
    expect((await raw({})).body.errors.email).toBeDefined();
    expect((await raw({ email: 'x@example.com', cftoken: 'wrong-name' })).status).toBe(400);
  });

  it('limits sign-ups per IP with a 429', async () => {
    const ip = '10.1.0.77';
    for (let i = 0; i < 10; i++) expect((await ok(register({ email: `rl${i}@example.com` }, ip))).status).toBe(200);
    const limited = await refused(register({ email: 'rl-over@example.com' }, ip));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await confirmationMails('rl-over@example.com')).toEqual([]);
    expect((await ok(register({ email: 'other-ip@example.com' }, '10.1.0.78'))).status).toBe(200);
    // The window is an hour.
    h.clock.advance(3601_000);
    expect((await ok(register({ email: 'rl-later@example.com' }, ip))).status).toBe(200);
  });
});

describe('newsletter bot check', () => {
  let hb: Harness;
  beforeAll(async () => {
    hb = await createHarness({ TURNSTILE_SITE_KEY: '1x00000000000000000000AA', TURNSTILE_SECRET_KEY: '2x0000000000000000000000000000000AA' });
  });
  afterAll(() => hb.close());

  const turnstile = fakeTurnstile();
  function stubSiteverify(answer: Record<string, unknown>) {
    turnstile.reply = siteverifyAnswer(answer);
    stubProviders({ 'challenges.cloudflare.com': turnstile.route });
  }
  const register = (body: RegisterBody) => registerAs(agent(hb, '10.2.0.1'), body);

  it('accepts a token that siteverify confirms for this site and form', async () => {
    stubSiteverify({ success: true, hostname: 'localhost', action: 'newsletter' });
    const { status } = await ok(register({ email: 'human@example.com', 'cf-turnstile-response': 'good-token' }));
    expect(status).toBe(200);
    const sent = new URLSearchParams(turnstile.calls.at(-1)!.body);
    expect(sent.get('response')).toBe('good-token');
    expect(sent.get('remoteip')).toBe('10.2.0.1');
  });

  it('refuses a failed, missing or misdirected token with a field error and stores nothing', async () => {
    stubSiteverify({ success: false, 'error-codes': ['invalid-input-response'] });
    const failed = await refused(register({ email: 'bot@example.com', 'cf-turnstile-response': 'XXXX.DUMMY.TOKEN' }));
    expect(failed.status).toBe(400);
    expect(failed.body.errors['cf-turnstile-response']).toBeDefined();
    expect((await refused(register({ email: 'bot2@example.com' }))).body.errors['cf-turnstile-response']).toBeDefined();
    stubSiteverify({ success: true, hostname: 'localhost', action: 'signup' });
    expect((await refused(register({ email: 'bot3@example.com', 'cf-turnstile-response': 'signup-token' }))).status).toBe(400);
    for (const email of ['bot@example.com', 'bot2@example.com', 'bot3@example.com']) {
      expect(await hb.db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual([]);
    }
  });
});
