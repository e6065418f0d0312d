// Accounts and sessions through /v1/auth: sign-up, sign-in, logout, expiry, throttling and hostile cookies.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../functions/_api/db/schema/users';
import { createHarness } from '#harness';
import { useHarness } from '../support/use-harness';
import type { Harness } from '../support/harness';
import { agent, signedUp, type Agent } from '../support/agent';
import { ok, refused, typedClient } from '../support/typed-client';
import { HOUR } from '#shared/time';

const h = useHarness();

/** The auth and account calls as agent `a`. */
const auth = (a: Agent) => typedClient(a).auth;
const me = (a: Agent) => typedClient(a).users.me;
const session = async (a: Agent) => (await ok(auth(a).session.user.$get())).body;
const signIn = (a: Agent, identifier: string, secret: string, remember?: boolean) => auth(a).signin.$post({ json: { identifier, secret, remember } });
type SignUp = Parameters<ReturnType<typeof auth>['signup']['$post']>[0]['json'];
const signUp = (a: Agent, body: SignUp) => auth(a).signup.$post({ json: body });
/** An agent that sends the given session cookie, as a browser holding it would. */
const withCookie = (token: string) => {
  const a = agent(h);
  a.jar.set('ylc_session', token);
  return a;
};

describe('sign-up', () => {
  it('creates the account, signs in with a secure session cookie and mails a verification link', async () => {
    const a = agent(h);
    const res = await ok(signUp(a, { firstname: '  Lea ', lastname: 'Keller', email: 'Lea.Keller@Example.com', password: 'eight chr', cftoken: 't' }));
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ylc_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const row = await h.db.query.users.findFirst({ where: eq(users.email, 'lea.keller@example.com') });
    expect(row).toMatchObject({ firstname: 'Lea', lastname: 'Keller' });
    expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);

    const body = await session(a);
    expect(body.authenticated).toBe(true);
    expect(body.data).toMatchObject({ firstname: 'Lea', lastname: 'Keller', email: 'lea.keller@example.com', is_chef: false, is_su: false, chef: null, unseen_order_message_count: 0 });
    const mail = await h.db.query.outbox.findFirst({ where: (o, { eq }) => eq(o.recipient, 'lea.keller@example.com') });
    expect(mail?.body).toContain('/v1/auth/verify/email?token=');
  });

  it('treats e-mail addresses case-insensitively', async () => {
    await signedUp(h, { email: 'twice@example.com' });
    const { status, body } = await refused(signUp(agent(h), { firstname: 'A', lastname: 'B', email: 'TWICE@example.com', password: 'long enough', cftoken: '' }));
    expect(status).toBe(409);
    expect(body.errors.email![0]).toMatch(/already exists/);
  });

  it('returns field errors for the password policy and blank names, never a 500', async () => {
    const a = agent(h);
    const short = await refused(signUp(a, { firstname: 'A', lastname: 'B', email: 'p1@example.com', password: 'seven77', cftoken: '' }));
    expect(short.status).toBe(400);
    expect(short.body.errors.password![0]).toMatch(/at least 8/);
    const long = await refused(signUp(a, { firstname: 'A', lastname: 'B', email: 'p2@example.com', password: 'x'.repeat(257), cftoken: '' }));
    expect(long.body.errors.password![0]).toMatch(/at most 256/);
    const blank = await refused(signUp(a, { firstname: '   ', lastname: '', email: 'nope', password: 'long enough', cftoken: '' }));
    expect(Object.keys(blank.body.errors).sort()).toEqual(['email', 'firstname', 'lastname']);
    // Raw on purpose: a field the sign-up does not take.
    const extra = await a.json(a.post('/v1/auth/signup', { firstname: 'A', lastname: 'B', email: 'p3@example.com', password: 'long enough', cftoken: '', is_su: true }));
    expect(extra.status).toBe(400);
    expect(extra.body.errors.is_su).toBeDefined();
    expect(await h.db.query.users.findFirst({ where: eq(users.email, 'p3@example.com') })).toBeUndefined();
  });
});

describe('sign-in', () => {
  it('signs in with the right password and gives the same generic error otherwise', async () => {
    const { email, password } = await signedUp(h);
    const a = agent(h);
    const wrong = await refused(signIn(a, email, 'wrong password'));
    const unknown = await refused(signIn(a, 'nobody@example.com', 'wrong password'));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors.secret).toHaveLength(1);

    const right = await ok(signIn(a, email.toUpperCase(), password));
    expect(right.status).toBe(200);
    expect((await session(a)).authenticated).toBe(true);
  });

  it('answers a sign-in while signed in with "already logged in"', async () => {
    const { agent: a, email, password } = await signedUp(h);
    const { status, body } = await refused(signIn(a, email, password));
    expect(status).toBe(400);
    expect(body.message).toContain('already logged in');
  });

  it('throttles repeated failures on one account from one source with a 429, and lets the owner in from elsewhere', async () => {
    const { email, password } = await signedUp(h);
    const stranger = agent(h, '10.8.1.1');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn(stranger, email, `guess-${i}-guess`)).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    const res = await signIn(stranger, email, password);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused(Promise.resolve(res))).body.message).toMatch(/too many/i);
    expect((await ok(signIn(agent(h, '10.8.1.2'), email, password))).status).toBe(200);
  });

  it('throttles one IP trying many accounts', async () => {
    const a = agent(h, '10.9.9.9');
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await signIn(a, `x${i}@example.com`, 'whatever1')).status;
    expect(last).toBe(429);
    // 31 sign-ins, each hashing a password (an unknown address is hashed too, for equal timing): on two busy cores
    // that can take longer than the default 30 s.
  }, 90_000);
});

