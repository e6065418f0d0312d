// "The transfer failed": the reason the chef reads (required), then the payout's earnings are due again.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { api, ApiError, type FieldErrors } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { PAYOUTS_PATHS, type AdminPayout } from './PayoutsApi';
import { ActionError } from './parts';

const REASON_MAX = 500;

export function PayoutFailDialog({ payout, onClose, onDone }: { payout: AdminPayout; onClose: () => void; onDone: (message: string) => unknown }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    if (!reason.trim()) {
      setErrors({ reason: [t('admin.payouts.fail.reasonrequired')] });
      return;
    }
    setErrors({});
    try {
      const res = await api.post<{ changed: boolean }>(PAYOUTS_PATHS.failed(payout.id), { reason: reason.trim() });
      await onDone(t(res.changed ? 'admin.payouts.done.failed' : 'admin.payouts.done.alreadyfailed'));
    } catch (err) {
      if (err instanceof ApiError && err.errors.reason) setErrors(err.errors);
      else setFailure(err instanceof Error ? err.message : t('errors.page.title'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('admin.payouts.fail.title', { reference: payout.reference })}
      description={t('admin.payouts.fail.intro', { amount: payout.amount_formatted })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('admin.payouts.fail.keep')}
          </Button>
          <Button variant="danger" onClick={submit}>
            {t('admin.payouts.fail.confirm')}
          </Button>
        </>
      }
    >
      <TextAreaField name="reason" label={t('admin.payouts.fail.reason')} hint={t('admin.payouts.fail.reasonhint')} value={reason} onChange={setReason} errors={errors.reason} maxLength={REASON_MAX} rows={3} />
      <ActionError error={failure} testId="fail-error" />
    </Modal>
  );
}
