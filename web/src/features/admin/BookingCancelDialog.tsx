// The admin's support cancellation: for whom (the customer's or the chef's cancellation, with its consequences),
// the refund (0 up to what was paid; the policy's amount for that side is filled in), and the reason both sides
// read. Errors show at the field they concern; anything else above the buttons.
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { RadioGroup, TextAreaField, TextField } from '../../components/Field';
import { LoadError, Loading } from '../../components/LoadState';
import { Modal } from '../../components/Modal';
import { ApiError, type FieldErrors } from '../../lib/api';
import { unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { useApi } from '../../lib/swr';
import { useUnsavedDialog } from '../../lib/unsaved-changes';
import { moneyInputValue, parseMoneyInput } from '../../lib/money-input';
import { BOOKINGS_PATHS, bookingsApi, type AdminCancellationPreview, type Side } from './BookingsApi';
import { ActionError } from './parts';

const REASON_MAX = 2000;

export function BookingCancelDialog({ bookingId, defaultSide, onClose, onDone }: { bookingId: number; defaultSide: Side; onClose: () => void; onDone: (message: string) => unknown }) {
  const t = useT();
  const [side, setSide] = useState<Side>(defaultSide);
  const [reason, setReason] = useState('');
  // The amount typed per side; until the admin types, the policy's refund for that side is used.
  const [typed, setTyped] = useState<Partial<Record<Side, string>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const close = useUnsavedDialog(reason.trim() !== '' || Object.keys(typed).length > 0, onClose);
  const preview = useApi<{ data: AdminCancellationPreview }>(BOOKINGS_PATHS.preview(bookingId, side));
  const p = preview.data?.data.side === side ? preview.data.data : undefined;
  // A preview names the status a cancellation leads to, or, when there is none, why not.
  const toStatus = p && 'to_status' in p ? p.to_status : undefined;
  const refusal = p && 'message' in p ? p.message : null;
  const amount = typed[side] ?? (p ? moneyInputValue(p.refund_amount) : '');
  useEffect(() => setErrors({}), [side]);

  const submit = async () => {
    if (!p?.can_cancel) return;
    const next: FieldErrors = {};
    if (!reason.trim()) next.reason = [t('admin.bookings.cancel.reasonrequired')];
    let refund: number | undefined;
    if (p.paid > 0) {
      const parsed = parseMoneyInput(amount);
      if (parsed === null) next.refund_amount = [t('admin.bookings.cancel.amountinvalid')];
      else if (parsed > p.paid) next.refund_amount = [t('admin.bookings.cancel.amounttoohigh', { paid: p.paid_formatted })];
      else refund = parsed;
    }
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length) return;
    try {
      await unwrap(bookingsApi[':id'].cancel.$post({ param: { id: bookingId }, json: { side, reason: reason.trim(), ...(refund !== undefined ? { refund_amount: refund } : {}) } }));
      await onDone(t('admin.bookings.cancel.done'));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).some((f) => ['side', 'reason', 'refund_amount'].includes(f))) setErrors(err.errors);
      else setFailure(err instanceof Error ? err.message : t('errors.page.title'));
    }
  };

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
          <Button variant="danger" onClick={submit} disabled={!p?.can_cancel}>
            {t('admin.bookings.cancel.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4" data-testid="admin-cancel-form">
        <RadioGroup<Side>
          name="side"
          legend={t('admin.bookings.cancel.side')}
          value={side}
          onChange={setSide}
          errors={errors.side}
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
                value={amount}
                onChange={(value) => setTyped((prev) => ({ ...prev, [side]: value }))}
                hint={t('admin.bookings.cancel.amounthint', { paid: p.paid_formatted })}
                errors={errors.refund_amount}
                suffix={p.currency}
              />
            ) : null}
          </>
        ) : null}
        <TextAreaField
          name="reason"
          label={t('admin.bookings.cancel.reason')}
          hint={t('admin.bookings.cancel.reasonhint')}
          value={reason}
          onChange={setReason}
          errors={errors.reason}
          maxLength={REASON_MAX}
          rows={3}
        />
        <ActionError error={failure} testId="cancel-error" />
      </div>
    </Modal>
  );
}
