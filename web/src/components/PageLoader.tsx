import { useT } from '../lib/i18n';
import { Spinner } from './Spinner';

/** Shown while a page chunk or its data loads; fades in late so fast loads don't flash. */
export function PageLoader() {
  const t = useT();
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-700 delayed-appear" role="status">
      <Spinner className="h-8 w-8" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
