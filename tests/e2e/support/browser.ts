// Real Chromium through playwright-core. Never downloads a browser: uses CHROMIUM_PATH or Debian's /usr/bin/chromium.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error('No Chromium found. Install Debian\'s: `apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.');
  }
  return found;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Collects uncaught page errors so a journey fails when the page throws. */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
