// Menus near me: the filters (seed §2, §7) as they live in the page's URL query, and the API call they make. The
// query uses the API's own parameter names and comma lists, so a reload or a shared link keeps the filters.
import { NEAR_PAGE_QUERY } from '#shared/near-page';
import { client, type Answer } from '../../lib/client';
import { preloadMenuImages } from '../../lib/menu-image';
import { prefetchApi } from '../../lib/swr';
import { booking, nearSettings, type BookingSettings } from '../../state/booking';

const near = client.menus.near[':regionId'];
/** GET /v1/menus/near/{regionId} as the server answers it. */
export type NearResponse = Answer<typeof near.$get>;
export type FilterOption = NearResponse['filters'][Facet]['items'][number];
/** The facets as far as the API listed them (none while the first page loads). */
export type Facets = Partial<NearResponse['filters']> | undefined;

/** Facets as the API names them in `filters`, with the query parameter each one sets. */
export const FACETS = [
  { facet: 'cuisine', param: 'cuisines' },
  { facet: 'diet', param: 'diets' },
  { facet: 'allergy', param: 'allergies_exclude' },
] as const;
export type Facet = (typeof FACETS)[number]['facet'];
export type FilterParam = (typeof FACETS)[number]['param'];

export interface NearFilters {
  cuisines: string[];
  diets: string[];
  allergies_exclude: string[];
  search: string;
}

/** Seed §9: near-me page size 200, no footer. */
export const NEAR_PAGE_SIZE = NEAR_PAGE_QUERY.page_size;
/** The API accepts at most 20 keys per list. */
const MAX_KEYS = 20;

const splitList = (value: string | null) =>
  [...new Set((value ?? '').split(',').map((s) => s.trim()).filter((s) => /^[a-z0-9][a-z0-9_-]{0,39}$/.test(s)))].slice(0, MAX_KEYS);

/** A region id as the page's URL may carry it; anything else is "not found" without asking the API. */
export const isRegionId = (id: string) => /^\d{1,12}$/.test(id);

/**
 * Run by the entry when the visitor lands on menus near me (app/routeTable.tsx): the first page's request starts
 * while the app is still loading, with the same key the page will use, and the first row's pictures as soon as it answers.
 */
export function prefetchMenusNear(params: Record<string, string>, locale: string): void {
  const regionId = params.regionId ?? '';
  if (!isRegionId(regionId)) return;
  prefetchApi<NearResponse>(nearApiPath(regionId, parseFilters(window.location.search), booking), locale).then(
    (page) => preloadMenuImages(page.data),
    () => undefined, // the page shows the error when it asks again
  );
}

export function parseFilters(search: string): NearFilters {
  const q = new URLSearchParams(search);
  return {
    cuisines: splitList(q.get('cuisines')),
    diets: splitList(q.get('diets')),
    allergies_exclude: splitList(q.get('allergies_exclude')),
    search: (q.get('search') ?? '').slice(0, 100),
  };
}

/** The page's query: the filters replaced, every other parameter (e.g. at_chefs_place) kept. */
export function filtersToSearch(filters: NearFilters, current = ''): string {
  const q = new URLSearchParams(current);
  for (const { param } of FACETS) {
    if (filters[param].length) q.set(param, filters[param].join(','));
    else q.delete(param);
  }
  if (filters.search.trim()) q.set('search', filters.search.trim());
  else q.delete('search');
  return q.toString();
}

export function toggleFilter(filters: NearFilters, param: FilterParam, key: string): NearFilters {
  const list = filters[param];
  return { ...filters, [param]: list.includes(key) ? list.filter((k) => k !== key) : [...list, key].slice(0, MAX_KEYS) };
}

export const clearedFilters = (): NearFilters => ({ cuisines: [], diets: [], allergies_exclude: [], search: '' });

export const activeFilterCount = (filters: NearFilters) => FACETS.reduce((n, { param }) => n + filters[param].length, 0);

/** Seed §5: an option nobody could match (count 0) is disabled, unless it is already checked so it can be removed. */
export const isOptionDisabled = (option: FilterOption, checked: boolean) => option.count === 0 && !checked;

export interface Chip {
  param: FilterParam;
  key: string;
  name: string;
}

/** The active filters as removable chips, named from the facet options when the API listed them. */
export function activeChips(filters: NearFilters, facets: Facets): Chip[] {
  return FACETS.flatMap(({ facet, param }) =>
    filters[param].map((key) => ({ param, key, name: facets?.[facet]?.items.find((o) => o.key === key)?.name ?? key })),
  );
}

/**
 * GET /v1/menus/near/{regionId} with the seed's resolve, stacks, page_size 200, page, count=1 and the filters, plus the
 * booking settings: the event day (YYYY-MM-DD in Europe/Zurich) when a bookable date is set, the guests, and the place.
 */
export function nearApiPath(regionId: string, filters: NearFilters, settings: Pick<BookingSettings, 'date' | 'expected_guests' | 'at_chefs_place'>, page = 0, now = new Date()): string {
  const { date, guests, at_chefs_place } = nearSettings(settings, now);
  return near.$path({
    param: { regionId },
    query: {
      ...NEAR_PAGE_QUERY,
      page,
      count: 1,
      cuisines: filters.cuisines.join(',') || undefined,
      diets: filters.diets.join(',') || undefined,
      allergies_exclude: filters.allergies_exclude.join(',') || undefined,
      search: filters.search.trim() || undefined,
      date,
      guests: guests || undefined,
      at_chefs_place: at_chefs_place ? 1 : 0,
    },
  });
}
