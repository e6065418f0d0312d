import { Link } from 'wouter';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { Icon } from '../../components/Icon';

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  return (
    <Link href={routeUrl('home')} onClick={onNavigate} className="flex shrink-0 items-center gap-2 rounded-lg font-extrabold tracking-tight text-ink-900">
      <span className="inline-flex h-9 w-9 items-center justify-center rounded-xl bg-brand-600 text-cream-50">
        <Icon name="chefhat" className="h-6 w-6" />
      </span>
      <span className="text-lg">
        YourLocal<span className="text-brand-700">Chef</span>
      </span>
      <span className="sr-only">– {t('header.home')}</span>
    </Link>
  );
}
