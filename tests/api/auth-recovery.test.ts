// Password reset, e-mail and phone verification through the outbox, including replayed and racing tokens.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { agent, signedUp, type Agent } from '../support/agent';
import { ok, refused, typedClient } from '../support/typed-client';
import { MINUTE } from '#shared/time';

const h = useHarness();

/** The auth calls as agent `a` (a new visitor unless named). */
const auth = (a: Agent = agent(h)) => typedClient(a).auth;
const forgot = (email: string) => auth().forgot.$post({ json: { email } });
const recover = (link: { email: string; token: string }, password: string, a?: Agent) => auth(a).recover.$post({ json: { ...link, password } });
const signIn = (identifier: string, secret: string) => auth().signin.$post({ json: { identifier, secret } });
const session = async (a: Agent) => (await ok(auth(a).session.user.$get())).body;
type MobileBody = Parameters<ReturnType<typeof auth>['send-verify']['mobile']['$post']>[0]['json'];
const sendCode = (a: Agent, body: MobileBody) => auth(a)['send-verify'].mobile.$post({ json: body });
const confirmCode = (a: Agent, code: string) => auth(a).confirm.mobile.$post({ json: { code } });
const pendingCode = (a: Agent) => auth(a).confirm.mobile.$get();

async function lastMessage(recipient: string, channel: 'mail' | 'sms') {
  const [row] = await h.db.select().from(outbox).where(and(eq(outbox.recipient, recipient), eq(outbox.channel, channel))).orderBy(desc(outbox.id)).limit(1);
  return row;
}

async function resetLink(email: string) {
  expect((await ok(forgot(email))).status).toBe(200);
  const mail = await lastMessage(email, 'mail');
  const url = new URL(/https?:\/\/\S+\/auth\/recovery\?\S+/.exec(mail!.body)![0]);
  return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
}

describe('forgot and recover', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const { email } = await signedUp(h);
    const known = await ok(forgot(email));
    const unknown = await ok(forgot('ghost@example.com'));
    expect([known.status, known.body]).toEqual([unknown.status, unknown.body]);
    expect(known.body.message).toBe("Alright! We've sent you an email with further instructions.");
    expect(await lastMessage('ghost@example.com', 'mail')).toBeUndefined();
    expect((await lastMessage(email, 'mail'))!.body).toContain('/auth/recovery?email=');
  });

  it("requires an e-mail with the seed's message", async () => {
    const { status, body } = await refused(forgot(''));
    expect(status).toBe(400);
    expect(body.errors.email).toEqual(['Please enter your email address']);
  });

  it('resets the password from the mailed link, signs in and ends every other session', async () => {
    const { agent: old, email } = await signedUp(h);
    const link = await resetLink(email);
    const a = agent(h);
    const res = await ok(recover(link, 'a fresh password', a));
    expect(res.status).toBe(200);
    expect((await session(a)).authenticated).toBe(true);
    expect((await session(old)).authenticated).toBe(false);
    expect((await ok(signIn(email, 'a fresh password'))).status).toBe(200);
  });

  it('refuses a replayed token', async () => {
    const { email } = await signedUp(h);
    const link = await resetLink(email);
    expect((await ok(recover(link, 'first new one'))).status).toBe(200);
    const replay = await refused(recover(link, 'second new one'));
    expect(replay.status).toBe(400);
    expect(replay.body.errors.token![0]).toMatch(/invalid or has expired/);
    expect((await ok(signIn(email, 'first new one'))).status).toBe(200);
  });

  it('refuses a link sent before the account was disabled, and keeps the old password', async () => {
    const { email, password } = await signedUp(h);
    const link = await resetLink(email);
    await h.db.update(users).set({ disabledAt: h.clock.now() }).where(eq(users.email, email));
    const res = await refused(recover(link, 'taken over?'));
    expect(res.status).toBe(400);
    expect(res.body.errors.token![0]).toMatch(/invalid or has expired/);
    await h.db.update(users).set({ disabledAt: null }).where(eq(users.email, email));
    expect((await ok(signIn(email, password))).status).toBe(200);
  });

  it('lets exactly one of two parallel resets with one token through', async () => {
    const { email } = await signedUp(h);
    const link = await resetLink(email);
    // One wins and one is refused: the statuses alone are read.
    const results = await Promise.all(['parallel one!', 'parallel two!'].map((password) => recover(link, password)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired token', async () => {
    const { email } = await signedUp(h);
    const link = await resetLink(email);
    h.clock.advance(61 * MINUTE);
    try {
      expect((await refused(recover(link, 'too late now'))).status).toBe(400);
    } finally {
      h.clock.advance(-61 * MINUTE);
    }
  });
});

