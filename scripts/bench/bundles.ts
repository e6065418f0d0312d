// Bundle sizes: the home page's initial JavaScript (index.html's entry script and modulepreloads, the startup and
// shell chunks the entry imports at once and the home page chunk, with everything they import statically), and the
// Pages Functions bundle (also run in workerd by the benchmark). Both are built into temporary directories, so dist/
// and .build/ of a running server are left alone.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { ROOT } from '../lib/node-platform';

const gz = (bytes: Buffer | string) => gzipSync(bytes).length;

/** Source paths that must never be part of the home page's first download. */
export const LAZY_ONLY = [
  { name: 'admin', test: /\/web\/src\/features\/admin\// },
  { name: 'chef area', test: /\/web\/src\/features\/(chef-area|onboarding)\// },
  { name: 'booking', test: /\/web\/src\/features\/bookings\// },
  { name: 'date picker', test: /\/node_modules\/react-datepicker\/|\/web\/src\/components\/DateTime(Calendar|Picker)\.tsx/ },
];

type ChunkInfo = { fileName: string; imports: string[]; modules: string[]; code: string };

export type HomeJs = {
  files: { file: string; gzip: number }[];
  gzipBytes: number;
  /** LAZY_ONLY areas found among the initial files' modules (should be empty). */
  leaked: string[];
};

export async function homePageJs(): Promise<HomeJs> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'ylc-bench-web-'));
  const chunks = new Map<string, ChunkInfo>();
  const collect: Plugin = {
    name: 'ylc-bench:collect-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type === 'chunk') chunks.set(out.fileName, { fileName: out.fileName, imports: out.imports, modules: Object.keys(out.modules), code: out.code });
      }
    },
  };
  try {
    await build({ configFile: path.join(ROOT, 'web/vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true }, plugins: [collect] });
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const initial = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
    const holding = (source: RegExp) => {
      const chunk = [...chunks.values()].find((c) => c.modules.some((id) => source.test(id.replace(/\\/g, '/'))));
      if (!chunk) throw new Error(`no chunk holds ${source.source}`);
      return chunk.fileName;
    };
    const startup = [/\/web\/src\/app\/boot\.ts$/, /\/web\/src\/app\/start\.tsx$/, /\/web\/src\/features\/home\/HomePage\.tsx$/].map(holding);
    const files = new Set<string>();
    const add = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      for (const dep of chunks.get(file)?.imports ?? []) add(dep);
    };
    for (const f of [...initial, ...startup]) add(f);
    // The files as written: Vite adds each chunk's list of what to preload with its lazy imports after the bundle is
    // generated, so the chunks' code seen above lacks it.
    const list = [...files].map((file) => ({ file, gzip: gz(readFileSync(path.join(outDir, file))) }));
    const modules = [...files].flatMap((f) => chunks.get(f)?.modules ?? []);
    const leaked = LAZY_ONLY.filter((area) => modules.some((id) => area.test.test(id.replace(/\\/g, '/')))).map((a) => a.name);
    return { files: list, gzipBytes: list.reduce((s, f) => s + f.gzip, 0), leaked };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** `wrangler pages functions build --minify` (as `npm run build:functions`) into `outDir`; its entry is `index.js`. */
export async function buildFunctions(outDir: string): Promise<string> {
  await promisify(execFile)(path.join(ROOT, 'node_modules/.bin/wrangler'), ['pages', 'functions', 'build', '--minify', '--outdir', outDir], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return path.join(outDir, 'index.js');
}

/** Size of the built Functions bundle in `outDir` (buildFunctions), plain and gzipped. */
export function functionsBundle(outDir: string): { bytes: number; gzipBytes: number } {
  let bytes = 0;
  let gzipBytes = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(m?js|wasm)$/.test(name)) {
        const content = readFileSync(file);
        bytes += content.length;
        gzipBytes += gz(content);
      }
    }
  };
  walk(outDir);
  return { bytes, gzipBytes };
}
