// Notifications (route account.notifications): the user's notifications as a paged list (20 a page, newest first),
// unread ones marked, and "mark all as read".
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { client, unwrap, type Answer } from '../../lib/client';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { notify } from '../../state/ui';
import { AccountPage } from './AccountPage';
import { PagedList, usePagedList } from '../../components/PagedList';

const notifications = client.users.me.notifications;
type Notifications = Answer<typeof notifications.$get>;
type UserNotification = Notifications['data'][number];

/** Only same-origin paths become links; anything else stays text. */
const safeLink = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : null);

function NotificationItem({ n }: { n: UserNotification }) {
  const t = useT();
  const locale = useLocale();
  const error = n.type === 'error';
  const href = safeLink(n.link);
  return (
    <article className={`flex gap-3 py-4 ${n.read ? '' : 'font-medium'}`} data-testid="notification-item">
      <Icon name={error ? 'alert' : n.type === 'success' ? 'check' : 'info'} className={`mt-0.5 h-5 w-5 shrink-0 ${error ? 'text-danger-600' : 'text-herb-600'}`} />
      <div className="min-w-0 flex-1">
        {/* A long title wraps in its own column; the "New" badge stays on its first line. */}
        <h3 className="flex items-baseline gap-2 font-semibold text-ink-900">
          {href ? (
            <a href={href} className="link-underline min-w-0 break-words">
              {n.title}
            </a>
          ) : (
            <span className="min-w-0 break-words">{n.title}</span>
          )}
          {n.read ? null : (
            <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white" data-testid="notification-new">
              {t('account.notifications.unread')}
            </span>
          )}
        </h3>
        {n.message ? <p className="mt-1 whitespace-pre-line text-sm text-ink-700">{n.message}</p> : null}
        <p className="mt-1 text-xs text-ink-600">
          <time dateTime={n.created_at}>{formatDateTime(n.created_at, locale)}</time>
        </p>
      </div>
    </article>
  );
}

function NotificationsContent() {
  const t = useT();
  const list = usePagedList<UserNotification, Partial<Pick<Notifications, 'unread_count'>>>(notifications.$path());
  const unread = list.data?.unread_count ?? list.data?.data.filter((n) => !n.read).length ?? 0;

  const markAllRead = async () => {
    try {
      await unwrap(notifications.read.$post({ json: { ids: 'all' } }));
    } catch (err) {
      notify({ title: t('account.notifications.failed'), message: err instanceof Error ? err.message : '' });
      return;
    }
    await list.mutate();
  };

  return (
    <section className="card p-5 sm:p-6" aria-label={t('screens.notifications')} data-testid="notifications-section">
      <div className="mb-2 flex justify-end">
        <Button variant="outline" size="sm" disabled={!unread} onClick={markAllRead}>
          {t('account.notifications.markallread')}
        </Button>
      </div>
      <PagedList list={list} label={t('screens.notifications')} errorText={t('account.loaderror')} itemKey={(n) => n.id} renderItem={(n) => <NotificationItem n={n} />} />
    </section>
  );
}

export default function NotificationsPage() {
  const t = useT();
  return (
    <AccountPage title={t('screens.notifications')}>
      {() => <NotificationsContent />}
    </AccountPage>
  );
}
