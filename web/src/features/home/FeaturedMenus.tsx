// "Featured menus" on the home page: GET /v1/menus/featured, with loading, empty and error states.
import { Link } from 'wouter';
import { Button, buttonClasses } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { MenuCard, MenuCardSkeleton } from '../../components/MenuCard';
import { client, type Answer } from '../../lib/client';
import { useT } from '../../lib/i18n';
import { routeUrl } from '../../lib/routes';
import { useApi } from '../../lib/swr';

const FEATURED_MENUS_PATH = client.menus.featured.$path();

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export function FeaturedMenus() {
  const t = useT();
  const { data, error, isLoading, mutate } = useApi<Answer<typeof client.menus.featured.$get>>(FEATURED_MENUS_PATH);
  const menus = data?.data ?? [];

  let body;
  if (isLoading && !data) {
    body = (
      <div className={grid} aria-busy="true">
        <span className="sr-only" role="status">
          {t('home.featured.loading')}
        </span>
        {Array.from({ length: 4 }, (_, i) => (
          <MenuCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (error && !data) {
    body = (
      <div className="card flex flex-col items-center gap-4 p-10 text-center" role="alert">
        <Icon name="alert" className="h-8 w-8 text-danger-600" />
        <p className="text-lg font-semibold text-ink-900">{t('home.featured.error')}</p>
        <Button variant="outline" onClick={() => mutate()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (menus.length === 0) {
    body = (
      <div className="card flex flex-col items-center gap-3 p-10 text-center" data-testid="featured-empty">
        <Icon name="chefhat" className="h-10 w-10 text-brand-600" />
        <p className="text-lg font-semibold text-ink-900">{t('home.featured.empty')}</p>
        <p className="max-w-md text-ink-600">{t('home.featured.emptyhint')}</p>
        <Link href={routeUrl('account.beachef')} className={buttonClasses('outline', 'md', 'mt-2')}>
          {t('header.becomechef')}
        </Link>
      </div>
    );
  } else {
    body = (
      <ul className={grid}>
        {menus.map((menu) => (
          <li key={menu.id} className="flex">
            <div className="flex w-full">
              <MenuCard menu={menu} testId="featured-menu" />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="page-container py-16" aria-labelledby="featured-title">
      <div className="mb-8 max-w-2xl">
        <h2 id="featured-title" className="text-3xl font-extrabold tracking-tight text-ink-900">
          {t('home.featured.title')}
        </h2>
        <p className="mt-2 text-lg text-ink-700">{t('home.featured.subtitle')}</p>
      </div>
      {body}
    </section>
  );
}
