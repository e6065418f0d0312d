// Entry: start the session fetch and the landing page's chunk, load the detected language's texts, then render, with
// the landing page in the first paint when its chunk arrives in time.
import 'virtual:uno.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { normalisePath } from './app/guard';
import { preloadPage } from './app/routeTable';
import { findRoute } from './lib/routes';
import { detectBrowserLocale, setLocale } from './lib/i18n';
import { fetchSession } from './state/session';

void fetchSession();
// Fetch the landing page's chunk alongside the translations instead of after them.
const landing = findRoute(normalisePath(window.location.pathname));
// Not the admin area's: its chunks load only once the guard has let a super-user in.
const landingChunk = landing && landing.route.access !== 'su' ? preloadPage(landing.route.name) : Promise.resolve();
/** How long the first render waits for the landing page's chunk before it shows the shell with a loader. */
const LANDING_WAIT_MS = 1500;

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

const texts = setLocale(detectBrowserLocale())
  .catch((err: unknown) => {
    console.error('Could not load translations', err);
    return setLocale('en');
  })
  .catch(() => undefined);
const landingInTime = Promise.race([landingChunk, new Promise<void>((resolve) => setTimeout(resolve, LANDING_WAIT_MS))]);
void Promise.all([texts, landingInTime]).finally(render);
