// Every absolute URL comes from the configured public origin, never from the request (issue 15 H1, issue 14 §6).
// A request's URL is what its Host header or an absolute request line says: on the Node server
// `curl -H 'Host: evil.example.net' …/v1/auth/forgot` arrives as http://evil.example.net/v1/auth/forgot, which is
// what these requests send. tests/security/node-server.test.ts sends the raw headers to the real server.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../functions/_api/db/schema/system';
import { seoPage, sitemap } from '../../functions/_api/modules/seo/seo.edge';
import { createHarness } from '#harness';
import { useHarness } from '../support/use-harness';
import { TEST_ORIGIN, type Harness } from '../support/harness';
import { agent, signedUp } from '../support/agent';
import { createChef, createImage, createMenu } from '../support/fixtures';
import { requestBooking, world } from '../support/booking-fixtures';

/** The harness's configured origin, which its agents write from. */
const PUBLIC = TEST_ORIGIN;
const EVIL = 'http://evil.example.net';

const h = useHarness({ GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret' });

async function lastMail(recipient: string) {
  const [row] = await h.db.select().from(outbox).where(and(eq(outbox.recipient, recipient), eq(outbox.channel, 'mail'))).orderBy(desc(outbox.id)).limit(1);
  return row!.body;
}

/**
 * A JSON write as curl sends it: no Origin, so the CSRF check has nothing to refuse. Raw on purpose, like every call in
 * this file: the request names its own host, which the typed client (always on the harness's origin) cannot.
 */
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  h.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** Every URL in a text. */
const urls = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];

describe('mail links', () => {
  it('point a password reset at the public origin whatever Host the request names', async () => {
    const { email } = await signedUp(h);
    for (const url of [`${EVIL}/v1/auth/forgot`, 'http://attacker.example/v1/auth/forgot', '/v1/auth/forgot']) {
      expect((await post(url, { email }, { host: new URL(url, EVIL).host })).status).toBe(200);
      const mail = await lastMail(email);
      expect(urls(mail)).toEqual([expect.stringMatching(new RegExp(`^${PUBLIC}/auth/recovery\\?email=.+&token=.+`))]);
      expect(mail).not.toMatch(/evil|attacker/);
    }
  });

  it('never come from the request: without a configured origin the instance does not run', async () => {
    // `npm start` had no PUBLIC_URL, and the link took the forged Host. Now the server sets it from its port, and a
    // configuration without one answers 503 and mails nothing.
    const unset = await createHarness({ PUBLIC_URL: undefined });
    try {
      const { email } = await signedUp(h);
      const before = await h.db.select().from(outbox).where(eq(outbox.recipient, email));
      // Raw on purpose: a forged Host (see post()).
    const res = await unset.request(`${EVIL}/v1/auth/forgot`, { method: 'POST', headers: { 'content-type': 'application/json', host: 'evil.example.net' }, body: JSON.stringify({ email }) });
      expect(res.status).toBe(503);
      expect(await h.db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual(before);
    } finally {
      await unset.close();
    }
  });

  it('point the e-mail verification at the public origin', async () => {
    const { agent: a, email } = await signedUp(h);
    await h.db.delete(outbox).where(eq(outbox.recipient, email));
    // Raw on purpose: the request line names another host (see post()).
    expect((await a.post(`${EVIL}/v1/auth/send-verify`, {}, { origin: PUBLIC })).status).toBe(200);
    expect(urls(await lastMail(email))).toEqual([expect.stringMatching(new RegExp(`^${PUBLIC}/v1/auth/verify/email\\?token=`))]);
  });

  it('are absolute in notification mails, such as a new booking request', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const chefMail = await lastMail(w.chef.email);
    expect(urls(chefMail)).toEqual([`${PUBLIC}/account/me/chefbookings/${id}`]);
    // No link line is left relative.
    expect(chefMail).not.toMatch(/(^|\s)\/account\//m);
    expect(urls(await lastMail(w.customer.email))).toEqual([`${PUBLIC}/account/me/bookings/${id}`]);
  });
});

describe('OAuth', () => {
  it('sends the provider the public redirect URI, not one on the request host', async () => {
    const a = agent(h);
    // Raw on purpose: the request line names another host (see post()).
    const res = await a.json(a.post(`${EVIL}/v1/auth/oauth`, { provider: 'google' }, { origin: PUBLIC }));
    expect(res.status).toBe(200);
    expect(new URL(res.body.redirect as string).searchParams.get('redirect_uri')).toBe(`${PUBLIC}/auth/external?provider=google`);
  });
});

describe('edge pages, which shared caches keep', () => {
  it('write canonical, og:url, og:image and hreflang URLs on the public origin', async () => {
    const avatar = await createImage(h.db, { t256x256: 'a/x' });
    const { chef } = await createChef(h.db, { user: { avatarImageId: avatar.id } });
    const menu = await createMenu(h.db, chef.id);
    const platform = { db: () => h.db, quietLogs: true };
    for (const path of [`/chefs/${chef.uri}`, `/chefs/${chef.uri}/menu/${menu.id}`]) {
      const res = await seoPage(new Request(`${EVIL}${path}`, { headers: { host: 'evil.example.net' } }), h.env, platform, async () => '<html><head><title>x</title></head></html>');
      expect(res.headers.get('cache-control')).toContain('public');
      const html = await res.text();
      expect(html).toContain(`<link rel="canonical" href="${PUBLIC}${path}" />`);
      expect(html).toContain(`<meta property="og:url" content="${PUBLIC}${path}" />`);
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="${PUBLIC}/v1/images/\\d+/`));
      expect(urls(html).every((u) => u.startsWith(PUBLIC))).toBe(true);
    }
  });

  it('list sitemap URLs on the public origin', async () => {
    const xml = await (await sitemap(h.env, { db: () => h.db, quietLogs: true })).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(1);
    expect(locs.every((u) => u.startsWith(`${PUBLIC}/`))).toBe(true);
  });
});

describe('same-origin writes', () => {
  // A new address each time: the newsletter allows 3 confirmation mails per address a day, and in workerd the
  // harnesses of one file share a database. Raw on purpose: the origin and host under test are the request's own.
  let sent = 0;
  const send = (harness: Harness, origin: string, url = '/v1/newsletter/register') =>
    harness.request(url, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ email: `o${++sent}@example.com` }) });

  it('come from the public origin only, not from the origin the request claims', async () => {
    expect((await send(h, PUBLIC)).status).toBe(200);
    expect((await send(h, EVIL, `${EVIL}/v1/newsletter/register`)).status).toBe(403);
    expect((await send(h, 'http://evil.example.net:80', `${EVIL}/v1/newsletter/register`)).status).toBe(403);
  });

  it('locally also come from the loopback names a person may type for the same port', async () => {
    const local = await createHarness({ APP_ENV: 'development', PUBLIC_URL: 'http://localhost:8801' });
    try {
      for (const origin of ['http://localhost:8801', 'http://127.0.0.1:8801', 'http://[::1]:8801']) expect((await send(local, origin)).status, origin).toBe(200);
      for (const origin of ['http://localhost:8802', 'https://localhost:8801', 'http://127.0.0.2:8801', EVIL]) expect((await send(local, origin)).status, origin).toBe(403);
    } finally {
      await local.close();
    }
  });
});
