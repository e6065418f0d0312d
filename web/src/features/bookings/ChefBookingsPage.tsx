// The chef's bookings: open requests first (with the time left to answer), then upcoming and past.
import { useState } from 'react';
import { PagedList, usePagedList } from '../../components/PagedList';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { BookingRow } from './BookingParts';
import { ScopeTabs } from './MyBookingsPage';
import type { Booking } from './types';

type Scope = 'requests' | 'upcoming' | 'past';

export default function ChefBookingsPage() {
  const t = useT();
  const [scope, setScope] = useState<Scope>('requests');
  const list = usePagedList<Booking>(`/v1/chefs/me/bookings?scope=${scope}`);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t('bookings.chefbookings')}</h1>
      <ScopeTabs value={scope} onChange={setScope} scopes={['requests', 'upcoming', 'past']} />
      <PagedList
        list={list}
        label={t(`bookings.scope.${scope}`)}
        itemKey={(b) => b.id}
        emptyText={t('bookings.empty')}
        renderItem={(b) => <BookingRow chef b={b} href={routeUrl('account.chefbookings.detail', { bookingId: b.id })} />}
      />
    </div>
  );
}
