// Sign-in dialog (seed §2, §4): opened by openSignIn(callback?). Success closes it, refetches the user and runs the
// queued callbacks; closing it by hand drops them; "sign up" swaps it for the sign-up dialog, keeping them.
import { Modal } from '../../components/Modal';
import { useT } from '../../lib/i18n';
import { MODALS, openModal } from '../../state/ui';
import { authDialogHandlers } from './afterAuth';
import { SignInForm } from './SignInForm';

export default function SignInDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { dismiss, onAuthenticated, oauthReturn } = authDialogHandlers(onClose);
  return (
    <Modal open onClose={dismiss} title={t('auth.signin.title')} size="sm">
      <SignInForm
        onAuthenticated={onAuthenticated}
        oauthReturn={oauthReturn}
        signUpLink={
          <button type="button" className="font-semibold text-brand-700 link-underline" onClick={() => openModal(MODALS.signUp)}>
            {t('auth.signin.tosignup')}
          </button>
        }
      />
    </Modal>
  );
}
