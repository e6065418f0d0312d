// The end of every page, none of it on the first screen: the footer (unless the route hides it), the toasts' live
// region, the dialogs' host (a dialog asked for before it has loaded opens when it has) and the cookie banner (never
// prerendered: only the browser knows the answer). One chunk, loaded right after a page's first render.
import { CookieConsent } from '../CookieConsent';
import { Notifications } from '../../components/Notifications';
import { ModalHost } from '../ModalHost';
import { Footer } from './Footer';

export default function LayoutEnd({ footer }: { footer: boolean }) {
  return (
    <>
      {footer ? <Footer /> : null}
      <Notifications />
      <CookieConsent />
      <ModalHost />
    </>
  );
}
