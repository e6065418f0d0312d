// Entry: start the session fetch and the landing page's chunk, load the detected language's texts, then render.
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
if (landing && landing.route.access !== 'su') preloadPage(landing.route.name);

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

setLocale(detectBrowserLocale())
  .catch((err: unknown) => {
    console.error('Could not load translations', err);
    return setLocale('en');
  })
  .catch(() => undefined)
  .finally(render);
