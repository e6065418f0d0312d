// Production is the default environment, and it does not run without its providers' secrets (issue 15 M5): the free
// test checkout, the outbox mail and SMS and the skipped bot check exist in development and tests only. An incomplete
// configuration answers every request with a 503 and names what is missing in the log, never in the answer.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createApp } from '../../functions/_api/app';
import { bookings, payments } from '../../functions/_api/db/schema/bookings';
import type { Bindings } from '../../functions/_api/env';
import { nearMePage } from '../../functions/_api/modules/seo/near-page.edge';
import { seoPage, sitemap } from '../../functions/_api/modules/seo/seo.edge';
import { ConfigError, PRODUCTION_SECRETS, readConfig } from '../../functions/_api/platform/config';
import { buildDeps } from '../../functions/_api/platform/deps';
import { createHarness } from '#harness';
import { inProcess, requestHelpers, type Harness } from '../support/harness';
import { as, book, bookingBody, complete, pay, refOf, world } from '../support/booking-fixtures';
import { ok, refused, visitorClient, type ErrorBody } from '../support/typed-client';

/** Every secret a production instance needs, each a value that must never show in an answer or a log. */
const SECRETS: Partial<Bindings> = Object.fromEntries(PRODUCTION_SECRETS.map((name) => [name, `value-of-${name.toLowerCase()}`]));
const PRODUCTION: Partial<Bindings> = { APP_ENV: 'production', PUBLIC_URL: 'https://www.example.ch', ...SECRETS };
const SESSION_SECRET = 'production-session-secret-0123456789abcdef';

/** Bindings as a runtime hands them over: a database, KV and R2 (objects whose insides the check never reads). */
const bindings = (over: Partial<Bindings>): Bindings => ({ DB: {}, KV: {}, FILES: {}, SESSION_SECRET, ...over }) as unknown as Bindings;

const missingOf = (env: Bindings): string[] => {
  try {
    readConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.missing;
  }
};

describe('a production configuration', () => {
  it('is what an instance is when APP_ENV says nothing', () => {
    expect(readConfig(bindings({ ...PRODUCTION, APP_ENV: undefined })).appEnv).toBe('production');
    expect(missingOf(bindings({ PUBLIC_URL: 'https://www.example.ch' }))).toEqual([...PRODUCTION_SECRETS]);
  });

  for (const name of PRODUCTION_SECRETS) {
    it(`is refused without ${name}, naming it`, () => {
      expect(missingOf(bindings({ ...PRODUCTION, [name]: undefined }))).toEqual([name]);
    });
  }

  it('is refused without a public origin, a session secret or a database, naming each', () => {
    expect(missingOf(bindings({ ...PRODUCTION, PUBLIC_URL: undefined }))).toEqual(['PUBLIC_URL (the public origin, e.g. https://www.example.ch)']);
    expect(missingOf(bindings({ ...PRODUCTION, PUBLIC_URL: 'http://www.example.ch' }))).toEqual(['PUBLIC_URL (must be https in production)']);
    expect(missingOf(bindings({ ...PRODUCTION, SESSION_SECRET: undefined }))).toEqual(['SESSION_SECRET (32 characters or more)']);
    expect(missingOf(bindings({ ...PRODUCTION, SESSION_SECRET: 'short' }))).toEqual(['SESSION_SECRET (32 characters or more)']);
    expect(missingOf(bindings({ ...PRODUCTION, DB: undefined }))).toEqual(['a database (the D1 binding DB, or LIBSQL_URL)']);
    expect(missingOf(bindings({ ...PRODUCTION, DB: undefined, LIBSQL_URL: 'libsql://db.example.turso.io' }))).toEqual([]);
  });

  it('is refused with an environment it does not know', () => {
    expect(missingOf(bindings({ ...PRODUCTION, APP_ENV: 'staging' as Bindings['APP_ENV'] }))).toEqual(['APP_ENV (one of production, development, test)']);
  });

  it('never names a secret by its value', () => {
    let message = '';
    try {
      readConfig(bindings({ ...PRODUCTION, STRIPE_SECRET_KEY: undefined, MAIL_FROM: undefined }));
    } catch (err) {
      message = String(err);
    }
    expect(message).toContain('STRIPE_SECRET_KEY; MAIL_FROM');
    expect(message).not.toMatch(/value-of-|production-session-secret/);
  });

  it('runs the real providers when complete', () => {
    const deps = buildDeps(bindings(PRODUCTION), { quietLogs: true, db: () => ({}) as never }, 'test');
    expect(deps.config.appEnv).toBe('production');
    expect(deps.payments.provider).toBe('stripe');
    expect(deps.turnstile.enabled).toBe(true);
    expect(deps.mail.kind).toBe('postmark');
    expect(deps.sms.kind).toBe('twilio');
  });
});

