// Startup, run by the entry (main.tsx): starts the session fetch, the landing page's chunk and data, the detected
// language's texts and the shell (React DOM and the App) all at once, then renders, with the landing page in the
// first paint when its chunk arrives in time.
//
// All of it is in boot(), none at the module's top level: the entry imports this chunk statically (it holds Vite's
// preload helper), so the chunk is fetched and evaluated with the entry, before the first paint; only the entry's
// call of boot() waits for that paint.
import type { Root } from 'react-dom/client';
import { telemetry } from '../lib/api';
import { detectBrowserLocale, setLocale } from '../lib/i18n';
import { findRoute } from '../lib/routes';
import { fetchSession, session } from '../state/session';
import { normalisePath } from './guard';
import { preloadStoredBookingBar } from './layout/booking-bar-chunk';
import { loadPageChunks, prefetchPage } from './routeTable';

/** How long the first render waits for the landing page's chunks before it shows the shell with a loader. */
const LANDING_WAIT_MS = 1500;
/** At the latest this long after the start, the home page's chunk is fetched for in-app navigation. */
const HOME_PRELOAD_WAIT_MS = 3000;

/** Resolves to the React root once the first render is under way (tests unmount it before their document goes). */
export function boot(): Promise<Root> {
  void fetchSession().then(() => {
    // Only a deployment with an error tracker (SENTRY_DSN) downloads the reporter.
    const reporting = session.app?.error_reporting;
    if (reporting) void import('../lib/error-reporting').then((m) => m.startErrorReporting(reporting, telemetry));
  });
  const locale = detectBrowserLocale();
  const landing = findRoute(normalisePath(window.location.pathname));
  // Not the admin area's: its chunks load only once the guard has let a super-user in.
  const landingChunk = landing && landing.route.access !== 'su' ? prefetchPage(landing.route.name, landing.params, locale) : Promise.resolve();
  // A returning visitor's booking bar shows their stored settings in the first render, as the page does its content.
  const bookingBar = landing?.route.flags?.bookingBar ? preloadStoredBookingBar() : Promise.resolve();
  const shell = import('./start');

  const texts = setLocale(locale)
    .catch((err: unknown) => {
      console.error('Could not load translations', err);
      return setLocale('en');
    })
    .catch(() => undefined);
  const landingInTime = Promise.race([Promise.all([landingChunk, bookingBar]), new Promise<void>((resolve) => setTimeout(resolve, LANDING_WAIT_MS))]);
  return Promise.all([shell, texts, landingInTime]).then(([{ start }]) => {
    const root = start(document.getElementById('root')!);
    // Home is where in-app navigation goes most (the logo, "back to home"): its chunk is fetched once the landing page
    // has settled, so going there renders at once instead of an empty page while the chunk downloads.
    if (landing?.route.name !== 'home') {
      const load = () => void loadPageChunks('home');
      if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: HOME_PRELOAD_WAIT_MS });
      else setTimeout(load, HOME_PRELOAD_WAIT_MS);
    }
    return root;
  });
}
