// Vite build of the web client: React + UnoCSS, output to ../dist for Cloudflare Pages, with the Pages `_headers` and
// `_routes.json` written from the same security-header constants the API and the Node server use.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import UnoCSS from 'unocss/vite';
import { defineConfig, type Plugin } from 'vite';
import { htmlSecurityHeaders } from '../functions/_api/lib/security-headers';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Pages routing: only these paths reach Pages Functions; everything else is a static file or the SPA fallback. */
export const PAGES_ROUTES = { version: 1, include: ['/', '/v1/*', '/chefs/*', '/menus/nearme/*', '/sitemap.xml'], exclude: [] as string[] };

/**
 * The static pages' headers. Their CSP allows the error tracker and analytics configured for the build (SENTRY_DSN,
 * PLAUSIBLE_DOMAIN, PLAUSIBLE_HOST in the Pages build's environment, the same variables the Functions read at run time).
 */
export function pagesHeadersFile(env: Record<string, string | undefined> = process.env): string {
  const all = htmlSecurityHeaders(env);
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${block('/*', all)}\n${block('/assets/*', { 'Cache-Control': 'public, max-age=31536000, immutable' })}\n`;
}

/** Top-level namespaces of i18n/*.json that only the server uses (mail, SMS and notification texts); never downloaded. */
export const SERVER_ONLY_I18N_NAMESPACES = ['mail', 'sms', 'notify'];

/**
 * Namespaces used only by lazily loaded areas (dialogs, account, chef area, onboarding, admin). `?part=core` leaves
 * them out of the first download; `?part=areas` is fetched with the first lazy chunk (lib/i18n.ts ensureAreaTexts).
 */
export const AREA_I18N_NAMESPACES = ['chefarea', 'onboarding', 'account', 'auth', 'admin', 'styledemo', 'booking', 'bookings', 'newsletterlink', 'phoneverify', 'validation', 'uploadrefusals'];

export function splitTranslations(): Plugin {
  return {
    name: 'ylc:split-translations',
    enforce: 'pre',
    transform(code, id) {
      const [file, query = ''] = id.split('?');
      if (!/[\\/]i18n[\\/][a-z-]+\.json$/.test(file ?? '')) return null;
      const part = new URLSearchParams(query).get('part');
      const table = JSON.parse(code) as Record<string, unknown>;
      for (const namespace of Object.keys(table)) {
        const isArea = AREA_I18N_NAMESPACES.includes(namespace);
        if (SERVER_ONLY_I18N_NAMESPACES.includes(namespace) || (part === 'core' && isArea) || (part === 'areas' && !isArea)) delete table[namespace];
      }
      // With a query the bundler no longer sees a .json file, so hand it a JS module.
      if (part) return { code: `export default ${JSON.stringify(table)};`, map: null, moduleType: 'js' };
      return { code: JSON.stringify(table), map: null };
    },
  };
}

/** The admin area's page and layout chunks (their entry module is under features/admin), found as the bundle is written. */
const adminChunks = new Set<string>();

function findAdminChunks(): Plugin {
  return {
    name: 'ylc:admin-chunks',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type === 'chunk' && out.facadeModuleId && /[\\/]web[\\/]src[\\/]features[\\/]admin[\\/]/.test(out.facadeModuleId)) adminChunks.add(out.fileName);
      }
    },
  };
}

function cloudflarePagesFiles(): Plugin {
  return {
    name: 'ylc:cloudflare-pages-files',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: pagesHeadersFile() });
      this.emitFile({ type: 'asset', fileName: '_routes.json', source: `${JSON.stringify(PAGES_ROUTES)}\n` });
    },
  };
}

export default defineConfig({
  root: webRoot,
  resolve: {
    alias: [
      // wouter and swr reach React's useSyncExternalStore through the use-sync-external-store shim, written for React
      // versions before 18; React 19 has the hook, so the shim's fallback is 0.6 KB of the first download for nothing.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)) },
    ],
  },
  plugins: [findAdminChunks(), splitTranslations(), react(), UnoCSS({ configFile: fileURLToPath(new URL('./uno.config.ts', import.meta.url)) }), cloudflarePagesFiles()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: {
      // Browsers without <link rel=modulepreload> still load every module, only without the head start.
      polyfill: false,
      // What a lazy page needs is preloaded with it, from a list in the chunk that imports it (the entry's, for every
      // page). The entry's and the shell's chunks are loaded before any page's, so they are not listed again; the
      // admin area's pages, which only super-users open, fetch their parts as they load instead of lengthening
      // everyone's first download.
      resolveDependencies: (file, deps) => (adminChunks.has(file) ? [] : deps.filter((d) => !/assets\/(shell|boot|rolldown-runtime)-/.test(d))),
    },
    rolldownOptions: {
      output: {
        // A lazy chunk is named by its hash alone: the entry's list of every chunk a page may preload (one name per
        // chunk, about 160) is part of the home page's first download. The startup chunks keep their names, which the
        // preload lists above leave out, and so do the admin area's, which the browser journeys check no one else loads.
        chunkFileNames: (chunk) =>
          /^(boot|shell|rolldown-runtime)$/.test(chunk.name) || chunk.moduleIds.some((id) => /[\\/]web[\\/]src[\\/]features[\\/]admin[\\/]/.test(id))
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        // Two chunks for what every page needs at once: `boot` (the entry's startup: session, texts, routes) and
        // `shell` (React DOM, the layout and what it imports, and the page head), each with everything it imports,
        // instead of a score of small shared chunks that each cost a request and compress worse on their own.
        codeSplitting: {
          groups: [
            { name: 'boot', test: /[\\/]web[\\/]src[\\/]app[\\/]boot\.ts$/, priority: 2 },
            { name: 'shell', test: /[\\/]web[\\/]src[\\/](app[\\/]start\.tsx|lib[\\/]head\.ts)$/, priority: 1 },
            // The kernel's time constants ride with its event-time code, which every page that counts days loads anyway,
            // instead of being one more tiny chunk in the preload lists the first download carries.
            { name: 'event-time', test: /[\\/]shared[\\/](event-time|time)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/v1': { target: 'http://localhost:8787', changeOrigin: false } },
  },
});
