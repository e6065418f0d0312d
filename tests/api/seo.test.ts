// Edge SEO: chef and menu pages get their title, description, og tags and hreflang; the sitemap lists what is public.
import { describe, expect, it } from 'vitest';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { seoPage, sitemap } from '../../functions/_api/modules/seo/seo.edge';
import { useHarness } from '../support/use-harness';
import { createChef, createMenu } from '../support/fixtures';

const INDEX = '<!doctype html><html><head><title>YourLocalChef</title><meta name="description" content="generic" /><meta property="og:title" content="x" /></head><body><div id="root"></div></body></html>';

const h = useHarness({ PUBLIC_URL: 'https://www.example.ch' });

const page = (path: string, headers: Record<string, string> = {}) =>
  seoPage(new Request(`https://www.example.ch${path}`, { headers }), h.env, { db: () => h.db, quietLogs: true }, async () => INDEX);

describe('SEO at the edge', () => {
  it('writes a chef profile title, description, canonical, og and hreflang into the page', async () => {
    const { chef } = await createChef(h.db, { profileBio: '## Hello\n\nI cook **seasonal** Swiss food for families and friends.', displayLocation: 'Bern, BE', user: { firstname: 'Nina', lastname: 'Brunner' } });
    const html = await (await page(`/chefs/${chef.uri}?locale=de`)).text();
    expect(html).toContain('<title>Nina Brunner – private chef in Bern, BE | YourLocalChef</title>');
    expect(html).toContain('<meta name="description" content="Hello I cook seasonal Swiss food for families and friends." />');
    expect(html).not.toContain('content="generic"');
    expect(html).toContain(`<link rel="canonical" href="https://www.example.ch/chefs/${chef.uri}" />`);
    for (const lang of ['de-DE', 'de-CH', 'en-US', 'fr-FR', 'it-IT', 'x-default']) expect(html).toContain(`hreflang="${lang}"`);
    expect(html).toContain('<meta property="og:site_name" content="YourLocalChef" />');
    expect(html).toContain('<meta property="og:locale" content="de_DE" />');
    expect(html).toContain('<div id="root"></div>');
  });

  it("writes the alternates with the seed's ?locale=de_DE spelling and BCP 47 hreflang, and reads either spelling", async () => {
    const { chef } = await createChef(h.db, { user: { firstname: 'Eva', lastname: 'Roth' } });
    const html = await (await page(`/chefs/${chef.uri}`)).text();
    const base = `https://www.example.ch/chefs/${chef.uri}`;
    for (const [hreflang, param] of [['de-DE', 'de_DE'], ['de-CH', 'de_CH'], ['en-US', 'en_US'], ['fr-FR', 'fr_FR'], ['it-IT', 'it_IT']]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${base}?locale=${param}" />`);
    }
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}" />`);
    for (const spelling of ['de_CH', 'de-ch', 'de-CH']) {
      expect(await (await page(`/chefs/${chef.uri}?locale=${spelling}`)).text(), spelling).toContain('<meta property="og:locale" content="de_CH" />');
    }
    expect(await (await page(`/chefs/${chef.uri}?locale=it_IT`)).text()).toContain('<meta property="og:locale" content="it_IT" />');
    const xml = await (await sitemap(h.env, { db: () => h.db, quietLogs: true })).text();
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="fr-FR" href="${base}?locale=fr_FR"/>`);
  });

  it('describes a published menu, escapes what chefs wrote, and leaves hidden things generic', async () => {
    const { chef } = await createChef(h.db, { user: { firstname: 'Tom', lastname: 'Frei' } });
    const menu = await createMenu(h.db, chef.id, { name: 'Fondue "<script>"', description: 'Cheese & bread' });
    const draft = await createMenu(h.db, chef.id, { name: 'Secret draft', status: 'draft' });
    const html = await (await page(`/chefs/${chef.uri}/menu/${menu.id}`)).text();
    expect(html).toContain('<title>Fondue &quot;&lt;script&gt;&quot; by Tom Frei | YourLocalChef</title>');
    expect(html).not.toContain('<script>"');
    expect(await (await page(`/chefs/${chef.uri}/menu/${draft.id}`)).text()).toBe(INDEX);
    const { chef: banned } = await createChef(h.db, { status: ChefStatus.Banned });
    expect(await (await page(`/chefs/${banned.uri}`)).text()).toBe(INDEX);
    expect(await (await page('/chefs/not-a-chef')).text()).toBe(INDEX);
  });

  it("takes a chef's text literally, even characters that look like replacement patterns", async () => {
    const { chef } = await createChef(h.db, { profileBio: "Cooking since 1999 $' and $& ok", user: { firstname: "Ana$'", lastname: 'Lee' } });
    const html = await (await page(`/chefs/${chef.uri}`)).text();
    expect(html).toContain("<title>Ana$' Lee – private chef in Zürich, ZH | YourLocalChef</title>");
    expect(html).toContain("Cooking since 1999 $' and $&amp; ok");
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });

  it('describes a bio with an unsafe link by the link’s text, never a broken "click)"', async () => {
    const bio = 'Book me: [click](javascript:alert(1)) or see ![me](/me_(1).png)[Rösti](https://example.org/R%C3%B6sti_(dish)).';
    const { chef } = await createChef(h.db, { profileBio: bio, displayLocation: 'Bern, BE', user: { firstname: 'Lia', lastname: 'Keller' } });
    const html = await (await page(`/chefs/${chef.uri}`)).text();
    expect(html).toContain('<meta name="description" content="Book me: click or see Rösti." />');
    expect(html).not.toContain('javascript');
  });

  it('lists active chefs and published menus in the sitemap, nothing else', async () => {
    const { chef } = await createChef(h.db);
    const menu = await createMenu(h.db, chef.id);
    const { chef: paused } = await createChef(h.db, { status: ChefStatus.Paused });
    const draft = await createMenu(h.db, chef.id, { status: 'draft' });
    const res = await sitemap(h.env, { db: () => h.db, quietLogs: true });
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain(`<loc>https://www.example.ch/chefs/${chef.uri}</loc>`);
    expect(xml).toContain(`<loc>https://www.example.ch/chefs/${chef.uri}/menu/${menu.id}</loc>`);
    expect(xml).not.toContain(paused.uri);
    expect(xml).not.toContain(`/menu/${draft.id}<`);
  });
});
