// Menus near me (/menus/nearme/:regionId, seed §2, §7): the menus bookable in a region for the booking settings'
// date, guests and place, with search, cuisine/diet/allergy filters (kept in the URL), removable chips and a card grid
// of one to five columns. Without any menu in the region it shows the no-chef-in-region block (newsletter sign-up,
// become a chef). When the visitor picks another region in the booking search, the page follows to that region.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button, LinkButton } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { LoadError } from '../../components/LoadState';
import { MenuCard, MenuCardSkeleton } from '../../components/MenuCard';
import { NewsletterForm } from '../../components/NewsletterForm';
import { bookableDateOrNull, MARKET_TIMEZONE } from '../../lib/booking-window';
import { formatEventTime } from '../../lib/event-time';
import { formatNumber } from '../../lib/format';
import { usePageHead } from '../../lib/head';
import { useLocale, useT } from '../../lib/i18n';
import { regionLabel } from '../../lib/region';
import { routeUrl } from '../../lib/routes';
import { firstRowSize } from '../../lib/menu-image';
import { client, type Answer } from '../../lib/client';
import { useApi } from '../../lib/swr';
import { booking, updateBooking, useBooking } from '../../state/booking';
import { MODALS, openModal } from '../../state/ui';
import { FilterChips, FilterPanelButton, FilterPopovers } from './FilterControls';
import {
  activeChips,
  activeFilterCount,
  clearedFilters,
  filtersToSearch,
  isRegionId,
  nearApiPath,
  NEAR_PAGE_SIZE,
  parseFilters,
  toggleFilter,
  type NearFilters,
  type NearResponse,
} from './filters';

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5';
export const SEARCH_DEBOUNCE_MS = 400;

/** Follows the booking settings' region: a region chosen in the booking search while here opens its page. */
function useFollowRegion(regionId: string) {
  const [, navigate] = useLocation();
  const { region } = useBooking();
  const seen = useRef(region?.id ?? null);
  useEffect(() => {
    const id = region?.id ?? null;
    if (id === seen.current) return;
    seen.current = id;
    if (id !== null && String(id) !== regionId) navigate(routeUrl('chefs.nearme', { regionId: id }));
  }, [region?.id, regionId, navigate]);
}

const regions = client.locations.regions;

/**
 * A page opened from a link or reloaded names its region only by id: once its first menus are in (so the first cards
 * are never held back), the region is looked up and becomes the booking settings' region, and the booking bar, the
 * booking search and the title show its name as they do after a search.
 */
function usePageRegion(regionId: string, firstPageIn: boolean) {
  const { region } = useBooking();
  const needed = firstPageIn && String(region?.id) !== regionId;
  const { data } = useApi<Answer<typeof regions.$get>>(needed ? regions.$path({ query: { id: regionId } }) : null);
  const found = data?.data[0];
  useEffect(() => {
    if (found && String(found.id) === regionId && String(booking.region?.id) !== regionId) updateBooking({ region: found });
  }, [found, regionId]);
}

/** The search box: typing updates the URL after a short pause. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState(value);
  const last = useRef(value);
  const search = useRef(onSearch);
  search.current = onSearch;
  // The URL changed from elsewhere (chips cleared, back button): show its search.
  useEffect(() => {
    if (value.trim() !== last.current.trim()) {
      last.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === last.current.trim()) return;
    const timer = setTimeout(() => {
      last.current = text;
      search.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="relative w-full sm:max-w-xs" role="search">
      <label htmlFor={id} className="sr-only">
        {t('menusnearme.search')}
      </label>
      <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-600" />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('menusnearme.searchplaceholder')}
        maxLength={100}
        className="block w-full rounded-full border border-ink-400 bg-white py-2 pl-10 pr-4 text-ink-900"
        data-testid="menus-search"
      />
    </div>
  );
}

function NoChefInRegion({ region }: { region: string | null }) {
  const t = useT();
  return (
    <section className="mx-auto max-w-2xl card p-8 text-center sm:p-10" aria-labelledby="nochef-title" data-testid="no-chef-in-region">
      <span className="mx-auto mb-5 inline-flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name="chefhat" className="h-8 w-8" />
      </span>
      <h2 id="nochef-title" className="text-2xl font-bold text-ink-900">
        {region ? t('menusnearme.nochef.title', { region }) : t('menusnearme.nochef.titlegeneric')}
      </h2>
      <p className="mt-3 text-ink-700">{t('menusnearme.nochef.text')}</p>
      <div className="mx-auto mt-6 max-w-md text-left">
        <NewsletterForm />
      </div>
      <div className="mt-8 border-t border-cream-200 pt-6">
        <p className="font-semibold text-ink-900">{t('menusnearme.nochef.chefquestion')}</p>
        <LinkButton href={routeUrl('account.beachef')} variant="outline" className="mt-3">
          {t('menusnearme.nochef.becomechef')}
        </LinkButton>
      </div>
    </section>
  );
}

/** Cards of the first render: enough rows for a large first screen, so it paints (and its images load) sooner. */
const FIRST_CARDS = 15;
/** The other cards follow in slices of this many, one task each, so the main thread stays free for input and paint. */
const CARD_SLICE = 25;
/** The rest waits for the first card image to arrive (the page's largest paint), at most this long. */
const REST_WAIT_MS = 800;

