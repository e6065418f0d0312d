// The page frame: skip link, header, global alert, main content, footer and the app-wide overlays. Layout flags
// come from the current route (booking bar, white background, full width, no footer).
import { lazy, Suspense, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useT } from '../../lib/i18n';
import type { LayoutFlags } from '../../lib/routes';
import { Header } from './Header';

// Parts with nothing to show on a page's first render are chunks of their own, out of the home page's first download,
// loaded right after it: the alert bar and the page's end (LayoutEnd).
const GlobalAlert = lazy(() => import('../../components/GlobalAlert').then((m) => ({ default: m.GlobalAlert })));
const LayoutEnd = lazy(() => import('./LayoutEnd'));

/** Scroll to the top on every navigation and move focus to the new content, so screen readers start there. */
function useNavigationReset(path: string, main: RefObject<HTMLElement | null>) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [path, main]);
}

export function Layout({ path, flags, children }: { path: string; flags: LayoutFlags; children: ReactNode }) {
  const t = useT();
  const main = useRef<HTMLElement>(null);
  useNavigationReset(path, main);

  return (
    <div className={`flex min-h-screen flex-col ${flags.whiteBackground ? 'bg-white' : 'bg-cream-100'}`}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-70 focus:rounded-full focus:bg-ink-900 focus:px-4 focus:py-2 focus:text-white"
      >
        {t('common.skiptocontent')}
      </a>
      <Header bookingBar={Boolean(flags.bookingBar)} />
      <Suspense fallback={null}>
        <GlobalAlert />
      </Suspense>
      <main id="main" ref={main} tabIndex={-1} className={`flex-1 focus:outline-none ${flags.fullWidth ? '' : 'page-container py-8 sm:py-12'}`}>
        {children}
      </main>
      <Suspense fallback={null}>
        <LayoutEnd footer={!flags.hideFooter} />
      </Suspense>
    </div>
  );
}
