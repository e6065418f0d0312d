// "Hide this picture": the reason its owner reads (required, checked with the API's own schema before sending),
// then the placeholder shows wherever the picture was used and the owner is told why, in the app and by mail.
import { useState } from 'react';
import * as v from 'valibot';
import { HIDE_REASON_MAX, hideImageBody } from '../../../../functions/_api/modules/admin/admin.images.schema';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { api, ApiError, type FieldErrors } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { ActionError } from './parts';

export function HideImageDialog({ imageId, path, onClose, onDone }: { imageId: number; path: string; onClose: () => void; onDone: (message: string) => unknown }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    const checked = v.safeParse(hideImageBody, { reason });
    if (!checked.success) {
      setErrors({ reason: [t('admin.images.hidedialog.reasonrequired')] });
      return;
    }
    setErrors({});
    try {
      await api.post(path, checked.output);
      await onDone(t('admin.images.hiddendone'));
    } catch (err) {
      if (err instanceof ApiError && err.errors.reason) setErrors(err.errors);
      else setFailure(err instanceof Error ? err.message : t('errors.page.title'));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('admin.images.hidedialog.title', { id: imageId })}
      description={t('admin.images.hidedialog.intro')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('admin.images.hidedialog.keep')}
          </Button>
          <Button variant="danger" onClick={submit}>
            {t('admin.images.hidedialog.confirm')}
          </Button>
        </>
      }
    >
      <TextAreaField name="reason" label={t('admin.images.hidedialog.reason')} hint={t('admin.images.hidedialog.reasonhint')} value={reason} onChange={setReason} errors={errors.reason} maxLength={HIDE_REASON_MAX} rows={3} />
      <ActionError error={failure} testId="hide-error" />
    </Modal>
  );
}
