// The header's phone menu (below lg): who is signed in, language and currency, help, become a chef, and the user
// menu's links or sign-in and sign-up. A chunk of its own, loaded by the first tap that opens it.
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Avatar } from '../../components/Avatar';
import { buttonClasses } from '../../components/Button';
import type { SessionUser } from '../../state/session';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { LocaleButton } from './LocaleButton';
import { logout } from './logout';
import { UserMenuItemLabel } from './UserMenu';
import { userMenuItems } from './userMenuItems';

const MOBILE_LINK = 'flex items-center justify-between rounded-xl px-3 py-3 font-semibold text-ink-900 hover:bg-cream-100';

/** The phone menu's first line for a signed-in user: who is signed in. */
function MobileUserHeading({ user }: { user: SessionUser }) {
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return (
    <div className="flex items-center gap-3 px-3 py-2">
      <Avatar name={name || user.email} src={user.avatar?.data.url.t256x256} />
      <span className="font-semibold">{name}</span>
    </div>
  );
}

/** The phone menu's links for a signed-in user: the user menu's links and signing out. */
function UserLinks({ user }: { user: SessionUser }) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <>
      {userMenuItems(user, t).map((item) => (
        <Link key={item.key} href={item.href} className={MOBILE_LINK}>
          <UserMenuItemLabel item={item} />
        </Link>
      ))}
      <button type="button" className={`${MOBILE_LINK} text-left`} onClick={() => void logout(navigate)}>
        {t('usermenu.logout')}
      </button>
    </>
  );
}

type Props = {
  user: SessionUser | null;
  showBecomeChef: boolean;
  onSignInClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  onSignUpClick: (event: MouseEvent<HTMLAnchorElement>) => void;
};

export default function MobileMenu({ user, showBecomeChef, onSignInClick, onSignUpClick }: Props) {
  const t = useT();
  return (
    <nav id="mobile-menu" aria-label={t('header.navigation')} className="border-t border-cream-200 bg-white lg:hidden">
      <div className="page-container flex flex-col gap-1 py-3">
        {user ? <MobileUserHeading user={user} /> : null}
        <LocaleButton className="justify-start px-3 py-3 text-base" />
        <Link href={routeUrl('help')} className={MOBILE_LINK}>
          {t('header.help')}
        </Link>
        {showBecomeChef ? (
          <Link href={routeUrl('account.beachef')} className={MOBILE_LINK}>
            {t('header.becomechef')}
          </Link>
        ) : null}
        {user ? (
          <UserLinks user={user} />
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
  );
}
