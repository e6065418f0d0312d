// Startup, run by the entry (main.tsx): starts the session fetch, the landing page's chunk and data, the detected
// language's texts and the shell (React DOM and the App) all at once, then renders, with the landing page in the
// first paint when its chunk arrives in time.
import { detectBrowserLocale, setLocale } from '../lib/i18n';
import { findRoute } from '../lib/routes';
import { fetchSession } from '../state/session';
import { normalisePath } from './guard';
import { prefetchPage } from './routeTable';

void fetchSession();
const locale = detectBrowserLocale();
const landing = findRoute(normalisePath(window.location.pathname));
// Not the admin area's: its chunks load only once the guard has let a super-user in.
const landingChunk = landing && landing.route.access !== 'su' ? prefetchPage(landing.route.name, landing.params, locale) : Promise.resolve();
const shell = import('./start');
/** How long the first render waits for the landing page's chunk before it shows the shell with a loader. */
const LANDING_WAIT_MS = 1500;

const texts = setLocale(locale)
  .catch((err: unknown) => {
    console.error('Could not load translations', err);
    return setLocale('en');
  })
  .catch(() => undefined);
const landingInTime = Promise.race([landingChunk, new Promise<void>((resolve) => setTimeout(resolve, LANDING_WAIT_MS))]);
void Promise.all([shell, texts, landingInTime]).then(([{ start }]) => start(document.getElementById('root')!));
