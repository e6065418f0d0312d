// The booking bar in the header (seed §2): region ("zip name" or a placeholder), date and guest count from the
// booking settings. Clicking the bar opens the booking search; its search button opens the search too while no
// region is set, and otherwise goes to the chef list (chefs.near for an event at the chef's place, else chefs.nearme).
import { useLocation } from 'wouter';
import { Icon } from '../../components/Icon';
import { bookableDateOrNull, MARKET_TIMEZONE } from '../../lib/booking-window';
import { formatEventTime, formatEventTimeShort } from '../../lib/event-time';
import { useLocale, useT } from '../../lib/i18n';
import { regionLabel } from '../../lib/region';
import { routeUrl } from '../../lib/routes';
import { useBooking } from '../../state/booking';
import { MODALS, openModal } from '../../state/ui';

export function BookingBar() {
  const t = useT();
  const locale = useLocale();
  const settings = useBooking();
  const [, navigate] = useLocation();

  const region = settings.region ? regionLabel(settings.region) : null;
  const bookable = bookableDateOrNull(settings.date);
  // Compact, so region, date and guests all fit the bar; the full date with the zone's name is its tooltip.
  const date = bookable ? formatEventTimeShort(bookable, MARKET_TIMEZONE, locale) : null;
  const fullDate = bookable ? formatEventTime(bookable, MARKET_TIMEZONE, locale) : undefined;
  const guests = t('bookingbar.guests', { count: settings.expected_guests });

  const search = () => {
    if (!settings.region) {
      openModal(MODALS.bookingSearch);
      return;
    }
    navigate(routeUrl(settings.at_chefs_place ? 'chefs.near' : 'chefs.nearme', { regionId: settings.region.id }));
  };

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
            {guests}
          </span>
        </span>
      </button>
      <button
        type="button"
        onClick={search}
        className="m-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
        aria-label={t('bookingbar.search')}
        data-testid="booking-bar-search"
      >
        <Icon name="search" className="h-5 w-5" />
      </button>
    </div>
  );
}
