// The edge handlers for SEO, shared by the Pages Functions route files and the Node server: they need the SPA's
// index.html (from the static assets) and the database from the bindings. Their absolute URLs (canonical, og:url,
// og:image, the sitemap's) start with the configured public origin: these answers are cached publicly, so a forged
// Host header must never reach them.
import type { Bindings } from '../../env';
import { withDeps, type Platform } from '../../platform/deps';
import { localeOfRequest } from '#shared/locales';
import { htmlSecurityHeaders } from '../../lib/security-headers';
import { renderSeoHtml, seoForPath, sitemapXml } from './seo.service';

export function seoPage(request: Request, env: Bindings, platform: Platform, indexHtml: () => Promise<string>): Promise<Response> {
  return withDeps(env, platform, async (deps) => {
    const url = new URL(request.url);
    let html = await indexHtml();
    try {
      const seo = await seoForPath(deps.db, url.pathname, deps.config.publicOrigin);
      if (seo) html = renderSeoHtml(html, seo, localeOfRequest(request, 'page'));
    } catch (err) {
      // Metadata is an enhancement: a database hiccup must never take the page down.
      deps.log.warn('seo.failed', { path: url.pathname, error: String(err) });
    }
    return new Response(html, {
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300', ...htmlSecurityHeaders(env) },
    });
  });
}

export function sitemap(env: Bindings, platform: Platform): Promise<Response> {
  return withDeps(env, platform, async (deps) =>
    new Response(await sitemapXml(deps.db, deps.config.publicOrigin, deps.config.launchModeOverride), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    }),
  );
}
