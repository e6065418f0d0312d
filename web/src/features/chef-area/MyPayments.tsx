// The payments of the customer's own bookings with their refunds (GET /v1/users/me/payments), newest first, on
// me/payment-payout: amount and currency, status, date, the booking it paid for, and each refund with its status.
import { Link } from 'wouter';
import { PagedList, usePagedList } from '../../components/PagedList';
import { formatDate } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { formatEventTime } from '../../lib/event-time';

export interface PaymentRefund {
  id: number;
  amount: number;
  currency: string;
  amount_formatted: string;
  status: string;
  reason: string | null;
  created_at: string;
}

export interface CustomerPayment {
  id: number;
  order_id: number;
  menu_name: string;
  starts_at: string;
  timezone: string;
  provider: string;
  status: string;
  amount: number;
  refunded_amount: number;
  currency: string;
  amount_formatted: string;
  refunded_formatted: string;
  created_at: string;
  updated_at: string;
  refunds: PaymentRefund[];
}

export const PAYMENTS_PATH = '/v1/users/me/payments';

const TONE: Record<string, string> = {
  succeeded: 'bg-herb-50 text-herb-700',
  partially_refunded: 'bg-saffron-100 text-ink-900',
  refunded: 'bg-cream-200 text-ink-800',
  failed: 'bg-danger-50 text-danger-700',
  expired: 'bg-cream-200 text-ink-800',
  pending: 'bg-saffron-100 text-ink-900',
};

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

export function PaymentStatus({ status }: { status: string }) {
  const t = useT();
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status] ?? 'bg-cream-200 text-ink-800'}`}>{t(`bookings.payments.status.${status}`)}</span>;
}

/** The refunds of one payment, each with its amount, date, reason and status; nothing when there are none. */
export function RefundList({ refunds }: { refunds: PaymentRefund[] }) {
  const t = useT();
  const locale = useLocale();
  if (!refunds.length) return null;
  return (
    <ul aria-label={t('bookings.payments.refunds')} className="flex flex-col gap-1 rounded-xl bg-cream-100 px-3 py-2 text-sm">
      {refunds.map((r) => (
        <li key={r.id} className="flex flex-wrap justify-between gap-2" data-testid="refund">
          <span>
            {t('bookings.payments.refund', { amount: r.amount_formatted, date: formatDate(r.created_at, locale) })}
            {r.reason ? <span className="text-ink-600"> · {r.reason}</span> : null}
          </span>
          <span className="font-semibold">{t(`bookings.payments.refundstatus.${r.status}`)}</span>
        </li>
      ))}
    </ul>
  );
}
