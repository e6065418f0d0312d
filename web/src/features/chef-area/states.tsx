// Loading, error, empty and result states of the chef screens, so every screen says the same thing the same way.
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';

export { LoadError, Loading } from '../../components/LoadState';

export function Empty({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed border-cream-300 bg-cream-50 px-6 py-10 text-center">
      <Icon name="plate" className="h-10 w-10 text-brand-600 opacity-80" />
      <p className="text-lg font-bold text-ink-900">{title}</p>
      {text ? <p className="max-w-md text-ink-700">{text}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

/** A form-level message (e.g. the server's message when no field is to blame). */
export function FormMessage({ tone, children, testId }: { tone: 'error' | 'success' | 'info'; children: ReactNode; testId?: string }) {
  const tones = {
    error: 'bg-danger-50 text-danger-700 ring-danger-100',
    success: 'bg-herb-50 text-herb-700 ring-herb-100',
    info: 'bg-saffron-100 text-ink-900 ring-saffron-300',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} data-testid={testId} className={`flex items-start gap-2 rounded-xl px-4 py-3 ring-1 ${tones[tone]}`}>
      <Icon name={tone === 'error' ? 'alert' : tone === 'success' ? 'check' : 'info'} className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="flex-1">{children}</div>
    </div>
  );
}

/** A determinate progress bar for uploads; announces its value to assistive technology. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className="flex items-center gap-3">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 flex-1 overflow-hidden rounded-full bg-cream-200">
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-150" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-right text-sm tabular-nums text-ink-700" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
