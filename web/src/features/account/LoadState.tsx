// Loading, error and empty states of the settings screens' data.
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../lib/i18n';

export function Loading() {
  const t = useT();
  return (
    <p role="status" className="flex items-center gap-2 py-4 text-ink-700">
      <Spinner className="h-5 w-5 text-brand-700" />
      {t('common.loading')}
    </p>
  );
}

export function LoadError({ retry }: { retry: () => unknown }) {
  const t = useT();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-danger-50 px-4 py-3 text-danger-700 ring-1 ring-danger-100">
      <p className="flex-1">{t('account.loaderror')}</p>
      <Button variant="outline" size="sm" onClick={() => retry()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <p className="rounded-xl bg-cream-100 px-4 py-6 text-center text-ink-700">{text}</p>;
}
