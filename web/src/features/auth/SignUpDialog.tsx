// Sign-up dialog (seed §2, §4): success closes it, refetches the user, runs the queued callbacks and welcomes the
// new user; closing it by hand drops the callbacks; "sign in" swaps it back for the sign-in dialog.
import { Modal } from '../../components/Modal';
import { useT } from '../../lib/i18n';
import { MODALS, openModal } from '../../state/ui';
import { authDialogHandlers } from './afterAuth';
import { SignUpForm } from './SignUpForm';

export default function SignUpDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { dismiss, onAuthenticated, oauthReturn } = authDialogHandlers(onClose);
  return (
    <Modal open onClose={dismiss} title={t('auth.signup.title')}>
      <SignUpForm
        onAuthenticated={onAuthenticated}
        oauthReturn={oauthReturn}
        signInLink={
          <button type="button" className="font-semibold text-brand-700 link-underline" onClick={() => openModal(MODALS.signIn)}>
            {t('auth.signup.tosignin')}
          </button>
        }
      />
    </Modal>
  );
}
