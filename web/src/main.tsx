// Entry. A prerendered page (the home page, menus near me: web/src/prerender.tsx) is painted before the app's code runs, so
// that code cannot hold back the first paint; any other page, or a tab in the background (which does not paint),
// starts the app at once.
import 'virtual:uno.css';

/** In case no paint is ever reported, or the picture never comes. */
const PAINT_WAIT_MS = 1000;

/**
 * Runs `run` once the first contentful paint is reported (or after the next frame where paint timing is missing) and,
 * when the prerendered markup has a picture (menus near me's first card, filled in at the edge), after the frame that
 * shows it: that picture is the page's largest paint, and the startup's work would hold back the frame.
 */
function afterFirstPaint(run: () => void, picture: HTMLImageElement | null) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    run();
  };
  const shown = picture?.decode().catch(() => {}).then(() => new Promise(requestAnimationFrame));
  const painted = () => void Promise.resolve(shown).then(() => setTimeout(start, 0));
  const observer = PerformanceObserver.supportedEntryTypes?.includes('paint')
    ? new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) painted();
      })
    : null;
  if (observer) observer.observe({ type: 'paint', buffered: true });
  else requestAnimationFrame(painted);
  setTimeout(start, PAINT_WAIT_MS);
}

const boot = () => void import('./app/boot').then((m) => m.boot());
const root = document.getElementById('root');
if (root?.firstElementChild && document.visibilityState === 'visible') afterFirstPaint(boot, root.querySelector('img'));
else boot();
