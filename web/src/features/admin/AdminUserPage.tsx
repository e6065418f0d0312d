// Admin user details (ylcadmin.users.detail): the account, its roles with the super-user right, disabling, the
// sign-in methods, live sessions that can be ended one by one or all at once, and the bookings. Every destructive
// action asks first; a refused action shows the server's reason in its own section.
import { useState } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '#shared/pricing';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Empty, LoadError, Loading } from '../../components/LoadState';
import { formatDate, formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl, type PageProps } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { ActionError, AdminPage, AdminSection, Badge, Facts, useAdminAction } from './parts';
import { fullName, usersApi, USERS_PATHS, type AdminSession, type AdminUserBooking, type AdminUserDetail } from './UsersApi';
import { UsersBadges } from './UsersBadges';
import { CHEF_STATUS_KEYS, type ChefStatusName } from './ChefsApi';
import { formatEventTime } from '../../lib/event-time';

const PROVIDER_NAMES: Record<string, string> = { apple: 'Apple', google: 'Google', facebook: 'Meta' };

/** The question before an action, with what runs when it is confirmed. */
type Pending = { key: string; title: string; text: string; confirm: string; tone: 'danger' | 'primary'; run: () => Promise<string> };

export default function AdminUserPage({ params }: PageProps) {
  const t = useT();
  const { data, error, mutate } = useApi<{ data: AdminUserDetail }>(USERS_PATHS.user(params.userId ?? ''));
  const user = data?.data;
  const back = { href: routeUrl('ylcadmin.users'), label: t('admin.users.back') };

  if (!user) {
    return (
      <AdminPage title={t('screens.admin.userdetail')} back={back}>
        {error?.status === 404 ? <Empty text={t('admin.users.notfound')} /> : error ? <LoadError retry={() => mutate()} /> : <Loading />}
      </AdminPage>
    );
  }
  return <UserDetail user={user} refresh={() => mutate()} back={back} />;
}

