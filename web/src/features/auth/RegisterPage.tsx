// Sign-up page (route auth.register): the dialog's form as a page, then on like the sign-in page.
import { Link, useSearch } from 'wouter';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { refreshSession, useAfterAuthRedirect } from './afterAuth';
import { AuthCard } from './AuthCard';
import { SignUpForm } from './SignUpForm';

export default function RegisterPage() {
  const t = useT();
  usePageHead({ title: t('screens.register') });
  const returnParam = new URLSearchParams(useSearch()).get('return');
  useAfterAuthRedirect(returnParam);

  return (
    <AuthCard title={t('auth.signup.title')}>
      <SignUpForm
        onAuthenticated={refreshSession}
        oauthReturn={returnParam}
        signInLink={
          <Link href={routeUrl('auth.login', {}, returnParam ? { query: { return: returnParam } } : {})} className="font-semibold text-brand-700 link-underline">
            {t('auth.signup.tosignin')}
          </Link>
        }
      />
    </AuthCard>
  );
}
