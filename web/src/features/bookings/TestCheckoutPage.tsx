// The built-in test-mode checkout (local payment provider): shows the amount and the booking, clearly labelled
// "test mode – no real charge", and completes or fails the payment, then returns to the booking with a notice.
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button';
import { LoadError, Loading } from '../../components/LoadState';
import { ApiError } from '../../lib/api';
import { client, unwrap } from '../../lib/client';
import { usePageHead } from '../../lib/head';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl, type PageProps } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { notify } from '../../state/ui';
import { formatEventTime } from '../../lib/event-time';

import { bookingPaths, type TestCheckout } from './bookingsApi';

const checkout = client.payments.test[':ref{[A-Za-z0-9_-]{1,100}}'];

export default function TestCheckoutPage({ params }: PageProps) {
  const t = useT();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const ref = params.ref ?? '';
  const { data, error, mutate } = useApi<{ data: TestCheckout }>(checkout.$path({ param: { ref } }));
  const [busy, setBusy] = useState<'succeed' | 'fail' | null>(null);
  const { mutate: revalidate } = useSWRConfig();
  usePageHead({ title: t('booking.checkout.title') });

  if (error) return <LoadError retry={() => mutate()} />;
  if (!data) return <Loading />;
  const c = data.data;
  const detail = routeUrl('account.bookings.detail', { bookingId: c.booking.id });

  // The payment changed the booking: its cached reads must refetch on the way back (swr would otherwise dedupe the
  // booking page's request made just before the checkout and show the booking still waiting for payment).
  const backToBooking = () => {
    void revalidate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(bookingPaths.orders()));
    navigate(detail);
  };

  async function complete(outcome: 'succeed' | 'fail') {
    setBusy(outcome);
    try {
      await unwrap(checkout.complete.$post({ param: { ref }, json: { outcome } }));
      notify({ title: outcome === 'succeed' ? t('booking.checkout.paid') : t('booking.checkout.failed'), message: outcome === 'succeed' ? t('bookings.notice.paid') : t('bookings.notice.paymentfailed'), type: outcome === 'succeed' ? 'success' : 'error' });
      backToBooking();
    } catch (err) {
      notify({ title: t('booking.checkout.error'), message: err instanceof ApiError ? err.message : undefined, type: 'error' });
      backToBooking();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <p role="note" className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-3 text-center text-lg font-bold uppercase tracking-wide text-amber-900">
        {t('booking.checkout.testmode')}
      </p>
      <h1 className="mt-6 text-2xl font-bold">{t('booking.checkout.title')}</h1>
      <p className="mt-4 text-3xl font-bold" data-testid="checkout-amount">
        {c.amount_formatted}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-600">{t('bookings.menu')}</dt>
        <dd>{c.booking.menu_name}</dd>
        <dt className="text-ink-600">{t('bookings.chef')}</dt>
        <dd>{c.booking.chef_firstname}</dd>
        <dt className="text-ink-600">{t('bookings.when')}</dt>
        <dd>{formatEventTime(c.booking.starts_at, c.booking.timezone, locale)}</dd>
        <dt className="text-ink-600">{t('bookings.guests')}</dt>
        <dd>{c.booking.guests}</dd>
      </dl>
      {c.status !== 'pending' ? (
        <p className="mt-6">{t('booking.checkout.notpending', { status: c.status })}</p>
      ) : (
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => complete('succeed')} loading={busy === 'succeed'} disabled={busy !== null}>
            {t('booking.checkout.pay')}
          </Button>
          <Button variant="outline" onClick={() => complete('fail')} loading={busy === 'fail'} disabled={busy !== null}>
            {t('booking.checkout.fail')}
          </Button>
        </div>
      )}
    </div>
  );
}
