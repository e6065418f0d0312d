// "Hide this picture": the reason the chefs and the uploader it concerns read (required), then the placeholder shows
// wherever the picture was used and they are told why, in the app and by mail.
import { HIDE_REASON_MAX, hideImageBody } from '#shared/schemas/admin.images.schema';
import { client, unwrap } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { ReasonDialog } from './ReasonDialog';

export function HideImageDialog({ imageId, onClose, onDone }: { imageId: number; onClose: () => void; onDone: (message: string) => unknown }) {
  const t = useT();
  return (
    <ReasonDialog
      id={`image-${imageId}-hide`}
      title={t('admin.images.hidedialog.title', { id: imageId })}
      description={t('admin.images.hidedialog.intro')}
      label={t('admin.images.hidedialog.reason')}
      hint={t('admin.images.hidedialog.reasonhint')}
      schema={hideImageBody}
      maxLength={HIDE_REASON_MAX}
      confirmLabel={t('admin.images.hidedialog.confirm')}
      keepLabel={t('admin.images.hidedialog.keep')}
      onClose={onClose}
      send={(json) => unwrap(client.admin.images[':id'].hide.$post({ param: { id: imageId }, json }))}
      onDone={() => onDone(t('admin.images.hiddendone'))}
      errorTestId="hide-error"
    />
  );
}
