// The header's language and currency button: opens the locale dialog.
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { useLocale, useT } from '../../lib/i18n';
import { preferences } from '../../state/preferences';
import { MODALS, openModal } from '../../state/ui';

export function LocaleButton({ className = '' }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const { currency } = useSnapshot(preferences);
  return (
    <button
      type="button"
      onClick={() => openModal(MODALS.locale)}
      className={`flex items-center gap-2 whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold text-ink-800 hover:bg-cream-200 ${className}`}
      aria-label={t('header.localecurrency', { language: locale.toUpperCase(), currency })}
      data-testid="locale-button"
    >
      <Icon name="globe" className="h-5 w-5" />
      <span aria-hidden="true">
        {locale.toUpperCase()} · {currency}
      </span>
    </button>
  );
}
