// The home page's first screen as HTML, rendered at build time per locale by scripts/prerender.ts with the app's own
// components (a visitor's view: no session yet, data sections in their loading state). The edge serves it for `/` so
// the hero paints before any JavaScript has run; the client then renders the live page in its place.
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { Locale } from '../../functions/_api/lib/locales';
import type { PrerenderedPage } from '../../functions/_api/modules/seo/prerender';
import { App } from './app/App';
import { prefetchPage } from './app/routeTable';
import { pageTitle } from './lib/head';
import { htmlLang, setLocale, t } from './lib/i18n';

export async function renderHome(locale: Locale): Promise<PrerenderedPage> {
  await setLocale(locale);
  await prefetchPage('home', {}, locale);
  const markup = renderToString(
    <Router ssrPath="/" ssrSearch="">
      <App />
    </Router>,
  );
  // The head the page sets when it runs (HomePage's usePageHead).
  return { lang: htmlLang(locale), title: pageTitle(t('home.title'), t('meta.titlesuffix')), description: t('meta.description'), markup };
}