/**
 * The cards; with `progressive` (the page's first 200) the first screenful renders first, and the rest follows in
 * slices once the first image has loaded, so rendering them does not hold back that image's paint.
 */
function MenuGrid({ menus, progressive = false }: { menus: NonNullable<NearResponse['data']>; progressive?: boolean }) {
  const [shown, setShown] = useState(progressive ? FIRST_CARDS : Infinity);
  const first = useRef<HTMLLIElement>(null);
  const [waited, setWaited] = useState(!progressive);
  const [firstRow] = useState(() => (progressive ? firstRowSize() : 0));
  useEffect(() => {
    if (waited) return;
    const grid = first.current?.parentElement;
    const done = () => setWaited(true);
    const timer = setTimeout(done, REST_WAIT_MS);
    // load and error do not bubble, but they pass the grid in the capture phase.
    grid?.addEventListener('load', done, true);
    grid?.addEventListener('error', done, true);
    return () => {
      clearTimeout(timer);
      grid?.removeEventListener('load', done, true);
      grid?.removeEventListener('error', done, true);
    };
  }, [waited]);
  useEffect(() => {
    if (!waited || shown >= menus.length) return;
    const timer = setTimeout(() => setShown((n) => (n + CARD_SLICE >= menus.length ? Infinity : n + CARD_SLICE)), 0);
    return () => clearTimeout(timer);
  }, [waited, shown, menus.length]);
  return (
    <>
      {(shown < menus.length ? menus.slice(0, shown) : menus).map((menu, i) => (
        <li key={menu.id} ref={i === 0 ? first : undefined} className="flex">
          <div className="flex w-full">
            <MenuCard menu={menu} priority={i < firstRow} />
          </div>
        </li>
      ))}
    </>
  );
}

/** A further page of 200, loaded with "show more". */
function MorePage({ path }: { path: string }) {
  const { data } = useApi<NearResponse>(path);
  if (!data) {
    return (
      <>
        {Array.from({ length: 4 }, (_, i) => (
          <li key={`more-${i}`}>
            <MenuCardSkeleton />
          </li>
        ))}
      </>
    );
  }
  return <MenuGrid menus={data.data} />;
}

