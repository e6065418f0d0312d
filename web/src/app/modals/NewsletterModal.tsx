// Newsletter dialog (seed §2): e-mail and bot check; the form closes the dialog once the sign-up went through.
import { Modal } from '../../components/Modal';
import { NewsletterForm } from '../../components/NewsletterForm';
import { useT } from '../../lib/i18n';

export default function NewsletterModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal open onClose={onClose} title={t('newsletter.title')} description={t('newsletter.intro')}>
      <NewsletterForm onDone={onClose} />
    </Modal>
  );
}
