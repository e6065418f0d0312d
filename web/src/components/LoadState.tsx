// Loading, error and empty states of a data view, shared by lists and pages.
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { Button } from './Button';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

export function Loading({ text }: { text?: string }) {
  const t = useT();
  return (
    <p role="status" className="flex items-center gap-2 py-4 text-ink-700">
      <Spinner className="h-5 w-5 text-brand-700" />
      {text ?? t('common.loading')}
    </p>
  );
}

export function LoadError({ retry, text }: { retry: () => unknown; text?: string }) {
  const t = useT();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-danger-50 px-4 py-3 text-danger-700 ring-1 ring-danger-100">
      <Icon name="alert" className="h-5 w-5 shrink-0" />
      <p className="flex-1">{text ?? t('common.loaderror')}</p>
      <Button variant="outline" size="sm" onClick={() => retry()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

export function Empty({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl bg-cream-100 px-4 py-6 text-center text-ink-700" data-testid="empty-state">
      <p>{text}</p>
      {children}
    </div>
  );
}
