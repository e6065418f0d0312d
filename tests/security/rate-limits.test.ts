// Issue 8 and 15 (L2, L6), rate limits: sign-in (per account and source, per account, per IP), password reset requests, the e-mail and SMS verification
// codes and the newsletter hold — the request past the limit gets 429 with Retry-After and the error shape, the limit
// cannot be dodged with forwarding headers or parallel requests, and the window really ends.
import { and, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../functions/_api/db/schema/system';
import { LIMITS, MOBILE_CODE_ATTEMPTS } from '../../functions/_api/modules/auth/auth.service';
import { NEWSLETTER_LIMIT } from '../../functions/_api/modules/newsletter/newsletter.service';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { agent, type Agent, newSources } from '../support/agent';
import { as, customer, type Party } from '../support/booking-fixtures';
import { expectErrorShape, PASSWORD, unique, withPassword } from './support';

const h = useHarness();
beforeEach(() => h.clock.set(START));

/** A request from a new address each time, so only the limit under test applies. */
const fromNewIp = newSources(() => h, 77);

async function user(): Promise<Party> {
  const p = await customer(h, { email: `${unique('rl')}@example.com` });
  await withPassword(h, p.userId);
  return p;
}

async function expectThrottled(res: Response, windowSeconds: number, context: string) {
  expect(res.status, context).toBe(429);
  const retry = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retry) && retry > 0 && retry <= windowSeconds, `${context}: Retry-After ${res.headers.get('retry-after')}`).toBe(true);
  const body = (await res.json()) as { code: string };
  expectErrorShape(429, body, context);
  expect(body.code).toBe('RATE_LIMITED');
}

const signin = (a: Agent, identifier: string, secret: string, headers: Record<string, string> = {}) => a.post('/v1/auth/signin', { identifier, secret }, headers);

describe('sign-in', () => {
  it(`allows ${LIMITS.signinPerAccountSource.limit} attempts per account from one source in 15 minutes; then that source waits, even with the right password, and the owner does not`, async () => {
    const p = await user();
    const stranger = fromNewIp();
    for (let i = 0; i < LIMITS.signinPerAccountSource.limit; i++) expect((await signin(stranger, p.email, `wrong-${i}-password`)).status).toBe(401);
    await expectThrottled(await signin(stranger, p.email, 'another-guess'), LIMITS.signinPerAccountSource.windowSeconds, 'wrong password');
    await expectThrottled(await signin(stranger, p.email.toUpperCase(), PASSWORD), LIMITS.signinPerAccountSource.windowSeconds, 'right password, other spelling');
    await expectThrottled(await signin(stranger, p.email, PASSWORD, { 'x-forwarded-for': '198.51.100.7' }), LIMITS.signinPerAccountSource.windowSeconds, 'spoofed source');
    expect((await signin(fromNewIp(), p.email, PASSWORD)).status).toBe(200);
    h.clock.advance(LIMITS.signinPerAccountSource.windowSeconds * 1000);
    expect((await signin(stranger, p.email, PASSWORD)).status).toBe(200);
  });

  it(`caps an account at ${LIMITS.signinPerAccount.limit} attempts in 15 minutes from all sources together (distributed guessing)`, async () => {
    const p = await user();
    const sources = Array.from({ length: Math.ceil(LIMITS.signinPerAccount.limit / LIMITS.signinPerAccountSource.limit) }, fromNewIp);
    const guesses = await Promise.all(
      Array.from({ length: LIMITS.signinPerAccount.limit }, (_, i) => signin(sources[i % sources.length]!, p.email, `wrong-${i}-password`).then((r) => r.status)),
    );
    expect(guesses.every((s) => s === 401)).toBe(true);
    await expectThrottled(await signin(fromNewIp(), p.email, PASSWORD), LIMITS.signinPerAccount.windowSeconds, 'account ceiling');
    h.clock.advance(LIMITS.signinPerAccount.windowSeconds * 1000);
    expect((await signin(fromNewIp(), p.email, PASSWORD)).status).toBe(200);
  }, 120_000); // forty scrypt checks
  // The per-IP sign-in limit (30 in 15 minutes) is proved in tests/api/auth.test.ts. Forwarding headers are ignored
  // by the one clientIp() every limit uses (see the forgot and newsletter tests below).
});

