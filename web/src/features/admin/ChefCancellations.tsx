// The admin chef record's cancellations (issue 18 §4): every confirmed booking the chef cancelled, newest first, with
// how short the notice was and the chef's reason, the count of all of them and how many still lower the chef's
// menus in the search ranking.
import { Link } from 'wouter';
import { Empty } from '../../components/LoadState';
import { formatEventTime } from '../../lib/event-time';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import type { AdminChefDetail } from './ChefsApi';
import { AdminSection, Badge } from './parts';

export function ChefCancellations({ cancellations }: { cancellations: AdminChefDetail['cancellations'] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <AdminSection
      title={t('admin.chefs.cancellations.title')}
      testId="chef-cancellations"
      actions={
        <>
          <Badge tone={cancellations.count ? 'bad' : 'neutral'}>{t('admin.chefs.cancellations.count', { count: cancellations.count })}</Badge>
          {cancellations.recent_count ? <Badge tone="warn">{t('admin.chefs.cancellations.ranking', { count: cancellations.recent_count })}</Badge> : null}
        </>
      }
    >
      {cancellations.items.length === 0 ? (
        <Empty text={t('admin.chefs.cancellations.none')} />
      ) : (
        <ul className="flex flex-col divide-y divide-cream-200">
          {cancellations.items.map((c) => (
            <li key={c.booking_id} className="flex flex-col gap-1 py-3">
              <Link href={routeUrl('ylcadmin.bookings.detail', { bookingId: c.booking_id })} className="font-semibold text-brand-700 link-underline">
                {c.menu_name} · {formatEventTime(c.starts_at, c.timezone, locale)}
              </Link>
              <p className="text-sm text-ink-700">
                {t('admin.chefs.cancellations.when', { date: formatDateTime(c.cancelled_at, locale), hours: c.hours_before_event, guests: c.guests })}
              </p>
              <p className="whitespace-pre-wrap text-sm">{t('admin.chefs.cancellations.reason', { reason: c.reason })}</p>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