export default function MenusNearMePage({ params }: { params: Record<string, string> }) {
  const t = useT();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const settings = useBooking();
  const regionId = params.regionId ?? '';
  const validId = isRegionId(regionId);
  const filters = parseFilters(search);

  useFollowRegion(regionId);

  // The place travels in the URL (chefs.near adds at_chefs_place=1): a link's place becomes the visitor's setting,
  // and a place changed in the booking search is written back, so the URL never contradicts the results.
  const placeParam = new URLSearchParams(search).get('at_chefs_place');
  useEffect(() => {
    if (placeParam === '1' || placeParam === '0') updateBooking({ at_chefs_place: placeParam === '1' });
  }, [placeParam]);
  const lastPlace = useRef(settings.at_chefs_place);
  useEffect(() => {
    if (lastPlace.current === settings.at_chefs_place) return; // only changes of the setting are written back
    lastPlace.current = settings.at_chefs_place;
    const q = new URLSearchParams(search);
    if ((q.get('at_chefs_place') === '1') === settings.at_chefs_place) return;
    if (settings.at_chefs_place) q.set('at_chefs_place', '1');
    else q.delete('at_chefs_place');
    const query = q.toString();
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.at_chefs_place]);

  const setFilters = (next: NearFilters) => {
    const query = filtersToSearch(next, search);
    navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
  };

  const firstPath = validId ? nearApiPath(regionId, filters, settings, 0) : null;
  const { data, error, isLoading, isValidating, mutate } = useApi<NearResponse>(firstPath);
  const [extraPages, setExtraPages] = useState({ key: firstPath, count: 0 });
  const more = extraPages.key === firstPath ? extraPages.count : 0;
  usePageRegion(regionId, data !== undefined);

  const regionName = settings.region && String(settings.region.id) === regionId ? regionLabel(settings.region) : null;
  const title = regionName ? t('menusnearme.title', { region: regionName }) : t('screens.menusnearme');
  usePageHead({ title, description: t('menusnearme.description') });

  const date = bookableDateOrNull(settings.date);
  const context = [
    settings.at_chefs_place ? t('bookingsearch.type.atchef') : t('bookingsearch.type.athome'),
    t('bookingbar.guests', { count: settings.expected_guests }),
    date ? formatEventTime(date, MARKET_TIMEZONE, locale) : t('menusnearme.anydate'),
  ].join(' · ');

  const chips = activeChips(filters, data?.filters);
  const filterCount = activeFilterCount(filters) + (filters.search ? 1 : 0);
  const total = data?.total_count ?? 0;
  const matched = data?.filter_count ?? data?.data.length ?? 0;
  const menus = data?.data ?? [];
  const loadedPages = 1 + more;
  const hasMore = matched > loadedPages * NEAR_PAGE_SIZE;
  const notFound = !validId || error?.status === 404;

  let body;
  if (notFound) {
    body = (
      <div className="mx-auto max-w-xl card p-8 text-center" role="alert" data-testid="region-not-found">
        <Icon name="pin" className="mx-auto h-10 w-10 text-brand-700" />
        <h2 className="mt-4 text-xl font-bold text-ink-900">{t('menusnearme.unknownregion.title')}</h2>
        <p className="mt-2 text-ink-700">{t('menusnearme.unknownregion.text')}</p>
        <Button className="mt-6" onClick={() => openModal(MODALS.bookingSearch)}>
          {t('menusnearme.changesearch')}
        </Button>
      </div>
    );
  } else if (error && !data) {
    body = <LoadError retry={() => mutate()} text={t('menusnearme.error')} />;
  } else if (isLoading && !data) {
    body = (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {t('menusnearme.loading')}
        </p>
        <ul className={GRID} aria-hidden="true">
          {Array.from({ length: 10 }, (_, i) => (
            <li key={i}>
              <MenuCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (total === 0) {
    body = <NoChefInRegion region={regionName} />;
  } else if (menus.length === 0) {
    body = (
      <div className="mx-auto max-w-xl card p-8 text-center" data-testid="no-match">
        <Icon name="search" className="mx-auto h-10 w-10 text-brand-700" />
        <h2 className="mt-4 text-xl font-bold text-ink-900">{t('menusnearme.nomatch.title')}</h2>
        <p className="mt-2 text-ink-700">{t('menusnearme.nomatch.text')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {filterCount ? (
            <Button variant="outline" onClick={() => setFilters(clearedFilters())}>
              {t('menusnearme.filters.clear')}
            </Button>
          ) : null}
          <Button onClick={() => openModal(MODALS.bookingSearch)}>{t('menusnearme.changesearch')}</Button>
        </div>
      </div>
    );
  } else {
    body = (
      <>
        <ul className={`${GRID} transition-opacity ${isValidating ? 'opacity-70' : ''}`} aria-label={t('menusnearme.results')} data-testid="menu-grid">
          <MenuGrid menus={menus} progressive />
          {Array.from({ length: more }, (_, i) => (
            <MorePage key={i} path={nearApiPath(regionId, filters, settings, i + 1)} />
          ))}
        </ul>
        {hasMore ? (
          <div className="mt-8 flex justify-center">
            <Button variant="outline" onClick={() => setExtraPages({ key: firstPath, count: more + 1 })}>
              {t('menusnearme.showmore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-[1800px] px-4 py-8 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-ink-700">
            <span data-testid="menus-context">{context}</span>
            {/* A link in looks, a 44 px target for a thumb. */}
            <button type="button" onClick={() => openModal(MODALS.bookingSearch)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 link-underline">
              {t('menusnearme.changesearch')}
            </button>
          </p>
        </div>
        {data && !notFound && total > 0 ? (
          <p className="text-sm font-semibold text-ink-800" aria-live="polite" data-testid="menus-count">
            {t('menusnearme.count', { shown: formatNumber(matched, locale), total: formatNumber(total, locale), count: total })}
          </p>
        ) : null}
      </header>

      {!notFound && (total > 0 || filterCount > 0 || !data) ? (
        <div className="mt-6 flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <SearchBox value={filters.search} onSearch={(text) => setFilters({ ...filters, search: text })} />
            <FilterPopovers filters={filters} facets={data?.filters} onToggle={(param, key) => setFilters(toggleFilter(filters, param, key))} />
            <FilterPanelButton
              filters={filters}
              facets={data?.filters}
              onToggle={(param, key) => setFilters(toggleFilter(filters, param, key))}
              onClear={() => setFilters({ ...clearedFilters(), search: filters.search })}
              resultCount={data ? matched : null}
            />
          </div>
          <FilterChips
            chips={chips}
            onRemove={(chip) => setFilters(toggleFilter(filters, chip.param, chip.key))}
            onClear={() => setFilters({ ...clearedFilters(), search: filters.search })}
          />
        </div>
      ) : null}

      <div className="mt-8">{body}</div>
    </div>
  );
}
