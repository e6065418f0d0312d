// The guaranteed dinner on a booking the chef cancelled (issue 18 §4): the menus still free on its date for its place,
// guests and dietary needs, best first — menus near, the one search, with the booking's `rebook` as its filters; the
// cancelling chef's own menus are left out — each with a one-click rebooking: the booking form of that menu, filled
// in from this booking (BookingBeginPage's `rebook` query).
import { Link } from 'wouter';
import { NEAR_PAGE_QUERY } from '#shared/near-page';
import { buttonClasses } from '../../components/Button';
import { LoadError, Loading } from '../../components/LoadState';
import { MenuCard } from '../../components/MenuCard';
import { client, type Answer } from '../../lib/client';
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

export function Alternatives({ rebook }: { rebook: Rebook }) {
  const t = useT();
  const locale = useLocale();
  const regionId = rebook.region_id;
  const { data, error, mutate } = useApi<NearResponse>(regionId != null ? alternativesPath({ ...rebook, region_id: regionId }) : null);
  const menus = (data?.data ?? []).filter((m) => m.chef_id !== rebook.cancelled_chef_id).slice(0, ALTERNATIVES_SHOWN);
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
        <ul className="grid gap-4 sm:grid-cols-2">
          {menus.map((menu) => (
            <li key={menu.id} className="flex min-w-0 flex-col gap-2">
              <MenuCard menu={menu} testId="alternative-menu" />
              <Link href={rebookUrl(menu.id, rebook.booking_id)} className={buttonClasses('primary', 'md', 'w-full whitespace-normal text-center')} data-testid="rebook">
                {t('bookings.alternatives.rebook')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {regionId != null ? (
        <Link href={routeUrl('chefs.nearme', { regionId })} className="text-sm font-semibold text-brand-700 underline">
          {t('bookings.alternatives.more')}
        </Link>
      ) : null}
    </section>
  );
}
