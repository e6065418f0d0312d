// The booking bar in the header (seed §2) with the visitor's booking settings: region ("zip name" or a placeholder),
// date and guest count. Clicking the bar opens the booking search; its search button opens the search too while no
// region is set, and otherwise goes to the chef list (chefs.near for an event at the chef's place, else chefs.nearme).
import { useLocation } from 'wouter';
import { bookableDateOrNull, MARKET_TIMEZONE } from '../../lib/booking-window';
import { formatEventTime, formatEventTimeShort } from '../../lib/event-time';
import { useLocale } from '../../lib/i18n';
import { regionLabel } from '../../lib/region';
import { routeUrl } from '../../lib/routes';
import { useBooking } from '../../state/booking';
import { MODALS, openModal } from '../../state/ui';
import { BookingBarFrame } from './BookingBarFrame';

export default function BookingBar() {
  const locale = useLocale();
  const settings = useBooking();
  const [, navigate] = useLocation();

  const bookable = bookableDateOrNull(settings.date);
  const search = () => {
    if (!settings.region) {
      openModal(MODALS.bookingSearch);
      return;
    }
    navigate(routeUrl(settings.at_chefs_place ? 'chefs.near' : 'chefs.nearme', { regionId: settings.region.id }));
  };
  // Compact, so region, date and guests all fit the bar; the full date with the zone's name is its tooltip.
  return (
    <BookingBarFrame
      region={settings.region ? regionLabel(settings.region) : null}
      date={bookable ? formatEventTimeShort(bookable, MARKET_TIMEZONE, locale) : null}
      fullDate={bookable ? formatEventTime(bookable, MARKET_TIMEZONE, locale) : undefined}
      guests={settings.expected_guests}
      onSearch={search}
    />
  );
}
