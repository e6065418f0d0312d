// The seed's generic paged list (§2, §7, §9): loading, an empty state ("No data"), and a footer with the range, the
// total and pagination. Pages are zero-based on the wire (page, page_size, count=1 when the footer shows) and
// 1-based on screen; moving stays within 1 and the page count and refetches. The range and the pages count the rows
// under the list's filters (the envelope's filter_count); the unfiltered total_count is named beside it when a
// filter leaves rows out. A failed fetch raises the seed's `fetchError` event (a window CustomEvent) besides showing
// the error state.
import { useState, type ReactNode } from 'react';
import { withQuery } from '../lib/api';
import { formatNumber } from '../lib/format';
import { useLocale, useT } from '../lib/i18n';
import { useApi } from '../lib/swr';
import { Button } from './Button';
import { Empty, LoadError, Loading } from './LoadState';

/** The seed's list envelope (lib/list.ts on the server); the totals come with count=1. */
export type ListEnvelope<T> = { data: T[]; total_count?: number; filter_count?: number };

/** Seed §9: the generic list's default page size. */
export const DEFAULT_PAGE_SIZE = 20;
/** Seed §8: "List fetch error raises a fetchError event." */
export const FETCH_ERROR_EVENT = 'fetchError';

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export interface PagedListOptions {
  /** Whether the footer (range, total, pagination) shows; the totals (count=1) are asked for only then. */
  footer?: boolean;
  order?: string;
  orderDir?: 'asc' | 'desc';
}

/** Fetches one page of a list endpoint; `page` is 1-based. A null path waits. */
export function usePagedList<T, Extra = object>(path: string | null, pageSize = DEFAULT_PAGE_SIZE, options: PagedListOptions = {}) {
  const footer = options.footer ?? true;
  // Another list (a different chef, other filters) starts on its first page.
  const [position, setPosition] = useState({ path, page: 1 });
  const page = position.path === path ? position.page : 1;
  const key = path
    ? withQuery(path, {
        page: page - 1,
        page_size: pageSize,
        order: options.order,
        order_dir: options.orderDir,
        count: footer ? 1 : undefined,
      })
    : null;
  const result = useApi<ListEnvelope<T> & Extra>(key, {
    onError: (error) => {
      if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(FETCH_ERROR_EVENT, { detail: { path: key, error } }));
    },
  });
  // Pages follow the rows the filters leave; total_count counts the list without them.
  const total = result.data?.filter_count ?? result.data?.total_count ?? result.data?.data.length ?? 0;
  const unfiltered = result.data?.total_count ?? total;
  const pageCount = pageCountOf(total, pageSize);
  const goTo = (next: number) => setPosition({ path, page: Math.min(Math.max(1, next), pageCount) });
  return { ...result, page, pageSize, total, unfiltered, pageCount, goTo, footer };
}

/** Page numbers to offer: the first, the last and two either side of the current one, with gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= 2) pages.push(p);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

type PagedListState<T> = Pick<ReturnType<typeof usePagedList<T>>, 'data' | 'error' | 'isValidating' | 'mutate' | 'page' | 'pageSize' | 'total' | 'pageCount' | 'goTo'> & {
  footer?: boolean;
  /** The list's size without its filters; named beside the filtered total when larger. */
  unfiltered?: number;
};

export function PagedList<T>({
  list,
  renderItem,
  itemKey,
  label,
  emptyText,
  errorText,
  listClassName = 'divide-y divide-cream-200',
  itemClassName,
}: {
  list: PagedListState<T>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  label: string;
  /** Defaults to the seed's "No data". */
  emptyText?: string;
  /** Defaults to the shared "couldn't load" text. */
  errorText?: string;
  listClassName?: string;
  itemClassName?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const items = list.data?.data;

  if (!items && list.error) return <LoadError retry={() => list.mutate()} text={errorText} />;
  if (!items) return <Loading />;
  if (!items.length) return <Empty text={emptyText ?? t('pagedlist.nodata')} />;

  const from = (list.page - 1) * list.pageSize + 1;
  const to = from + items.length - 1;
  return (
    <div aria-busy={list.isValidating || undefined}>
      <ul aria-label={label} className={listClassName}>
        {items.map((item) => (
          <li key={itemKey(item)} className={itemClassName}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {list.footer === false ? null : (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-cream-200 pt-4" data-testid="paged-footer">
          <p className="text-sm text-ink-700" data-testid="paged-range">
            {t('pagedlist.range', { from: formatNumber(from, locale), to: formatNumber(to, locale), total: formatNumber(list.total, locale) })}
            {list.unfiltered !== undefined && list.unfiltered > list.total ? ` ${t('pagedlist.unfiltered', { total: formatNumber(list.unfiltered, locale) })}` : null}
          </p>
          {list.pageCount > 1 ? (
            <nav aria-label={t('pagedlist.pagination')} className="flex flex-wrap items-center gap-1">
              <Button variant="ghost" size="sm" disabled={list.page <= 1} onClick={() => list.goTo(list.page - 1)}>
                {t('pagedlist.previous')}
              </Button>
              {pageWindow(list.page, list.pageCount).map((p, i) =>
                p === null ? (
                  <span key={`gap-${i}`} className="px-1 text-ink-600" aria-hidden="true">
                    …
                  </span>
                ) : (
                  <button
                    key={p}
                    type="button"
                    onClick={() => list.goTo(p)}
                    aria-current={p === list.page ? 'page' : undefined}
                    aria-label={t('pagedlist.page', { page: p })}
                    className={`min-w-9 rounded-full px-3 py-1.5 text-sm font-semibold ${p === list.page ? 'bg-ink-900 text-white' : 'text-ink-900 hover:bg-cream-200'}`}
                  >
                    {p}
                  </button>
                ),
              )}
              <Button variant="ghost" size="sm" disabled={list.page >= list.pageCount} onClick={() => list.goTo(list.page + 1)}>
                {t('pagedlist.next')}
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </div>
  );
}
