// A chef's monthly statements, one row per month and currency with its net, payouts, what is held and the balance
// due at the month's end, and the PDF and CSV downloads. The chef's payout page and the chef's admin record show it.
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
  formatted: { net: string; paid_out: string; held: string; closing_balance: string };
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
          <div className="min-w-0">
            <p className="font-semibold text-ink-900">
              {s.label} · {s.currency}
            </p>
            {/* Held earnings (a complaint, a banned chef) are named apart: neither paid out nor due. */}
            <p className="text-sm tabular-nums text-ink-700">
              {t(s.held ? 'statements.lineheld' : 'statements.line', { net: s.formatted.net, paid: s.formatted.paid_out, held: s.formatted.held, due: s.formatted.closing_balance })}
            </p>
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
