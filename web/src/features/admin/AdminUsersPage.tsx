// Admin users (ylcadmin.users): search by name or e-mail, filter by role, and the seed's paged list; each row opens
// the account. The search and the filter live in the URL.
import { Link } from 'wouter';
import { PagedList, usePagedList } from '../../components/PagedList';
import { formatDate } from '../../lib/format';
import { tk, useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { AdminPage, Badge, FilterTabs, SearchBox, useQueryParam } from './parts';
import { fullName, USERS_PATHS, type AdminUserRow, type UserRoleFilter } from './UsersApi';
import { UsersBadges } from './UsersBadges';

const ROLE_KEYS: Record<'' | UserRoleFilter, string> = {
  '': tk('admin.users.role.all'),
  su: tk('admin.users.role.su'),
  chef: tk('admin.users.role.chef'),
  disabled: tk('admin.users.role.disabled'),
};
const ROLES = Object.keys(ROLE_KEYS) as ('' | UserRoleFilter)[];

export default function AdminUsersPage() {
  const t = useT();
  const [q, setQ] = useQueryParam('q');
  const [roleParam, setRole] = useQueryParam('role');
  const role = (ROLES as readonly string[]).includes(roleParam) ? (roleParam as '' | UserRoleFilter) : '';
  const list = usePagedList<AdminUserRow>(USERS_PATHS.list(q, role), 20, { order: 'created_at', orderDir: 'desc' });

  return (
    <AdminPage title={t('screens.admin.users')}>
      <SearchBox label={t('admin.users.searchlabel')} buttonLabel={t('admin.users.search')} value={q} onSearch={setQ} />
      <FilterTabs
        label={t('admin.users.filters')}
        value={role}
        onChange={setRole}
        options={ROLES.map((r) => ({ value: r, label: t(ROLE_KEYS[r]) }))}
      />
      <div className="card px-5 py-2">
        <PagedList list={list} label={t('admin.users.list')} itemKey={(u) => u.id} emptyText={t('admin.users.empty')} renderItem={(u) => <UserRow user={u} />} />
      </div>
    </AdminPage>
  );
}

function UserRow({ user }: { user: AdminUserRow }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Link href={routeUrl('ylcadmin.users.detail', { userId: user.id })} className="flex flex-wrap items-center justify-between gap-3 py-3 hover:bg-cream-50" data-testid="user-row">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{fullName(user)}</p>
        <p className="truncate text-sm text-ink-600">{user.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <UsersBadges user={user} />
        {!user.email_verified ? <Badge tone="warn">{t('admin.users.badge.unverified')}</Badge> : null}
        <span className="text-sm text-ink-600">{t('admin.users.joined', { date: formatDate(user.created_at, locale) })}</span>
      </div>
    </Link>
  );
}
