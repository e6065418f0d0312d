// "The transfer failed": the reason the chef reads (required), then the payout's earnings are due again.
import { unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { payoutsApi, type AdminPayout } from './PayoutsApi';
import { ReasonDialog } from './ReasonDialog';

const REASON_MAX = 500;

export function PayoutFailDialog({ payout, onClose, onDone }: { payout: AdminPayout; onClose: () => void; onDone: (message: string) => unknown }) {
  const t = useT();
  return (
    <ReasonDialog
      title={t('admin.payouts.fail.title', { reference: payout.reference })}
      description={t('admin.payouts.fail.intro', { amount: payout.amount_formatted })}
      label={t('admin.payouts.fail.reason')}
      hint={t('admin.payouts.fail.reasonhint')}
      requiredText={t('admin.payouts.fail.reasonrequired')}
      maxLength={REASON_MAX}
      confirmLabel={t('admin.payouts.fail.confirm')}
      keepLabel={t('admin.payouts.fail.keep')}
      onClose={onClose}
      onSubmit={async (reason) => {
        const res = await unwrap(payoutsApi[':id'].failed.$post({ param: { id: payout.id }, json: { reason } }));
        await onDone(t(res.changed ? 'admin.payouts.done.failed' : 'admin.payouts.done.alreadyfailed'));
      }}
      errorTestId="fail-error"
    />
  );
}
