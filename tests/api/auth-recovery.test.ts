// Password reset, e-mail and phone verification through the outbox, including replayed and racing tokens.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { agent, signedUp } from '../support/agent';

const h = useHarness();

async function lastMessage(recipient: string, channel: 'mail' | 'sms') {
  const [row] = await h.db.select().from(outbox).where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel))).orderBy(desc(outbox.id)).limit(1);
  return row;
}

async function resetLink(email: string) {
  const a = agent(h);
  expect((await a.post('/v1/auth/forgot', { email })).status).toBe(200);
  const mail = await lastMessage(email, 'mail');
  const url = new URL(/https?:\/\/\S+\/auth\/recovery\?\S+/.exec(mail!.body)![0]);
  return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
}

describe('forgot and recover', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const { email } = await signedUp(h);
    const known = await agent(h).json(agent(h).post('/v1/auth/forgot', { email }));
    const unknown = await agent(h).json(agent(h).post('/v1/auth/forgot', { email: 'ghost@example.com' }));
    expect(known).toEqual(unknown);
    expect(known.body.message).toBe("Alright! We've sent you an email with further instructions.");
    expect(await lastMessage('ghost@example.com', 'mail')).toBeUndefined();
    expect((await lastMessage(email, 'mail'))!.body).toContain('/auth/recovery?email=');
  });

  it("requires an e-mail with the seed's message", async () => {
    const { status, body } = await agent(h).json(agent(h).post('/v1/auth/forgot', { email: '' }));
    expect(status).toBe(400);
    expect(body.errors.email).toEqual(['Please enter your email address']);
  });

  it('resets the password from the mailed link, signs in and ends every other session', async () => {
    const { agent: old, email } = await signedUp(h);
    const link = await resetLink(email);
    const a = agent(h);
    const res = await a.json(a.post('/v1/auth/recover', { ...link, password: 'a fresh password' }));
    expect(res.status).toBe(200);
    expect((await a.json(a.get('/v1/auth/session/user'))).body.authenticated).toBe(true);
    expect((await old.json(old.get('/v1/auth/session/user'))).body.authenticated).toBe(false);
    expect((await agent(h).post('/v1/auth/signin', { identifier: email, secret: 'a fresh password' })).status).toBe(200);
  });

  it('refuses a replayed token', async () => {
    const { email } = await signedUp(h);
    const link = await resetLink(email);
    expect((await agent(h).post('/v1/auth/recover', { ...link, password: 'first new one' })).status).toBe(200);
    const replay = await agent(h).json(agent(h).post('/v1/auth/recover', { ...link, password: 'second new one' }));
    expect(replay.status).toBe(400);
    expect(replay.body.errors.token[0]).toMatch(/invalid or has expired/);
    expect((await agent(h).post('/v1/auth/signin', { identifier: email, secret: 'first new one' })).status).toBe(200);
  });

  it('refuses a link sent before the account was disabled, and keeps the old password', async () => {
    const { email, password } = await signedUp(h);
    const link = await resetLink(email);
    await h.db.update(users).set({ disabledAt: h.clock.now() }).where(eq(users.email, email));
    const res = await agent(h).json(agent(h).post('/v1/auth/recover', { ...link, password: 'taken over?' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.token[0]).toMatch(/invalid or has expired/);
    await h.db.update(users).set({ disabledAt: null }).where(eq(users.email, email));
    expect((await agent(h).post('/v1/auth/signin', { identifier: email, secret: password })).status).toBe(200);
  });

  it('lets exactly one of two parallel resets with one token through', async () => {
    const { email } = await signedUp(h);
    const link = await resetLink(email);
    const results = await Promise.all(['parallel one!', 'parallel two!'].map((password) => agent(h).post('/v1/auth/recover', { ...link, password })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired token', async () => {
    const { email } = await signedUp(h);
    const link = await resetLink(email);
    h.clock.advance(61 * 60_000);
    try {
      expect((await agent(h).post('/v1/auth/recover', { ...link, password: 'too late now' })).status).toBe(400);
    } finally {
      h.clock.advance(-61 * 60_000);
    }
  });
});

describe('e-mail verification', () => {
  it('verifies the address through the mailed link', async () => {
    const { agent: a, email } = await signedUp(h);
    const mail = await lastMessage(email, 'mail');
    const path = /\/v1\/auth\/verify\/email\?token=[^\s]+/.exec(mail!.body)![0];
    const res = await h.request(path);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('email_verified=1');
    expect((await a.json(a.get('/v1/auth/session/user'))).body.data.email_verified).toBe(true);
    expect((await a.post('/v1/auth/send-verify', {})).status).toBe(409);
  });
});

const lastCode = async (phone: string) => /\b(\d{6})\b/.exec((await lastMessage(phone, 'sms'))!.body)![1]!;

describe('phone verification', () => {
  it('verifies a mobile number with the SMS code', async () => {
    const { agent: a, email } = await signedUp(h);
    const sent = await a.json(a.post('/v1/auth/send-verify/mobile', { phone: '079 123 45 67', country: 'CH' }));
    expect(sent.status).toBe(200);
    expect(sent.body.phone).toBe('+41791234567');
    const sms = await lastMessage('+41791234567', 'sms');
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    expect((await a.json(a.post('/v1/auth/confirm/mobile', { code }))).status).toBe(200);
    const row = await h.db.query.users.findFirst({ where: eq(users.email, email) });
    expect(row!.phone).toBe('+41791234567');
    expect(row!.phoneVerifiedAt).not.toBeNull();
  });

  it('limits wrong attempts, and a code belongs to one user only', async () => {
    const { agent: owner } = await signedUp(h);
    const { agent: other } = await signedUp(h);
    await owner.post('/v1/auth/send-verify/mobile', { phone: '+49 151 2345678', country: 'DE' });
    const code = /\b(\d{6})\b/.exec((await lastMessage('+491512345678', 'sms'))!.body)![1]!;
    await other.post('/v1/auth/send-verify/mobile', { phone: '+49 151 9999999', country: 'DE' });
    expect((await other.json(other.post('/v1/auth/confirm/mobile', { code }))).body.errors.code).toBeDefined();

    const wrong = code === '000000' ? '111111' : '000000';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await owner.json(owner.post('/v1/auth/confirm/mobile', { code: wrong }))).body.errors.code[0]);
    expect(statuses[5]).toMatch(/too many/i);
    // Even the right code is dead after too many wrong ones.
    expect((await owner.post('/v1/auth/confirm/mobile', { code })).status).toBe(400);
  });

  it('tells the screens which code is waiting, so a reload keeps the code field (issue 14)', async () => {
    const { agent: a, email } = await signedUp(h);
    expect((await a.json(a.get('/v1/auth/confirm/mobile'))).body).toEqual({ data: null });
    expect((await a.post('/v1/auth/send-verify/mobile', { phone: '079 444 55 66', country: 'CH' })).status).toBe(200);
    const pending = await a.json(a.get('/v1/auth/confirm/mobile'));
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual({ phone: '+41794445566', country: 'CH', expires_at: new Date(h.clock.now().getTime() + 10 * 60_000).toISOString(), attempts_left: 5 });
    // Nobody else sees it, and a visitor is asked to sign in.
    const { agent: other } = await signedUp(h);
    expect((await other.json(other.get('/v1/auth/confirm/mobile'))).body).toEqual({ data: null });
    expect((await agent(h).get('/v1/auth/confirm/mobile')).status).toBe(401);

    await a.post('/v1/auth/confirm/mobile', { code: '000000' === (await lastCode('+41794445566')) ? '111111' : '000000' });
    expect((await a.json(a.get('/v1/auth/confirm/mobile'))).body.data.attempts_left).toBe(4);
    expect((await a.post('/v1/auth/confirm/mobile', { code: await lastCode('+41794445566') })).status).toBe(200);
    expect((await a.json(a.get('/v1/auth/confirm/mobile'))).body).toEqual({ data: null });
    expect((await h.db.query.users.findFirst({ where: eq(users.email, email) }))!.phone).toBe('+41794445566');
  });

  it('rejects an implausible number with a field error', async () => {
    const { agent: a } = await signedUp(h);
    const res = await a.json(a.post('/v1/auth/send-verify/mobile', { phone: '12', country: 'CH' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.phone).toBeDefined();
  });
});
