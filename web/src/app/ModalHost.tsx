// Renders the one requested modal (ui.modal) by name. Modals are lazy chunks: nobody downloads a dialog they never open.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { withAreaTexts } from '../lib/i18n';
import { closeModal, MODALS, useUi } from '../state/ui';

type ModalComponent = ComponentType<{ onClose: () => void } & Record<string, unknown>>;

const COMPONENTS: Record<string, LazyExoticComponent<ModalComponent>> = {
  [MODALS.locale]: lazy(withAreaTexts(() => import('./modals/LocaleModal'))),
  [MODALS.bookingSearch]: lazy(withAreaTexts(() => import('./modals/BookingSearchModal'))),
  [MODALS.newsletter]: lazy(withAreaTexts(() => import('./modals/NewsletterModal'))),
  [MODALS.signIn]: lazy(withAreaTexts(() => import('../features/auth/SignInDialog'))),
  [MODALS.signUp]: lazy(withAreaTexts(() => import('../features/auth/SignUpDialog'))),
  [MODALS.completeProfile]: lazy(withAreaTexts(() => import('../features/auth/CompleteProfileDialog'))),
};

export function ModalHost() {
  const { modal } = useUi();
  if (!modal) return null;
  const Component = COMPONENTS[modal.name];
  if (!Component) {
    console.error(`Unknown modal: ${modal.name}`);
    return null;
  }
  return (
    <Suspense fallback={null}>
      <Component key={modal.name} {...modal.props} onClose={() => closeModal(modal.name)} />
    </Suspense>
  );
}
