// The filters of menus near me (seed §2): cuisine, diet and allergies (excluded) as popovers on wide screens and as a
// slide-in panel on small ones, plus the active filters as removable chips. Options show how many menus they would
// match (an allergen: how many menus contain it, which excluding it hides); an option with none is disabled unless
// it is checked.
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { focusableIn } from '../../components/Modal';
import { Popover, useDisposable } from '../../components/Popover';
import { formatNumber } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { activeFilterCount, FACETS, isOptionDisabled, type Chip, type Facet, type FilterOption, type FilterParam, type NearFilters, type Facets } from './filters';

const FACET_TITLE: Record<Facet, string> = {
  cuisine: 'menusnearme.filters.cuisine',
  diet: 'menusnearme.filters.diet',
  allergy: 'menusnearme.filters.allergy',
};

export function FacetOptions({
  facet,
  options,
  selected,
  onToggle,
}: {
  facet: Facet;
  options: FilterOption[];
  selected: readonly string[];
  onToggle: (key: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  // Chosen keys the API no longer lists still show, so they can be unticked.
  const listed = new Set(options.map((o) => o.key));
  const all = [...options, ...selected.filter((key) => !listed.has(key)).map((key) => ({ key, name: key, count: 0 }))];

  return (
    <fieldset data-testid={`facet-${facet}`}>
      <legend className="mb-1 text-base font-bold text-ink-900">{t(FACET_TITLE[facet])}</legend>
      {facet === 'allergy' ? <p className="mb-2 text-sm text-ink-700">{t('menusnearme.filters.allergyhint')}</p> : null}
      {all.length === 0 ? <p className="py-2 text-sm text-ink-700">{t('menusnearme.filters.nooptions')}</p> : null}
      <ul className="max-h-72 space-y-0.5 overflow-y-auto pr-1">
        {all.map((option) => {
          const checked = selected.includes(option.key);
          const disabled = isOptionDisabled(option, checked);
          const inputId = `${id}-${option.key}`;
          return (
            <li key={option.key}>
              <label
                htmlFor={inputId}
                className={`flex items-center gap-3 rounded-lg px-2 py-2 ${disabled ? 'cursor-not-allowed text-ink-600' : 'cursor-pointer text-ink-900 hover:bg-cream-100'}`}
              >
                <input
                  id={inputId}
                  type="checkbox"
                  checked={checked}
                  disabled={disabled}
                  onChange={() => onToggle(option.key)}
                  className="h-5 w-5 shrink-0 accent-brand-600"
                  data-testid={`option-${facet}-${option.key}`}
                />
                <span className="min-w-0 flex-1 truncate">{option.name}</span>
                <span className="shrink-0 rounded-full bg-cream-200 px-2 text-xs font-semibold text-ink-800" data-testid="option-count">
                  {facet === 'allergy' ? (
                    // The allergy facet hides menus, so its number is how many contain the allergen, and says so.
                    t('menusnearme.filters.containedin', { n: formatNumber(option.count, locale), count: option.count })
                  ) : (
                    <>
                      {formatNumber(option.count, locale)}
                      <span className="sr-only"> {t('menusnearme.filters.menus', { count: option.count })}</span>
                    </>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

interface FilterControlsProps {
  filters: NearFilters;
  facets: Facets;
  onToggle: (param: FilterParam, key: string) => void;
  onClear: () => void;
}

/** Wide screens: one popover per facet. */
export function FilterPopovers({ filters, facets, onToggle }: Omit<FilterControlsProps, 'onClear'>) {
  const t = useT();
  return (
    <div className="hidden flex-wrap items-center gap-2 md:flex" data-testid="filter-popovers">
      {FACETS.map(({ facet, param }) => {
        const count = filters[param].length;
        const title = t(FACET_TITLE[facet]);
        return (
          <Popover
            key={facet}
            label={title}
            testId={`popover-${facet}`}
            buttonLabel={count ? t('menusnearme.filters.buttonactive', { filter: title, count }) : undefined}
            buttonClassName={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors ${
              count ? 'bg-ink-900 text-white ring-ink-900' : 'bg-white text-ink-900 ring-cream-300 hover:bg-cream-100'
            }`}
            trigger={
              <>
                {title}
                {count ? <span className="rounded-full bg-white px-1.5 text-xs text-ink-900">{count}</span> : null}
                <Icon name="chevron-down" className="h-4 w-4" />
              </>
            }
          >
            <FacetOptions facet={facet} options={facets?.[facet]?.items ?? []} selected={filters[param]} onToggle={(key) => onToggle(param, key)} />
          </Popover>
        );
      })}
    </div>
  );
}

/** Small screens: a button that slides in a panel with every facet. */
export function FilterPanelButton({ filters, facets, onToggle, onClear, resultCount }: FilterControlsProps & { resultCount: number | null }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const [open, setOpenState] = useState(false);
  const [mounted, visible] = useDisposable(open);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const count = activeFilterCount(filters);

  useEffect(() => {
    if (!open) return;
    const el = panel.current;
    (el ? (focusableIn(el)[0] ?? el) : null)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        setOpenState(false);
        return;
      }
      if (event.key !== 'Tab' || !el) return;
      const items = focusableIn(el);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    const opener = button.current;
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open, setOpenState]);

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        onClick={() => setOpenState(true)}
        className={`inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 ${count ? 'bg-ink-900 text-white ring-ink-900' : 'bg-white text-ink-900 ring-cream-300'}`}
        data-testid="filter-panel-button"
      >
        <FilterIcon />
        {t('menusnearme.filters.title')}
        {count ? <span className="rounded-full bg-white px-1.5 text-xs text-ink-900">{count}</span> : null}
      </button>
      {mounted
        ? createPortal(
            <div className="fixed inset-0 z-50 md:hidden">
              <div
                className={`absolute inset-0 bg-ink-900/60 transition-opacity duration-150 ${visible ? 'opacity-100' : 'opacity-0'}`}
                aria-hidden="true"
                onClick={() => setOpenState(false)}
              />
              <div
                ref={panel}
                role="dialog"
                aria-modal="true"
                aria-labelledby={titleId}
                tabIndex={-1}
                data-testid="filter-panel"
                className={`absolute inset-y-0 right-0 flex w-full max-w-sm flex-col bg-white shadow-xl transition-transform duration-150 focus:outline-none ${visible ? 'translate-x-0' : 'translate-x-full'}`}
              >
                <div className="flex items-center justify-between border-b border-cream-200 px-5 py-4">
                  <h2 id={titleId} className="text-xl font-bold text-ink-900">
                    {t('menusnearme.filters.title')}
                  </h2>
                  <button type="button" onClick={() => setOpenState(false)} className="rounded-full p-2 text-ink-700 hover:bg-cream-200" aria-label={t('common.close')}>
                    <Icon name="close" />
                  </button>
                </div>
                <div className="flex-1 space-y-6 overflow-y-auto px-5 py-4">
                  {FACETS.map(({ facet, param }) => (
                    <FacetOptions key={facet} facet={facet} options={facets?.[facet]?.items ?? []} selected={filters[param]} onToggle={(key) => onToggle(param, key)} />
                  ))}
                </div>
                {/* Wraps: "Filter zurücksetzen" and "Ergebnisse anzeigen (27)" do not fit side by side on a phone. */}
                <div className="flex flex-wrap items-center gap-3 border-t border-cream-200 px-5 py-4">
                  <Button variant="ghost" onClick={onClear} disabled={count === 0}>
                    {t('menusnearme.filters.clear')}
                  </Button>
                  <Button className="flex-1" onClick={() => setOpenState(false)}>
                    {resultCount === null ? t('menusnearme.filters.apply') : t('menusnearme.filters.show', { count: formatNumber(resultCount, locale) })}
                  </Button>
                </div>
              </div>
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}

export function FilterChips({ chips, onRemove, onClear }: { chips: Chip[]; onRemove: (chip: Chip) => void; onClear: () => void }) {
  const t = useT();
  if (!chips.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-chips">
      <h2 className="sr-only">{t('menusnearme.filters.active')}</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => {
          const label = chip.param === 'allergies_exclude' ? t('menusnearme.filters.without', { name: chip.name }) : chip.name;
          return (
            <li key={`${chip.param}:${chip.key}`}>
              <button
                type="button"
                onClick={() => onRemove(chip)}
                className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1.5 pl-3 pr-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                aria-label={t('menusnearme.filters.remove', { filter: label })}
                data-testid="filter-chip"
              >
                {label}
                <Icon name="close" className="h-4 w-4" />
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={onClear} className="px-2 text-sm font-semibold text-ink-800 link-underline" data-testid="filter-clear">
        {t('menusnearme.filters.clear')}
      </button>
    </div>
  );
}

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}
