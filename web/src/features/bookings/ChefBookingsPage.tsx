// The chef's bookings. "All" is the server's own order: requests needing an answer first (the most urgent first,
// each with the time left to answer), then upcoming bookings soonest first, then the past; the other tabs filter.
import { useState } from 'react';
import { NotAChef } from '../../components/NotAChef';
import { PagedList, usePagedList } from '../../components/PagedList';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { BookingRow } from './BookingParts';
import { ScopeTabs } from './MyBookingsPage';
import { bookingPaths, type BookingListItem } from './bookingsApi';

type Scope = 'all' | 'requests' | 'upcoming' | 'past';
const SCOPES: readonly Scope[] = ['all', 'requests', 'upcoming', 'past'];

export default function ChefBookingsPage() {
  const t = useT();
  usePageHead({ title: t('screens.chefbookings') });
  const [scope, setScope] = useState<Scope>('all');
  const list = usePagedList<BookingListItem>(bookingPaths.chefBookings(scope === 'all' ? undefined : scope));
  if (list.error?.code === 'NOT_A_CHEF') {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="mb-6 text-3xl font-bold">{t('bookings.chefbookings')}</h1>
        <NotAChef />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t('bookings.chefbookings')}</h1>
      <ScopeTabs value={scope} onChange={setScope} scopes={SCOPES} />
      <PagedList
        list={list}
        label={t(`bookings.scope.${scope}`)}
        itemKey={(b) => b.id}
        emptyText={scope === 'requests' ? t('bookings.norequests') : t('bookings.empty')}
        renderItem={(b) => <BookingRow chef b={b} href={routeUrl('account.chefbookings.detail', { bookingId: b.id })} />}
      />
    </div>
  );
}
