// The admin's support cancellation: for whom (the customer's or the chef's cancellation, with its consequences),
// the refund (0 up to what was paid; the policy's amount for that side is filled in), and the reason both sides
// read. A schema form over the route's shared body: checked before sending (the amount against what the preview says
// was paid), errors at the field they concern with the focus there, anything else above the buttons.
import { useEffect } from 'react';
import { adminCancelBody } from '#shared/schemas/admin.bookings.schema';
import { Button } from '../../components/Button';
import { FormErrors, RadioGroup, TextAreaField, TextField } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { Modal } from '../../components/Modal';
import { unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { useSchemaForm, type SchemaForm } from '../../lib/schema-form';
import { useApi } from '../../lib/swr';
import { useUnsavedDialog } from '../../lib/unsaved-changes';
import { moneyInputValue, parseMoneyInput } from '../../lib/money-input';
import { BOOKINGS_PATHS, bookingsApi, type AdminCancellationPreview, type Side } from './BookingsApi';

const REASON_MAX = 2000;
const FORM_ID = 'admin-cancel-form';

/** For whom, the reason, and the refund typed per side (until typed, the policy's amount for that side). */
type CancelValues = { side: Side; reason: string; typed: Partial<Record<Side, string>> };

export function BookingCancelDialog({ bookingId, defaultSide, onClose, onDone }: { bookingId: number; defaultSide: Side; onClose: () => void; onDone: (message: string) => unknown }) {
  const t = useT();
  // Its type written out: the body and check read the preview, which is fetched for the side the form holds.
  const form: SchemaForm<CancelValues> = useSchemaForm(adminCancelBody, (body) => unwrap(bookingsApi[':id'].cancel.$post({ param: { id: bookingId }, json: body })), {
    initial: { side: defaultSide, reason: '', typed: {} },
    // Without a paid amount (or with text that is no amount, which `check` names) the policy decides the refund.
    body: (values) => {
      const refund = p && p.paid > 0 ? parseMoneyInput(amountOf(values.side, values.typed)) : null;
      return { side: values.side, reason: values.reason, ...(refund !== null ? { refund_amount: refund } : {}) };
    },
    check: (values) => {
      if (!p || p.paid <= 0) return {};
      const refund = parseMoneyInput(amountOf(values.side, values.typed));
      if (refund === null) return { refund_amount: [t('admin.bookings.cancel.amountinvalid')] };
      return refund > p.paid ? { refund_amount: [t('admin.bookings.cancel.amounttoohigh', { paid: p.paid_formatted })] } : {};
    },
    onSuccess: () => onDone(t('admin.bookings.cancel.done')),
  });
  const { side, reason, typed } = form.values;
  const close = useUnsavedDialog(reason.trim() !== '' || Object.keys(typed).length > 0, onClose);
  const preview = useApi<{ data: AdminCancellationPreview }>(BOOKINGS_PATHS.preview(bookingId, side));
  const p = preview.data?.data.side === side ? preview.data.data : undefined;
  // A preview names the status a cancellation leads to, or, when there is none, why not.
  const toStatus = p && 'to_status' in p ? p.to_status : undefined;
  const refusal = p && 'message' in p ? p.message : null;
  const amountOf = (of: Side, amounts: Partial<Record<Side, string>>) => amounts[of] ?? (p ? moneyInputValue(p.refund_amount) : '');
  const { setErrors } = form;
  useEffect(() => setErrors({}), [side, setErrors]);

  return (
    <Modal
      open
      onClose={close}
      title={t('admin.bookings.cancel.title', { id: bookingId })}
      description={t('admin.bookings.cancel.intro')}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('admin.bookings.cancel.keep')}
          </Button>
          <Button type="submit" form={FORM_ID} variant="danger" loading={form.busy} disabled={!p?.can_cancel}>
            {t('admin.bookings.cancel.confirm')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} {...form.props} className="flex flex-col gap-4" data-testid="admin-cancel-form">
        <RadioGroup<Side>
          legend={t('admin.bookings.cancel.side')}
          {...form.field('side')}
          options={[
            { value: 'customer', label: t('admin.bookings.cancel.forcustomer'), description: t('admin.bookings.cancel.forcustomerhint') },
            { value: 'chef', label: t('admin.bookings.cancel.forchef'), description: t('admin.bookings.cancel.forchefhint') },
          ]}
        />
        {!p && preview.error ? <LoadError retry={() => preview.mutate()} /> : null}
        {!p && !preview.error ? <Loading /> : null}
        {p && !p.can_cancel ? (
          <p role="alert" className="rounded-xl bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700" data-testid="cancel-refused">
            {refusal}
          </p>
        ) : null}
        {p?.can_cancel ? (
          <>
            <p className="text-sm text-ink-800" data-testid="cancel-policy">
              {p.paid > 0
                ? t('admin.bookings.cancel.policy', { to: t(`bookings.status.${toStatus}`), refund: p.refund_formatted, paid: p.paid_formatted })
                : t('admin.bookings.cancel.unpaid', { to: t(`bookings.status.${toStatus}`) })}
            </p>
            {p.paid > 0 ? (
              <TextField
                name="refund_amount"
                label={t('admin.bookings.cancel.amount', { currency: p.currency })}
                inputMode="decimal"
                value={amountOf(side, typed)}
                onChange={(value) => form.set('typed', { ...typed, [side]: value })}
                hint={t('admin.bookings.cancel.amounthint', { paid: p.paid_formatted })}
                errors={form.errors.refund_amount}
                suffix={p.currency}
              />
            ) : null}
          </>
        ) : null}
        <TextAreaField
          {...form.field('reason')}
          label={t('admin.bookings.cancel.reason')}
          hint={t('admin.bookings.cancel.reasonhint')}
          maxLength={REASON_MAX}
          rows={3}
        />
        <FormErrors errors={form.formErrors} testId="cancel-error" />
      </form>
    </Modal>
  );
}
