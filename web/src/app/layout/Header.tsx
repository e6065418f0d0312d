// Site header (seed §1): logo, booking bar, language and currency, help, become a chef (not for chefs), sign-in and
// sign-up or the user menu, and for signed-in users the messages menu (at every width). Below lg the links move into
// a disclosure menu.
import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { buttonClasses } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useSession } from '../../state/session';
import { openSignIn, openSignUp } from '../../state/ui';
import { bookingBarChunk } from './booking-bar-chunk';
import { DefaultBookingBar } from './BookingBarFrame';
import { LocaleButton } from './LocaleButton';
import { Logo } from './Logo';
import { MessagesMenuPlaceholder } from './MessagesMenuIcon';

// Parts that the first screen of a visitor's page does not need are chunks of their own, so they stay out of the home
// page's first download: what only signed-in users have (the user menu; the messages menu, whose button and badge
// show at once), the phone menu (with the first tap that opens it), and the booking bar with the visitor's stored
// settings and the date formatting they need (booking-bar-chunk.ts; its look with the defaults stands in until then).
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
const MessagesMenu = lazy(() => import('./MessagesMenu'));
const MobileMenu = lazy(() => import('./MobileMenu'));
const BookingBar = bookingBarChunk.component;

function BookingBarWithSettings() {
  return (
    <Suspense fallback={<DefaultBookingBar />}>
      <BookingBar />
    </Suspense>
  );
}

/** Sign-in and sign-up links open the dialogs in place; a modified click (new tab) or no JS still gets the page. */
function openDialog(open: () => void, enabled: boolean) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!enabled || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open();
  };
}

export function Header({ bookingBar }: { bookingBar: boolean }) {
  const t = useT();
  const { user } = useSession();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [location]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const navLink = 'whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold text-ink-800 hover:bg-cream-200';
  const showBecomeChef = !user?.is_chef;
  // On the sign-in and sign-up pages themselves the links just switch pages.
  const onAuthPage = location === routeUrl('auth.login') || location === routeUrl('auth.register');
  const onSignInClick = openDialog(() => {
    setMenuOpen(false);
    openSignIn();
  }, !onAuthPage);
  const onSignUpClick = openDialog(() => {
    setMenuOpen(false);
    openSignUp();
  }, !onAuthPage);

  return (
    <header className="sticky top-0 z-30 border-b border-cream-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Logo />
        <div className="hidden min-w-0 flex-1 justify-center px-2 xl:flex">{bookingBar ? <BookingBarWithSettings /> : null}</div>
        <div className="flex-1 xl:hidden" />
        <nav aria-label={t('header.navigation')} className="hidden items-center gap-1 lg:flex">
          <LocaleButton />
          <Link href={routeUrl('help')} className={navLink}>
            {t('header.help')}
          </Link>
          {showBecomeChef ? (
            <Link href={routeUrl('account.beachef')} className={navLink} data-testid="become-chef-link">
              {t('header.becomechef')}
            </Link>
          ) : null}
          {user ? (
            <Suspense fallback={<span className="h-11 w-28" aria-hidden="true" />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <>
              <Link href={routeUrl('auth.login')} className={navLink} onClick={onSignInClick}>
                {t('header.signin')}
              </Link>
              <Link href={routeUrl('auth.register')} className={buttonClasses('primary', 'sm')} onClick={onSignUpClick}>
                {t('header.signup')}
              </Link>
            </>
          )}
        </nav>
        {user ? (
          <Suspense fallback={<MessagesMenuPlaceholder unseen={user.unseen_order_message_count ?? 0} />}>
            <MessagesMenu unseen={user.unseen_order_message_count ?? 0} />
          </Suspense>
        ) : null}
        <button
          type="button"
          className="rounded-full p-2.5 text-ink-900 hover:bg-cream-200 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((v) => !v)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} className="h-6 w-6" />
          <span className="sr-only">{menuOpen ? t('header.closemenu') : t('header.openmenu')}</span>
        </button>
      </div>
      {bookingBar ? (
        <div className="page-container flex justify-center pb-3 xl:hidden">
          <BookingBarWithSettings />
        </div>
      ) : null}
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu user={user} showBecomeChef={showBecomeChef} onSignInClick={onSignInClick} onSignUpClick={onSignUpClick} />
        </Suspense>
      ) : null}
    </header>
  );
}
