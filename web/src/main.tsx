// Entry. A prerendered page (the home page, menus near me: web/src/prerender.tsx) is painted before the app's code runs, so
// that code cannot hold back the first paint; any other page, or a tab in the background (which does not paint),
// starts the app at once.
import 'virtual:uno.css';

/** In case no paint is ever reported. */
const PAINT_WAIT_MS = 1000;

/** Runs `run` once the first contentful paint is reported, or after the next frame where paint timing is missing. */
function afterFirstPaint(run: () => void) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    run();
  };
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) setTimeout(start, 0);
      })
    : null;
  if (observer) observer.observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, PAINT_WAIT_MS);
}

/**
 * Settles after the frame that shows the prerendered page's first picture (menus near me's first card, filled in at the
 * edge): that picture is the page's largest paint, and the app's startup would hold back the frame that shows it.
 */
function firstPictureShown(root: Element): Promise<void> {
  const picture = root.querySelector('img');
  if (!picture) return Promise.resolve();
  return picture
    .decode()
    .catch(() => undefined)
    .then(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

const boot = () => void import('./app/boot').then((m) => m.boot());
const root = document.getElementById('root');
if (root?.firstElementChild && document.visibilityState === 'visible') {
  const picture = Promise.race([firstPictureShown(root), new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_MS))]);
  afterFirstPaint(() => void picture.then(boot));
} else boot();
