// Sign-in page (route auth.login): the dialog's form as a page. After signing in it goes on to chef onboarding, the
// `return` path or home (seed §2 "After authentication").
import { Link, useSearch } from 'wouter';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { refreshSession, useAfterAuthRedirect } from './afterAuth';
import { AuthCard } from './AuthCard';
import { SignInForm } from './SignInForm';

export default function LoginPage() {
  const t = useT();
  usePageHead({ title: t('screens.login') });
  const returnParam = new URLSearchParams(useSearch()).get('return');
  useAfterAuthRedirect(returnParam);

  return (
    <AuthCard title={t('auth.signin.title')}>
      <SignInForm
        onAuthenticated={refreshSession}
        oauthReturn={returnParam}
        signUpLink={
          <Link href={routeUrl('auth.register', {}, returnParam ? { query: { return: returnParam } } : {})} className="font-semibold text-brand-700 link-underline">
            {t('auth.signin.tosignup')}
          </Link>
        }
      />
    </AuthCard>
  );
}
