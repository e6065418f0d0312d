// The booking bar's look (seed §2): region, date and guests in one pill that opens the booking search, and a search
// button. The header shows it with the defaults (as the prerendered pages do) until the bar with the visitor's stored
// settings (BookingBar, see booking-bar-chunk.ts) has loaded.
import { Icon } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import { MIN_GUESTS } from '../../lib/booking-defaults';
import { MODALS, openModal } from '../../state/ui';

export type BookingBarValues = {
  /** "zip name" of the region, or null for the placeholder. */
  region: string | null;
  /** The event's day, short, or null for the placeholder; `fullDate` is its tooltip. */
  date: string | null;
  fullDate?: string;
  guests: number;
  onSearch: () => void;
};

export function BookingBarFrame({ region, date, fullDate, guests, onSearch }: BookingBarValues) {
  const t = useT();
  const part = 'min-w-0 items-center gap-2 px-3 py-2';
  return (
    <div className="flex w-full max-w-xl items-center rounded-full bg-white shadow-sm ring-1 ring-cream-300 transition-shadow hover:shadow-md" data-testid="booking-bar">
      <button
        type="button"
        onClick={() => openModal(MODALS.bookingSearch)}
        className="flex min-w-0 flex-1 items-center divide-x divide-cream-200 rounded-l-full text-left text-sm"
        data-testid="booking-bar-open"
      >
        <span className="sr-only">{t('bookingbar.open')} </span>
        <span className="flex min-w-28 flex-[1.4] items-center gap-2 px-3 py-2">
          <Icon name="pin" className="h-4 w-4 shrink-0 text-brand-700" />
          <span className={`truncate ${region ? 'font-semibold text-ink-900' : 'text-ink-600'}`} data-testid="booking-bar-region">
            {region ?? t('bookingbar.regionplaceholder')}
          </span>
        </span>
        {/* The date never shrinks (it was cut to "11/28/20…" at 1366 px); the region's name gives way instead. */}
        <span className={`${part} hidden flex-none sm:flex`}>
          <Icon name="calendar" className="h-4 w-4 shrink-0 text-brand-700" />
          <span className={`whitespace-nowrap ${date ? 'font-semibold text-ink-900' : 'text-ink-600'}`} title={fullDate} data-testid="booking-bar-date">
            {date ?? t('bookingbar.dateplaceholder')}
          </span>
        </span>
        <span className={`${part} flex flex-none`}>
          <Icon name="users" className="h-4 w-4 shrink-0 text-brand-700" />
          <span className="whitespace-nowrap font-semibold text-ink-900" data-testid="booking-bar-guests">
            {t('bookingbar.guests', { count: guests })}
          </span>
        </span>
      </button>
      <button
        type="button"
        onClick={onSearch}
        className="m-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
        aria-label={t('bookingbar.search')}
        data-testid="booking-bar-search"
      >
        <Icon name="search" className="h-5 w-5" />
      </button>
    </div>
  );
}

/** The bar before the visitor's settings are read: placeholders and the smallest group, as a first visit shows it. */
export function DefaultBookingBar() {
  return <BookingBarFrame region={null} date={null} guests={MIN_GUESTS} onSearch={() => openModal(MODALS.bookingSearch)} />;
}
