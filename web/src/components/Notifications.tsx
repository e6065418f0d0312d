// The notification stack (seed §3 Notification: title, message, type error|success). Errors are announced
// assertively, successes politely.
import { useT } from '../lib/i18n';
import { closeNotification, useUi } from '../state/ui';
import { Icon } from './Icon';

export function Notifications() {
  const t = useT();
  const { notifications } = useUi();

  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-60 flex flex-col items-center gap-3 px-4 sm:inset-x-auto sm:right-4 sm:items-end" aria-live="polite">
      {notifications.map((n) => {
        const error = n.type === 'error';
        return (
          <div
            key={n.id}
            role={error ? 'alert' : 'status'}
            data-testid="notification"
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border-l-4 bg-white p-4 shadow-lg ring-1 ring-cream-200 ${
              error ? 'border-danger-600' : 'border-herb-600'
            }`}
          >
            <Icon name={error ? 'alert' : 'check'} className={`mt-0.5 h-5 w-5 shrink-0 ${error ? 'text-danger-600' : 'text-herb-600'}`} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink-900">{n.title}</p>
              {n.message ? <p className="mt-0.5 whitespace-pre-line text-sm text-ink-700">{n.message}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => closeNotification(n.id)}
              className="-m-1 rounded-full p-1 text-ink-600 hover:bg-cream-200"
              aria-label={t('common.dismiss')}
            >
              <Icon name="close" className="h-4 w-4" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