describe('password reset requests', () => {
  const forgot = (a: Agent, email: string) => a.post('/v1/auth/forgot', { email });
  const resetMails = (email: string) =>
    h.db.select({ n: count() }).from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.template, 'password_reset'))).then((r) => r[0]!.n);

  it(`mail at most ${LIMITS.forgotPerSourceAddress.limit} links an hour to one address from one source, then 429 to that source only`, async () => {
    const p = await user();
    const a = fromNewIp();
    const answers = new Set<string>();
    for (let i = 0; i < LIMITS.forgotPerSourceAddress.limit; i++) {
      const res = await forgot(a, p.email);
      expect(res.status).toBe(200);
      answers.add(await res.text());
    }
    expect(answers.size).toBe(1);
    await expectThrottled(await forgot(a, p.email), LIMITS.forgotPerSourceAddress.windowSeconds, 'forgot per source and address');
    expect(await resetMails(p.email)).toBe(LIMITS.forgotPerSourceAddress.limit);
    expect((await forgot(a, `other-${p.email}`)).status).toBe(200);
    h.clock.advance(LIMITS.forgotPerSourceAddress.windowSeconds * 1000);
    expect((await forgot(a, p.email)).status).toBe(200);
    expect(await resetMails(p.email)).toBe(LIMITS.forgotPerSourceAddress.limit + 1);
  });

  it(`mail at most ${LIMITS.forgotPerAddress.limit} links an hour to one address from all sources together, and say so`, async () => {
    const p = await user();
    for (let i = 0; i < LIMITS.forgotPerAddress.limit; i++) expect((await forgot(fromNewIp(), p.email)).status).toBe(200);
    await expectThrottled(await forgot(fromNewIp(), p.email), LIMITS.forgotPerAddress.windowSeconds, 'forgot per address');
    expect(await resetMails(p.email)).toBe(LIMITS.forgotPerAddress.limit);
  });

  it(`allow ${LIMITS.addressProbePerIp.limit} requests an hour per IP, whatever forwarding headers the client adds`, async () => {
    const a = agent(h, '10.79.0.1');
    for (let i = 0; i < LIMITS.addressProbePerIp.limit; i++) {
      const spoof = `203.0.113.${i + 1}`;
      const res = await a.post('/v1/auth/forgot', { email: `x${i}@example.com` }, { 'x-forwarded-for': spoof, forwarded: `for=${spoof}`, 'true-client-ip': spoof, 'x-client-ip': spoof });
      expect(res.status).toBe(200);
    }
    await expectThrottled(await forgot(a, 'next@example.com'), LIMITS.addressProbePerIp.windowSeconds, 'forgot per IP');
    expect((await forgot(fromNewIp(), 'next@example.com')).status).toBe(200);
  });
});

