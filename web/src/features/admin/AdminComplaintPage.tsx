// One complaint for admins (ylcadmin.complaints.detail): both sides (the report with its photos, the chef's answer),
// the booking's money (what was paid and refunded, what can still be refunded, where the payment went), the audit
// trail, and the decision: no refund, a partial refund (an amount below what can still be refunded) or a full
// refund, with a note both parties read. Errors show at the field they concern.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { RadioGroup, TextAreaField, TextField } from '../../components/Field';
import { Empty, LoadError, Loading } from '../../components/LoadState';
import { ApiError, type FieldErrors } from '../../lib/api';
import { unwrap } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { parseMoneyInput } from '../../lib/money-input';
import { routeUrl, type PageProps } from '../../lib/routes';
import { useApi } from '../../lib/swr';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { notify } from '../../state/ui';
import { ComplaintReport, OUTCOME_LABEL, type ComplaintOutcome } from '../bookings/BookingComplaint';
import { MoneyLines } from '../bookings/BookingParts';
import { complaintsApi, COMPLAINTS_PATHS, type AdminComplaintDetail } from './ComplaintsApi';
import { ActionError, AdminPage, AdminSection, Badge, Facts } from './parts';

const NOTE_MAX = 2000;

export default function AdminComplaintPage({ params }: PageProps) {
  const t = useT();
  const locale = useLocale();
  const id = Number(params.complaintId);
  const detail = useApi<{ data: AdminComplaintDetail }>(Number.isInteger(id) && id > 0 ? COMPLAINTS_PATHS.detail(id) : null);
  const c = detail.data?.data;
  const back = { href: routeUrl('ylcadmin.complaints'), label: t('admin.complaints.back') };
  if (!c) {
    return (
      <AdminPage title={t('screens.admin.complaintdetail')} back={back}>
        {detail.error ? detail.error.status === 404 ? <Empty text={t('admin.complaints.notfound')} /> : <LoadError retry={() => detail.mutate()} /> : <Loading />}
      </AdminPage>
    );
  }
  const b = c.booking;
  const name = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();
  const m = b.money;

  return (
    <AdminPage
      title={t('admin.complaints.detail.title', { id: b.id })}
      back={back}
      badges={<Badge tone={c.status === 'open' ? 'warn' : 'good'}>{c.status === 'open' ? t('admin.complaints.status.open') : t(OUTCOME_LABEL[c.outcome ?? 'no_refund'])}</Badge>}
    >
      <AdminSection title={t('admin.complaints.detail.booking')} testId="complaint-booking">
        <Facts
          items={[
            { label: t('bookings.menu'), value: <Link href={routeUrl('ylcadmin.bookings.detail', { bookingId: b.id })} className="text-brand-700 underline">#{b.id} · {b.menu.name}</Link> },
            { label: t('bookings.when'), value: formatEventTime(b.starts_at, b.timezone, locale) },
            { label: t('bookings.customer'), value: name(b.customer) },
            { label: t('bookings.chef'), value: name(b.chef) },
            { label: t('admin.complaints.detail.window'), value: b.complaint_until ? formatEventTime(b.complaint_until, b.timezone, locale) : null },
          ]}
        />
      </AdminSection>
      <div className="grid gap-6 xl:grid-cols-2">
        <AdminSection title={t('admin.complaints.detail.customer', { name: b.customer.firstname })} testId="complaint-report">
          <ComplaintReport c={c} timezone={b.timezone} />
        </AdminSection>
        <AdminSection title={t('admin.complaints.detail.chef', { name: b.chef.firstname })} testId="complaint-chef">
          {c.chef_answer ? <p className="whitespace-pre-wrap">{c.chef_answer}</p> : <p className="text-ink-600">{t('admin.complaints.detail.noanswer')}</p>}
        </AdminSection>
      </div>
      <AdminSection title={t('bookings.money.title')} testId="complaint-money">
        {m ? (
          <MoneyLines
            testId="complaint-split"
            lines={[
              { label: t('bookings.money.paid'), amount: m.paid_formatted, strong: true },
              { label: t('bookings.money.refunded'), amount: m.refunded_formatted },
              { label: t('bookings.money.chefearnings'), amount: m.chef_earnings_formatted },
              { label: t('bookings.money.commission'), amount: m.commission_formatted },
              { label: t('bookings.money.servicefee'), amount: m.service_fee_formatted },
            ]}
          />
        ) : null}
        <p className="mt-2 text-sm text-ink-700" data-testid="complaint-refundable">
          {t('admin.complaints.detail.refundable', { amount: c.refundable_formatted })}
        </p>
      </AdminSection>
      {c.status === 'open' ? (
        <DecisionForm c={c} onDone={() => detail.mutate()} />
      ) : (
        <AdminSection title={t('admin.complaints.decision.title')} testId="complaint-decided">
          <p className="font-semibold">
            {t(OUTCOME_LABEL[c.outcome ?? 'no_refund'])}
            {c.refund_amount ? ` · ${c.refund_formatted}` : ''}
            {c.decided_at ? <span className="font-normal text-ink-600"> · {formatDateTime(c.decided_at, locale)}</span> : null}
          </p>
          {c.decision_note ? <p className="mt-1 whitespace-pre-wrap">{c.decision_note}</p> : null}
          <ul className="mt-3 text-sm text-ink-600">
            {c.audit.map((a) => (
              <li key={a.id}>
                {a.action} · {formatDateTime(a.created_at, locale)}
                {a.actor ? ` · ${name(a.actor)}` : ''}
              </li>
            ))}
          </ul>
        </AdminSection>
      )}
    </AdminPage>
  );
}

function DecisionForm({ c, onDone }: { c: AdminComplaintDetail; onDone: () => unknown }) {
  const t = useT();
  const [outcome, setOutcome] = useState<ComplaintOutcome | ''>('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useUnsavedChanges(note.trim() !== '' || amount !== '' || outcome !== '');
  const currency = c.booking.price.currency;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const next: FieldErrors = {};
    if (!outcome) next.outcome = [t('admin.complaints.decision.outcomerequired')];
    if (!note.trim()) next.note = [t('admin.complaints.decision.noterequired')];
    let refund: number | undefined;
    if (outcome === 'partial_refund') {
      const parsed = parseMoneyInput(amount);
      if (parsed === null || parsed <= 0) next.refund_amount = [t('admin.complaints.decision.amountinvalid')];
      else if (parsed >= c.refundable) next.refund_amount = [t('admin.complaints.decision.amounttoohigh', { amount: c.refundable_formatted })];
      else refund = parsed;
    }
    setErrors(next);
    setFailure(null);
    // No outcome is one of the errors above; testing it again tells the compiler what is sent.
    if (!outcome || Object.keys(next).length) return;
    setBusy(true);
    try {
      await unwrap(complaintsApi[':id'].decision.$post({ param: { id: c.id }, json: { outcome, note: note.trim(), ...(refund !== undefined ? { refund_amount: refund } : {}) } }));
      notify({ type: 'success', title: t('admin.complaints.decision.done') });
      setNote('');
      setAmount('');
      setOutcome('');
      await onDone();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length) setErrors(err.errors);
      else setFailure(err instanceof Error ? err.message : t('errors.page.title'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminSection title={t('admin.complaints.decision.title')} testId="complaint-decision-form">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <RadioGroup<ComplaintOutcome | ''>
          name="outcome"
          legend={t('admin.complaints.decision.outcome')}
          value={outcome}
          onChange={setOutcome}
          errors={errors.outcome}
          options={(Object.keys(OUTCOME_LABEL) as ComplaintOutcome[]).map((o) => ({ value: o, label: t(OUTCOME_LABEL[o]) }))}
        />
        {outcome === 'partial_refund' ? (
          <TextField
            name="refund_amount"
            label={t('admin.complaints.decision.amount', { currency })}
            inputMode="decimal"
            value={amount}
            onChange={setAmount}
            hint={t('admin.complaints.decision.amounthint', { amount: c.refundable_formatted })}
            errors={errors.refund_amount}
            suffix={currency}
          />
        ) : null}
        {outcome === 'full_refund' ? <p className="text-sm text-ink-700">{t('admin.complaints.decision.fullhint', { amount: c.refundable_formatted })}</p> : null}
        <TextAreaField
          name="note"
          label={t('admin.complaints.decision.note')}
          hint={t('admin.complaints.decision.notehint')}
          value={note}
          onChange={(v) => setNote(v.slice(0, NOTE_MAX))}
          maxLength={NOTE_MAX}
          rows={4}
          errors={errors.note}
        />
        <ActionError error={failure} testId="decision-error" />
        <Button type="submit" loading={busy} className="self-start">
          {t('admin.complaints.decision.submit')}
        </Button>
      </form>
    </AdminSection>
  );
}
