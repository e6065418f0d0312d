// The 404 page's content (seed §2): "Page not found", the missing-recipe line, and links home and to contact
// support. The catch-all route shows it, and so does a page whose object the API does not know (a menu that is not
// the chef's or no longer published, an unknown content page).
import { Link } from 'wouter';
import { usePageHead } from '../lib/head';
import { useT } from '../lib/i18n';
import { routeUrl } from '../lib/routes';
import { buttonClasses } from './Button';
import { Icon } from './Icon';

export function NotFound() {
  const t = useT();
  usePageHead({ title: t('notfound.title') });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-16 text-center" aria-labelledby="not-found-title" data-testid="not-found">
      <span className="mb-6 inline-flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <Icon name="plate" className="h-10 w-10" />
      </span>
      <p className="text-sm font-bold uppercase tracking-widest text-brand-700">404</p>
      <h1 id="not-found-title" className="mt-2 text-4xl font-extrabold text-ink-900">
        {t('notfound.title')}
      </h1>
      <p className="mt-4 text-lg text-ink-700">{t('notfound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href={routeUrl('home')} className={buttonClasses('primary')}>
          {t('notfound.home')}
        </Link>
        <Link href={routeUrl('page', { pageUrl: 'contact' })} className={buttonClasses('outline')}>
          {t('notfound.contact')}
        </Link>
      </div>
    </section>
  );
}
