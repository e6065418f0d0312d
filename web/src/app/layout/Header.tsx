// Site header (seed §1): logo, booking bar, language and currency, help, become a chef (not for chefs), sign-in and
// sign-up or the user menu, and for signed-in users the messages menu (at every width). Below lg the links move into
// a disclosure menu.
import { lazy, Suspense, useEffect, useState, type MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../../components/Avatar';
import { buttonClasses } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useLocale, useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { preferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { MODALS, openModal, openSignIn, openSignUp } from '../../state/ui';
import { BookingBar } from './BookingBar';
import { Logo } from './Logo';
import { logout } from './logout';
import { MessagesMenuPlaceholder } from './MessagesMenuIcon';
import { UserMenu } from './UserMenu';
import { userMenuItems } from './userMenuItems';

// Only signed-in users have it, so it stays out of the visitors' (and the home page's) initial download.
const MessagesMenu = lazy(() => import('./MessagesMenu'));

function LocaleButton({ className = '' }: { className?: string }) {
  const t = useT();
  const locale = useLocale();
  const { currency } = useSnapshot(preferences);
  return (
    <button
      type="button"
      onClick={() => openModal(MODALS.locale)}
      className={`flex items-center gap-2 whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold text-ink-800 hover:bg-cream-200 ${className}`}
      aria-label={t('header.localecurrency', { language: locale.toUpperCase(), currency })}
      data-testid="locale-button"
    >
      <Icon name="globe" className="h-5 w-5" />
      <span aria-hidden="true">
        {locale.toUpperCase()} · {currency}
      </span>
    </button>
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
  const [location, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [location]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const navLink = 'whitespace-nowrap rounded-full px-3 py-2 text-sm font-semibold text-ink-800 hover:bg-cream-200';
  const mobileLink = 'flex items-center justify-between rounded-xl px-3 py-3 font-semibold text-ink-900 hover:bg-cream-100';
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
        <div className="hidden min-w-0 flex-1 justify-center px-2 xl:flex">{bookingBar ? <BookingBar /> : null}</div>
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
            <UserMenu user={user} />
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
          className="rounded-full p-2 text-ink-900 hover:bg-cream-200 lg:hidden"
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
          <BookingBar />
        </div>
      ) : null}
      {menuOpen ? (
        <nav id="mobile-menu" aria-label={t('header.navigation')} className="border-t border-cream-200 bg-white lg:hidden">
          <div className="page-container flex flex-col gap-1 py-3">
            {user ? (
              <div className="flex items-center gap-3 px-3 py-2">
                <Avatar name={[user.firstname, user.lastname].filter(Boolean).join(' ') || user.email} src={user.avatar?.data.url.t256x256} />
                <span className="font-semibold">{[user.firstname, user.lastname].filter(Boolean).join(' ')}</span>
              </div>
            ) : null}
            <LocaleButton className="justify-start px-3 py-3 text-base" />
            <Link href={routeUrl('help')} className={mobileLink}>
              {t('header.help')}
            </Link>
            {showBecomeChef ? (
              <Link href={routeUrl('account.beachef')} className={mobileLink}>
                {t('header.becomechef')}
              </Link>
            ) : null}
            {user ? (
              <>
                {userMenuItems(user, t).map((item) => (
                  <Link key={item.key} href={item.href} className={mobileLink}>
                    <span>{item.label}</span>
                    {item.badge ? (
                      <span className="rounded-full bg-brand-600 px-2 text-xs font-bold text-white">
                        {item.badge}
                        <span className="sr-only"> {t('usermenu.unseen')}</span>
                      </span>
                    ) : null}
                  </Link>
                ))}
                <button type="button" className={`${mobileLink} text-left`} onClick={() => void logout(navigate)}>
                  {t('usermenu.logout')}
                </button>
              </>
            ) : (
              <div className="mt-2 grid grid-cols-2 gap-3 px-3">
                <Link href={routeUrl('auth.login')} className={buttonClasses('outline', 'md')} onClick={onSignInClick}>
                  {t('header.signin')}
                </Link>
                <Link href={routeUrl('auth.register')} className={buttonClasses('primary', 'md')} onClick={onSignUpClick}>
                  {t('header.signup')}
                </Link>
              </div>
            )}
          </div>
        </nav>
      ) : null}
    </header>
  );
}
