// Prelaunch mode on the server (issue 15 L5): the same whitelist as the client's route guard. Before launch a visitor
// gets what the whitelisted screens need (chef profiles and their menus, FAQ, content pages, signing in and up) and
// no marketplace: featured menus, menus near and the booking quote answer 403 PRELAUNCH, and the sitemap lists only
// whitelisted pages. As in the seed's guard, anybody signed in sees everything.
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentPages, faqTopics } from '../../functions/_api/db/schema/content';
import { settings } from '../../functions/_api/db/schema/system';
import { nearMePage } from '../../functions/_api/modules/seo/near-page.edge';
import { MENU_SKELETONS_FILE, prerenderedFile } from '../../functions/_api/modules/seo/prerender';
import { sitemap } from '../../functions/_api/modules/seo/seo.edge';
import { PRELAUNCH_PUBLIC_PAGES } from '#shared/prelaunch';
import { createHarness } from '#harness';
import { useHarness } from '../support/use-harness';
import { TEST_ORIGIN } from '../support/harness';
import { agent, type Agent } from '../support/agent';
import { as, book, bookingBody, customer, world, type World } from '../support/booking-fixtures';
import { createImage, createUser } from '../support/fixtures';
import { createRegion, serveRegion } from '../support/discovery-fixtures';

const h = useHarness();
let w: World;
let regionId: number;

beforeAll(async () => {
  const image = await createImage(h.db, { t512_1x1: 'p/sq', t512_2x1: 'p/w', t1024_2x1: 'p/w2' });
  w = await world(h, { menu: { imageId: image.id } });
  regionId = (await createRegion(h.db, { name: 'Prelaunchville', zips: ['7201'] })).id;
  await serveRegion(h.db, w.chef.chefId, regionId);
  await h.db.insert(faqTopics).values({ locale: 'en', title: 'Booking', position: 0 });
  await h.db.insert(contentPages).values({ url: 'contact', locale: 'en', title: 'Contact', content: 'Write to us.' });
});

const setLaunchMode = async (mode: 'live' | 'prelaunch') => {
  await h.db.delete(settings).where(eq(settings.key, 'launch_mode'));
  await h.db.insert(settings).values({ key: 'launch_mode', value: mode, updatedAt: h.clock.now() });
};

const nearPath = () => `/v1/menus/near/${regionId}?resolve=image,chef&page_size=20&count=1`;
const quote = (a: Agent) => a.json(a.post('/v1/bookings/quote', { menu_id: w.menu.id, guests: 4 }));

