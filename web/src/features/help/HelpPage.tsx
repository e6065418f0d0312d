// FAQ (/help, seed §2): groups of collapsible entries (collapsed at first) with markdown answers, and a search box that
// filters entry titles case-insensitively and hides groups left empty.
import { useId, useState } from 'react';
import { LinkButton } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Empty, LoadError, Loading } from '../../components/LoadState';
import { Markdown } from '../../components/Markdown';
import { usePageHead } from '../../lib/head';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { faqPath, filterFaq, type FaqEntry, type FaqGroup } from './faq';

function Entry({ entry }: { entry: FaqEntry }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className="border-b border-cream-200 last:border-b-0" data-testid="faq-entry">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((v) => !v)}
          className="flex w-full items-center justify-between gap-4 py-4 text-left text-lg font-semibold text-ink-900 hover:text-brand-700"
        >
          <span>{entry.title}</span>
          <Icon name="chevron-down" className={`h-5 w-5 shrink-0 text-brand-700 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="pb-5">
        {open ? <Markdown source={entry.content} headingOffset={3} /> : null}
      </div>
    </li>
  );
}

function Group({ group }: { group: FaqGroup }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} id={`faq-${group.id}`} className="scroll-mt-24" data-testid="faq-group">
      <h2 id={titleId} className="text-2xl font-bold text-ink-900">
        {group.title}
      </h2>
      <ul className="mt-2">
        {(group.entries?.data ?? []).map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

export default function HelpPage() {
  const t = useT();
  const locale = useLocale();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const { data, error, isLoading, mutate } = useApi<{ data: FaqGroup[] }>(faqPath(locale));
  usePageHead({ title: t('screens.help'), description: t('help.description') });

  const groups = data ? filterFaq(data.data, query, locale) : [];
  const entryCount = groups.reduce((n, g) => n + (g.entries?.data.length ?? 0), 0);

  let body;
  if (error && !data) body = <LoadError retry={() => mutate()} text={t('help.error')} />;
  else if (isLoading && !data) body = <Loading />;
  else if (!groups.length) body = <Empty text={query.trim() ? t('help.noresults', { query: query.trim() }) : t('help.empty')} />;
  else
    body = (
      <div className="space-y-12">
        {groups.map((group) => (
          <Group key={group.id} group={group} />
        ))}
      </div>
    );

  return (
    <div className="mx-auto max-w-5xl">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink-900">{t('screens.help')}</h1>
        <p className="mt-3 text-lg text-ink-700">{t('help.intro')}</p>
        <div className="relative mt-6" role="search">
          <label htmlFor={searchId} className="sr-only">
            {t('help.search')}
          </label>
          <Icon name="search" className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-600" />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('help.searchplaceholder')}
            className="block w-full rounded-full border border-ink-400 bg-white py-3 pl-12 pr-4 text-lg text-ink-900"
            data-testid="faq-search"
          />
        </div>
        <p className="sr-only" aria-live="polite">
          {data && query.trim() ? t('help.resultcount', { count: entryCount }) : ''}
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('help.topics')} className="hidden lg:block">
          {groups.length ? (
            <ul className="sticky top-24 space-y-1">
              {groups.map((group) => (
                <li key={group.id}>
                  <a href={`#faq-${group.id}`} className="block rounded-lg px-3 py-2 font-semibold text-ink-800 hover:bg-cream-100">
                    {group.title}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
        <div>{body}</div>
      </div>

      <section className="mt-16 flex flex-col items-start gap-4 rounded-3xl bg-cream-100 p-8 sm:flex-row sm:items-center sm:justify-between" aria-labelledby="help-contact">
        <div>
          <h2 id="help-contact" className="text-xl font-bold text-ink-900">
            {t('help.contact.title')}
          </h2>
          <p className="mt-1 text-ink-700">{t('help.contact.text')}</p>
        </div>
        <LinkButton href={routeUrl('page', { pageUrl: 'contact' })} variant="outline">
          {t('help.contact.button')}
        </LinkButton>
      </section>
    </div>
  );
}
