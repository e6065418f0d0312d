// Admin complaints (ylcadmin.complaints): the customers' reports, open ones first to decide, filtered by status and
// category in the URL, in the seed's paged list; each row opens the complaint.
import { Link } from 'wouter';
import { SelectField } from '../../components/Field';
import { PagedList, usePagedList } from '../../components/PagedList';
import { formatEventTime } from '../../lib/event-time';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { CATEGORY_LABEL, OUTCOME_LABEL } from '../bookings/BookingComplaint';
import { COMPLAINT_STATUSES, COMPLAINTS_PATHS, type AdminComplaintRow } from './ComplaintsApi';
import { AdminPage, Badge, FilterTabs, useQueryParam } from './parts';

export default function AdminComplaintsPage() {
  const t = useT();
  const [statusParam, setStatus] = useQueryParam('status');
  const [categoryParam, setCategory] = useQueryParam('category');
  const status = (COMPLAINT_STATUSES as readonly string[]).includes(statusParam) ? statusParam : '';
  const category = categoryParam in CATEGORY_LABEL ? categoryParam : '';
  const list = usePagedList<AdminComplaintRow>(COMPLAINTS_PATHS.list({ status, category }), 20);

  return (
    <AdminPage title={t('screens.admin.complaints')}>
      <FilterTabs
        label={t('admin.complaints.filters.status')}
        value={status}
        onChange={setStatus}
        options={[
          { value: '', label: t('admin.complaints.filters.all') },
          { value: 'open', label: t('admin.complaints.status.open') },
          { value: 'decided', label: t('admin.complaints.status.decided') },
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          name="category"
          label={t('admin.complaints.filters.category')}
          value={category}
          onChange={setCategory}
          options={[{ value: '', label: t('admin.complaints.filters.allcategories') }, ...Object.entries(CATEGORY_LABEL).map(([value, key]) => ({ value, label: t(key) }))]}
        />
      </div>
      <div className="card px-5 py-2">
        <PagedList
          list={list}
          label={t('screens.admin.complaints')}
          itemKey={(c) => c.id}
          emptyText={status || category ? t('admin.complaints.nomatch') : t('admin.complaints.empty')}
          renderItem={(c) => <ComplaintRow c={c} />}
        />
      </div>
    </AdminPage>
  );
}

function ComplaintRow({ c }: { c: AdminComplaintRow }) {
  const t = useT();
  const locale = useLocale();
  const name = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();
  return (
    <Link href={routeUrl('ylcadmin.complaints.detail', { complaintId: c.id })} className="flex flex-wrap items-center justify-between gap-3 py-3 hover:bg-cream-50" data-testid="complaint-row">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">
          #{c.booking.id} · {c.booking.menu_name} · {t(CATEGORY_LABEL[c.category] ?? CATEGORY_LABEL.other!)}
        </p>
        <p className="text-sm text-ink-600">{formatEventTime(c.booking.starts_at, c.booking.timezone, locale)}</p>
        <p className="truncate text-sm text-ink-700">{t('admin.bookings.parties', { customer: name(c.customer), chef: name(c.chef) })}</p>
      </div>
      <Badge tone={c.status === 'open' ? 'warn' : 'good'}>{c.status === 'open' ? t('admin.complaints.status.open') : t(OUTCOME_LABEL[c.outcome ?? 'no_refund'])}</Badge>
    </Link>
  );
}
