// Placeholder for a screen that a later issue builds: names the screen and says it is coming.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { usePageHead } from '../lib/head';
import { useT } from '../lib/i18n';
import { routeUrl } from '../lib/routes';
import { Icon } from './Icon';

export function ComingSoon({ screen, children }: { screen: string; children?: ReactNode }) {
  const t = useT();
  usePageHead({ title: screen });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center" aria-labelledby="coming-soon-title">
      <span className="mb-6 inline-flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Icon name="chefhat" className="h-8 w-8" />
      </span>
      <h1 id="coming-soon-title" className="text-3xl font-bold text-ink-900">
        {screen}
      </h1>
      <p className="mt-3 text-lg text-ink-700">{t('comingsoon.text', { screen })}</p>
      <p className="mt-1 text-ink-600">{t('comingsoon.hint')}</p>
      {children}
      <Link href={routeUrl('home')} className="mt-8 font-semibold text-brand-700 link-underline">
        {t('comingsoon.backhome')}
      </Link>
    </section>
  );
}
