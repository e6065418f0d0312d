// A payment's status pill and its refunds, as the customer's payments list (chef-area/MyPayments.tsx) and the booking
// page (bookings/BookingDetail.tsx) show them.
import { formatDate } from '../lib/format';
import { useLocale, useT } from '../lib/i18n';

export interface PaymentRefund {
  id: number;
  amount: number;
  currency: string;
  amount_formatted: string;
  status: string;
  reason: string | null;
  created_at: string;
}

const TONE: Record<string, string> = {
  succeeded: 'bg-herb-50 text-herb-700',
  partially_refunded: 'bg-saffron-100 text-ink-900',
  refunded: 'bg-cream-200 text-ink-800',
  failed: 'bg-danger-50 text-danger-700',
  expired: 'bg-cream-200 text-ink-800',
  pending: 'bg-saffron-100 text-ink-900',
};

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