describe('sessions', () => {
  it('ends the session on logout, and the old cookie no longer works', async () => {
    const { agent: a } = await signedUp(h);
    const oldCookie = a.jar.get('ylc_session')!;
    expect((await ok(auth(a).logout.$post({ json: {} }))).status).toBe(200);
    expect(a.jar.has('ylc_session')).toBe(false);
    expect((await session(withCookie(oldCookie))).authenticated).toBe(false);
  });

  it('ignores a tampered cookie', async () => {
    const { agent: a } = await signedUp(h);
    const token = a.jar.get('ylc_session')!;
    const [head, payload, sig] = token.split('.');
    const forged = `${head}.${payload}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await session(withCookie(forged))).authenticated).toBe(false);
    expect((await refused(me(withCookie(forged)).sessions.$get())).status).toBe(401);
  });

  it('expires an idle session that was not remembered, and stores only a hash of the id', async () => {
    const { email, password } = await signedUp(h);
    const a = agent(h);
    await ok(signIn(a, email, password, false));
    const all = await h.db.select().from(sessions);
    expect(all.every((s) => /^[0-9a-f]{64}$/.test(s.idHash))).toBe(true);
    expect(JSON.stringify(all)).not.toContain(a.jar.get('ylc_session')!.split('.')[1]);
    h.clock.advance(3 * HOUR);
    expect((await session(a)).authenticated).toBe(false);
    h.clock.advance(-3 * HOUR);
  });

  it('lists my sessions and signs out everywhere else', async () => {
    const { agent: first, email, password } = await signedUp(h);
    const second = agent(h);
    await ok(signIn(second, email, password));
    const list = await ok(me(first).sessions.$get());
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.filter((s) => s.current)).toHaveLength(1);
    expect((await ok(me(first).sessions['revoke-others'].$post({ json: {} }))).body.revoked).toBe(1);
    expect((await session(second)).authenticated).toBe(false);
    expect((await session(first)).authenticated).toBe(true);
  });

  it("cannot revoke another user's session", async () => {
    const { agent: mallory } = await signedUp(h);
    const { agent: victim } = await signedUp(h);
    const [theirs] = (await ok(me(victim).sessions.$get())).body.data;
    expect((await refused(me(mallory).sessions[':id'].$delete({ param: { id: theirs!.id } }))).status).toBe(404);
    expect((await session(victim)).authenticated).toBe(true);
  });
});

describe('profile and password', () => {
  it('trims names and rejects blank ones', async () => {
    const { agent: a } = await signedUp(h);
    const trimmed = await ok(me(a).$put({ json: { firstname: '  Marco ', lastname: ' Rossi ' } }));
    expect(trimmed.body.data).toEqual({ firstname: 'Marco', lastname: 'Rossi' });
    const blank = await refused(me(a).$put({ json: { firstname: ' ', lastname: 'Rossi' } }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors.firstname).toBeDefined();
    expect((await session(a)).data?.firstname).toBe('Marco');
  });

  it('changes the password only with the current one, and signs out other sessions', async () => {
    const { agent: a, email, password } = await signedUp(h);
    const other = agent(h);
    await ok(signIn(other, email, password));
    const change = me(a).change_password;
    const bad = await refused(change.$post({ json: { old_password: 'not it at all', password: 'brand new pass' } }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Your current password is not correct.', code: 'WRONG_PASSWORD', errors: { old_password: ['Your current password is not correct.'] } });
    expect((await ok(change.$post({ json: { old_password: password, password: 'brand new pass' } }))).status).toBe(200);
    expect((await session(other)).authenticated).toBe(false);
    expect((await session(a)).authenticated).toBe(true);
    expect((await ok(signIn(agent(h), email, 'brand new pass'))).status).toBe(200);
  });

  it('requires a session for account calls', async () => {
    expect((await refused(me(agent(h)).$put({ json: { firstname: 'A', lastname: 'B' } }))).status).toBe(401);
    expect((await refused(me(agent(h)).notifications.$get({ query: {} }))).status).toBe(401);
  });
});

describe('when the mail API is down', () => {
  let down: Harness;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard), so every mail call fails.
    down = await createHarness({ POSTMARK_SERVER_TOKEN: 'test-token', MAIL_FROM: 'hello@example.ch', POSTMARK_API_BASE: 'http://127.0.0.1:9' });
  });
  afterAll(() => down.close());

  it('still signs the user up (the verification mail can be asked for again) and answers forgot as usual', async () => {
    const a = agent(down);
    const email = `maildown-${Date.now()}@example.com`;
    const res = await ok(signUp(a, { firstname: 'Mia', lastname: 'Down', email, password: 'long enough pw', cftoken: 'x' }));
    expect(res.status).toBe(201);
    expect((await ok(auth(a).session.user.$get())).body.authenticated).toBe(true);
    const [row] = await down.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(row).toBeDefined();

    const forgot = await ok(auth(agent(down)).forgot.$post({ json: { email } }));
    const unknown = await ok(auth(agent(down)).forgot.$post({ json: { email: 'nobody-here@example.com' } }));
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual(unknown.body);
  });
});