describe('e-mail verification', () => {
  it('verifies the address through the mailed link', async () => {
    const { agent: a, email } = await signedUp(h);
    const mail = await lastMessage(email, 'mail');
    const path = /\/v1\/auth\/verify\/email\?token=[^\s]+/.exec(mail!.body)![0];
    // Raw on purpose: the link is followed as the mail gives it.
    const res = await h.request(path);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('email_verified=1');
    expect((await session(a)).data?.email_verified).toBe(true);
    expect((await refused(auth(a)['send-verify'].$post({ json: {} }))).status).toBe(409);
  });
});

const lastCode = async (phone: string) => /\b(\d{6})\b/.exec((await lastMessage(phone, 'sms'))!.body)![1]!;

describe('phone verification', () => {
  it('verifies a mobile number with the SMS code', async () => {
    const { agent: a, email } = await signedUp(h);
    const sent = await ok(sendCode(a, { phone: '079 123 45 67', country: 'CH' }));
    expect(sent.status).toBe(200);
    expect(sent.body.phone).toBe('+41791234567');
    const sms = await lastMessage('+41791234567', 'sms');
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    expect((await ok(confirmCode(a, code))).status).toBe(200);
    const row = await h.db.query.users.findFirst({ where: eq(users.email, email) });
    expect(row!.phone).toBe('+41791234567');
    expect(row!.phoneVerifiedAt).not.toBeNull();
  });

  it('limits wrong attempts, and a code belongs to one user only', async () => {
    const { agent: owner } = await signedUp(h);
    const { agent: other } = await signedUp(h);
    await ok(sendCode(owner, { phone: '+49 151 2345678', country: 'DE' }));
    const code = /\b(\d{6})\b/.exec((await lastMessage('+491512345678', 'sms'))!.body)![1]!;
    await ok(sendCode(other, { phone: '+49 151 9999999', country: 'DE' }));
    // Each refusal has its own code (the screens say it in the visitor's language) and the English at the field.
    expect((await refused(confirmCode(other, code))).body).toMatchObject({ code: 'WRONG_CODE', errors: { code: ['This code is not correct or has expired.'] } });

    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await refused(confirmCode(owner, wrong))).body);
    expect(answers.map((a) => a.code)).toEqual(['WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE', 'WRONG_CODE', 'CODE_ATTEMPTS_USED']);
    expect(answers[5]!.errors!.code).toEqual(['Too many wrong codes. Please request a new code.']);
    // Even the right code is dead after too many wrong ones.
    expect((await refused(confirmCode(owner, code))).body).toMatchObject({ code: 'CODE_ATTEMPTS_USED' });
  });

  it('tells the screens which code is waiting, so a reload keeps the code field (issue 14)', async () => {
    const { agent: a, email } = await signedUp(h);
    expect((await ok(pendingCode(a))).body).toEqual({ data: null });
    expect((await ok(sendCode(a, { phone: '079 444 55 66', country: 'CH' }))).status).toBe(200);
    const pending = await ok(pendingCode(a));
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual({ phone: '+41794445566', country: 'CH', expires_at: new Date(h.clock.now().getTime() + 10 * MINUTE).toISOString(), attempts_left: 5 });
    // Nobody else sees it, and a visitor is asked to sign in.
    const { agent: other } = await signedUp(h);
    expect((await ok(pendingCode(other))).body).toEqual({ data: null });
    expect((await refused(pendingCode(agent(h)))).status).toBe(401);

    await refused(confirmCode(a, '000000' === (await lastCode('+41794445566')) ? '111111' : '000000'));
    expect((await ok(pendingCode(a))).body.data?.attempts_left).toBe(4);
    expect((await ok(confirmCode(a, await lastCode('+41794445566')))).status).toBe(200);
    expect((await ok(pendingCode(a))).body).toEqual({ data: null });
    expect((await h.db.query.users.findFirst({ where: eq(users.email, email) }))!.phone).toBe('+41794445566');
  });

  it('rejects an implausible number with a field error', async () => {
    const { agent: a } = await signedUp(h);
    const res = await refused(sendCode(a, { phone: '12', country: 'CH' }));
    expect(res.status).toBe(400);
    expect(res.body.errors.phone).toBeDefined();
  });
});
