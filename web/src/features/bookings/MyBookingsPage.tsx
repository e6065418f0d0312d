// The customer's bookings ("orders"): upcoming and past, each with its status.
import { useState } from 'react';
import { PagedList, usePagedList } from '../../components/PagedList';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { BookingRow } from './BookingParts';
import { bookingPaths, type BookingListItem } from './bookingsApi';

type Scope = 'upcoming' | 'past';

export default function MyBookingsPage() {
  const t = useT();
  usePageHead({ title: t('screens.bookings') });
  const [scope, setScope] = useState<Scope>('upcoming');
  const list = usePagedList<BookingListItem>(bookingPaths.orders(scope));
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t('bookings.mine')}</h1>
      <ScopeTabs value={scope} onChange={setScope} scopes={['upcoming', 'past']} />
      <PagedList
        list={list}
        label={t(`bookings.scope.${scope}`)}
        itemKey={(b) => b.id}
        emptyText={t('bookings.empty')}
        renderItem={(b) => <BookingRow b={b} href={routeUrl('account.bookings.detail', { bookingId: b.id })} />}
      />
    </div>
  );
}

export function ScopeTabs<S extends string>({ value, onChange, scopes }: { value: S; onChange: (s: S) => void; scopes: readonly S[] }) {
  const t = useT();
  return (
    <div role="tablist" className="my-4 flex flex-wrap gap-2">
      {scopes.map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          aria-selected={value === s}
          onClick={() => onChange(s)}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ${value === s ? 'bg-brand-700 text-white' : 'bg-cream-100 text-ink-800'}`}
        >
          {t(`bookings.scope.${s}`)}
        </button>
      ))}
    </div>
  );
}
