// One complaint for admins (ylcadmin.complaints.detail): both sides (the report with its photos, the chef's answer),
// the booking's money (what was paid and refunded, what can still be refunded, where the payment went), the audit
// trail, and the decision: no refund, a partial refund (an amount below what can still be refunded) or a full
// refund, with a note both parties read. Errors show at the field they concern, with the focus on the first.
import { Link } from 'wouter';
import { DECISION_NOTE_MAX, decisionBody } from '#shared/schemas/admin.complaints.schema';
import { Button } from '../../components/Button';
import { FormErrors, RadioGroup, TextAreaField, TextField } from '../../components/Field';
import { Empty, LoadError, Loading } from '../../components/LoadState';
import { unwrap } from '../../lib/client';
import { formatEventTime } from '../../lib/event-time';
import { formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { parseMoneyInput } from '../../lib/money-input';
import { routeUrl, type PageProps } from '../../lib/routes';
import { useSchemaForm } from '../../lib/schema-form';
import { useApi } from '../../lib/swr';
import { notify } from '../../state/ui';
import { ComplaintReport, OUTCOME_LABEL, type ComplaintOutcome } from '../bookings/BookingComplaint';
import { MoneyLines } from '../bookings/BookingParts';
import { complaintsApi, COMPLAINTS_PATHS, type AdminComplaintDetail } from './ComplaintsApi';
import { AdminPage, AdminSection, Badge, Facts } from './parts';

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

type DecisionDraft = { outcome: ComplaintOutcome | ''; refund_amount: string; note: string };

// A schema form on the server's decision schema. The amount is typed in the booking's currency and sent in minor
// units; the schema's words for it and for the outcome speak the API's terms (cents, the outcome codes), so the form
// says them its own way; that a partial refund is less than what can still be refunded is checked here too.
function DecisionForm({ c, onDone }: { c: AdminComplaintDetail; onDone: () => unknown }) {
  const t = useT();
  const form = useSchemaForm(decisionBody, (json) => unwrap(complaintsApi[':id'].decision.$post({ param: { id: c.id }, json })), {
    initial: { outcome: '', refund_amount: '', note: '' } as DecisionDraft,
    body: (d) => ({ outcome: d.outcome, note: d.note, ...(d.outcome === 'partial_refund' ? { refund_amount: parseMoneyInput(d.refund_amount) ?? Number.NaN } : {}) }),
    checkText: (key) => (key === 'outcome' ? t('admin.complaints.decision.outcomerequired') : key === 'refund_amount' ? t('admin.complaints.decision.amountinvalid') : undefined),
    check: (d) => {
      const refund = d.outcome === 'partial_refund' ? parseMoneyInput(d.refund_amount) : null;
      return refund !== null && refund >= c.refundable ? { refund_amount: [t('admin.complaints.decision.amounttoohigh', { amount: c.refundable_formatted })] } : {};
    },
    onSuccess: async () => {
      notify({ type: 'success', title: t('admin.complaints.decision.done') });
      await onDone();
    },
  });
  const outcome = form.values.outcome;
  const currency = c.booking.price.currency;

  return (
    <AdminSection title={t('admin.complaints.decision.title')} testId="complaint-decision-form">
      <form {...form.props} className="flex flex-col gap-4">
        <RadioGroup<ComplaintOutcome | ''>
          {...form.field('outcome')}
          legend={t('admin.complaints.decision.outcome')}
          options={(Object.keys(OUTCOME_LABEL) as ComplaintOutcome[]).map((o) => ({ value: o, label: t(OUTCOME_LABEL[o]) }))}
        />
        {outcome === 'partial_refund' ? (
          <TextField
            {...form.field('refund_amount')}
            label={t('admin.complaints.decision.amount', { currency })}
            inputMode="decimal"
            hint={t('admin.complaints.decision.amounthint', { amount: c.refundable_formatted })}
            suffix={currency}
          />
        ) : null}
        {outcome === 'full_refund' ? <p className="text-sm text-ink-700">{t('admin.complaints.decision.fullhint', { amount: c.refundable_formatted })}</p> : null}
        <TextAreaField {...form.field('note')} label={t('admin.complaints.decision.note')} hint={t('admin.complaints.decision.notehint')} maxLength={DECISION_NOTE_MAX} rows={4} />
        <FormErrors errors={form.formErrors} testId="decision-error" />
        <Button type="submit" loading={form.busy} className="self-start">
          {t('admin.complaints.decision.submit')}
        </Button>
      </form>
    </AdminSection>
  );
}
