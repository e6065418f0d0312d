// A content page from GET /v1/pages/{url} (the visitor's locale, falling back to English): title and markdown body,
// with loading and error states; an unknown page is the 404 page.
import { LoadError, Loading } from '../../components/LoadState';
import { NotFound } from '../../components/NotFound';
import { Markdown } from '../../components/Markdown';
import { MARKET_TIMEZONE } from '../../lib/booking-window';
import { formatDate } from '../../lib/format';
import { usePageHead } from '../../lib/head';
import { useLocale, useT } from '../../lib/i18n';
import { markdownToText } from '../../lib/markdown';
import { client, type Answer } from '../../lib/client';
import { useApi } from '../../lib/swr';

const contentPage = client.pages[':url'];

export function ContentView({ pageUrl, fallbackTitle }: { pageUrl: string; fallbackTitle: string }) {
  const t = useT();
  const locale = useLocale();
  const valid = /^[a-z0-9][a-z0-9-]{0,63}$/.test(pageUrl);
  const { data, error, mutate } = useApi<Answer<typeof contentPage.$get>>(valid ? contentPage.$path({ param: { url: pageUrl }, query: { locale } }) : null);
  const page = data?.data ?? null;
  usePageHead({ title: page?.title ?? fallbackTitle, description: page ? markdownToText(page.content).slice(0, 160) : undefined });

  const notFound = !valid || error?.status === 404 || error?.status === 400;
  if (notFound) return <NotFound />;
  return (
    <article className="mx-auto max-w-3xl" data-testid="content-page">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink-900">{page?.title ?? fallbackTitle}</h1>
      <div className="mt-8">
        {error && !page ? (
          <LoadError retry={() => mutate()} />
        ) : !page ? (
          <Loading />
        ) : (
          <>
            <Markdown source={page.content} className="text-lg" headingOffset={0} />
            <p className="mt-12 border-t border-cream-200 pt-4 text-sm text-ink-600">{t('contentpage.updated', { date: formatDate(page.updated_at, locale, MARKET_TIMEZONE) })}</p>
          </>
        )}
      </div>
    </article>
  );
}
