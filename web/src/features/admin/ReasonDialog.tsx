// A decision that needs a reason someone else reads (a failed transfer, a hidden picture): the reason is required
// (checked before sending), the server's refusal of it shows under the field, any other failure under the dialog.
// Closing it with a typed reason asks first.
import { useState } from 'react';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { ApiError, type FieldErrors } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useUnsavedDialog } from '../../lib/unsaved-changes';
import { ActionError } from './parts';

export interface ReasonDialogProps {
  title: string;
  description: string;
  label: string;
  hint: string;
  /** The text under the field when no reason was given. */
  requiredText: string;
  maxLength: number;
  confirmLabel: string;
  keepLabel: string;
  onClose: () => void;
  /** Sends the trimmed reason; a rejection with a `reason` field error stays in the dialog. */
  onSubmit: (reason: string) => Promise<unknown>;
  errorTestId?: string;
}

export function ReasonDialog({ title, description, label, hint, requiredText, maxLength, confirmLabel, keepLabel, onClose, onSubmit, errorTestId }: ReasonDialogProps) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const close = useUnsavedDialog(reason.trim() !== '', onClose);

  const submit = async () => {
    setFailure(null);
    if (!reason.trim()) {
      setErrors({ reason: [requiredText] });
      return;
    }
    setErrors({});
    try {
      await onSubmit(reason.trim());
    } catch (err) {
      if (err instanceof ApiError && err.errors.reason) setErrors(err.errors);
      else setFailure(err instanceof Error ? err.message : t('errors.page.title'));
    }
  };

  return (
    <Modal
      open
      onClose={close}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {keepLabel}
          </Button>
          <Button variant="danger" onClick={submit}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <TextAreaField name="reason" label={label} hint={hint} value={reason} onChange={setReason} errors={errors.reason} maxLength={maxLength} rows={3} />
      <ActionError error={failure} testId={errorTestId} />
    </Modal>
  );
}
