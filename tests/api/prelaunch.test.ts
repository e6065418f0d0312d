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
import { ok, on, refused, typedClient, visitorClient } from '../support/typed-client';

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

/** The marketplace reads and the quote as agent `a`: the pending typed calls. */
const featured = (a: Agent) => typedClient(a).menus.featured.$get();
const near = (a: Agent) => typedClient(a).menus.near[':regionId'].$get({ param: { regionId: String(regionId) }, query: { resolve: 'image,chef', page_size: '20', count: '1' } });
const quote = (a: Agent) => typedClient(a).bookings.quote.$post({ json: { menu_id: w.menu.id, guests: 4 } });
const launchModeOf = async (a: Agent) => (await ok(typedClient(a).auth.session.user.$get())).body.app.launch_mode;

describe('before launch, a visitor', () => {
  beforeEach(() => setLaunchMode('prelaunch'));

  it('is refused featured menus, menus near and the booking quote', async () => {
    const v = agent(h);
    for (const res of [await refused(featured(v)), await refused(near(v)), await refused(quote(v))]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'The marketplace is not open yet. Sign in to see menus and book.', code: 'PRELAUNCH' });
    }
    expect((await book(v, bookingBody(w.menu.id, h))).status).toBe(401);
  });

  it('is refused menus near from the result cache too', async () => {
    // A signed-in customer's call builds and caches the answer; the visitor's same call is then a cache hit.
    const c = await as(h, w.customer);
    expect((await ok(near(c))).status).toBe(200);
    expect((await refused(near(agent(h)))).body.code).toBe('PRELAUNCH');
  });

  it('is refused with a cookie that is no session', async () => {
    const v = agent(h);
    v.jar.set('ylc_session', 'forged.token.value');
    expect((await refused(featured(v))).status).toBe(403);
  });

  it('gets what the whitelisted screens need: chef profiles and their menus, FAQ, content pages', async () => {
    const v = agent(h);
    const { uri } = (await h.db.query.chefs.findFirst({ where: (c, { eq: is }) => is(c.id, w.chef.chefId), columns: { uri: true } }))!;
    const t = typedClient(v);
    const chef = t.chefs[':id{[A-Za-z0-9-]*[0-9]}'];
    const byId = { param: { id: String(w.chef.chefId) }, query: {} };
    const reads = {
      profile: () => ok(chef.$get({ param: { id: uri }, query: { resolve: 'user_public,user_public.avatar' } })),
      menus: () => ok(chef.menus.$get(byId)),
      chefMenu: () => ok(chef.menus[':menuId{[0-9]+}'].$get({ param: { id: String(w.chef.chefId), menuId: String(w.menu.id) }, query: {} })),
      menu: () => ok(t.menus[':id{[0-9]+}'].$get({ ...on(w.menu.id), query: {} })),
      reviews: () => ok(chef.reviews.$get(byId)),
      faq: () => ok(t.faq.topics.$get({ query: {} })),
      page: () => ok(t.pages[':url'].$get({ param: { url: 'contact' }, query: {} })),
    };
    for (const [name, read] of Object.entries(reads)) expect((await read()).status, name).toBe(200);
    expect(await launchModeOf(v)).toBe('prelaunch');
  });

  it('can sign up, sign in and ask for a password reset', async () => {
    const v = agent(h);
    const email = `pre-${Date.now()}@example.com`;
    const auth = typedClient(v).auth;
    expect((await ok(auth.signup.$post({ json: { firstname: 'Pre', lastname: 'Launch', email, password: 'a long password', cftoken: '' } }))).status).toBe(201);
    expect((await ok(auth.logout.$post({ json: {} }))).status).toBe(200);
    expect((await ok(auth.signin.$post({ json: { identifier: email, secret: 'a long password' } }))).status).toBe(200);
    expect((await ok(visitorClient(h).auth.forgot.$post({ json: { email } }))).status).toBe(200);
    // Signed in now: the marketplace opens.
    expect((await ok(featured(v))).status).toBe(200);
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
      const menus = await ok(featured(a));
      expect(menus.status).toBe(200);
      expect(menus.headers.get('cache-control')).toBe('private, no-store');
      expect((await ok(near(a))).status).toBe(200);
      expect((await ok(quote(a))).status).toBe(200);
    }
    expect((await book(await as(h, w.customer), bookingBody(w.menu.id, h))).status).toBe(201);
  });
});

describe('after launch', () => {
  beforeEach(() => setLaunchMode('live'));

  it('a visitor gets the marketplace, and featured menus may be cached publicly', async () => {
    const v = agent(h);
    const menus = await ok(featured(v));
    expect(menus.status).toBe(200);
    expect(menus.headers.get('cache-control')).toBe('public, max-age=60');
    expect((await ok(near(v))).status).toBe(200);
    expect((await ok(quote(v))).status).toBe(200);
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
      expect((await refused(featured(v))).body.code).toBe('PRELAUNCH');
      expect(await launchModeOf(v)).toBe('prelaunch');
    } finally {
      await pre.close();
    }
  });
});
