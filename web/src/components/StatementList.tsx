// A chef's monthly statements, one row per month and currency showing how its figures add up — gross − commission
// + refunds and adjustments = net; carried over + net − paid out − held = due at the month's end (a figure that is
// zero and takes no part is left out) — and the PDF and CSV downloads. The chef's payout page and the chef's admin record show it.
import { buttonClasses } from './Button';
import { Empty, LoadError, Loading } from './LoadState';
import { useT } from '../lib/i18n';
import { useApi } from '../lib/swr';

export type StatementRow = {
  month: string;
  currency: string;
  label: string;
  bookings: number;
  held: number;
  gross: number;
  commission: number;
  adjustments: number;
  net: number;
  opening_balance: number;
  paid_out: number;
  formatted: Record<'gross' | 'commission' | 'adjustments' | 'net' | 'opening_balance' | 'paid_out' | 'held' | 'closing_balance', string>;
  pdf_url: string;
  csv_url: string;
};

export function StatementList({ path }: { path: string }) {
  const t = useT();
  const { data, error, mutate } = useApi<{ data: StatementRow[] }>(path);
  if (error) return <LoadError retry={() => mutate()} />;
  if (!data) return <Loading />;
  if (!data.data.length) return <Empty text={t('statements.empty')} />;
  return (
    <ul className="divide-y divide-cream-200" data-testid="statements">
      {data.data.map((s) => (
        <li key={`${s.month}-${s.currency}`} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="statement">
          <div className="min-w-0 flex-1 basis-60">
            <p className="font-semibold text-ink-900">
              {s.label} · {s.currency}
            </p>
            <StatementSums s={s} />
          </div>
          <div className="flex gap-2">
            {(
              [
                ['pdf', s.pdf_url, t('statements.pdf')],
                ['csv', s.csv_url, t('statements.csv')],
              ] as const
            ).map(([format, href, label]) => (
              <a key={format} href={href} download className={buttonClasses('outline', 'sm')} aria-label={t('statements.download', { month: s.label, currency: s.currency, format: label })}>
                {label}
              </a>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The month's two sums as label/amount rows; what is subtracted carries a minus, the totals are bold. */
function StatementSums({ s }: { s: StatementRow }) {
  const t = useT();
  const f = s.formatted;
  const earned = s.bookings > 0 || s.gross !== 0 || s.adjustments !== 0;
  const rows: [key: string, amount: string, total?: boolean][] = [
    ...(earned
      ? ([
          ['statements.sum.gross', f.gross],
          ['statements.sum.commission', `− ${f.commission}`],
          ...(s.adjustments !== 0 ? [['statements.sum.adjustments', f.adjustments] as [string, string]] : []),
          ['statements.sum.net', f.net, true],
        ] as [string, string, boolean?][])
      : []),
    ...(s.opening_balance !== 0 ? [['statements.sum.opening', f.opening_balance] as [string, string]] : []),
    ...(s.paid_out !== 0 ? [['statements.sum.paid', `− ${f.paid_out}`] as [string, string]] : []),
    ...(s.held !== 0 ? [['statements.sum.held', `− ${f.held}`] as [string, string]] : []),
    ['statements.sum.due', f.closing_balance, true],
  ];
  return (
    <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm tabular-nums text-ink-700" data-testid="statement-sums">
      {rows.map(([key, amount, total]) => (
        <div key={key} className={`contents ${total ? 'font-semibold text-ink-900' : ''}`}>
          <dt>{t(key)}</dt>
          <dd className="text-right">{amount}</dd>
        </div>
      ))}
    </dl>
  );
}
