// What a page's head holds, written into the document: "<title> | <suffix>", meta description, og tags and hreflang
// alternates (seed §9). The edge rewrites the same tags into the HTML of chef pages for crawlers; usePageHead
// (lib/head.ts) keeps them right during client-side navigation, and loads this module after a page's first render.
import { LOCALE_INFO, LOCALES, type Locale } from '#shared/locales';
import { LOCALE_QUERY_PARAM } from './i18n';

export interface Alternate {
  hreflang: string;
  href: string;
}

/**
 * One alternate per locale with the seed's `?locale=de_DE` spelling (§9; the API and the client read the short codes
 * too), its hreflang a BCP 47 tag (`de-DE`), plus x-default without the parameter.
 */
export function alternateLinks(currentHref: string): Alternate[] {
  const url = new URL(currentHref);
  url.hash = '';
  const withLocale = (code: Locale | null) => {
    const u = new URL(url);
    if (code) u.searchParams.set(LOCALE_QUERY_PARAM, LOCALE_INFO[code].ogLocale);
    else u.searchParams.delete(LOCALE_QUERY_PARAM);
    return u.toString();
  };
  return [
    ...LOCALES.map((code) => ({ hreflang: LOCALE_INFO[code].hreflang, href: withLocale(code) })),
    { hreflang: 'x-default', href: withLocale(null) },
  ];
}

export const pageTitle = (title: string, suffix: string) => (title ? `${title} | ${suffix}` : suffix);

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

export interface HeadValues {
  title: string;
  suffix: string;
  siteName: string;
  description: string;
  href: string;
  locale: Locale;
}

export function applyHead(values: HeadValues): void {
  const fullTitle = pageTitle(values.title, values.suffix);
  document.title = fullTitle;
  setMeta('name', 'description', values.description);
  setMeta('property', 'og:title', values.title || values.siteName);
  setMeta('property', 'og:description', values.description);
  setMeta('property', 'og:site_name', values.siteName);
  setMeta('property', 'og:locale', LOCALE_INFO[values.locale].ogLocale);
  setMeta('property', 'og:url', values.href);

  for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
  for (const alt of alternateLinks(values.href)) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = alt.hreflang;
    link.href = alt.href;
    document.head.appendChild(link);
  }
}
