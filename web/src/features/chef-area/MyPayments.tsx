// The payments of the customer's own bookings with their refunds (GET /v1/users/me/payments), newest first, on
// me/payment-payout: amount and currency, status, date, the booking it paid for, and each refund with its status.
import { Link } from 'wouter';
import { PagedList, usePagedList } from '../../components/PagedList';
import { PaymentStatus, RefundList } from '../../components/PaymentParts';
import { client, type Answer } from '../../lib/client';
import { formatDate } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { formatEventTime } from '../../lib/event-time';

const payments = client.users.me.payments;
/** One payment of GET /v1/users/me/payments (inferred from the route). */
export type CustomerPayment = Answer<typeof payments.$get>['data'][number];

export const PAYMENTS_PATH = payments.$path();

export function MyPayments() {
  const t = useT();
  const list = usePagedList<CustomerPayment>(PAYMENTS_PATH, 10);
  return (
    <PagedList
      list={list}
      label={t('bookings.payments.label')}
      emptyText={t('bookings.payments.empty')}
      itemKey={(p) => p.id}
      itemClassName="py-4"
      renderItem={(p) => <PaymentItem payment={p} />}
    />
  );
}

function PaymentItem({ payment: p }: { payment: CustomerPayment }) {
  const t = useT();
  const locale = useLocale();
  return (
    <article aria-label={t('bookings.payments.item', { menu: p.menu_name })} className="flex flex-col gap-2" data-testid="payment">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Link href={routeUrl('account.bookings.detail', { bookingId: p.order_id })} className="font-semibold text-brand-700 link-underline">
            {p.menu_name}
          </Link>
          <p className="text-sm text-ink-600">{t('bookings.payments.event', { date: formatEventTime(p.starts_at, p.timezone, locale) })}</p>
          <p className="text-sm text-ink-600">{t('bookings.payments.paidon', { date: formatDate(p.created_at, locale) })}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <p className="text-lg font-bold tabular-nums">{p.amount_formatted}</p>
          <PaymentStatus status={p.status} />
        </div>
      </div>
      <RefundList refunds={p.refunds} />
    </article>
  );
}
