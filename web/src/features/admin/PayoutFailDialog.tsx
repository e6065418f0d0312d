// "The transfer failed": the reason the chef reads (required), then the payout's earnings are due again.
import { FAILED_REASON_MAX, failedBody } from '#shared/schemas/admin.payouts.schema';
import { unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { payoutsApi, type AdminPayout } from './PayoutsApi';
import { ReasonDialog } from './ReasonDialog';

export function PayoutFailDialog({ payout, onClose, onDone }: { payout: AdminPayout; onClose: () => void; onDone: (message: string) => unknown }) {
  const t = useT();
  return (
    <ReasonDialog
      id={`payout-${payout.id}-failed`}
      title={t('admin.payouts.fail.title', { reference: payout.reference })}
      description={t('admin.payouts.fail.intro', { amount: payout.amount_formatted })}
      label={t('admin.payouts.fail.reason')}
      hint={t('admin.payouts.fail.reasonhint')}
      schema={failedBody}
      maxLength={FAILED_REASON_MAX}
      confirmLabel={t('admin.payouts.fail.confirm')}
      keepLabel={t('admin.payouts.fail.keep')}
      onClose={onClose}
      send={(json) => unwrap(payoutsApi[':id'].failed.$post({ param: { id: payout.id }, json }))}
      onDone={(res) => onDone(t(res.changed ? 'admin.payouts.done.failed' : 'admin.payouts.done.alreadyfailed'))}
      errorTestId="fail-error"
    />
  );
}
