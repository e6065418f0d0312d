// Admin audit log: every admin write, newest first — who, what (action and target), when, from where, and what
// changed (before and after). Filters by action, target and actor live in the URL.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { PagedList, usePagedList } from '../../components/PagedList';
import { client, type Answer } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { AdminAuditDiff } from './AdminAuditDiff';
import { AdminPage, Badge } from './parts';

const audit = client.admin.audit;
type AuditList = Answer<typeof audit.$get>;
export type AuditEntry = AuditList['data'][number];
type Facets = Partial<Pick<AuditList, 'facets'>>;
const FILTERS = ['action', 'target_type', 'target_id', 'actor'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** Where an entry's target can be looked at, for the targets that have an admin page. */
function targetLink(e: AuditEntry): string | null {
  if (!e.target_id) return null;
  if (e.target_type === 'user') return routeUrl('ylcadmin.users.detail', { userId: e.target_id });
  if (e.target_type === 'chef') return routeUrl('ylcadmin.chefs.detail', { chefId: e.target_id });
  if (e.target_type === 'booking') return routeUrl('ylcadmin.bookings.detail', { bookingId: e.target_id });
  return null;
}

function FilterForm({ value, facets, onApply }: { value: Filters; facets: Facets['facets']; onApply: (next: Filters) => void }) {
  const t = useT();
  const [draft, setDraft] = useState<Filters>(value);
  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }));
  const options = (list: string[] | undefined, current: string) => [
    { value: '', label: t('admin.audit.any') },
    ...[...new Set([...(list ?? []), ...(current ? [current] : [])])].map((x) => ({ value: x, label: x })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ action: draft.action, target_type: draft.target_type, target_id: draft.target_id.trim(), actor: draft.actor.trim() });
  };
  return (
    <form role="search" aria-label={t('admin.audit.filters')} onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="audit-filters">
      <SelectField name="action" label={t('admin.audit.action')} value={draft.action} onChange={(action) => set({ action })} options={options(facets?.actions, draft.action)} />
      <SelectField name="target_type" label={t('admin.audit.targettype')} value={draft.target_type} onChange={(target_type) => set({ target_type })} options={options(facets?.target_types, draft.target_type)} />
      <TextField name="target_id" label={t('admin.audit.targetid')} value={draft.target_id} onChange={(target_id) => set({ target_id })} maxLength={40} />
      <TextField name="actor" label={t('admin.audit.actor')} hint={t('admin.audit.actorhint')} value={draft.actor} onChange={(actor) => set({ actor })} maxLength={120} />
      <div className="flex gap-2 pb-0.5">
        <Button type="submit" variant="secondary">
          {t('admin.audit.apply')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            const empty = { action: '', target_type: '', target_id: '', actor: '' };
            setDraft(empty);
            onApply(empty);
          }}
        >
          {t('admin.audit.reset')}
        </Button>
      </div>
    </form>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const locale = useLocale();
  const link = targetLink(entry);
  const target = `${entry.target_type}${entry.target_id ? ` #${entry.target_id}` : ''}`;
  const who = entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}`.trim() || entry.actor.email : t('admin.audit.system');
  return (
    <article className="flex flex-col gap-3 p-4" data-testid={`audit-${entry.id}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone="info">{entry.action}</Badge>
        <span className="text-sm text-ink-800">{link ? <Link href={link} className="link-underline">{target}</Link> : target}</span>
        <time dateTime={entry.created_at} className="text-sm text-ink-600">
          {formatDateTime(entry.created_at, locale)}
        </time>
      </div>
      <p className="text-sm text-ink-700">
        {t('admin.audit.by')}{' '}
        {entry.actor ? (
          <Link href={routeUrl('ylcadmin.users.detail', { userId: entry.actor.id })} className="font-semibold link-underline">
            {who}
          </Link>
        ) : (
          <span className="font-semibold">{who}</span>
        )}
        {entry.actor ? <span className="text-ink-600"> · {entry.actor.email}</span> : null}
        {entry.ip ? <span className="text-ink-600"> · {t('admin.audit.ip', { ip: entry.ip })}</span> : null}
      </p>
      <AdminAuditDiff before={entry.before} after={entry.after} />
    </article>
  );
}

export default function AdminAuditPage() {
  const t = useT();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Filters;
  const apply = (next: Filters) => {
    const qs = new URLSearchParams(Object.entries(next).filter(([, v]) => v) as [string, string][]).toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
  };
  const list = usePagedList<AuditEntry, Facets>(audit.$path({ query: Object.fromEntries(FILTERS.map((f) => [f, filters[f] || undefined])) }), 20, { orderDir: 'desc' });
  const filtered = FILTERS.some((f) => filters[f]);

  return (
    <AdminPage title={t('screens.admin.audit')}>
      <p className="max-w-3xl text-ink-700">{t('admin.audit.intro')}</p>
      <FilterForm key={search} value={filters} facets={list.data?.facets} onApply={apply} />
      <PagedList
        list={list}
        label={t('admin.audit.listlabel')}
        emptyText={t(filtered ? 'admin.audit.nomatch' : 'admin.audit.empty')}
        itemKey={(e) => e.id}
        listClassName="divide-y divide-cream-200 rounded-2xl bg-white ring-1 ring-cream-200"
        renderItem={(e) => <Entry entry={e} />}
      />
    </AdminPage>
  );
}
