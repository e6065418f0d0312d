// Page head: usePageHead keeps the title, meta description, og tags and hreflang alternates (lib/head-tags.ts) right
// for each page and language. The tags module loads after a page's first render: the prerendered pages come with
// their head, and no page needs it before it has painted.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { session } from '../state/session';
import { useLocale, useT } from './i18n';

/** Sets the head for the current page; re-applies on navigation and language change. */
export function usePageHead(input: { title: string; description?: string }): void {
  const t = useT();
  const locale = useLocale();
  const [path] = useLocation();
  const search = useSearch();
  const { app } = useSnapshot(session);
  const siteName = app?.site_name || t('meta.sitename');
  const description = input.description || t('meta.description');

  useEffect(() => {
    // Only the latest head is applied: an earlier one (the page's name before its data came) may load last.
    let latest = true;
    void import('./head-tags').then(({ applyHead }) =>
      latest && applyHead({
        title: input.title,
        suffix: t('meta.titlesuffix'),
        siteName,
        description,
        href: window.location.href,
        locale,
      }),
    );
    return () => {
      latest = false;
    };
  }, [input.title, description, siteName, locale, path, search, t]);
}
