// Admin payouts (ylcadmin.payouts): the chefs' released earnings that are due, per chef and currency with their bank
// details; creating a payout batch from all or the chosen ones and downloading its files for the bank (a pain.001
// file per currency, the CSV); the payouts
// with their status, marked paid (final) or failed (the earnings wait until the chef changes their bank details); the
// held earnings, and a banned chef's booking released to the chef or refunded to the customer, one at a time.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PagedList, usePagedList } from '../../components/PagedList';
import { unwrap } from '../../lib/client';
import { formatDate } from '../../lib/format';
import { tk, useLocale, useT } from '../../lib/i18n';
import { PayoutBankFiles } from './PayoutBankFiles';
import { PayoutFailDialog } from './PayoutFailDialog';
import { BANK_FILE_CURRENCIES, groupKey, isPayable, PAYOUT_STATUSES, payoutsApi, type AdminPayout, type DueGroup, type DueTotal, type HeldGroup, type PayoutStatus } from './PayoutsApi';
import { ActionError, AdminPage, AdminSection, Badge, FilterTabs, useAdminAction, useQueryParam, type BadgeTone } from './parts';

const STATUS_TONE: Record<PayoutStatus, BadgeTone> = { pending: 'warn', paid: 'good', failed: 'bad' };
const STATUS_LABEL: Record<PayoutStatus, string> = {
  pending: tk('admin.payouts.status.pending'),
  paid: tk('admin.payouts.status.paid'),
  failed: tk('admin.payouts.status.failed'),
};

