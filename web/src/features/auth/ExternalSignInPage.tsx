// Return from Apple, Google or Meta (route auth.external, seed §2): the query carries code, state and provider. Shows
// 'Signing in...' while POST /v1/auth/oauth completes the sign-in, then goes on like the sign-in page. Failures are
// only logged (seed §8); a returned code that fails sends the user to the sign-in page.
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { OAUTH_PROVIDERS } from '#shared/schemas/auth.schema';
import { Spinner } from '../../components/Spinner';
import { client, unwrap } from '../../lib/client';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { afterAuthTarget, refreshSession, takeOAuthReturn } from './afterAuth';

// A code can be redeemed once: React's development double effects (and re-renders) must not send it twice.
const started = new Map<string, Promise<string>>();

/** Completes the sign-in and resolves to where to go next. */
export function completeExternalSignIn(search: string): Promise<string> {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const provider = OAUTH_PROVIDERS.find((p) => p === params.get('provider'));
  const login = routeUrl('auth.login');
  if (!code || !provider) {
    console.error('External sign-in returned without a code', { provider: params.get('provider'), error: params.get('error') });
    return Promise.resolve(login);
  }
  const existing = started.get(code);
  if (existing) return existing;
  const state = params.get('state');
  const user = params.get('user');
  const run = unwrap(client.auth.oauth.$post({ json: { provider, code, ...(state ? { state } : {}), ...(user ? { user } : {}) } }))
    .then(async () => {
      await refreshSession();
      return afterAuthTarget({ returnParam: takeOAuthReturn(), referrer: document.referrer, origin: window.location.origin });
    })
    .catch((err: unknown) => {
      console.error('External sign-in failed', err);
      return login;
    });
  started.set(code, run);
  return run;
}

export default function ExternalSignInPage() {
  const t = useT();
  const search = useSearch();
  const [, navigate] = useLocation();
  usePageHead({ title: t('auth.external.signingin') });

  useEffect(() => {
    let active = true;
    void completeExternalSignIn(search).then((target) => {
      if (active) navigate(target, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [search, navigate]);

  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-4 text-center" role="status">
      <Spinner className="h-8 w-8 text-brand-700" />
      <h1 className="text-xl font-semibold text-ink-900">{t('auth.external.signingin')}</h1>
    </div>
  );
}
