// A yes/no question before something with consequences (signing a device out, pausing the profile, deleting a menu).
// With `yieldToModal` it keeps to one dialog at a time: when an app-wide modal opens, the question is dropped.
import { useEffect, type ReactNode } from 'react';
import { useUi } from '../state/ui';
import { Button } from './Button';
import { Modal } from './Modal';

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  yieldToModal = false,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  tone?: 'danger' | 'primary';
  yieldToModal?: boolean;
  onConfirm: () => Promise<unknown> | void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { modal } = useUi();
  const dropped = yieldToModal && Boolean(modal);
  useEffect(() => {
    if (dropped) onCancel();
  }, [dropped, onCancel]);
  if (dropped) return null;
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
            {cancelLabel}
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
