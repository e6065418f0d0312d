// Pages whose first screen is rendered at build time per locale by scripts/prerender.ts, with the app's own
// components as a visitor first sees them (no session yet, data sections in their loading state). The edge serves
// them so that the first screen paints before any JavaScript has run; the client then renders the live page in its place.
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { Locale } from '#shared/locales';
import type { PrerenderedPage } from '#shared/prerendered-page';
import { App } from './app/App';
import { loadPageChunks } from './app/routeTable';
import { MenuCardSkeleton } from './components/MenuCard';
import { pageTitle } from './lib/head-tags';
import { htmlLang, setLocale, t } from './lib/i18n';

async function renderPage(locale: Locale, routeName: string, path: string, title: string, description: string): Promise<PrerenderedPage> {
  await setLocale(locale);
  await loadPageChunks(routeName);
  const markup = renderToString(
    <Router ssrPath={path} ssrSearch="">
      <App />
    </Router>,
  );
  return { lang: htmlLang(locale), title: pageTitle(t(title), t('meta.titlesuffix')), description: t(description), markup };
}

/** The home page; its head is the one HomePage sets (usePageHead). */
export const renderHome = (locale: Locale) => renderPage(locale, 'home', '/', 'home.title', 'meta.description');

/** Menus near me while its menus load: the edge fills in the region's first pictures (near-page.edge.ts). */
export const renderMenusNearMe = (locale: Locale) =>
  renderPage(locale, 'chefs.nearme', '/menus/nearme/0', 'screens.menusnearme', 'menusnearme.description');

/** The picture of a loading card; each `{{name}}` stands for the escaped URL of that picture stack. */
export const PICTURE_SLOTS = { t512_1x1: '{{t512_1x1}}', t512_2x1: '{{t512_2x1}}', t1024_2x1: '{{t1024_2x1}}' };

/** The card's fetch priority, `{{priority}}` for the edge: the first picture is asked for first (near-page.edge.ts). */
const PRIORITY = 'fetchPriority="high"';

/** A loading card as the page renders it, and the same card with its picture, for the edge to swap. */
export function menuSkeletons() {
  const picture = renderToString(<MenuCardSkeleton image={{ data: { id: 0, url: PICTURE_SLOTS } }} />);
  if (picture.split(PRIORITY).length !== 2) throw new Error(`the loading card's picture has no single ${PRIORITY}`);
  return { plain: renderToString(<MenuCardSkeleton />), picture: picture.replace(PRIORITY, 'fetchPriority="{{priority}}"') };
}
