// The prerendered home page at the edge (functions/_api/modules/seo/prerender.ts): the build's HTML gets the page's
// language, head and inert markup, and GET / picks the visitor's locale, falling back to the plain index.html.
import { describe, expect, it } from 'vitest';
import { homePage, prerenderedFile, prerenderedHtml } from '../../functions/_api/modules/seo/prerender';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>YourLocalChef – Book a private chef near you</title>
    <meta
      name="description"
      content="Book a local private chef."
    />
    <meta property="og:title" content="YourLocalChef – Book a private chef near you" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerenderedHtml', () => {
  it('writes the language, title, description and og:title, and puts the markup in #root inside an inert wrapper', () => {
    const html = prerenderedHtml(TEMPLATE, { lang: 'de-CH', title: 'Privatkoch buchen | YourLocalChef', description: 'Ein Koch aus deiner Region.', markup: '<main><h1>Hallo</h1></main>' });
    expect(html).toContain('<html lang="de-CH">');
    expect(html).toContain('<title>Privatkoch buchen | YourLocalChef</title>');
    expect(html).toMatch(/name="description"\s+content="Ein Koch aus deiner Region\."/);
    expect(html).toContain('<meta property="og:title" content="Privatkoch buchen | YourLocalChef" />');
    expect(html).toContain('<div id="root"><div inert><main><h1>Hallo</h1></main></div></div>');
    expect(html).not.toContain('Book a private chef');
  });

  it('escapes the texts and takes replacement patterns literally', () => {
    const html = prerenderedHtml(TEMPLATE, { lang: 'en', title: `Chefs & "friends" <b> $& $'`, description: 'a $1 b', markup: '<p>$&</p>' });
    expect(html).toContain(`<title>Chefs &amp; &quot;friends&quot; &lt;b&gt; $&amp; $'</title>`);
    expect(html).toContain('content="a $1 b"');
    expect(html).toContain('<div inert><p>$&</p></div>');
  });

  it('refuses a template without an empty root', () => {
    expect(() => prerenderedHtml(TEMPLATE.replace('<div id="root"></div>', '<div id="app"></div>'), { lang: 'en', title: 't', description: 'd', markup: '' })).toThrow(/root/);
  });
});

describe('GET / (homePage)', () => {
  const files: Record<string, string> = {
    'index.html': 'plain shell',
    [prerenderedFile('home', 'de-ch')]: 'home in Swiss German',
    [prerenderedFile('home', 'fr')]: 'home in French',
    [prerenderedFile('home', 'en')]: 'home in English',
  };
  const read = async (file: string) => files[file] ?? null;
  const get = (url: string, headers: Record<string, string> = {}) => homePage(new Request(url, { headers }), read);

  it('serves the prerendered page of the browser language, or of ?locale=, with HTML security headers', async () => {
    const swiss = await get('https://example.test/', { 'Accept-Language': 'de-CH,de;q=0.9,en;q=0.5' });
    expect(swiss.status).toBe(200);
    expect(await swiss.text()).toBe('home in Swiss German');
    expect(swiss.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(swiss.headers.get('vary')).toBe('Accept-Language, Cookie');
    expect(swiss.headers.get('cache-control')).toBe('no-cache');
    expect(swiss.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(swiss.headers.get('x-content-type-options')).toBe('nosniff');

    expect(await (await get('https://example.test/?locale=fr', { 'Accept-Language': 'de-CH' })).text()).toBe('home in French');
    // The language picked in the app (its cookie) wins over the browser's, and ?locale= over both.
    expect(await (await get('https://example.test/', { 'Accept-Language': 'de-CH', Cookie: 'consent=1; locale=fr' })).text()).toBe('home in French');
    expect(await (await get('https://example.test/?locale=de-ch', { Cookie: 'locale=fr' })).text()).toBe('home in Swiss German');
    expect(await (await get('https://example.test/', { 'Accept-Language': 'fr', Cookie: 'locale=xx' })).text()).toBe('home in French');
    expect(await (await get('https://example.test/', { 'Accept-Language': 'ja' })).text()).toBe('home in English');
  });

  it('falls back to the plain index.html when the locale has no prerendered file (the Vite dev server)', async () => {
    expect(await (await get('https://example.test/?locale=it')).text()).toBe('plain shell');
    const none = await homePage(new Request('https://example.test/'), async () => null);
    expect(none.status).toBe(404);
  });
});
