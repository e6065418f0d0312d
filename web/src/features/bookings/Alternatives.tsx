// The guaranteed dinner on a booking the chef cancelled (issue 18 §4): the menus still free on its date for its place,
// guests and dietary needs, best first — menus near, the one search, with the booking's `rebook` as its filters; the
// cancelling chef's own menus are left out — each with a one-click rebooking: the booking form of that menu, filled
// in from this booking (BookingBeginPage's `rebook` query). On a phone six full cards are several screens long, so
// there they are a compact list (thumbnail, name, chef, price per person), each row one tap to the booking form of
// that menu; from the `sm` breakpoint up they are the cards with their button. Both lists are in the page and CSS
// shows one: the hidden one is out of the accessibility tree and its lazy pictures are not fetched.
import { Link } from 'wouter';
import { NEAR_PAGE_QUERY } from '#shared/near-page';
import { buttonClasses } from '../../components/Button';
import { LoadError, Loading } from '../../components/LoadState';
import { Icon } from '../../components/Icon';
import { MenuCard } from '../../components/MenuCard';
import { chefDisplayName } from '../../lib/chef';
import { bookingWindow, isBookableDay } from '../../lib/booking-window';
import { client, type Answer, type Menu } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import type { Rebook } from './bookingsApi';

const near = client.menus.near[':regionId'];
type NearResponse = Answer<typeof near.$get>;

/** How many alternatives the page offers; one more is asked for, in case the cancelling chef's menu is among them. */
export const ALTERNATIVES_SHOWN = 6;

export const alternativesPath = (r: Rebook & { region_id: number }) =>
  near.$path({
    param: { regionId: String(r.region_id) },
    query: {
      resolve: NEAR_PAGE_QUERY.resolve,
      stacks: NEAR_PAGE_QUERY.stacks,
      page: 0,
      page_size: ALTERNATIVES_SHOWN + 1,
      date: r.date,
      guests: r.guests,
      at_chefs_place: r.at_chefs_place ? 1 : 0,
      diets: r.diets.join(',') || undefined,
      allergies_exclude: r.allergens.map((a) => a.key).join(',') || undefined,
    },
  });

/** The booking form of `menuId`, filled in from the cancelled booking. */
export const rebookUrl = (menuId: number, bookingId: number) => routeUrl('booking.begin', { menuId }, { query: { rebook: String(bookingId) } });

/** One alternative as a phone shows it: a row that is one link to the booking form of the menu. */
function AlternativeRow({ menu, bookingId }: { menu: Menu; bookingId: number }) {
  const t = useT();
  const url = menu.image?.data.url;
  const thumbnail = url?.t512_1x1 ?? url?.t512_2x1;
  return (
    <li>
      <Link href={rebookUrl(menu.id, bookingId)} className="card flex items-center gap-3 p-2 pr-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700" data-testid="alternative-row">
        {thumbnail ? (
          <img src={thumbnail} alt="" width={64} height={64} loading="lazy" decoding="async" className="h-16 w-16 shrink-0 rounded-xl bg-cream-200 object-cover" />
        ) : (
          <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-cream-200 to-brand-100 text-brand-600">
            <Icon name="plate" className="h-7 w-7 opacity-70" />
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="line-clamp-2 font-bold leading-snug text-ink-900">{menu.name}</span>
          <span className="truncate text-sm text-ink-700">{chefDisplayName(menu.chef?.data ?? null)}</span>
          <span className="text-sm font-semibold text-brand-700">{t('menucard.perperson', { price: menu.effective_per_person_cost_lc_formatted })}</span>
        </span>
        <Icon name="chevron-down" className="h-5 w-5 shrink-0 -rotate-90 text-ink-600" />
      </Link>
    </li>
  );
}

export function Alternatives({ rebook }: { rebook: Rebook }) {
  const t = useT();
  const locale = useLocale();
  const regionId = rebook.region_id;
  // Once the evening can no longer be booked (it is today or past) there is nothing to offer for it: the search
  // refuses such a date, and the section would only show its error.
  const open = isBookableDay(rebook.date, bookingWindow());
  const { data, error, mutate } = useApi<NearResponse>(open && regionId != null ? alternativesPath({ ...rebook, region_id: regionId }) : null);
  const menus = (data?.data ?? []).filter((m) => m.chef_id !== rebook.cancelled_chef_id).slice(0, ALTERNATIVES_SHOWN);
  if (!open) return null;
  return (
    <section id="alternatives" aria-labelledby="alternatives-title" className="flex scroll-mt-20 flex-col gap-3 rounded-2xl bg-cream-100 p-4" data-testid="alternatives">
      <h2 id="alternatives-title" className="text-xl font-semibold">
        {t('bookings.alternatives.title')}
      </h2>
      <p>{t('bookings.alternatives.intro', { date: formatEventTime(rebook.starts_at, rebook.timezone, locale), guests: rebook.guests })}</p>
      {regionId == null ? null : error ? (
        <LoadError retry={() => void mutate()} />
      ) : !data ? (
        <Loading />
      ) : menus.length === 0 ? (
        <p className="text-ink-700" data-testid="alternatives-none">
          {t('bookings.alternatives.none')}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-2 sm:hidden" data-testid="alternatives-compact">
            {menus.map((menu) => (
              <AlternativeRow key={menu.id} menu={menu} bookingId={rebook.booking_id} />
            ))}
          </ul>
          <ul className="hidden gap-4 sm:grid sm:grid-cols-2" data-testid="alternatives-cards">
            {menus.map((menu) => (
              <li key={menu.id} className="flex min-w-0 flex-col gap-2">
                <MenuCard menu={menu} testId="alternative-menu" />
                <Link href={rebookUrl(menu.id, rebook.booking_id)} className={buttonClasses('primary', 'md', 'w-full whitespace-normal text-center')} data-testid="rebook">
                  {t('bookings.alternatives.rebook')}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {regionId != null ? (
        <Link href={routeUrl('chefs.nearme', { regionId })} className="text-sm font-semibold text-brand-700 underline">
          {t('bookings.alternatives.more')}
        </Link>
      ) : null}
    </section>
  );
}