function UserDetail({ user, refresh, back }: { user: AdminUserDetail; refresh: () => unknown; back: { href: string; label: string } }) {
  const t = useT();
  const locale = useLocale();
  const action = useAdminAction(refresh);
  const [pending, setPending] = useState<Pending | null>(null);
  const name = fullName(user);
  const ask = (p: Pending) => {
    action.clear();
    setPending(p);
  };
  const confirm = async () => {
    if (!pending) return;
    await action.run(pending.key, pending.run);
    setPending(null);
  };

  /** The success text of an account change, or that nothing changed (it was already so). */
  const changeDone = (r: { data: { changed: boolean } }, done: string) => (r.data.changed ? done : t('admin.users.done.nothing'));
  const yesNo = (v: boolean) => (v ? t('admin.users.yes') : t('admin.users.no'));

  return (
    <AdminPage title={name} back={back} badges={<UsersBadges user={user} />}>
      <AdminSection title={t('admin.users.account.title')} testId="account-section">
        <Facts
          items={[
            { label: t('admin.users.account.email'), value: `${user.email} · ${t(user.email_verified ? 'admin.users.account.verified' : 'admin.users.account.unverified')}` },
            { label: t('admin.users.account.phone'), value: user.phone ? `${user.phone} · ${t(user.phone_verified ? 'admin.users.account.verified' : 'admin.users.account.unverified')}` : null },
            { label: t('admin.users.account.locale'), value: `${user.locale} · ${user.currency}` },
            { label: t('admin.users.account.created'), value: formatDate(user.created_at, locale) },
            { label: t('admin.users.account.id'), value: String(user.id) },
          ]}
        />
      </AdminSection>

      <AdminSection
        title={t('admin.users.roles.title')}
        testId="roles-section"
        actions={
          user.is_su ? (
            <Button
              variant="outline"
              size="sm"
              disabled={user.is_self}
              onClick={() =>
                ask({
                  key: 'su',
                  title: t('admin.users.roles.removetitle', { name }),
                  text: t('admin.users.roles.removetext'),
                  confirm: t('admin.users.roles.remove'),
                  tone: 'danger',
                  run: async () => changeDone(await usersApi.setSuperUser(user.id, false), t('admin.users.done.suremoved')),
                })
              }
            >
              {t('admin.users.roles.remove')}
            </Button>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() =>
                ask({
                  key: 'su',
                  title: t('admin.users.roles.granttitle', { name }),
                  text: t('admin.users.roles.granttext'),
                  confirm: t('admin.users.roles.grant'),
                  tone: 'primary',
                  run: async () => changeDone(await usersApi.setSuperUser(user.id, true), t('admin.users.done.sugranted')),
                })
              }
            >
              {t('admin.users.roles.grant')}
            </Button>
          )
        }
      >
        <Facts
          items={[
            { label: t('admin.users.roles.su'), value: yesNo(user.is_su) },
            {
              label: t('admin.users.roles.chef'),
              value: user.chef ? (
                <Link href={routeUrl('ylcadmin.chefs.detail', { chefId: user.chef.id })} className="font-semibold text-brand-700 link-underline">
                  {t('admin.users.roles.openchef', { status: t(CHEF_STATUS_KEYS[user.chef.status_name as ChefStatusName]) })}
                </Link>
              ) : (
                t('admin.users.no')
              ),
            },
          ]}
        />
        {user.is_self && user.is_su ? <p className="mt-3 text-sm text-ink-600">{t('admin.users.roles.owninfo')}</p> : null}
        <ActionError error={action.errorOf('su')} testId="su-error" />
      </AdminSection>

      <AdminSection
        title={t('admin.users.status.title')}
        testId="status-section"
        actions={
          user.disabled ? (
            <Button variant="outline" size="sm" onClick={() => action.run('disabled', async () => changeDone(await usersApi.setDisabled(user.id, false), t('admin.users.done.enabled')))}>
              {t('admin.users.status.enable')}
            </Button>
          ) : (
            <Button
              variant="danger"
              size="sm"
              disabled={user.is_self}
              onClick={() =>
                ask({
                  key: 'disabled',
                  title: t('admin.users.status.disabletitle', { name }),
                  // A disabled account's chef profile and menus are hidden like a banned chef's.
                  text: user.chef ? `${t('admin.users.status.disabletext')} ${t('admin.users.status.disablechef')}` : t('admin.users.status.disabletext'),
                  confirm: t('admin.users.status.disable'),
                  tone: 'danger',
                  run: async () => changeDone(await usersApi.setDisabled(user.id, true), t('admin.users.done.disabled')),
                })
              }
            >
              {t('admin.users.status.disable')}
            </Button>
          )
        }
      >
        <p className="text-sm text-ink-800">
          {user.disabled && user.disabled_at ? t('admin.users.status.disabled', { date: formatDateTime(user.disabled_at, locale) }) : t('admin.users.status.active')}
        </p>
        {user.is_self ? <p className="mt-2 text-sm text-ink-600">{t('admin.users.status.ownaccount')}</p> : null}
        <ActionError error={action.errorOf('disabled')} testId="disabled-error" />
      </AdminSection>

      <AdminSection title={t('admin.users.methods.title')} testId="methods-section">
        <Facts
          items={[
            { label: t('admin.users.methods.password'), value: t(user.sign_in_methods.password ? 'admin.users.methods.set' : 'admin.users.methods.notset') },
            ...user.sign_in_methods.providers.map((p) => ({
              label: PROVIDER_NAMES[p.provider] ?? p.provider,
              value: `${p.email ?? ''}${p.email ? ' · ' : ''}${t('admin.users.methods.linked', { date: formatDate(p.linked_at, locale) })}`,
            })),
          ]}
        />
      </AdminSection>

      <AdminSection
        title={t('admin.users.sessions.title')}
        testId="sessions-section"
        actions={
          <Button
            variant="outline"
            size="sm"
            disabled={!user.sessions.length}
            onClick={() =>
              ask({
                key: 'sessions',
                title: t('admin.users.sessions.endalltitle', { name }),
                text: t('admin.users.sessions.endalltext'),
                confirm: t('admin.users.sessions.endall'),
                tone: 'danger',
                run: async () => t('admin.users.done.sessionsended', { count: (await usersApi.revokeAll(user.id)).revoked }),
              })
            }
          >
            {t('admin.users.sessions.endall')}
          </Button>
        }
      >
        {user.sessions.length ? (
          <ul className="divide-y divide-cream-200">
            {user.sessions.map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                onEnd={() =>
                  ask({
                    key: 'sessions',
                    title: t('admin.users.sessions.endtitle'),
                    text: s.user_agent ?? t('admin.users.sessions.unknowndevice'),
                    confirm: t('admin.users.sessions.end'),
                    tone: 'danger',
                    run: async () => {
                      await usersApi.revokeOne(user.id, s.id);
                      return t('admin.users.done.sessionended');
                    },
                  })
                }
              />
            ))}
          </ul>
        ) : (
          <Empty text={t('admin.users.sessions.none')} />
        )}
        <ActionError error={action.errorOf('sessions')} testId="sessions-error" />
      </AdminSection>

      <AdminSection title={t('admin.users.bookings.title')} testId="bookings-section">
        {user.bookings.data.length ? (
          <>
            <ul className="divide-y divide-cream-200">
              {user.bookings.data.map((b) => (
                <BookingRow key={b.id} booking={b} />
              ))}
            </ul>
            {user.bookings.total_count > user.bookings.data.length ? (
              <p className="mt-3 text-sm text-ink-600">{t('admin.users.bookings.shown', { shown: user.bookings.data.length, total: user.bookings.total_count })}</p>
            ) : null}
          </>
        ) : (
          <Empty text={t('admin.users.bookings.none')} />
        )}
      </AdminSection>

      {pending ? (
        <ConfirmDialog
          title={pending.title}
          text={pending.text}
          confirmLabel={pending.confirm}
          cancelLabel={t('admin.users.cancel')}
          tone={pending.tone}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </AdminPage>
  );
}

