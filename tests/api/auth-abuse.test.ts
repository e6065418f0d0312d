// Issue 15 (L2, L6, L8): SMS codes only to mobiles of the served countries and never pumped to one number, a
// stranger cannot lock an owner out of sign-in or password reset, a newer reset link ends the older ones, and
// forgot answers a known address exactly like an unknown one, without waiting for the mail.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../functions/_api/db/schema/system';
import { users, verificationTokens } from '../../functions/_api/db/schema/users';
import { LIMITS } from '../../functions/_api/modules/auth/auth.service';
import { PHONE_COUNTRIES } from '#shared/schemas/auth.schema';
import { createHarness } from '#harness';
import { useHarness } from '../support/use-harness';
import { stubProviders } from '../support/providers/fetch';
import { fakePostmark, postmarkOk } from '../support/providers/postmark';
import { START, type Harness } from '../support/harness';
import { agent, signedUp, newSources, type Agent } from '../support/agent';
import { createUser } from '../support/fixtures';
import { ok, refused, typedClient } from '../support/typed-client';

const h = useHarness();
beforeEach(() => h.clock.set(START));

/** A request from a new address each time, so only the limit under test applies. */
const fromNewIp = newSources(() => h, 91);

/** The auth calls as agent `a`. */
const auth = (a: Agent) => typedClient(a).auth;
type MobileBody = Parameters<ReturnType<typeof auth>['send-verify']['mobile']['$post']>[0]['json'];
const sendCode = (a: Agent, body: MobileBody) => auth(a)['send-verify'].mobile.$post({ json: body });
const signIn = (a: Agent, identifier: string, secret: string) => auth(a).signin.$post({ json: { identifier, secret } });
const forgot = (a: Agent, email: string) => auth(a).forgot.$post({ json: { email } });

const smsTo = (to: string) => h.db.select().from(outbox).where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, to)));
const resetMails = (email: string) => h.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.template, 'password_reset'))).orderBy(desc(outbox.id));
const linkIn = (body: string) => {
  const url = new URL(/https?:\/\/\S+\/auth\/recovery\?\S+/.exec(body)![0]);
  return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
};

describe('SMS codes (L2)', () => {
  it('serves exactly the five countries of the product, on the server and in the client list', () => {
    expect(Object.keys(PHONE_COUNTRIES).sort()).toEqual(['AT', 'CH', 'DE', 'FR', 'IT']);
  });

  it('refuses a number of another country, whatever the prefix, and sends no SMS', async () => {
    const { agent: a } = await signedUp(h);
    for (const [phone, country] of [
      ['+88216123456789', 'CH'], // satellite, the reported pumping target
      ['0088216123456789', 'CH'],
      ['+49 151 23456789', 'CH'], // a German mobile with country CH
      ['+41 79 123 45 67', 'DE'],
      ['+44 7700 900123', 'CH'],
    ] as const) {
      const res = await refused(sendCode(a, { phone, country }));
      expect(res.status, `${phone} ${country}`).toBe(400);
      expect(res.body.errors.phone, `${phone} ${country}`).toEqual([expect.stringMatching(/mobile number/)]);
    }
    expect(await smsTo('+88216123456789')).toEqual([]);
    expect(await smsTo('+4915123456789')).toEqual([]);
  });

  it('refuses countries the product does not serve, and numbers that are not mobiles (landline, premium rate)', async () => {
    const { agent: a } = await signedUp(h);
    // Raw on purpose: countries the body's type does not name.
    for (const country of ['GB', 'US', 'LI']) {
      const res = await a.json(a.post('/v1/auth/send-verify/mobile', { phone: '+41 79 123 45 67', country }));
      expect(res.status, country).toBe(400);
      expect(res.body.errors.country, country).toEqual(['Please choose a country.']);
    }
    for (const phone of ['044 668 18 00', '0900 123 456', '+41 90 012 34 56', '079 123 45 6']) {
      const res = await refused(sendCode(a, { phone, country: 'CH' }));
      expect(res.status, phone).toBe(400);
      expect(res.body.errors.phone, phone).toEqual(['Please enter a valid mobile number.']);
    }
  });

  it('accepts the mobiles of every served country, national or international, in E.164', async () => {
    for (const [phone, country, e164] of [
      ['079 123 45 67', 'CH', '+41791234567'],
      ['+41 (0)79 123 45 68', 'CH', '+41791234568'],
      ['0151 23456789', 'DE', '+4915123456789'],
      ['+49 170 1234567', 'DE', '+491701234567'],
      ['0664 1234567', 'AT', '+436641234567'],
      ['06 12 34 56 78', 'FR', '+33612345678'],
      ['0039 347 123 4567', 'IT', '+393471234567'],
      ['347 123 4568', 'IT', '+393471234568'],
    ] as const) {
      const { agent: a } = await signedUp(h);
      const res = await ok(sendCode(a, { phone, country }));
      expect(res.status, phone).toBe(200);
      expect(res.body.phone).toBe(e164);
      expect(await smsTo(e164)).toHaveLength(1);
    }
  });

  it(`sends at most ${LIMITS.mobileSendPerNumber.limit} codes an hour to one number, from however many accounts`, async () => {
    const target = '+41797770001';
    for (let i = 0; i < LIMITS.mobileSendPerNumber.limit; i++) {
      const { agent: a } = await signedUp(h);
      expect((await ok(sendCode(a, { phone: '079 777 00 01', country: 'CH' }))).status).toBe(200);
    }
    const { agent: next } = await signedUp(h);
    const res = await refused(sendCode(next, { phone: '+41 79 777 00 01', country: 'CH' }));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(await smsTo(target)).toHaveLength(LIMITS.mobileSendPerNumber.limit);
    // Another number from the same account still works.
    expect((await ok(sendCode(next, { phone: '079 777 00 02', country: 'CH' }))).status).toBe(200);
  });
});

