// Admin chefs (ylcadmin.chefs): chefs by status (the review queue first, each tab with its count), by tier and by a
// search over name, e-mail and location, in the seed's paged list. The filters live in the URL.
import { Link } from 'wouter';
import { SelectField } from '../../components/Field';
import { PagedList, usePagedList } from '../../components/PagedList';
import { formatDate } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { AdminPage, Badge, FilterTabs, SearchBox, useQueryParam } from './parts';
import { ChefStatusBadges } from './ChefStatusBadges';
import { CHEF_STATUS_KEYS, CHEF_STATUS_TABS, CHEF_TIER_KEYS, CHEF_TIERS, CHEFS_PATHS, chefName, type AdminChefList, type AdminChefRow } from './ChefsApi';

export default function AdminChefsPage() {
  const t = useT();
  const [q, setQ] = useQueryParam('q');
  const [statusParam, setStatus] = useQueryParam('status');
  const [tierParam, setTier] = useQueryParam('tier');
  const status = (CHEF_STATUS_TABS as readonly string[]).includes(statusParam) ? statusParam : '';
  const tier = (CHEF_TIERS as readonly string[]).includes(tierParam) ? tierParam : '';
  // The review queue reads oldest submission first; every other view newest first.
  const order = status === 'Onboarded' ? { order: 'submitted_at', orderDir: 'asc' as const } : { order: 'created_at', orderDir: 'desc' as const };
  const list = usePagedList<AdminChefRow, Partial<Pick<AdminChefList, 'status_counts'>>>(CHEFS_PATHS.list({ status, q, tier }), 20, order);
  const counts = list.data?.status_counts;
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;

  return (
    <AdminPage title={t('screens.admin.chefs')}>
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-0 flex-1">
          <SearchBox label={t('admin.chefs.searchlabel')} buttonLabel={t('admin.chefs.search')} value={q} onSearch={setQ} />
        </div>
        <SelectField
          name="tier"
          label={t('admin.chefs.tier.label')}
          value={tier}
          onChange={setTier}
          options={[{ value: '', label: t('admin.chefs.tier.all') }, ...CHEF_TIERS.map((v) => ({ value: v, label: t(CHEF_TIER_KEYS[v]) }))]}
        />
      </div>
      <FilterTabs
        label={t('admin.chefs.filters')}
        value={status}
        onChange={setStatus}
        options={[
          { value: '', label: t('admin.chefs.all'), count: all },
          ...CHEF_STATUS_TABS.map((s) => ({ value: s as string, label: t(CHEF_STATUS_KEYS[s]), count: counts?.[s] })),
        ]}
      />
      <div className="card px-5 py-2">
        <PagedList list={list} label={t('admin.chefs.list')} itemKey={(c) => c.id} emptyText={t('admin.chefs.empty')} renderItem={(c) => <ChefRow chef={c} />} />
      </div>
    </AdminPage>
  );
}

function ChefRow({ chef }: { chef: AdminChefRow }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Link href={routeUrl('ylcadmin.chefs.detail', { chefId: chef.id })} className="flex flex-wrap items-center justify-between gap-3 py-3 hover:bg-cream-50" data-testid="chef-row">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{chefName({ ...chef.user, uri: chef.uri })}</p>
        <p className="truncate text-sm text-ink-600">
          {chef.user.email}
          {chef.display_location ? ` · ${chef.display_location}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ChefStatusBadges status={chef.status_name} tier={chef.tier} />
        {chef.user.disabled ? <Badge tone="bad">{t('admin.chefs.accountdisabled')}</Badge> : null}
        <span className="text-sm text-ink-600">
          {chef.submitted_at ? t('admin.chefs.submitted', { date: formatDate(chef.submitted_at, locale) }) : t('admin.chefs.notsubmitted')}
          {' · '}
          {t('admin.chefs.publishedmenus', { count: chef.published_menus })}
        </span>
      </div>
    </Link>
  );
}