function SessionRow({ session, onEnd }: { session: AdminSession; onEnd: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-row">
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink-900" title={session.user_agent ?? undefined}>
          {session.user_agent ?? t('admin.users.sessions.unknowndevice')}
        </p>
        <p className="text-sm text-ink-600">
          {t('admin.users.sessions.lastseen', { date: formatDateTime(session.last_seen_at, locale) })}
          {session.ip ? ` · ${session.ip}` : ''}
          {session.remember_me ? ` · ${t('admin.users.sessions.remembered')}` : ''}
        </p>
      </div>
      <Button variant="ghost" size="sm" onClick={onEnd} aria-label={`${t('admin.users.sessions.end')}: ${session.user_agent ?? session.id}`}>
        {t('admin.users.sessions.end')}
      </Button>
    </li>
  );
}

function BookingRow({ booking }: { booking: AdminUserBooking }) {
  const t = useT();
  const locale = useLocale();
  const other = booking.role === 'customer' ? fullName(booking.chef) : fullName(booking.customer);
  return (
    <li>
      <Link href={routeUrl('ylcadmin.bookings.detail', { bookingId: booking.id })} className="flex flex-wrap items-center justify-between gap-3 py-3 hover:bg-cream-50" data-testid="booking-row">
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">
            #{booking.id} · {booking.menu_name}
          </p>
          <p className="text-sm text-ink-600">
            {formatEventTime(booking.starts_at, booking.timezone, locale)} · {t(booking.role === 'customer' ? 'admin.users.bookings.withchef' : 'admin.users.bookings.forcustomer', { name: other })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span className="text-sm font-semibold">{formatMoney(booking.total, booking.currency, locale)}</span>
          <Badge>{t(`bookings.status.${booking.status}`)}</Badge>
        </div>
      </Link>
    </li>
  );
}
