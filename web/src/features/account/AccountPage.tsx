// The frame of the settings screens: the way back to the settings home, the page's h1 and, for a visitor (the
// prelaunch guard lets visitors open some of these pages), a prompt to sign in instead of the content.
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { usePageHead } from '../../lib/head';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useSession, type SessionUser } from '../../state/session';
import { openSignIn } from '../../state/ui';

export function AccountPage({ title, intro, back = true, children }: { title: string; intro?: string; back?: boolean; children: (user: SessionUser) => ReactNode }) {
  const t = useT();
  usePageHead({ title });
  const { user } = useSession();

  return (
    <div className="mx-auto w-full max-w-3xl">
      {back ? (
        <Link href={routeUrl('account.home')} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 link-underline">
          <Icon name="arrow-left" className="h-4 w-4" />
          {t('account.back')}
        </Link>
      ) : null}
      <h1 className="text-3xl font-bold text-ink-900">{title}</h1>
      {intro ? <p className="mt-2 text-ink-700">{intro}</p> : null}
      <div className="mt-8 flex flex-col gap-6">
        {user ? (
          children(user)
        ) : (
          <section className="card flex flex-col items-start gap-4 p-6" data-testid="account-signed-out">
            <p className="text-ink-800">{t('account.signedout')}</p>
            <Button onClick={() => openSignIn()}>{t('header.signin')}</Button>
          </section>
        )}
      </div>
    </div>
  );
}

/** A titled card on a settings screen. */
export function Section({ title, description, actions, children, testId }: { title: string; description?: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  const id = useId();
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={id} data-testid={testId}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-bold text-ink-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-ink-600">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
