// Search-engine metadata written into index.html at the edge for public chef and menu pages, and the sitemap.
// The SPA renders the page itself; crawlers and link previews get a real title, description, og tags and hreflang.
import { and, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { chefs } from '../../db/schema/chefs';
import { images } from '../../db/schema/files';
import { menus } from '../../db/schema/menus';
import { users } from '../../db/schema/users';
import { DEFAULT_LOCALE, LOCALE_INFO, LOCALES, type Locale } from '#shared/locales';
import { publicChef } from '../../db/visibility';
import { PRELAUNCH_PUBLIC_PAGES } from '#shared/prelaunch';
import { settingsQuery, toSettings, type LaunchMode } from '../settings/settings.service';
import { escapeHtml } from '../../lib/html';
import { publicText, showMasks } from '../../lib/masking';
import { replaceMarkdownLinks } from '#shared/markdown-links';

export const SITE_NAME = 'YourLocalChef';

export type PageSeo = { title: string; description: string; canonical: string; image: string | null; type: 'profile' | 'product' };

/** Plain text from markdown, cut at a word boundary: good enough for a meta description. */
export function excerpt(markdown: string, max = 160): string {
  const text = replaceMarkdownLinks(markdown, (l) => (l.image ? '' : l.text))
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

const chefIdFromUri = (uri: string) => {
  const id = Number(uri.split('-').pop());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Metadata for /chefs/{uri} and /chefs/{uri}/menu/{menuId}; null for anything not publicly visible. */
export async function seoForPath(db: DB, pathname: string, origin: string): Promise<PageSeo | null> {
  const m = /^\/chefs\/([^/]+)(?:\/menu\/(\d+))?\/?$/.exec(pathname);
  if (!m) return null;
  const chefId = chefIdFromUri(decodeURIComponent(m[1]!));
  if (!chefId) return null;
  const [chef] = await db
    .select({
      uri: chefs.uri,
      bio: chefs.profileBio,
      location: chefs.displayLocation,
      firstname: users.firstname,
      lastname: users.lastname,
      avatarId: asJoined(images.id, 'avatar_id'),
      avatarStatus: asJoined(images.status, 'avatar_status'),
    })
    .from(chefs)
    .innerJoin(users, eq(users.id, chefs.userId))
    .leftJoin(images, eq(images.id, users.avatarImageId))
    .where(and(eq(chefs.id, chefId), publicChef()))
    .limit(1);
  if (!chef) return null;
  const name = [chef.firstname, chef.lastname].filter(Boolean).join(' ') || chef.uri;
  const avatar = chef.avatarId && chef.avatarStatus === 'approved' ? `${origin}/v1/images/${chef.avatarId}/t256x256` : null;

  if (!m[2]) {
    return {
      title: `${name} – private chef${chef.location ? ` in ${chef.location}` : ''}`,
      description: excerpt(publicText(chef.bio, DEFAULT_LOCALE)) || `Book ${name} as your private chef.`,
      canonical: `${origin}/chefs/${chef.uri}`,
      image: avatar,
      type: 'profile',
    };
  }
  const [menu] = await db
    .select({ id: menus.id, name: menus.name, description: menus.description, imageId: menus.imageId, imageStatus: images.status })
    .from(menus)
    .leftJoin(images, eq(images.id, menus.imageId))
    .where(and(eq(menus.id, Number(m[2])), eq(menus.chefId, chefId), eq(menus.status, 'published')))
    .limit(1);
  if (!menu) return null;
  return {
    title: `${showMasks(menu.name, DEFAULT_LOCALE)} by ${name}`,
    description: excerpt(showMasks(menu.description, DEFAULT_LOCALE)) || `${showMasks(menu.name, DEFAULT_LOCALE)}, a menu by ${name}.`,
    canonical: `${origin}/chefs/${chef.uri}/menu/${menu.id}`,
    image: menu.imageId && menu.imageStatus === 'approved' ? `${origin}/v1/images/${menu.imageId}/t1024_2x1` : avatar,
    type: 'product',
  };
}

/** Rewrites the SPA's index.html head: title, description, canonical, og tags and the hreflang alternates. */
export function renderSeoHtml(html: string, seo: PageSeo, locale: Locale = DEFAULT_LOCALE): string {
  // The seed's spelling in the URL (?locale=de_CH), a BCP 47 tag in hreflang (de-CH).
  const withLocale = (code: Locale | null) => {
    const u = new URL(seo.canonical);
    if (code) u.searchParams.set('locale', LOCALE_INFO[code].ogLocale);
    return u.toString();
  };
  const title = `${seo.title} | ${SITE_NAME}`;
  const tags = [
    `<meta name="description" content="${escapeHtml(seo.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(seo.canonical)}" />`,
    ...LOCALES.map((code) => `<link rel="alternate" hreflang="${LOCALE_INFO[code].hreflang}" href="${escapeHtml(withLocale(code))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(withLocale(null))}" />`,
    `<meta property="og:type" content="${seo.type}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(seo.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(seo.canonical)}" />`,
    `<meta property="og:locale" content="${LOCALE_INFO[locale].ogLocale}" />`,
    ...(seo.image ? [`<meta property="og:image" content="${escapeHtml(seo.image)}" />`] : []),
  ].join('\n    ');
  return html
    // Replacement functions, so a `$'` or `$&` in a chef's name or bio is text, not a replacement pattern.
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace(/\s*<meta\s+property="og:(type|site_name|title)"[^>]*\/>/g, '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * Every public chef profile and menu page, with hreflang alternates per locale, and the home page; before launch the
 * pages a visitor may open then (shared/prelaunch.ts) instead of the home page. One round trip.
 */
export async function sitemapXml(db: DB, origin: string, launchModeDefault: LaunchMode | null): Promise<string> {
  const [rows, settingRows] = await db.batch([
    db
      .select({ uri: chefs.uri, chefUpdated: as(chefs.updatedAt, 'chef_updated'), menuId: asJoined(menus.id, 'menu_id'), menuUpdated: asJoined(menus.updatedAt, 'menu_updated') })
      .from(chefs)
      .innerJoin(users, eq(users.id, chefs.userId))
      .leftJoin(menus, and(eq(menus.chefId, chefs.id), eq(menus.status, 'published')))
      .where(publicChef())
      .orderBy(chefs.id, menus.id),
    settingsQuery(db),
  ]);
  const pages = toSettings(settingRows, launchModeDefault).launch_mode === 'live' ? ['/'] : PRELAUNCH_PUBLIC_PAGES;
  const urls = new Map<string, Date | null>(pages.map((path) => [path, null]));
  for (const r of rows) {
    urls.set(`/chefs/${r.uri}`, r.chefUpdated);
    if (r.menuId) urls.set(`/chefs/${r.uri}/menu/${r.menuId}`, r.menuUpdated ?? r.chefUpdated);
  }
  const entry = (path: string, updated: Date | null) => {
    const loc = `${origin}${path}`;
    const alternates = LOCALES.map((code) => `<xhtml:link rel="alternate" hreflang="${LOCALE_INFO[code].hreflang}" href="${escapeHtml(`${loc}?locale=${LOCALE_INFO[code].ogLocale}`)}"/>`).join('');
    return `<url><loc>${escapeHtml(loc)}</loc>${updated ? `<lastmod>${updated.toISOString().slice(0, 10)}</lastmod>` : ''}${alternates}</url>`;
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...[...urls].map(([path, updated]) => entry(path, updated)),
    '</urlset>',
  ].join('\n');
}