describe('development and tests', () => {
  it('get the local adapters without any provider secret', () => {
    for (const appEnv of ['development', 'test'] as const) {
      const deps = buildDeps(bindings({ APP_ENV: appEnv, PUBLIC_URL: 'http://localhost:8787' }), { quietLogs: true, db: () => ({}) as never }, 'test');
      expect(deps.payments.provider).toBe('local');
      expect(deps.turnstile.enabled).toBe(false);
      expect(deps.mail.kind).toBe('outbox');
      expect(deps.sms.kind).toBe('outbox');
    }
  });

  it('still need a public origin: no absolute URL comes from the request', () => {
    expect(missingOf(bindings({ APP_ENV: 'development' }))).toEqual(['PUBLIC_URL (the public origin, e.g. https://www.example.ch)']);
  });
});

describe('an instance whose configuration is incomplete', () => {
  let h: Harness;
  let prod: Harness;
  const logged: string[] = [];
  beforeAll(async () => {
    h = await createHarness();
    // The finding's deployment: no APP_ENV (so production) and no Stripe key, over the same database.
    const env = { ...h.env, APP_ENV: undefined, PUBLIC_URL: 'https://www.example.ch', ...SECRETS, STRIPE_SECRET_KEY: undefined } as Bindings;
    const app = createApp({ db: () => h.db, clock: h.clock, quietLogs: true });
    prod = { ...h, env, ...requestHelpers(inProcess(app, env)) };
  });
  afterAll(() => h.close());
  afterEach(() => {
    vi.restoreAllMocks();
    logged.length = 0;
  });
  const captureLog = () => vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)));

  it('cannot confirm a booking through the free test checkout', async () => {
    const w = await world(h, { bookingMode: 'instant' });
    const created = await ok(book(await as(h, w.customer), bookingBody(w.menu.id, h)));
    expect(created.status).toBe(201);
    const started = await ok(pay(await as(h, w.customer), created.body.data.id));
    expect(started.status).toBe(201);
    const ref = refOf(started.body.data.checkout_url);

    captureLog();
    const res = await refused(complete(await as(prod, w.customer), ref));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: expect.stringMatching(/configuration is incomplete/), code: 'CONFIG_INCOMPLETE', request_id: expect.any(String) });
    const [booking] = await h.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, created.body.data.id));
    expect(booking!.status).not.toBe('confirmed');
    const [payment] = await h.db.select({ status: payments.status }).from(payments).where(eq(payments.bookingId, created.body.data.id));
    expect(payment!.status).toBe('pending');
    // The log names what is missing; the answer does not, and neither says any secret's value.
    expect(logged.join('\n')).toMatch(/"event":"config\.incomplete".*"missing":\["STRIPE_SECRET_KEY"\]/);
    expect(logged.join('\n') + JSON.stringify(res.body)).not.toMatch(/value-of-|test-secret-test-secret/);
    expect(JSON.stringify(res.body)).not.toContain('STRIPE');
  });

  it('tells the client its environment while it runs, so a local instance can say what is not set up', async () => {
    expect((await ok(visitorClient(h).auth.session.user.$get())).body.app.app_env).toBe('test');
  });

  it('answers every API request with a 503 that carries the security headers', async () => {
    captureLog();
    const v = visitorClient(prod);
    const reads = {
      ping: () => refused(v.ping.$get()),
      session: () => refused(v.auth.session.user.$get()),
      featured: () => refused(v.menus.featured.$get()),
      // Raw on purpose: a path no route has, which the typed client cannot name.
      unknown: async () => {
        const res = await prod.request('/v1/does-not-exist');
        return { status: res.status, body: (await res.json()) as ErrorBody, headers: res.headers };
      },
    };
    for (const [name, read] of Object.entries(reads)) {
      const res = await read();
      expect(res.status, name).toBe(503);
      expect(res.body.code).toBe('CONFIG_INCOMPLETE');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const bot = await refused(v.newsletter.register.$post({ json: { email: 'a@example.com', 'cf-turnstile-response': '' } }, { headers: { origin: 'https://www.example.ch' } }));
    expect(bot.status).toBe(503);
    expect(logged).toHaveLength(5);
  });

  it('answers the edge pages with a 503 too', async () => {
    captureLog();
    const platform = { db: () => h.db, clock: h.clock, quietLogs: true };
    const pages = [
      await seoPage(new Request('https://www.example.ch/chefs/anyone-1'), prod.env, platform, async () => '<html></html>'),
      await sitemap(prod.env, platform),
      await nearMePage(new Request('https://www.example.ch/menus/nearme/1'), prod.env, platform, async () => '<html></html>'),
    ];
    for (const res of pages) {
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/configuration is incomplete/);
    }
    expect(logged.every((line) => line.includes('STRIPE_SECRET_KEY'))).toBe(true);
  });
});
