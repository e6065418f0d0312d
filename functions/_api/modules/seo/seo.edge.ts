// The edge handlers for SEO, shared by the Pages Functions route files and the Node server: they need the SPA's
// index.html (from the static assets) and the database from the bindings.
import type { Bindings } from '../../env';
import { buildDeps, type Platform } from '../../platform/deps';
import { localeOfRequest } from '../../lib/locales';
import { COMMON_SECURITY_HEADERS, htmlCspFor } from '../../lib/security-headers';
import { renderSeoHtml, seoForPath, sitemapXml } from './seo.service';

const originOf = (request: Request, env: Bindings) => env.PUBLIC_URL ?? new URL(request.url).origin;

export async function seoPage(request: Request, env: Bindings, platform: Platform, indexHtml: () => Promise<string>): Promise<Response> {
  const url = new URL(request.url);
  const deps = buildDeps(env, platform, crypto.randomUUID());
  let html = await indexHtml();
  try {
    const seo = await seoForPath(deps.db, url.pathname, originOf(request, env));
    if (seo) html = renderSeoHtml(html, seo, localeOfRequest(request, 'page'));
  } catch (err) {
    // Metadata is an enhancement: a database hiccup must never take the page down.
    deps.log.warn('seo.failed', { path: url.pathname, error: String(err) });
  }
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300', 'Content-Security-Policy': htmlCspFor(env), ...COMMON_SECURITY_HEADERS },
  });
}

export async function sitemap(request: Request, env: Bindings, platform: Platform): Promise<Response> {
  const deps = buildDeps(env, platform, crypto.randomUUID());
  return new Response(await sitemapXml(deps.db, originOf(request, env)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
