// Accounts and sessions through /v1/auth: sign-up, sign-in, logout, expiry, throttling and hostile cookies.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../functions/_api/db/schema/users';
import { createHarness } from '#harness';
import { useHarness } from '../support/use-harness';
import type { Harness } from '../support/harness';
import { agent, signedUp } from '../support/agent';

const h = useHarness();

describe('sign-up', () => {
  it('creates the account, signs in with a secure session cookie and mails a verification link', async () => {
    const a = agent(h);
    const res = await a.post('/v1/auth/signup', { firstname: '  Lea ', lastname: 'Keller', email: 'Lea.Keller@Example.com', password: 'eight chr', cftoken: 't' });
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ylc_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const row = await h.db.query.users.findFirst({ where: eq(users.email, 'lea.keller@example.com') });
    expect(row).toMatchObject({ firstname: 'Lea', lastname: 'Keller' });
    expect(row!.passwordHash).toMatch(/^scrypt\$16384\$8\$5\$/);

    const { body } = await a.json(a.get('/v1/auth/session/user'));
    expect(body.authenticated).toBe(true);
    expect(body.data).toMatchObject({ firstname: 'Lea', lastname: 'Keller', email: 'lea.keller@example.com', is_chef: false, is_su: false, chef: null, unseen_order_message_count: 0 });
    const mail = await h.db.query.outbox.findFirst({ where: (o, { eq }) => eq(o.recipient, 'lea.keller@example.com') });
    expect(mail?.body).toContain('/v1/auth/verify/email?token=');
  });

  it('treats e-mail addresses case-insensitively', async () => {
    await signedUp(h, { email: 'twice@example.com' });
    const { status, body } = await agent(h).json(agent(h).post('/v1/auth/signup', { firstname: 'A', lastname: 'B', email: 'TWICE@example.com', password: 'long enough', cftoken: '' }));
    expect(status).toBe(409);
    expect(body.errors.email[0]).toMatch(/already exists/);
  });

  it('returns field errors for the password policy and blank names, never a 500', async () => {
    const a = agent(h);
    const short = await a.json(a.post('/v1/auth/signup', { firstname: 'A', lastname: 'B', email: 'p1@example.com', password: 'seven77', cftoken: '' }));
    expect(short.status).toBe(400);
    expect(short.body.errors.password[0]).toMatch(/at least 8/);
    const long = await a.json(a.post('/v1/auth/signup', { firstname: 'A', lastname: 'B', email: 'p2@example.com', password: 'x'.repeat(257), cftoken: '' }));
    expect(long.body.errors.password[0]).toMatch(/at most 256/);
    const blank = await a.json(a.post('/v1/auth/signup', { firstname: '   ', lastname: '', email: 'nope', password: 'long enough', cftoken: '' }));
    expect(Object.keys(blank.body.errors).sort()).toEqual(['email', 'firstname', 'lastname']);
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
    const wrong = await a.json(a.post('/v1/auth/signin', { identifier: email, secret: 'wrong password' }));
    const unknown = await a.json(a.post('/v1/auth/signin', { identifier: 'nobody@example.com', secret: 'wrong password' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors.secret).toHaveLength(1);

    const ok = await a.post('/v1/auth/signin', { identifier: email.toUpperCase(), secret: password });
    expect(ok.status).toBe(200);
    expect((await a.json(a.get('/v1/auth/session/user'))).body.authenticated).toBe(true);
  });

  it('answers a sign-in while signed in with "already logged in"', async () => {
    const { agent: a, email, password } = await signedUp(h);
    const { status, body } = await a.json(a.post('/v1/auth/signin', { identifier: email, secret: password }));
    expect(status).toBe(400);
    expect(body.message).toContain('already logged in');
  });

  it('throttles repeated failures on one account from one source with a 429, and lets the owner in from elsewhere', async () => {
    const { email, password } = await signedUp(h);
    const stranger = agent(h, '10.8.1.1');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await stranger.post('/v1/auth/signin', { identifier: email, secret: `guess-${i}-guess` })).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    const res = await stranger.post('/v1/auth/signin', { identifier: email, secret: password });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await res.json()) as { message: string }).message).toMatch(/too many/i);
    expect((await agent(h, '10.8.1.2').post('/v1/auth/signin', { identifier: email, secret: password })).status).toBe(200);
  });

  it('throttles one IP trying many accounts', async () => {
    const a = agent(h, '10.9.9.9');
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await a.post('/v1/auth/signin', { identifier: `x${i}@example.com`, secret: 'whatever1' })).status;
    expect(last).toBe(429);
    // 31 sign-ins, each hashing a password (an unknown address is hashed too, for equal timing): on two busy cores
    // that can take longer than the default 30 s.
  }, 90_000);
});