describe('sign-in lockout (L6)', () => {
  it('a stranger failing from one address never locks the owner out', async () => {
    const { email, password } = await signedUp(h);
    const stranger = fromNewIp();
    // More than the account's ceiling from one source: only what the source was allowed counts against the account.
    for (let i = 0; i < LIMITS.signinPerAccount.limit + 5; i++) await signIn(stranger, email, `wrong-${i}-guess`);
    expect((await refused(signIn(stranger, email, password))).status).toBe(429);
    expect((await ok(signIn(fromNewIp(), email, password))).status).toBe(200);
  });
});

describe('password reset (L6)', () => {
  it("a stranger's forgot requests do not use up the owner's links: the owner still gets one from their own address", async () => {
    const { email } = await signedUp(h);
    const stranger = fromNewIp();
    for (let i = 0; i < LIMITS.forgotPerSourceAddress.limit; i++) expect((await ok(forgot(stranger, email))).status).toBe(200);
    // Hammering on from the same source counts against that source only, never the address's ceiling.
    for (let i = 0; i < LIMITS.forgotPerAddress.limit; i++) expect((await refused(forgot(stranger, email))).status).toBe(429);
    const tooMany = await refused(forgot(stranger, email));
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.errors.email).toEqual(['Too many attempts. Please wait a few minutes and try again.']);
    const before = (await resetMails(email)).length;
    expect((await ok(forgot(fromNewIp(), email))).status).toBe(200);
    expect(await resetMails(email)).toHaveLength(before + 1);
  });

  it('a 429 says nothing about the address: an unknown one is counted the same', async () => {
    const a = fromNewIp();
    const statuses = [];
    for (let i = 0; i <= LIMITS.forgotPerSourceAddress.limit; i++) statuses.push((await forgot(a, 'nobody-at-all@example.com')).status);
    expect(statuses).toEqual([...Array(LIMITS.forgotPerSourceAddress.limit).fill(200), 429]);
  });

  it('a new link ends the older ones', async () => {
    const { email } = await signedUp(h);
    expect((await ok(forgot(fromNewIp(), email))).status).toBe(200);
    const older = linkIn((await resetMails(email))[0]!.body);
    expect((await ok(forgot(fromNewIp(), email))).status).toBe(200);
    const newer = linkIn((await resetMails(email))[0]!.body);
    expect(newer.token).not.toBe(older.token);

    const stale = await refused(auth(agent(h)).recover.$post({ json: { ...older, password: 'from the old link' } }));
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('INVALID_TOKEN');
    expect((await ok(auth(agent(h)).recover.$post({ json: { ...newer, password: 'from the new link' } }))).status).toBe(200);
    const [user] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const open = await h.db
      .select()
      .from(verificationTokens)
      .where(and(eq(verificationTokens.userId, user!.id), eq(verificationTokens.kind, 'password_reset')));
    expect(open.every((t) => t.usedAt != null)).toBe(true);
  });

  it('sign-up and forgot share one budget per source, so neither can be used to test more addresses', async () => {
    const a = fromNewIp();
    for (let i = 0; i < LIMITS.addressProbePerIp.limit; i++) expect((await ok(forgot(a, `probe-${i}@example.com`))).status).toBe(200);
    const signup = await refused(auth(a).signup.$post({ json: { firstname: 'Pia', lastname: 'Probe', email: 'probe-new@example.com', password: 'long enough pw', cftoken: 'x' } }));
    expect(signup.status).toBe(429);
    expect(await h.db.query.users.findFirst({ where: eq(users.email, 'probe-new@example.com') })).toBeUndefined();
  });
});

describe('forgot answers in the same time for known and unknown addresses (L8)', () => {
  let slow: Harness;
  let release: () => void = () => undefined;
  const postmark = fakePostmark();
  beforeAll(async () => {
    slow = await createHarness({ POSTMARK_SERVER_TOKEN: 'test-token', MAIL_FROM: 'hello@example.ch' });
  });
  afterAll(() => slow.close());
  beforeEach(() => {
    // The mail API takes as long as the test wants: it answers only when released.
    const gate = new Promise<void>((resolve) => (release = resolve));
    postmark.reset();
    postmark.reply = async () => {
      await gate;
      return postmarkOk();
    };
    stubProviders({ 'api.postmarkapp.com': postmark.route });
  });
  afterEach(() => {
    release();
    vi.unstubAllGlobals();
  });

  it('answers before the mail is sent, with the same answer as for an unknown address', async () => {
    const { email } = await createUser(slow.db);
    // Raw on purpose: detached() hands back the answer before the work after it, which an agent's call waits for.
    const post = (to: string) =>
      slow.detached('/v1/auth/forgot', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-real-ip': '10.92.0.1' }, body: JSON.stringify({ email: to }) });
    const known = post(email);
    // The answer is there while the mail API still has not answered.
    const answered = await Promise.race([known.response.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting for the mail'), 2000))]);
    expect(answered).toBe('answered');
    const knownRes = await known.response;
    const unknownSent = post('nobody-timing@example.com');
    const unknownRes = await unknownSent.response;
    expect(knownRes.status).toBe(200);
    expect(await knownRes.json()).toEqual(await unknownRes.json());

    release();
    await known.afterResponse;
    expect(postmark.calls).toHaveLength(1);
    expect(postmark.calls[0]!.body).toContain(`/auth/recovery?email=${encodeURIComponent(email)}`);
  });
});
