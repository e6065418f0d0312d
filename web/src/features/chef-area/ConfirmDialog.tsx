// A yes/no question before something with consequences (pausing the profile, deleting a menu).
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../lib/i18n';

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  tone = 'danger',
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => Promise<unknown> | void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const t = useT();
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
            {t('chefarea.common.cancel')}
          </Button>
          <Button variant={tone} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
