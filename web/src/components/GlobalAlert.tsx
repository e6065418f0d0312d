// The one global alert bar (seed §4): shows until closed or its closeAfter; a newer alert replaces it.
import { useT } from '../lib/i18n';
import { closeAlert, useUi } from '../state/ui';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

const tones = {
  info: 'bg-saffron-100 text-ink-900 ring-saffron-300',
  success: 'bg-herb-50 text-herb-700 ring-herb-100',
  error: 'bg-danger-50 text-danger-700 ring-danger-100',
};

export function GlobalAlert() {
  const t = useT();
  const { alert } = useUi();
  if (!alert) return null;

  return (
    <div className="page-container mt-3">
      <div
        role={alert.type === 'error' ? 'alert' : 'status'}
        data-testid="global-alert"
        className={`flex items-center gap-3 rounded-2xl px-4 py-3 ring-1 ${tones[alert.type]}`}
      >
        {alert.busy ? <Spinner className="h-5 w-5 shrink-0" /> : <Icon name={alert.type === 'error' ? 'alert' : alert.type === 'success' ? 'check' : 'info'} className="h-5 w-5 shrink-0" />}
        <p className="flex-1 font-medium">{alert.message}</p>
        <button type="button" onClick={() => closeAlert()} className="rounded-full p-1 hover:bg-black/5" aria-label={t('common.dismiss')}>
          <Icon name="close" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
