// The app: picks the route for the current path, applies the route guard once the session is fetched, and renders
// the page (a lazy chunk) inside the layout its route asks for.
import { Suspense, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../components/Button';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { useT } from '../lib/i18n';
import { findRoute, routeUrl } from '../lib/routes';
import { useSession } from '../state/session';
import { guardRedirect, normalisePath } from './guard';
import { Layout } from './layout/Layout';
import { NotFoundPage, PAGES } from './routeTable';

function PageError({ retry }: { retry: () => void }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-md py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t('errors.page.title')}</h1>
      <p className="mt-2 text-ink-700">{t('errors.page.text')}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Button variant="outline" onClick={retry}>
          {t('common.retry')}
        </Button>
        <Button onClick={() => window.location.reload()}>{t('errors.page.reload')}</Button>
      </div>
    </div>
  );
}

export function App() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { fetched, user, app } = useSession();

  const path = normalisePath(location);
  const match = findRoute(path);
  const guardTarget = fetched ? guardRedirect(path, search, { launchMode: app?.launch_mode ?? null, user }) : null;
  const redirectTo = guardTarget ?? (match?.route.redirectTo ? routeUrl(match.route.redirectTo) : null);

  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  // Account and admin pages wait for the session instead of flashing content the guard may take away.
  const waiting = !fetched && match !== null && (match.route.access ?? 'public') !== 'public';
  const binding = match ? PAGES[match.route.name] : undefined;

  let content;
  if (redirectTo || waiting) {
    content = <PageLoader />;
  } else if (!match || !binding) {
    content = <NotFoundPage />;
  } else {
    const Page = binding.page.component;
    const page = <Page params={match.params} {...(binding.screenKey ? { screenKey: binding.screenKey } : {})} />;
    const PageLayout = binding.layout?.component;
    content = PageLayout ? <PageLayout>{page}</PageLayout> : page;
  }

  return (
    <Layout path={path} flags={match?.route.flags ?? {}}>
      <ErrorBoundary resetKey={path} fallback={(retry) => <PageError retry={retry} />}>
        <Suspense fallback={<PageLoader />}>{content}</Suspense>
      </ErrorBoundary>
    </Layout>
  );
}
