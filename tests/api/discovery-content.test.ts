// FAQ topics, content pages and the newsletter sign-up: locale handling with fallback, the bot check at the
// provider boundary, idempotent subscriptions and the per-IP rate limit.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentPages, faqEntries, faqTopics, newsletterSubscribers } from '../../functions/_api/db/schema/content';
import { createHarness } from '#harness';
import type { Harness } from '../support/harness';
import { agent } from '../support/agent';

let h: Harness;
const T: Record<string, number> = {};
beforeAll(async () => {
  h = await createHarness();
  const topic = async (key: string, locale: string, title: string, position: number, entries: [string, string, number][]) => {
    const [t] = await h.db.insert(faqTopics).values({ locale, title, position }).returning();
    T[key] = t!.id;
    for (const [etitle, content, pos] of entries) await h.db.insert(faqEntries).values({ topicId: t!.id, title: etitle, content, position: pos });
  };
  // Inserted out of order: positions decide.
  await topic('enPay', 'en', 'Payment', 2, [['Which cards?', 'Visa and **Mastercard**.', 1]]);
  await topic('enBook', 'en', 'Booking', 1, [
    ['Can I cancel?', 'Yes, up to 7 days before.', 2],
    ['How do I book?', 'Pick a menu.', 1],
  ]);
  await topic('deBook', 'de', 'Buchen', 1, [['Wie buche ich?', 'Menü wählen.', 1]]);
  await h.db.insert(contentPages).values([
    { url: 'termsconditions', locale: 'en', title: 'Terms', content: '# Terms' },
    { url: 'termsconditions', locale: 'de', title: 'AGB', content: '# AGB' },
    { url: 'contact', locale: 'en', title: 'Contact', content: 'Write to us.' },
  ]);
});
afterAll(() => h.close());
afterEach(() => vi.unstubAllGlobals());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await h.request(path, { headers });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

describe('FAQ topics', () => {
  it('lists English topics in position order by default, without entries unless resolved', async () => {
    const { status, body } = await get('/v1/faq/topics');
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { id: T.enBook, title: 'Booking' },
      { id: T.enPay, title: 'Payment' },
    ]);
  });

  it('resolves entries in order, with id, title and content', async () => {
    const { body } = await get('/v1/faq/topics?locale=EN&resolve=entries');
    expect(body.data[0].entries.data.map((e: { title: string }) => e.title)).toEqual(['How do I book?', 'Can I cancel?']);
    expect(body.data[1].entries.data).toEqual([{ id: expect.any(Number), title: 'Which cards?', content: 'Visa and **Mastercard**.' }]);
  });

  it('serves the requested locale, de for de-ch, and English where a locale has no topics', async () => {
    expect((await get('/v1/faq/topics?locale=de&resolve=entries')).body.data).toEqual([
      { id: T.deBook, title: 'Buchen', entries: { data: [{ id: expect.any(Number), title: 'Wie buche ich?', content: 'Menü wählen.' }] } },
    ]);
    const deCh = await get('/v1/faq/topics?locale=de-CH');
    expect(deCh.body.data.map((t: { title: string }) => t.title)).toEqual(['Buchen']);
    expect(deCh.body.locale).toBe('de');
    expect((await get('/v1/faq/topics?locale=de_ch')).body.locale).toBe('de');
    const fr = await get('/v1/faq/topics?locale=fr');
    expect(fr.body.data.map((t: { title: string }) => t.title)).toEqual(['Booking', 'Payment']);
    expect(fr.body.locale).toBe('en');
    expect((await get('/v1/faq/topics', { 'x-locale': 'de' })).body.locale).toBe('de');
  });

  it("takes the seed's locale spellings (de_DE, de_CH, en_US, fr_FR, it_IT) like the short codes", async () => {
    for (const [seed, short] of [['de_DE', 'de'], ['de_CH', 'de-ch'], ['en_US', 'en'], ['fr_FR', 'fr'], ['it_IT', 'it']] as const) {
      const a = await get(`/v1/faq/topics?locale=${seed}&resolve=entries`);
      expect(a.status, seed).toBe(200);
      expect(a.body, seed).toEqual((await get(`/v1/faq/topics?locale=${short}&resolve=entries`)).body);
      expect((await get(`/v1/pages/termsconditions?locale=${seed}`)).body, seed).toEqual((await get(`/v1/pages/termsconditions?locale=${short}`)).body);
    }
    expect((await get('/v1/faq/topics?locale=de_DE')).body.locale).toBe('de');
  });

  it('rejects unknown locales and resolve values', async () => {
    expect((await get('/v1/faq/topics?locale=es')).body.errors.locale).toBeDefined();
    expect((await get('/v1/faq/topics?locale=es_ES')).body.errors.locale).toEqual(['Use one of: de, de-ch, en, fr, it, de_DE, de_CH, en_US, fr_FR, it_IT.']);
    expect((await get('/v1/faq/topics?resolve=authors')).body.errors.resolve).toBeDefined();
  });
});