describe('verification codes', () => {
  it(`send at most ${LIMITS.verifyEmailPerUser.limit} e-mail links an hour`, async () => {
    const p = await user();
    for (let i = 0; i < LIMITS.verifyEmailPerUser.limit; i++) expect((await (await as(h, p)).post('/v1/auth/send-verify', {})).status).toBe(200);
    await expectThrottled(await (await as(h, p)).post('/v1/auth/send-verify', {}), LIMITS.verifyEmailPerUser.windowSeconds, 'e-mail link');
    h.clock.advance(LIMITS.verifyEmailPerUser.windowSeconds * 1000);
    expect((await (await as(h, p)).post('/v1/auth/send-verify', {})).status).toBe(200);
  });

  it(`send at most ${LIMITS.mobileSendPerUser.limit} SMS codes an hour per account, whichever number`, async () => {
    const p = await user();
    const a = await as(h, p);
    for (let i = 0; i < LIMITS.mobileSendPerUser.limit; i++) expect((await a.post('/v1/auth/send-verify/mobile', { phone: `079 123 45 ${10 + i}`, country: 'CH' })).status).toBe(200);
    await expectThrottled(await a.post('/v1/auth/send-verify/mobile', { phone: '079 999 99 99', country: 'CH' }), LIMITS.mobileSendPerUser.windowSeconds, 'SMS');
  });

  it(`send at most ${LIMITS.mobileSendPerNumber.limit} SMS codes an hour to one number, and ${LIMITS.mobileSendPerIp.limit} from one source, across accounts`, async () => {
    const fromSource = async (ip: string) => {
      const a = agent(h, ip);
      a.jar.set('ylc_session', (await as(h, await user())).jar.get('ylc_session')!);
      return a;
    };
    for (let i = 0; i < LIMITS.mobileSendPerNumber.limit; i++) expect((await (await fromSource(fromNewIp().ip)).post('/v1/auth/send-verify/mobile', { phone: '079 321 00 00', country: 'CH' })).status).toBe(200);
    await expectThrottled(await (await fromSource(fromNewIp().ip)).post('/v1/auth/send-verify/mobile', { phone: '+41 79 321 00 00', country: 'CH' }), LIMITS.mobileSendPerNumber.windowSeconds, 'SMS per number');

    for (let i = 0; i < LIMITS.mobileSendPerIp.limit; i++) expect((await (await fromSource('10.82.0.1')).post('/v1/auth/send-verify/mobile', { phone: `079 322 00 ${10 + i}`, country: 'CH' })).status).toBe(200);
    await expectThrottled(await (await fromSource('10.82.0.1')).post('/v1/auth/send-verify/mobile', { phone: '079 322 00 99', country: 'CH' }, { 'x-forwarded-for': '198.51.100.8' }), LIMITS.mobileSendPerIp.windowSeconds, 'SMS per source');
  });

  it(`kill a code after ${MOBILE_CODE_ATTEMPTS} wrong tries, and allow ${LIMITS.mobileConfirmPerUser.limit} tries an hour`, async () => {
    const p = await user();
    const a = await as(h, p);
    expect((await a.post('/v1/auth/send-verify/mobile', { phone: '079 555 12 34', country: 'CH' })).status).toBe(200);
    const [sms] = await h.db.select().from(outbox).where(eq(outbox.recipient, '+41795551234'));
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MOBILE_CODE_ATTEMPTS; i++) expect((await a.post('/v1/auth/confirm/mobile', { code: wrong })).status).toBe(400);
    const dead = await a.json(a.post('/v1/auth/confirm/mobile', { code }));
    expect(dead.status).toBe(400);
    expect(dead.body.errors.code[0]).toMatch(/too many/i);
    for (let i = MOBILE_CODE_ATTEMPTS + 1; i < LIMITS.mobileConfirmPerUser.limit; i++) expect((await a.post('/v1/auth/confirm/mobile', { code: wrong })).status).toBe(400);
    await expectThrottled(await a.post('/v1/auth/confirm/mobile', { code: wrong }), LIMITS.mobileConfirmPerUser.windowSeconds, 'confirm');
    const [row] = await h.db.query.users.findMany({ where: (u, { eq: is }) => is(u.id, p.userId) });
    expect(row!.phoneVerifiedAt).toBeNull();
  });
});

describe('newsletter', () => {
  const register = (a: Agent) => a.post('/v1/newsletter/register', { email: `${unique('nl')}@example.com` });

  it(`takes ${NEWSLETTER_LIMIT.limit} sign-ups an hour per IP; other addresses and the next hour are not affected`, async () => {
    const a = agent(h, '10.80.0.1');
    for (let i = 0; i < NEWSLETTER_LIMIT.limit; i++) expect((await register(a)).status).toBe(200);
    await expectThrottled(await register(a), NEWSLETTER_LIMIT.windowSeconds, 'newsletter');
    await expectThrottled(await a.post('/v1/newsletter/register', { email: 'spoof@example.com' }, { 'x-forwarded-for': '198.51.100.9' }), NEWSLETTER_LIMIT.windowSeconds, 'spoofed');
    expect((await register(fromNewIp())).status).toBe(200);
    h.clock.advance(NEWSLETTER_LIMIT.windowSeconds * 1000);
    expect((await register(a)).status).toBe(200);
  });

  it('holds under parallel requests: exactly the limit gets through', async () => {
    const a = agent(h, '10.81.0.1');
    const statuses = (await Promise.all(Array.from({ length: NEWSLETTER_LIMIT.limit + 6 }, () => register(a)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(NEWSLETTER_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});
