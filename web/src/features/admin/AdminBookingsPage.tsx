// Admin bookings (ylcadmin.bookings): search by customer, chef, menu or booking id, filter by status and event days,
// the seed's paged list; each row opens the booking. Search and filters live in the URL.
import { Link } from 'wouter';
import { SelectField, TextField } from '../../components/Field';
import { PagedList, usePagedList } from '../../components/PagedList';

import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { StatusBadge } from '../bookings/BookingParts';
import { BOOKING_STATUS_ORDER, BOOKINGS_PATHS, type AdminBookingRow } from './BookingsApi';
import { AdminPage, SearchBox, useQueryParam } from './parts';
import { formatEventTime } from '../../lib/event-time';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function AdminBookingsPage() {
  const t = useT();
  const [q, setQ] = useQueryParam('q');
  const [statusParam, setStatus] = useQueryParam('status');
  const [from, setFrom] = useQueryParam('from');
  const [to, setTo] = useQueryParam('to');
  const status = (BOOKING_STATUS_ORDER as readonly string[]).includes(statusParam) ? statusParam : '';
  const fromDay = DAY.test(from) ? from : '';
  const toDay = DAY.test(to) ? to : '';
  // A range that ends before it starts is shown at the field instead of asking the server.
  const rangeError = fromDay && toDay && toDay < fromDay ? t('admin.bookings.filters.rangeerror') : null;
  const list = usePagedList<AdminBookingRow>(rangeError ? null : BOOKINGS_PATHS.list({ q, status, from: fromDay, to: toDay }), 20);

  return (
    <AdminPage title={t('screens.admin.bookings')}>
      <SearchBox label={t('admin.bookings.searchlabel')} buttonLabel={t('admin.bookings.search')} value={q} onSearch={setQ} />
      <div className="grid gap-3 sm:grid-cols-3" data-testid="booking-filters">
        <SelectField
          name="status"
          label={t('admin.bookings.filters.status')}
          value={status}
          onChange={setStatus}
          options={[{ value: '', label: t('admin.bookings.filters.allstatuses') }, ...BOOKING_STATUS_ORDER.map((s) => ({ value: s, label: t(`bookings.status.${s}`) }))]}
        />
        <TextField name="from" type="date" label={t('admin.bookings.filters.from')} value={fromDay} onChange={setFrom} />
        <TextField name="to" type="date" label={t('admin.bookings.filters.to')} value={toDay} onChange={setTo} errors={rangeError ? [rangeError] : undefined} />
      </div>
      {rangeError ? null : (
        <div className="card px-5 py-2">
          <PagedList
            list={list}
            label={t('admin.bookings.list')}
            itemKey={(b) => b.id}
            emptyText={q || status || fromDay || toDay ? t('admin.bookings.nomatch') : t('admin.bookings.empty')}
            renderItem={(b) => <BookingListRow booking={b} />}
          />
        </div>
      )}
    </AdminPage>
  );
}

function BookingListRow({ booking: b }: { booking: AdminBookingRow }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Link href={routeUrl('ylcadmin.bookings.detail', { bookingId: b.id })} className="flex flex-wrap items-center justify-between gap-3 py-3 hover:bg-cream-50" data-testid="booking-row">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">
          #{b.id} · {b.menu.name}
        </p>
        <p className="text-sm text-ink-600">
          {formatEventTime(b.starts_at, b.timezone, locale)} · {t('bookings.guestcount', { count: b.guests })}
        </p>
        <p className="truncate text-sm text-ink-700">
          {t('admin.bookings.parties', { customer: `${b.customer.firstname} ${b.customer.lastname}`.trim(), chef: `${b.chef.firstname} ${b.chef.lastname}`.trim() })}
          <span className="text-ink-600"> · {b.customer.email}</span>
        </p>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-sm font-semibold">{b.total_formatted}</span>
        <StatusBadge status={b.status} />
      </div>
    </Link>
  );
}
