// The cancellation policy (PRODUCT "Booking lifecycle"), shown on the booking form and on a booking; with dates when
// the booking's own deadlines are known.
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';

export function CancellationPolicy({ freeUntil, halfUntil }: { freeUntil?: string; halfUntil?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="cancellation-policy" className="rounded-2xl bg-white p-4 text-sm shadow">
      <h2 id="cancellation-policy" className="text-lg font-semibold">
        {t('bookings.policy.title')}
      </h2>
      <ul className="mt-2 list-disc pl-5">
        <li>{freeUntil ? t('bookings.policy.freeuntil', { date: formatDateTime(freeUntil, locale) }) : t('bookings.policy.free')}</li>
        <li>{halfUntil ? t('bookings.policy.halfuntil', { date: formatDateTime(halfUntil, locale) }) : t('bookings.policy.half')}</li>
        <li>{t('bookings.policy.none')}</li>
      </ul>
    </section>
  );
}
