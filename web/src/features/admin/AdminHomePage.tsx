// The admin dashboard (ylcadmin.home): what needs attention (with links to the screens that handle it), bookings by
// status, money over 7 and 30 days per currency, payouts due, and the "run sweep" action with what it changed.
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { Empty, LoadError, Loading } from '../../components/LoadState';
import { unwrap, type Answer } from '../../lib/client';
import { formatDateTime, formatNumber } from '../../lib/format';
import { tk, useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { BOOKING_STATUS_ORDER } from './BookingsApi';
import { homeApi, sweepApi, type AdminHome, type AttentionItem, type MoneyPeriod, type SweepResult } from './HomeApi';
import { ActionError, AdminPage, AdminSection, Badge, useAdminAction } from './parts';

/** The texts of each "needs attention" item the API may send, and of the link to the screen that handles it. */
const ATTENTION: Record<string, { text: string; open?: string }> = {
  complaints_open: { text: tk('admin.home.attention.complaints_open'), open: tk('admin.home.attention.open.complaints_open') },
  applications: { text: tk('admin.home.attention.applications'), open: tk('admin.home.attention.open.applications') },
  images: { text: tk('admin.home.attention.images'), open: tk('admin.home.attention.open.images') },
  payouts_due: { text: tk('admin.home.attention.payouts_due'), open: tk('admin.home.attention.open.payouts_due') },
  payouts_pending: { text: tk('admin.home.attention.payouts_pending'), open: tk('admin.home.attention.open.payouts_pending') },
  bank_details_missing: { text: tk('admin.home.attention.bank_details_missing'), open: tk('admin.home.attention.open.bank_details_missing') },
  bank_details_failed: { text: tk('admin.home.attention.bank_details_failed'), open: tk('admin.home.attention.open.bank_details_failed') },
  held_earnings: { text: tk('admin.home.attention.held_earnings'), open: tk('admin.home.attention.open.held_earnings') },
  refunds_stuck: { text: tk('admin.home.attention.refunds_stuck'), open: tk('admin.home.attention.open.refunds_stuck') },
  sweep_due: { text: tk('admin.home.attention.sweep_due') },
};

/** What one sweep run counts: every count the server answers has its text (the compiler checks both ways). */
const SWEEP_COUNTS = {
  expired: tk('admin.home.sweep.expired'),
  payment_expired: tk('admin.home.sweep.payment_expired'),
  completed: tk('admin.home.sweep.completed'),
  checkouts_ended: tk('admin.home.sweep.checkouts_ended'),
  refunds_sent: tk('admin.home.sweep.refunds_sent'),
  digests_sent: tk('admin.home.sweep.digests_sent'),
  reminders_sent: tk('admin.home.sweep.reminders_sent'),
  guest_answers_deleted: tk('admin.home.sweep.guest_answers_deleted'),
  cancellations_expired: tk('admin.home.sweep.cancellations_expired'),
  reviews_published: tk('admin.home.sweep.reviews_published'),
  descriptions_masked: tk('admin.home.sweep.descriptions_masked'),
} as const satisfies Record<Exclude<keyof SweepResult, 'changed' | 'more' | 'ran_at'>, string>;

export default function AdminHomePage() {
  const t = useT();
  const home = useApi<Answer<typeof homeApi.$get>>(homeApi.$path());
  const [sweep, setSweep] = useState<SweepResult | null>(null);
  const action = useAdminAction(() => home.mutate());
  const runSweep = () =>
    action.run('sweep', async () => {
      const res = await unwrap(sweepApi.$post({ json: {} }));
      setSweep(res.data);
      return t(res.data.changed.length ? 'admin.home.sweep.done' : 'admin.home.sweep.nothing');
    });
  const sweepButton = (
    <Button variant="secondary" onClick={runSweep}>
      {t('admin.home.sweep.run')}
    </Button>
  );

  return (
    <AdminPage title={t('screens.admin.home')} actions={sweepButton}>
      <ActionError error={action.errorOf('sweep')} testId="sweep-error" />
      {sweep ? <SweepReport result={sweep} /> : null}
      {!home.data && home.error ? <LoadError retry={() => home.mutate()} /> : null}
      {!home.data && !home.error ? <Loading /> : null}
      {home.data ? <Dashboard home={home.data.data} onSweep={runSweep} /> : null}
    </AdminPage>
  );
}

function Dashboard({ home, onSweep }: { home: AdminHome; onSweep: () => unknown }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <AdminSection title={t('admin.home.attention.title')} testId="home-attention">
        {home.attention.length ? (
          <ul className="flex flex-col divide-y divide-cream-200">
            {home.attention.map((item) => (
              <li key={item.key} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
                <AttentionText item={item} />
                {item.route && ATTENTION[item.key]?.open ? (
                  <Link href={routeUrl(item.route)} className="text-sm font-semibold text-brand-700 link-underline">
                    {t(ATTENTION[item.key]!.open!)}
                  </Link>
                ) : item.action === 'sweep' ? (
                  <Button size="sm" variant="outline" onClick={onSweep}>
                    {t('admin.home.sweep.run')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <Empty text={t('admin.home.attention.none')} />
        )}
      </AdminSection>

      <div className="grid gap-4 sm:grid-cols-3" data-testid="home-figures">
        <Figure label={t('admin.home.figures.applications')} value={formatNumber(home.pending_applications, locale)} href={routeUrl('ylcadmin.chefs')} />
        <Figure label={t('admin.home.figures.images')} value={formatNumber(home.images_waiting, locale)} href={routeUrl('ylcadmin.images')} />
        <Figure
          label={t('admin.home.figures.payoutsdue')}
          value={home.payouts_due.length ? home.payouts_due.map((d) => d.amount_formatted).join(' · ') : formatNumber(0, locale)}
          href={routeUrl('ylcadmin.payouts')}
        />
      </div>

      <AdminSection title={t('admin.home.status.title', { count: formatNumber(home.bookings_total, locale) })} testId="home-statuses">
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {BOOKING_STATUS_ORDER.map((status) => (
            <li key={status}>
              <Link
                href={routeUrl('ylcadmin.bookings', {}, { query: { status } })}
                className="flex items-center justify-between gap-3 rounded-xl bg-cream-50 px-3 py-2 text-sm hover:bg-cream-100"
                data-testid={`status-${status}`}
              >
                <span>{t(`bookings.status.${status}`)}</span>
                <span className="font-bold">{formatNumber(home.bookings_by_status[status] ?? 0, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </AdminSection>

      <div className="grid gap-4 xl:grid-cols-2">
        <MoneySection title={t('admin.home.money.last7')} period={home.money.last_7_days} testId="money-7" />
        <MoneySection title={t('admin.home.money.last30')} period={home.money.last_30_days} testId="money-30" />
      </div>
      <p className="text-sm text-ink-600">{t('admin.home.generated', { time: formatDateTime(home.generated_at, locale) })}</p>
    </>
  );
}

function AttentionText({ item }: { item: AttentionItem }) {
  const t = useT();
  const locale = useLocale();
  return (
    <p className="flex items-center gap-2 text-ink-900">
      <Badge tone={item.key === 'refunds_stuck' || item.key === 'bank_details_missing' ? 'bad' : 'warn'}>{formatNumber(item.count, locale)}</Badge>
      {ATTENTION[item.key] ? t(ATTENTION[item.key]!.text, { amount: item.amount_formatted ?? '' }) : item.key}
    </p>
  );
}

function Figure({ label, value, href }: { label: string; value: string; href: string }) {
  return (
    <Link href={href} className="card flex flex-col gap-1 p-5 hover:bg-cream-50">
      <span className="text-sm font-semibold text-ink-700">{label}</span>
      <span className="text-2xl font-bold text-ink-900">{value}</span>
    </Link>
  );
}

function MoneySection({ title, period, testId }: { title: string; period: MoneyPeriod; testId: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <AdminSection title={title} testId={testId}>
      {period.per_currency.length ? (
        // A scrolling region must be reachable by keyboard (axe scrollable-region-focusable), like the Carousel.
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-cream-300 text-ink-700">
                <th scope="col" className="py-2 pr-3">{t('admin.home.money.currency')}</th>
                <th scope="col" className="py-2 pr-3 text-right">{t('admin.home.money.bookings')}</th>
                <th scope="col" className="py-2 pr-3 text-right">{t('admin.home.money.gross')}</th>
                <th scope="col" className="py-2 pr-3 text-right">{t('admin.home.money.fees')}</th>
                <th scope="col" className="py-2 pr-3 text-right">{t('admin.home.money.commission')}</th>
                <th scope="col" className="py-2 text-right">{t('admin.home.money.refunded')}</th>
              </tr>
            </thead>
            <tbody>
              {period.per_currency.map((row) => (
                <tr key={row.currency} className="border-b border-cream-200" data-testid={`${testId}-${row.currency}`}>
                  <th scope="row" className="py-2 pr-3 font-semibold">{row.currency}</th>
                  <td className="py-2 pr-3 text-right">{formatNumber(row.bookings, locale)}</td>
                  <td className="py-2 pr-3 text-right">{row.gross_formatted}</td>
                  <td className="py-2 pr-3 text-right">{row.service_fees_formatted}</td>
                  <td className="py-2 pr-3 text-right">{row.commission_formatted}</td>
                  <td className="py-2 text-right">{row.refunded_formatted}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-sm text-ink-700">
            {t('admin.home.money.total', { gross: period.total.gross_formatted, commission: period.total.commission_formatted, currency: period.total.currency })}
          </p>
        </div>
      ) : (
        <Empty text={t('admin.home.money.none')} />
      )}
    </AdminSection>
  );
}

function SweepReport({ result }: { result: SweepResult }) {
  const t = useT();
  const locale = useLocale();
  const counts = (Object.keys(SWEEP_COUNTS) as (keyof typeof SWEEP_COUNTS)[]).filter((k) => result[k] > 0);
  return (
    <AdminSection title={t('admin.home.sweep.title', { time: formatDateTime(result.ran_at, locale) })} testId="sweep-report">
      {counts.length ? (
        <>
          <ul className="flex flex-wrap gap-2">
            {counts.map((k) => (
              <li key={k}>
                <Badge tone="info">{t(SWEEP_COUNTS[k], { count: result[k] })}</Badge>
              </li>
            ))}
          </ul>
          {result.changed.length ? (
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              {result.changed.map((c) => (
                <li key={c.booking_id}>
                  <Link href={routeUrl('ylcadmin.bookings.detail', { bookingId: c.booking_id })} className="font-semibold text-brand-700 link-underline">
                    {t('admin.home.sweep.booking', { id: c.booking_id })}
                  </Link>{' '}
                  → {t(`bookings.status.${c.to}`)}
                </li>
              ))}
            </ul>
          ) : null}
          {result.more ? <p className="mt-3 text-sm text-ink-700">{t('admin.home.sweep.more')}</p> : null}
        </>
      ) : (
        <p className="text-ink-700">{t('admin.home.sweep.nothing')}</p>
      )}
    </AdminSection>
  );
}