describe('sessions', () => {
  it('ends the session on logout, and the old cookie no longer works', async () => {
    const { agent: a } = await signedUp(h);
    const oldCookie = `ylc_session=${a.jar.get('ylc_session')}`;
    expect((await a.post('/v1/auth/logout')).status).toBe(200);
    expect(a.jar.has('ylc_session')).toBe(false);
    const replay = await h.request('/v1/auth/session/user', { headers: { cookie: oldCookie } });
    expect(((await replay.json()) as { authenticated: boolean }).authenticated).toBe(false);
  });

  it('ignores a tampered cookie', async () => {
    const { agent: a } = await signedUp(h);
    const token = a.jar.get('ylc_session')!;
    const [head, payload, sig] = token.split('.');
    const forged = `${head}.${payload}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await h.request('/v1/auth/session/user', { headers: { cookie: `ylc_session=${forged}` } });
    expect(((await res.json()) as { authenticated: boolean }).authenticated).toBe(false);
    expect((await h.request('/v1/users/me/sessions', { headers: { cookie: `ylc_session=${forged}` } })).status).toBe(401);
  });

  it('expires an idle session that was not remembered, and stores only a hash of the id', async () => {
    const { email, password } = await signedUp(h);
    const a = agent(h);
    await a.post('/v1/auth/signin', { identifier: email, secret: password, remember: false });
    const all = await h.db.select().from(sessions);
    expect(all.every((s) => /^[0-9a-f]{64}$/.test(s.idHash))).toBe(true);
    expect(JSON.stringify(all)).not.toContain(a.jar.get('ylc_session')!.split('.')[1]);
    h.clock.advance(3 * 3600_000);
    expect((await a.json(a.get('/v1/auth/session/user'))).body.authenticated).toBe(false);
    h.clock.advance(-3 * 3600_000);
  });

  it('lists my sessions and signs out everywhere else', async () => {
    const { agent: first, email, password } = await signedUp(h);
    const second = agent(h);
    await second.post('/v1/auth/signin', { identifier: email, secret: password });
    const list = await first.json<{ data: { id: string; current: boolean }[] }>(first.get('/v1/users/me/sessions'));
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.filter((s) => s.current)).toHaveLength(1);
    expect((await first.json(first.post('/v1/users/me/sessions/revoke-others'))).body.revoked).toBe(1);
    expect((await second.json(second.get('/v1/auth/session/user'))).body.authenticated).toBe(false);
    expect((await first.json(first.get('/v1/auth/session/user'))).body.authenticated).toBe(true);
  });

  it("cannot revoke another user's session", async () => {
    const { agent: mallory } = await signedUp(h);
    const { agent: victim } = await signedUp(h);
    const [theirs] = (await victim.json<{ data: { id: string }[] }>(victim.get('/v1/users/me/sessions'))).body.data;
    expect((await mallory.del(`/v1/users/me/sessions/${theirs!.id}`)).status).toBe(404);
    expect((await victim.json(victim.get('/v1/auth/session/user'))).body.authenticated).toBe(true);
  });
});

describe('profile and password', () => {
  it('trims names and rejects blank ones', async () => {
    const { agent: a } = await signedUp(h);
    const ok = await a.json(a.put('/v1/users/me', { firstname: '  Marco ', lastname: ' Rossi ' }));
    expect(ok.body.data).toEqual({ firstname: 'Marco', lastname: 'Rossi' });
    const blank = await a.json(a.put('/v1/users/me', { firstname: ' ', lastname: 'Rossi' }));
    expect(blank.status).toBe(400);
    expect(blank.body.errors.firstname).toBeDefined();
    expect((await a.json(a.get('/v1/auth/session/user'))).body.data.firstname).toBe('Marco');
  });

  it('changes the password only with the current one, and signs out other sessions', async () => {
    const { agent: a, email, password } = await signedUp(h);
    const other = agent(h);
    await other.post('/v1/auth/signin', { identifier: email, secret: password });
    const bad = await a.json(a.post('/v1/users/me/change_password', { old_password: 'not it at all', password: 'brand new pass' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Your current password is not correct.', code: 'WRONG_PASSWORD', errors: { old_password: ['Your current password is not correct.'] } });
    expect((await a.post('/v1/users/me/change_password', { old_password: password, password: 'brand new pass' })).status).toBe(200);
    expect((await other.json(other.get('/v1/auth/session/user'))).body.authenticated).toBe(false);
    expect((await a.json(a.get('/v1/auth/session/user'))).body.authenticated).toBe(true);
    expect((await agent(h).post('/v1/auth/signin', { identifier: email, secret: 'brand new pass' })).status).toBe(200);
  });

  it('requires a session for account calls', async () => {
    expect((await agent(h).put('/v1/users/me', { firstname: 'A', lastname: 'B' })).status).toBe(401);
    expect((await agent(h).get('/v1/users/me/notifications')).status).toBe(401);
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
    const res = await a.json(a.post('/v1/auth/signup', { firstname: 'Mia', lastname: 'Down', email, password: 'long enough pw', cftoken: 'x' }));
    expect(res.status).toBe(201);
    expect((await a.json(a.get('/v1/auth/session/user'))).body.authenticated).toBe(true);
    const [row] = await down.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(row).toBeDefined();

    const forgot = await agent(down).json(agent(down).post('/v1/auth/forgot', { email }));
    const unknown = await agent(down).json(agent(down).post('/v1/auth/forgot', { email: 'nobody-here@example.com' }));
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual(unknown.body);
  });
});
