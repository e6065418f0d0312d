// me/payout: payout details (masked IBAN, changed with the password), earnings per booking with their upcoming /
// pending / released / paid state and the totals, the payouts made so far, and the monthly statements.
import { formatMoney } from '#shared/pricing';
import { PagedList, usePagedList } from '../../components/PagedList';
import { StatementList } from '../../components/StatementList';
import { formatDate } from '../../lib/format';
import { tk, useLocale, useT } from '../../lib/i18n';
import { Badge } from './Badge';
import { ChefAreaFrame } from './ChefAreaFrame';
import { chefMe, type Earning, type EarningsList, type Payout } from './chefApi';
import { PayoutDetailsSection } from './PayoutDetailsForm';
import { Section } from './Section';

const EARNING_STATES: Record<string, { label: string; tone: 'info' | 'success' | 'neutral' }> = {
  upcoming: { label: tk('chefarea.earnings.state.upcoming'), tone: 'info' },
  pending: { label: tk('chefarea.earnings.state.pending'), tone: 'info' },
  held: { label: tk('chefarea.earnings.state.held'), tone: 'info' },
  released: { label: tk('chefarea.earnings.state.released'), tone: 'neutral' },
  paid: { label: tk('chefarea.earnings.state.paid'), tone: 'success' },
};

const EXPLAIN = {
  upcoming: tk('chefarea.earnings.explain.upcoming'),
  pending: tk('chefarea.earnings.explain.pending'),
  // The total covers every reason; each held booking below says its own.
  held: tk('chefarea.earnings.explain.heldany'),
  released: tk('chefarea.earnings.explain.released'),
  paid: tk('chefarea.earnings.explain.paid'),
} as const;

const PAYOUT_STATES: Record<string, { label: string; tone: 'info' | 'success' | 'danger' }> = {
  pending: { label: tk('chefarea.payouts.state.pending'), tone: 'info' },
  paid: { label: tk('chefarea.payouts.state.paid'), tone: 'success' },
  failed: { label: tk('chefarea.payouts.state.failed'), tone: 'danger' },
};

function EarningRow({ e }: { e: Earning }) {
  const t = useT();
  const locale = useLocale();
  const state = EARNING_STATES[e.status] ?? EARNING_STATES.pending!;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="earning">
      <div className="min-w-0">
        <p className="font-semibold text-ink-900">{e.menu_name}</p>
        <p className="text-sm text-ink-700">
          {t('chefarea.earnings.eventon', { date: formatDate(`${e.event_date}T12:00:00`, locale) })} ·{' '}
          {e.status === 'paid' && e.paid_at
            ? t('chefarea.earnings.paidon', { date: formatDate(e.paid_at, locale) })
            : e.status === 'pending' || e.status === 'upcoming'
              ? t('chefarea.earnings.releaseson', { date: formatDate(e.release_at, locale) })
              : e.status === 'held'
                ? t(e.held_reason === 'chef_banned' ? 'chefarea.earnings.explain.heldbanned' : 'chefarea.earnings.explain.held')
                : t('chefarea.earnings.nextpayout')}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Badge tone={state.tone}>{t(state.label)}</Badge>
        <span className="min-w-28 text-right font-bold tabular-nums text-ink-900">{formatMoney(e.chef_earnings, e.currency, locale)}</span>
      </div>
    </div>
  );
}

function Earnings() {
  const t = useT();
  const locale = useLocale();
  const list = usePagedList<Earning, { totals?: EarningsList['totals'] }>(chefMe.earnings.$path(), 10);
  const totals = list.data?.totals ?? [];
  return (
    <div className="flex flex-col gap-5">
      {totals.length ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="earnings-totals">
          {totals.flatMap((total) =>
            // Held earnings (a complaint is open) are shown only when there are some.
            (['upcoming', 'pending', 'held', 'released', 'paid'] as const).filter((state) => state !== 'held' || total.held > 0).map((state) => (
              <div key={`${total.currency}-${state}`} className="rounded-2xl bg-cream-50 p-4 ring-1 ring-cream-200">
                <p className="text-sm text-ink-700">{t(EARNING_STATES[state]!.label)}</p>
                <p className="mt-1 text-2xl font-bold tabular-nums text-ink-900">{formatMoney(total[state], total.currency, locale)}</p>
                <p className="mt-1 text-xs text-ink-600">{t(EXPLAIN[state])}</p>
              </div>
            )),
          )}
        </div>
      ) : null}
      <PagedList list={list} label={t('chefarea.earnings.title')} itemKey={(e) => `${e.booking_id}-${e.release_at}`} renderItem={(e) => <EarningRow e={e} />} emptyText={t('chefarea.earnings.emptytext')} />
    </div>
  );
}

function Payouts() {
  const t = useT();
  const locale = useLocale();
  const list = usePagedList<Payout>(chefMe.payouts.$path(), 10);
  return (
    <PagedList
      list={list}
      label={t('chefarea.payouts.title')}
      itemKey={(p) => p.id}
      emptyText={t('chefarea.payouts.emptytext')}
      renderItem={(p) => {
        const state = PAYOUT_STATES[p.status] ?? PAYOUT_STATES.pending!;
        return (
          // The state sits on the amount's line at the right edge, on a phone as on a desktop; the details below.
          <div className="py-3" data-testid="payout">
            <div className="flex items-center justify-between gap-3">
              <p className="font-semibold tabular-nums text-ink-900">{formatMoney(p.amount, p.currency, locale)}</p>
              <Badge tone={state.tone} testId="payout-state">
                {t(state.label)}
              </Badge>
            </div>
            <p className="text-sm text-ink-700">{t('chefarea.payouts.line', { date: formatDate(p.created_at, locale), count: p.item_count, iban: p.iban_masked })}</p>
            {p.reference ? <p className="text-xs text-ink-600">{t('chefarea.payouts.reference', { reference: p.reference })}</p> : null}
            {p.paid_at ? <p className="text-xs text-ink-600">{t('chefarea.earnings.paidon', { date: formatDate(p.paid_at, locale) })}</p> : null}
            {p.status === 'failed' && p.failed_reason ? <p className="text-sm text-danger-700">{p.failed_reason}</p> : null}
          </div>
        );
      }}
    />
  );
}

export default function PayoutPage() {
  const t = useT();
  return (
    <ChefAreaFrame title={t('screens.payout')} intro={t('chefarea.payout.intro')}>
      {() => (
        <div className="flex flex-col gap-6">
          <Section title={t('chefarea.payout.details')} description={t('chefarea.payout.detailshint')} testId="payout-details">
            <PayoutDetailsSection />
          </Section>
          <Section title={t('chefarea.earnings.title')} description={t('chefarea.earnings.hint')} testId="earnings">
            <Earnings />
          </Section>
          <Section title={t('chefarea.payouts.title')} testId="payouts">
            <Payouts />
          </Section>
          <Section title={t('statements.title')} description={t('statements.hint')} testId="statements-section">
            <StatementList path={chefMe.statements.$path()} />
          </Section>
        </div>
      )}
    </ChefAreaFrame>
  );
}
