// A yes/no question before something that cannot be undone, such as signing a device out. It belongs to its page,
// but still keeps to one dialog at a time: when an app-wide modal opens, the question is dropped.
import { useEffect } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../lib/i18n';
import { useUi } from '../../state/ui';

export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onCancel }: { title: string; text: string; confirmLabel: string; onConfirm: () => Promise<unknown>; onCancel: () => void }) {
  const t = useT();
  const { modal } = useUi();
  useEffect(() => {
    if (modal) onCancel();
  }, [modal, onCancel]);
  if (modal) return null;
  return (
    <Modal
      open
      onClose={onCancel}
      title={title}
      description={text}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t('account.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