describe('content pages', () => {
  it('returns the page in the requested locale', async () => {
    const { status, body, headers } = await get('/v1/pages/termsconditions?locale=de');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ url: 'termsconditions', title: 'AGB', content: '# AGB', locale: 'de' });
    expect(headers.get('cache-control')).toContain('max-age');
  });

  it('falls back to English, and to de for de-ch', async () => {
    expect((await get('/v1/pages/termsconditions?locale=fr')).body.data).toMatchObject({ title: 'Terms', locale: 'en' });
    expect((await get('/v1/pages/termsconditions?locale=de-ch')).body.data).toMatchObject({ title: 'AGB', locale: 'de' });
    expect((await get('/v1/pages/contact?locale=de')).body.data).toMatchObject({ title: 'Contact', locale: 'en' });
    expect((await get('/v1/pages/termsconditions')).body.data.locale).toBe('en');
  });

  it('is 404 for an unknown page and 400 for a malformed url or locale', async () => {
    expect((await get('/v1/pages/nothing-here')).status).toBe(404);
    expect((await get('/v1/pages/Bad%20Url')).status).toBe(400);
    expect((await get('/v1/pages/contact?locale=xx')).status).toBe(400);
  });
});

describe('newsletter', () => {
  const register = (body: unknown, ip = '10.1.0.1') => agent(h, ip).json(agent(h, ip).post('/v1/newsletter/register', body));

  it('registers an address and answers a repeat sign-up the same way', async () => {
    const first = await register({ email: '  News@Example.com ', 'cf-turnstile-response': 'tok' });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/newsletter/i);
    const again = await register({ email: 'news@example.com', 'cf-turnstile-response': 'tok' });
    expect(again).toEqual(first);
    const rows = await h.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, 'news@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('re-activates an address that had unsubscribed', async () => {
    await register({ email: 'back@example.com' });
    await h.db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() }).where(eq(newsletterSubscribers.email, 'back@example.com'));
    expect((await register({ email: 'back@example.com' })).status).toBe(200);
    const row = await h.db.query.newsletterSubscribers.findFirst({ where: eq(newsletterSubscribers.email, 'back@example.com') });
    expect(row!.unsubscribedAt).toBeNull();
  });

  it('answers in the visitor locale', async () => {
    const a = agent(h, '10.1.0.9');
    const { body } = await a.json(a.post('/v1/newsletter/register', { email: 'de@example.com' }, { 'x-locale': 'de' }));
    expect(body.message).toMatch(/Newsletter angemeldet/);
  });

  it('validates the body strictly', async () => {
    const bad = await register({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBeDefined();
    expect((await register({})).body.errors.email).toBeDefined();
    expect((await register({ email: 'x@example.com', cftoken: 'wrong-name' })).status).toBe(400);
  });

  it('limits sign-ups per IP with a 429', async () => {
    const ip = '10.1.0.77';
    for (let i = 0; i < 10; i++) expect((await register({ email: `rl${i}@example.com` }, ip)).status).toBe(200);
    const limited = await agent(h, ip).post('/v1/newsletter/register', { email: 'rl-over@example.com' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await h.db.query.newsletterSubscribers.findFirst({ where: eq(newsletterSubscribers.email, 'rl-over@example.com') })).toBeUndefined();
    expect((await register({ email: 'other-ip@example.com' }, '10.1.0.78')).status).toBe(200);
    // The window is an hour.
    h.clock.advance(3601_000);
    expect((await register({ email: 'rl-later@example.com' }, ip)).status).toBe(200);
  });
});

describe('newsletter bot check', () => {
  let hb: Harness;
  const siteverify: URLSearchParams[] = [];
  beforeAll(async () => {
    hb = await createHarness({ TURNSTILE_SITE_KEY: '1x00000000000000000000AA', TURNSTILE_SECRET_KEY: '2x0000000000000000000000000000000AA' });
  });
  afterAll(() => hb.close());

  const realFetch = globalThis.fetch;
  function stubSiteverify(answer: Record<string, unknown>) {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname !== 'challenges.cloudflare.com') return realFetch(input, init);
      siteverify.push(new URLSearchParams(String(init?.body)));
      return Response.json(answer);
    });
  }
  const register = (body: unknown) => agent(hb, '10.2.0.1').json(agent(hb, '10.2.0.1').post('/v1/newsletter/register', body));

  it('accepts a token that siteverify confirms for this site and form', async () => {
    stubSiteverify({ success: true, hostname: 'localhost', action: 'newsletter' });
    const { status } = await register({ email: 'human@example.com', 'cf-turnstile-response': 'good-token' });
    expect(status).toBe(200);
    const sent = siteverify.at(-1)!;
    expect(sent.get('response')).toBe('good-token');
    expect(sent.get('remoteip')).toBe('10.2.0.1');
  });

  it('refuses a failed, missing or misdirected token with a field error and stores nothing', async () => {
    stubSiteverify({ success: false, 'error-codes': ['invalid-input-response'] });
    const failed = await register({ email: 'bot@example.com', 'cf-turnstile-response': 'XXXX.DUMMY.TOKEN' });
    expect(failed.status).toBe(400);
    expect(failed.body.errors['cf-turnstile-response']).toBeDefined();
    expect((await register({ email: 'bot2@example.com' })).body.errors['cf-turnstile-response']).toBeDefined();
    stubSiteverify({ success: true, hostname: 'localhost', action: 'signup' });
    expect((await register({ email: 'bot3@example.com', 'cf-turnstile-response': 'signup-token' })).status).toBe(400);
    for (const email of ['bot@example.com', 'bot2@example.com', 'bot3@example.com']) {
      expect(await hb.db.query.newsletterSubscribers.findFirst({ where: eq(newsletterSubscribers.email, email) })).toBeUndefined();
    }
  });
});
