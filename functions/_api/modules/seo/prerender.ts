// The home page with its first screen already in the HTML: scripts/prerender.ts writes one file per locale at build
// time (from the client's own components, web/src/prerender.tsx) and the edge serves the visitor's for `/`
// (functions/index.ts on Pages, scripts/serve.ts on Node). The markup is inert: it paints at once, nothing in it
// can be clicked, and the client replaces it with the live page when it renders.
import { escapeHtml } from '../../lib/html';
import type { ObservabilityEnv } from '../../lib/observability';
import { htmlSecurityHeaders } from '../../lib/security-headers';
import { localeOfRequest, type Locale } from '#shared/locales';
import type { PrerenderedPage } from '#shared/prerendered-page';

export const PRERENDER_DIR = 'prerender';

/** The pages prerendered per locale. */
export type PrerenderedName = 'home' | 'nearme';

/** The file of a locale's prerendered page, relative to the built client (dist/). */
export const prerenderedFile = (name: PrerenderedName, locale: Locale) => `${PRERENDER_DIR}/${name}-${locale}.html`;

/** A loading menu card as the client renders it, plain and with its picture (`{{stack}}` slots for the URLs, `{{priority}}` for its fetch priority). */
export type MenuSkeletons = { plain: string; picture: string };
export const MENU_SKELETONS_FILE = `${PRERENDER_DIR}/menu-skeletons.json`;

/** index.html with the page's language, title and description, and its markup in #root. */
export function prerenderedHtml(template: string, page: PrerenderedPage): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  const [title, description] = [escapeHtml(page.title), escapeHtml(page.description)];
  // Replacement functions, so a `$&` in a text is text, not a replacement pattern.
  return template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.lang)}">`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (_, open: string, close: string) => `${open}${description}${close}`)
    .replace(/(<meta\s+property="og:title"\s+content=")[^"]*(")/, (_, open: string, close: string) => `${open}${title}${close}`)
    .replace(root, () => `<div id="root"><div inert>${page.markup}</div></div>`);
}

/**
 * GET / in the visitor's locale (shared/locales.ts localeOfRequest: ?locale=, the language they picked, Accept-Language).
 * `read` returns a built file's text, or null without a build of it (the Vite dev server), and then the plain
 * index.html is served.
 */
export async function homePage(request: Request, read: ReadBuiltFile, env: ObservabilityEnv = {}): Promise<Response> {
  return prerenderedPage(await readPrerendered('home', request, read), env);
}

/** Reads a built file's text; null without a build of it (the Vite dev server). */
export type ReadBuiltFile = (file: string) => Promise<string | null>;

/** Built files on Pages, from its static assets. */
export const assetReader =
  (request: Request, assets: { fetch(input: Request | string): Promise<Response> }): ReadBuiltFile =>
  async (file) => {
    // Pages serves `x.html` at `/x` (it redirects the .html form), and the bare root for index.html.
    const res = await assets.fetch(new URL(`/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`, request.url).toString());
    return res.ok ? res.text() : null;
  };

/** The locale's prerendered page, else the plain index.html (null only without any build). */
export async function readPrerendered(name: PrerenderedName, request: Request, read: ReadBuiltFile): Promise<string | null> {
  return (await read(prerenderedFile(name, localeOfRequest(request, 'page')))) ?? (await read('index.html'));
}

/**
 * A prerendered page's response: never cached without asking, as it differs by language and cookies. Its CSP lets
 * the browser reach the deployment's error tracker and analytics (`env`), as the static pages' does.
 */
export function prerenderedPage(html: string | null, env: ObservabilityEnv): Response {
  return new Response(html, {
    status: html === null ? 404 : 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Language, Cookie',
      ...htmlSecurityHeaders(env),
    },
  });
}
