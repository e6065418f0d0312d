// Largest Contentful Paint in headless Chromium (Debian's, through playwright-core) with the CPU slowed down 4× over
// CDP: a fresh browser context per load, the median of the runs, pages interleaved so that load hits them alike.
// The baseline is a bare React page (scripts/bench/bare-react) built with the same React and served the same way,
// security headers included: Cross-Origin-Opener-Policy alone moves a fresh tab's first navigation into a new renderer
// process (at this throttling about 30 ms later to domInteractive and 16 ms to LCP, medians of 31 loads), which a page
// served without it does not pay.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { htmlSecurityHeaders } from '../../functions/_api/lib/security-headers';
import { launch } from '../../tests/e2e/support/browser';

export type LcpResult = { url: string; samples: number[]; median: number };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Builds the bare React page and serves it with @hono/node-server's static handler and the app's security headers, like scripts/serve.ts does. */
export async function serveBareReactPage(): Promise<{ url: string; close(): void }> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'ylc-bench-bare-'));
  await build({ root: path.join(import.meta.dirname, 'bare-react'), configFile: false, logLevel: 'error', plugins: [react()], build: { outDir, emptyOutDir: true, target: 'es2022' } });
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(htmlSecurityHeaders())) c.header(k, v);
  });
  app.use('*', serveStatic({ root: path.relative(process.cwd(), outDir) }));
  let server!: ReturnType<typeof serve>;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
  });
  return {
    url: `http://localhost:${port}/`,
    close() {
      server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

async function loadOnce(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    // LCP entries stop once the page settles; give the last candidate time to be reported.
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    if (!lcp) throw new Error(`no largest-contentful-paint entry for ${url}`);
    return lcp;
  } finally {
    await context.close();
  }
}

export async function measureLcp(urls: string[], runs: number): Promise<LcpResult[]> {
  const browser = await launch();
  try {
    const samples = urls.map(() => [] as number[]);
    for (const url of urls) await loadOnce(browser, url); // warm the server and the OS file cache
    for (let i = 0; i < runs; i++) {
      for (const [k, url] of urls.entries()) samples[k]!.push(await loadOnce(browser, url));
    }
    return urls.map((url, k) => ({ url, samples: samples[k]!, median: median(samples[k]!) }));
  } finally {
    await browser.close();
  }
}