describe('before launch, a visitor', () => {
  beforeEach(() => setLaunchMode('prelaunch'));

  it('is refused featured menus, menus near and the booking quote', async () => {
    const v = agent(h);
    for (const res of [await v.json(v.get('/v1/menus/featured')), await v.json(v.get(nearPath())), await quote(v)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'The marketplace is not open yet. Sign in to see menus and book.', code: 'PRELAUNCH' });
    }
    expect((await book(v, bookingBody(w.menu.id, h))).status).toBe(401);
  });

  it('is refused menus near from the result cache too', async () => {
    // A signed-in customer's call builds and caches the answer; the visitor's same call is then a cache hit.
    const c = await as(h, w.customer);
    expect((await c.get(nearPath())).status).toBe(200);
    const v = agent(h);
    expect((await v.json(v.get(nearPath()))).body.code).toBe('PRELAUNCH');
  });

  it('is refused with a cookie that is no session', async () => {
    const v = agent(h);
    v.jar.set('ylc_session', 'forged.token.value');
    expect((await v.get('/v1/menus/featured')).status).toBe(403);
  });

  it('gets what the whitelisted screens need: chef profiles and their menus, FAQ, content pages', async () => {
    const v = agent(h);
    const { uri } = (await h.db.query.chefs.findFirst({ where: (c, { eq: is }) => is(c.id, w.chef.chefId), columns: { uri: true } }))!;
    for (const path of [
      `/v1/chefs/${uri}?resolve=user_public,user_public.avatar`,
      `/v1/chefs/${w.chef.chefId}/menus`,
      `/v1/chefs/${w.chef.chefId}/menus/${w.menu.id}`,
      `/v1/menus/${w.menu.id}`,
      `/v1/chefs/${w.chef.chefId}/reviews`,
      '/v1/faq/topics',
      '/v1/pages/contact',
    ]) {
      expect((await v.get(path)).status, path).toBe(200);
    }
    const session = await v.json(v.get('/v1/auth/session/user'));
    expect(session.body.app.launch_mode).toBe('prelaunch');
  });

  it('can sign up, sign in and ask for a password reset', async () => {
    const v = agent(h);
    const email = `pre-${Date.now()}@example.com`;
    expect((await v.post('/v1/auth/signup', { firstname: 'Pre', lastname: 'Launch', email, password: 'a long password', cftoken: '' })).status).toBe(201);
    expect((await v.post('/v1/auth/logout', {})).status).toBe(200);
    expect((await v.post('/v1/auth/signin', { identifier: email, secret: 'a long password' })).status).toBe(200);
    expect((await agent(h).post('/v1/auth/forgot', { email })).status).toBe(200);
    // Signed in now: the marketplace opens.
    expect((await v.get('/v1/menus/featured')).status).toBe(200);
  });

  it('finds only whitelisted pages in the sitemap: no home page, the chef pages stay', async () => {
    const xml = await (await sitemap(h.env, { db: () => h.db, quietLogs: true })).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(TEST_ORIGIN.length));
    expect(locs).not.toContain('/');
    expect(locs).toEqual(expect.arrayContaining([...PRELAUNCH_PUBLIC_PAGES, expect.stringMatching(/^\/chefs\/[^/]+$/), expect.stringMatching(/^\/chefs\/[^/]+\/menu\/\d+$/)]));
    expect(locs.filter((l) => !PRELAUNCH_PUBLIC_PAGES.includes(l) && !l.startsWith('/chefs/'))).toEqual([]);
  });

  it('gets the menus-near-me page without any menu picture', async () => {
    const files: Record<string, string> = {
      [prerenderedFile('nearme', 'en')]: '<ul><li><i>loading</i></li></ul>',
      [MENU_SKELETONS_FILE]: JSON.stringify({ plain: '<i>loading</i>', picture: '<img src="{{t512_2x1}}">' }),
    };
    const page = (mode: 'live' | 'prelaunch') =>
      setLaunchMode(mode).then(() => nearMePage(new Request(`${TEST_ORIGIN}/menus/nearme/${regionId}`), h.env, { db: () => h.db, clock: h.clock, quietLogs: true }, async (f) => files[f] ?? null));
    expect(await (await page('prelaunch')).text()).toBe('<ul><li><i>loading</i></li></ul>');
    expect(await (await page('live')).text()).toContain('<img src="/v1/images/');
  });
});

describe('before launch, anybody signed in', () => {
  beforeEach(() => setLaunchMode('prelaunch'));

  it('sees and books everything, as the client lets them, and nothing is cached for others', async () => {
    const su = await as(h, { userId: (await createUser(h.db, { isSu: true })).id, email: '' });
    for (const a of [await as(h, await customer(h)), su]) {
      const featured = await a.get('/v1/menus/featured');
      expect(featured.status).toBe(200);
      expect(featured.headers.get('cache-control')).toBe('private, no-store');
      expect((await a.get(nearPath())).status).toBe(200);
      expect((await quote(a)).status).toBe(200);
    }
    expect((await book(await as(h, w.customer), bookingBody(w.menu.id, h))).status).toBe(201);
  });
});

describe('after launch', () => {
  beforeEach(() => setLaunchMode('live'));

  it('a visitor gets the marketplace, and featured menus may be cached publicly', async () => {
    const v = agent(h);
    const featured = await v.get('/v1/menus/featured');
    expect(featured.status).toBe(200);
    expect(featured.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await v.get(nearPath())).status).toBe(200);
    expect((await quote(v)).status).toBe(200);
    const xml = await (await sitemap(h.env, { db: () => h.db, quietLogs: true })).text();
    expect(xml).toContain(`<loc>${TEST_ORIGIN}/</loc>`);
    expect(xml).not.toContain('/become-a-chef');
  });
});

describe('the LAUNCH_MODE variable', () => {
  it('closes the marketplace to visitors until an admin sets the mode', async () => {
    const pre = await createHarness({ LAUNCH_MODE: 'prelaunch' });
    try {
      await pre.db.delete(settings).where(eq(settings.key, 'launch_mode'));
      const v = agent(pre);
      expect((await v.json(v.get('/v1/menus/featured'))).body.code).toBe('PRELAUNCH');
      expect((await v.json(v.get('/v1/auth/session/user'))).body.app.launch_mode).toBe('prelaunch');
    } finally {
      await pre.close();
    }
  });
});
