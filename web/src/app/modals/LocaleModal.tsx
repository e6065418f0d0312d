// Locale modal (seed §2): language selector, currency selector, go-back button. A change applies at once: texts
// switch, the choice is stored, the URL's `locale` parameter is updated, and prices refetch in the new currency.
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { LOCALE_INFO, LOCALES, type Locale } from '#shared/locales';
import { setLocale, tk, useLocale, useT } from '../../lib/i18n';
import { preferences, setCurrency } from '../../state/preferences';
import { useSession } from '../../state/session';

const CURRENCY_NAMES: Record<string, string> = {
  CHF: tk('currencies.chf'),
  EUR: tk('currencies.eur'),
  USD: tk('currencies.usd'),
  GBP: tk('currencies.gbp'),
};

function Choice({ name, checked, onChange, label, detail }: { name: string; checked: boolean; onChange: () => void; label: string; detail?: string }) {
  return (
    <label
      className={`flex cursor-pointer items-center justify-between gap-3 rounded-2xl px-4 py-3 ring-1 transition-colors focus-within:outline focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-700 ${
        checked ? 'bg-brand-50 ring-2 ring-brand-600' : 'ring-cream-300 hover:bg-cream-100'
      }`}
    >
      <input type="radio" name={name} checked={checked} onChange={onChange} className="sr-only" />
      <span>
        <span className="block font-semibold text-ink-900">{label}</span>
        {detail ? <span className="block text-sm text-ink-600">{detail}</span> : null}
      </span>
      {checked ? <Icon name="check" className="h-5 w-5 text-brand-700" /> : null}
    </label>
  );
}

export default function LocaleModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { app } = useSession();
  const { currency } = useSnapshot(preferences);

  const locales = app?.locales?.length ? app.locales.map((l) => ({ code: l.code, label: l.label })) : LOCALES.map((code) => ({ code, label: LOCALE_INFO[code].label }));
  const currencies = app ? Object.values(app.supported_currencies) : [];

  return (
    <Modal open onClose={onClose} title={t('localemodal.title')} size="lg" footer={<Button variant="outline" icon={<Icon name="arrow-left" className="h-4 w-4" />} onClick={onClose}>{t('localemodal.back')}</Button>}>
      <fieldset>
        <legend className="mb-3 text-base font-bold text-ink-900">
          {t('localemodal.language')}
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {locales.map((l) => (
            <Choice
              key={l.code}
              name="language"
              label={l.label}
              detail={LOCALE_INFO[l.code as Locale]?.hreflang}
              checked={locale === l.code}
              onChange={() => void setLocale(l.code as Locale, { persist: true, updateUrl: true })}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="mt-6">
        <legend className="mb-3 text-base font-bold text-ink-900">
          {t('localemodal.currency')}
        </legend>
        {currencies.length ? (
          <div className="grid gap-2 sm:grid-cols-2">
            {currencies.map((c) => (
              <Choice
                key={c.code}
                name="currency"
                label={c.symbol && c.symbol !== c.code ? `${c.code} – ${c.symbol}` : c.code}
                detail={CURRENCY_NAMES[c.code] ? t(CURRENCY_NAMES[c.code]!) : undefined}
                checked={currency === c.code}
                onChange={() => setCurrency(c.code, app)}
              />
            ))}
          </div>
        ) : (
          <p className="text-ink-600">{t('localemodal.currencyunavailable', { currency })}</p>
        )}
      </fieldset>
    </Modal>
  );
}
