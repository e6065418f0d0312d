// Part of `npm run build:web`: writes the home page and menus near me with their first screen already rendered, one
// file per locale (dist/prerender/<page>-<locale>.html), and the loading menu card the edge fills with pictures, from
// web/src/prerender.tsx run through Vite's SSR loader. The edge picks the visitor's file for `/` (functions/index.ts)
// and /menus/nearme/{regionId} (functions/menus/nearme/[regionId].ts); scripts/serve.ts does the same on Node.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { LOCALES } from '#shared/locales';
import { MENU_SKELETONS_FILE, prerenderedFile, prerenderedHtml, PRERENDER_DIR } from '../functions/_api/modules/seo/prerender';

const ROOT = path.resolve(import.meta.dirname, '..');
const dist = path.join(ROOT, 'dist');

// React's production build, as in the browser: no development-only markup.
process.env.NODE_ENV = 'production';
const vite = await createServer({
  configFile: path.join(ROOT, 'web/vite.config.ts'),
  mode: 'production',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
});
try {
  const { renderHome, renderMenusNearMe, menuSkeletons } = (await vite.ssrLoadModule('/src/prerender.tsx')) as typeof import('../web/src/prerender');
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  mkdirSync(path.join(dist, PRERENDER_DIR), { recursive: true });
  for (const locale of LOCALES) {
    writeFileSync(path.join(dist, prerenderedFile('home', locale)), prerenderedHtml(template, await renderHome(locale)));
    writeFileSync(path.join(dist, prerenderedFile('nearme', locale)), prerenderedHtml(template, await renderMenusNearMe(locale)));
  }
  writeFileSync(path.join(dist, MENU_SKELETONS_FILE), JSON.stringify(menuSkeletons()));
  console.log(`prerendered the home page and menus near me in ${LOCALES.length} locales`);
} finally {
  await vite.close();
}
