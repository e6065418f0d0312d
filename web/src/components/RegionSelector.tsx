// Region picker (seed §5, §7, §8): a combobox searching GET /v1/locations/regions by postal code or place name
// (debounced, at most 10 results), plus a "use my location" button where the browser supports geolocation. The first
// region near the visitor's position is taken; a failure shows the seed's "Could not fetch location" notification.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../lib/api';
import { client, unwrap, type Region } from '../lib/client';
import { useT } from '../lib/i18n';
import { regionLabel } from '../lib/region';
import { notify } from '../state/ui';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

const regions = client.locations.regions;
export const REGIONS_PATH = regions.$path();
/** Seed §9: region search limit 10. */
export const REGION_SEARCH_LIMIT = 10;
export const REGION_SEARCH_DEBOUNCE_MS = 300;


/** Seed §8: the message key for a GeolocationPositionError code (1 denied, 2 unavailable, 3 timeout). */
export function geolocationErrorKey(code: number | undefined): string {
  switch (code) {
    case 1:
      return 'regionselector.deniedaccess';
    case 2:
      return 'regionselector.locationunavailable';
    case 3:
      return 'regionselector.timedout';
    default:
      return 'regionselector.unknownerror';
  }
}

export const supportsGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator && Boolean(navigator.geolocation);

export interface RegionSelectorProps {
  value: Region | null;
  onChange: (region: Region) => void;
  label: string;
  autoFocus?: boolean;
  /** The form field the choice is sent as, so a failed submit of a schema form focuses the search on its error. */
  name?: string;
  /** The id of the error list under the selector, while it shows errors: the search is then invalid and described by it. */
  errorId?: string | undefined;
}

export function RegionSelector({ value, onChange, label, autoFocus = false, name, errorId }: RegionSelectorProps) {
  const t = useT();
  const inputId = useId();
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState(value ? regionLabel(value) : '');
  const [results, setResults] = useState<Region[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const [locating, setLocating] = useState(false);
  const typed = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // A region chosen elsewhere (geolocation, a restored search) shows in the field.
  useEffect(() => {
    if (value) setText(regionLabel(value));
  }, [value]);

  useEffect(() => {
    if (!typed.current) return;
    const query = text.trim();
    if (!query) {
      setResults([]);
      setOpen(false);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      unwrap(regions.$get({ query: { text: query, limit: REGION_SEARCH_LIMIT } }, { init: { signal: controller.signal } }))
        .then((res) => {
          setResults(res.data.slice(0, REGION_SEARCH_LIMIT));
          setFailed(false);
          setOpen(true);
          setActive(res.data.length ? 0 : -1);
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Region search failed', err);
          setResults([]);
          setFailed(true);
          setOpen(true);
        })
        .finally(() => {
          if (!controller.signal.aborted) setSearching(false);
        });
    }, REGION_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const choose = (region: Region) => {
    typed.current = false;
    setText(regionLabel(region));
    setOpen(false);
    setResults([]);
    setActive(-1);
    onChange(region);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active]!);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const locate = () => {
    if (!supportsGeolocation()) return;
    setLocating(true);
    const fail = (code?: number) => {
      if (!mounted.current) return;
      setLocating(false);
      notify({ title: t('regionselector.couldnotfetch'), message: t(geolocationErrorKey(code)) });
    };
    navigator.geolocation.getCurrentPosition(
      (position) => {
        unwrap(regions.$get({ query: { lat: position.coords.latitude.toFixed(6), lon: position.coords.longitude.toFixed(6), limit: REGION_SEARCH_LIMIT } }))
          .then((res) => {
            const first = res.data[0];
            if (!first) return fail();
            if (!mounted.current) return;
            setLocating(false);
            choose(first);
          })
          .catch((err: unknown) => {
            console.error('Region lookup by position failed', err instanceof ApiError ? err.message : err);
            fail();
          });
      },
      (error) => fail(error?.code),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 },
    );
  };

  const showList = open && (results.length > 0 || failed || (!searching && text.trim() !== ''));
  const optionId = (i: number) => `${listId}-option-${i}`;

  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="relative">
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-600" />
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          aria-describedby={errorId ? `${statusId} ${errorId}` : statusId}
          aria-invalid={errorId ? true : undefined}
          name={name}
          autoComplete="off"
          spellCheck={false}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          placeholder={t('regionselector.placeholder')}
          value={text}
          onChange={(event) => {
            typed.current = true;
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => results.length && setOpen(true)}
          onBlur={() => setTimeout(() => mounted.current && setOpen(false), 150)}
          className={`block w-full rounded-xl border bg-white py-3 pl-10 pr-10 text-ink-900 ${errorId ? 'border-danger-600' : 'border-ink-400'}`}
          data-testid="region-input"
        />
        {searching ? <Spinner className="absolute right-3 top-1/2 h-5 w-5 -translate-y-1/2 text-brand-700" /> : null}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('regionselector.results')}
        hidden={!showList}
        className="mt-2 max-h-72 overflow-y-auto rounded-2xl bg-white py-1 shadow-md ring-1 ring-cream-300"
      >
        {results.map((region, i) => (
          <li
            key={`${region.id}-${region.zip ?? ''}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(region)}
            onMouseEnter={() => setActive(i)}
            className={`flex cursor-pointer items-center gap-3 px-4 py-2.5 ${i === active ? 'bg-brand-50' : ''}`}
            data-testid="region-option"
          >
            <Icon name="pin" className="h-4 w-4 shrink-0 text-brand-700" />
            <span className="min-w-0 flex-1">
              <span className="font-semibold text-ink-900">{regionLabel(region)}</span>
              <span className="ml-2 text-sm text-ink-600">{[region.state, region.country_code].filter(Boolean).join(', ')}</span>
            </span>
          </li>
        ))}
        {!results.length ? (
          <li role="presentation" className="px-4 py-2.5 text-ink-700">
            {failed ? t('regionselector.searchfailed') : t('regionselector.noresults')}
          </li>
        ) : null}
      </ul>
      <p id={statusId} className="sr-only" aria-live="polite">
        {showList && results.length ? t('regionselector.resultcount', { count: results.length }) : ''}
      </p>
      {supportsGeolocation() ? (
        <button
          type="button"
          onClick={locate}
          disabled={locating}
          className="mt-3 inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          data-testid="region-locate"
        >
          {locating ? <Spinner className="h-4 w-4" /> : <LocateIcon />}
          {t('regionselector.uselocation')}
        </button>
      ) : null}
    </div>
  );
}

function LocateIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2.5" fill="currentColor" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  );
}