export default function AdminPayoutsPage() {
  const t = useT();
  const due = usePagedList<DueGroup, Partial<{ totals: DueTotal[]; held: HeldGroup[] }>>(payoutsApi.due.$path(), 50);
  // The due list carries its totals per currency and the held earnings next to the page of groups.
  const totals = due.data?.totals ?? [];
  const held = due.data?.held ?? [];
  const [statusParam, setStatus] = useQueryParam('status');
  const status = (PAYOUT_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as PayoutStatus) : '';
  const payouts = usePagedList<AdminPayout>(payoutsApi.$path({ query: { status: status || undefined } }), 20);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [batch, setBatch] = useState<{ code: string; count: number; currencies: string[] } | null>(null);
  const [confirmPaid, setConfirmPaid] = useState<AdminPayout | null>(null);
  const [failing, setFailing] = useState<AdminPayout | null>(null);
  const [deciding, setDeciding] = useState<HeldDecision | null>(null);
  const refresh = () => Promise.all([due.mutate(), payouts.mutate()]);
  const action = useAdminAction(refresh);

  const create = (groups?: DueGroup[]) =>
    action.run('create', async () => {
      const body = groups ? { groups: groups.map((g) => ({ chef_id: g.chef.id, currency: g.currency })) } : {};
      const res = await unwrap(payoutsApi.$post({ json: body }));
      setBatch({ code: res.data.batch, count: res.data.payouts.length, currencies: [...new Set(res.data.payouts.map((p) => p.currency))] });
      setSelected(new Set());
      return t('admin.payouts.done.created', { count: res.data.payouts.length });
    });
  const payable = (due.data?.data ?? []).filter(isPayable);
  const chosen = payable.filter((g) => selected.has(groupKey(g)));
  const toggle = (g: DueGroup) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(groupKey(g))) next.delete(groupKey(g));
      else next.add(groupKey(g));
      return next;
    });

  return (
    <AdminPage title={t('screens.admin.payouts')}>
      <AdminSection
        title={t('admin.payouts.due.title')}
        testId="payouts-due"
        actions={
          <>
            <Button variant="secondary" disabled={!chosen.length} onClick={() => create(chosen)}>
              {t('admin.payouts.due.createselected', { count: chosen.length })}
            </Button>
            <Button disabled={!payable.length} onClick={() => create()}>
              {t('admin.payouts.due.createall')}
            </Button>
          </>
        }
      >
        <DueTotals totals={totals} />
        <HeldEarnings held={held} onDecide={setDeciding} errorOf={(id) => action.errorOf(`held-${id}`)} />
        <ActionError error={action.errorOf('create')} testId="create-error" />
        {batch ? (
          <div className="mb-4 flex flex-col gap-3 rounded-xl bg-herb-50 px-4 py-3 text-sm text-herb-700 ring-1 ring-herb-100" data-testid="batch-created">
            <p role="status" className="font-semibold">
              {t('admin.payouts.batch.created', { batch: batch.code, count: batch.count })}
            </p>
            <PayoutBankFiles batch={batch.code} currencies={batch.currencies} csvLabel={t('admin.payouts.batch.csv')} testId="batch-files" />
          </div>
        ) : null}
        <PagedList
          list={due}
          label={t('admin.payouts.due.list')}
          itemKey={groupKey}
          emptyText={t('admin.payouts.due.empty')}
          renderItem={(g) => <DueRow group={g} checked={selected.has(groupKey(g))} onToggle={() => toggle(g)} />}
        />
      </AdminSection>

      <AdminSection title={t('admin.payouts.list.title')} testId="payouts-list">
        <div className="mb-4 flex flex-col gap-2 rounded-xl bg-cream-50 px-4 py-3 ring-1 ring-cream-200">
          <p className="text-sm font-semibold text-ink-900">{t('admin.payouts.files.pending')}</p>
          <PayoutBankFiles currencies={BANK_FILE_CURRENCIES} csvLabel={t('admin.payouts.list.csvpending')} testId="pending-files" />
        </div>
        <div className="mb-4">
          <FilterTabs
            label={t('admin.payouts.list.filters')}
            value={status}
            onChange={setStatus}
            options={[{ value: '' as const, label: t('admin.payouts.status.all') }, ...PAYOUT_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))]}
          />
        </div>
        <PagedList
          list={payouts}
          label={t('admin.payouts.list.label')}
          itemKey={(p) => p.id}
          emptyText={t('admin.payouts.list.empty')}
          renderItem={(p) => (
            <PayoutRow
              payout={p}
              onPaid={() => setConfirmPaid(p)}
              onFailed={() => setFailing(p)}
              error={action.errorOf(`paid-${p.id}`)}
            />
          )}
        />
      </AdminSection>

      {confirmPaid ? (
        <ConfirmDialog
          title={t('admin.payouts.paid.title', { reference: confirmPaid.reference })}
          text={t('admin.payouts.paid.text', { amount: confirmPaid.amount_formatted, holder: confirmPaid.account_holder, iban: confirmPaid.iban_masked })}
          confirmLabel={t('admin.payouts.paid.confirm')}
          cancelLabel={t('admin.payouts.paid.keep')}
          tone="primary"
          onCancel={() => setConfirmPaid(null)}
          onConfirm={async () => {
            const p = confirmPaid;
            setConfirmPaid(null);
            await action.run(`paid-${p.id}`, async () => {
              const res = await unwrap(payoutsApi[':id'].paid.$post({ param: { id: p.id }, json: {} }));
              return t(res.changed ? 'admin.payouts.done.paid' : 'admin.payouts.done.alreadypaid');
            });
          }}
        />
      ) : null}
      {deciding ? (
        <ConfirmDialog
          title={t(deciding.decision === 'release' ? 'admin.payouts.held.releasetitle' : 'admin.payouts.held.refundtitle', { id: deciding.booking.booking_id })}
          text={t(deciding.decision === 'release' ? 'admin.payouts.held.releasetext' : 'admin.payouts.held.refundtext', {
            amount: deciding.booking.amount_formatted,
            chef: `${deciding.group.chef.firstname} ${deciding.group.chef.lastname}`,
          })}
          confirmLabel={t(deciding.decision === 'release' ? 'admin.payouts.held.release' : 'admin.payouts.held.refund')}
          cancelLabel={t('admin.payouts.held.keep')}
          tone={deciding.decision === 'release' ? 'primary' : 'danger'}
          onCancel={() => setDeciding(null)}
          onConfirm={async () => {
            const { booking, decision } = deciding;
            setDeciding(null);
            await action.run(`held-${booking.booking_id}`, async () => {
              const param = { bookingId: String(booking.booking_id) };
              await unwrap(decision === 'release' ? payoutsApi.held[':bookingId'].release.$post({ param, json: {} }) : payoutsApi.held[':bookingId'].refund.$post({ param, json: {} }));
              return t(decision === 'release' ? 'admin.payouts.done.heldreleased' : 'admin.payouts.done.heldrefunded');
            });
          }}
        />
      ) : null}
      {failing ? (
        <PayoutFailDialog
          payout={failing}
          onClose={() => setFailing(null)}
          onDone={async (message) => {
            setFailing(null);
            await action.run(`failed-${failing.id}`, async () => message);
          }}
        />
      ) : null}
    </AdminPage>
  );
}

function DueTotals({ totals }: { totals: DueTotal[] }) {
  const t = useT();
  if (!totals.length) return null;
  return (
    <ul className="mb-4 flex flex-col gap-1 text-sm" data-testid="due-totals">
      {totals.map((d) => (
        <li key={d.currency}>
          <span className="font-bold text-ink-900">{d.amount_formatted}</span> {t('admin.payouts.due.totalline', { chefs: d.chefs, items: d.items })}
          {d.chefs_without_bank_details ? <span className="font-semibold text-danger-700"> · {t('admin.payouts.due.missingdetails', { count: d.chefs_without_bank_details })}</span> : null}
          {d.chefs_waiting_for_new_details ? (
            <span className="font-semibold text-danger-700"> · {t('admin.payouts.due.waitingdetails', { count: d.chefs_waiting_for_new_details })}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const HELD_REASON: Record<HeldGroup['reason'], string> = {
  complaint: tk('admin.payouts.held.complaint'),
  chef_banned: tk('admin.payouts.held.chef_banned'),
};

/** A super-user's choice for one held booking of a banned chef, asked for in a confirm dialog. */
type HeldDecision = { group: HeldGroup; booking: HeldGroup['bookings'][number]; decision: 'release' | 'refund' };

/**
 * Earnings that would be due but wait for an admin, each with why: they are in no payout until that is settled. A
 * banned chef's bookings are listed one by one, each to release to the chef or to refund to the customer (a complaint's
 * are decided on the complaint).
 */
function HeldEarnings({ held, onDecide, errorOf }: { held: HeldGroup[]; onDecide: (d: HeldDecision) => void; errorOf: (bookingId: number) => string | null }) {
  const t = useT();
  const locale = useLocale();
  if (!held.length) return null;
  return (
    <div className="mb-4 rounded-xl bg-cream-50 px-4 py-3 ring-1 ring-cream-200" data-testid="payouts-held">
      <p className="text-sm font-semibold text-ink-900">{t('admin.payouts.held.title')}</p>
      <ul className="mt-1 flex flex-col gap-2 text-sm">
        {held.map((g) => (
          <li key={`${groupKey(g)}:${g.reason}`} data-testid="held-row">
            <span className="font-semibold text-ink-900">
              {g.chef.firstname} {g.chef.lastname}
            </span>{' '}
            · <span className="font-bold">{g.amount_formatted}</span> · {t('admin.payouts.held.bookings', { count: g.item_count })}
            <span className="block text-ink-700">{t(HELD_REASON[g.reason])}</span>
            {g.reason === 'chef_banned' ? (
              <ul className="mt-2 flex flex-col gap-2" aria-label={t('admin.payouts.held.each', { chef: `${g.chef.firstname} ${g.chef.lastname}` })}>
                {g.bookings.map((b) => (
                  <li key={b.booking_id} className="rounded-lg bg-white px-3 py-2 ring-1 ring-cream-200" data-testid="held-booking">
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                      <span className="min-w-0">
                        {t('admin.payouts.held.booking', { id: b.booking_id, menu: b.menu_name, date: formatDate(`${b.event_date}T12:00:00`, locale) })} ·{' '}
                        <span className="font-bold">{b.amount_formatted}</span>
                      </span>
                      <span className="flex flex-wrap gap-2">
                        <Button size="sm" variant="outline" onClick={() => onDecide({ group: g, booking: b, decision: 'release' })}>
                          {t('admin.payouts.held.release')}
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => onDecide({ group: g, booking: b, decision: 'refund' })}>
                          {t('admin.payouts.held.refund')}
                        </Button>
                      </span>
                    </div>
                    <ActionError error={errorOf(b.booking_id)} testId={`held-error-${b.booking_id}`} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DueRow({ group: g, checked, onToggle }: { group: DueGroup; checked: boolean; onToggle: () => void }) {
  const t = useT();
  const locale = useLocale();
  const id = `due-${groupKey(g)}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="due-row">
      <div className="flex min-w-0 items-start gap-3">
        <input id={id} type="checkbox" className="mt-1 h-5 w-5 accent-brand-600" checked={checked} disabled={!isPayable(g)} onChange={onToggle} />
        <label htmlFor={id} className="min-w-0">
          <span className="block font-semibold text-ink-900">
            {g.chef.firstname} {g.chef.lastname}
          </span>
          <span className="block text-sm text-ink-600">
            {g.bank ? `${g.bank.account_holder} · ${g.bank.iban_masked}` : g.chef.email} · {t('admin.payouts.due.since', { date: formatDate(g.oldest_release_at, locale), count: g.item_count })}
          </span>
          {g.waiting_for_new_details ? (
            <span className="block text-sm text-danger-700" data-testid="due-waiting">
              {t('admin.payouts.due.waitingwhy', { iban: g.waiting_for_new_details.iban_masked, reason: g.waiting_for_new_details.failed_reason ?? '–' })}
            </span>
          ) : null}
        </label>
      </div>
      <div className="flex items-center gap-3">
        {!g.bank ? <Badge tone="bad">{t('admin.payouts.due.nobank')}</Badge> : g.waiting_for_new_details ? <Badge tone="bad">{t('admin.payouts.due.waiting')}</Badge> : null}
        <span className="font-bold">{g.amount_formatted}</span>
      </div>
    </div>
  );
}

function PayoutRow({ payout: p, onPaid, onFailed, error }: { payout: AdminPayout; onPaid: () => void; onFailed: () => void; error: string | null }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="py-3" data-testid="payout-row">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">
            {p.chef.firstname} {p.chef.lastname} · {p.amount_formatted}
          </p>
          <p className="text-sm text-ink-600">
            {p.reference} · {p.account_holder} · {p.iban_masked}
          </p>
          <p className="text-sm text-ink-600">
            {p.status === 'paid' && p.paid_at
              ? t('admin.payouts.list.paidon', { date: formatDate(p.paid_at, locale) })
              : t('admin.payouts.list.createdon', { date: formatDate(p.created_at, locale), count: p.item_count })}
            {p.failed_reason ? <span className="text-danger-700"> · {p.failed_reason}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[p.status]}>{t(STATUS_LABEL[p.status])}</Badge>
          {p.status === 'pending' ? (
            <>
              <Button size="sm" onClick={onPaid}>
                {t('admin.payouts.list.markpaid')}
              </Button>
              <Button size="sm" variant="outline" onClick={onFailed}>
                {t('admin.payouts.list.markfailed')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <ActionError error={error} testId={`payout-error-${p.id}`} />
    </div>
  );
}
