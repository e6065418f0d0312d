// One browser and one read-only view of the server's database per journey file, and fresh profiles on demand.
import { afterAll, beforeAll, inject } from 'vitest';
import { createClient, type Client } from '@libsql/client';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, trackErrors } from './browser';

export function useBrowser() {
  const state = { browser: undefined as unknown as Browser, db: undefined as unknown as Client };
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    state.browser = await launch();
    // The busy timeout in the config reaches every pooled connection (a PRAGMA would reach one).
    state.db = createClient({ url: inject('databaseUrl'), timeout: 5000 });
    // Every journey file talks to one server from one address: each starts with a fresh per-IP budget for sign-ups
    // and sign-ins, and a fresh budget per demo account from that address (8 sign-ins in 15 minutes), so the files'
    // order cannot push a later one over a limit. The per-account ceilings stay untouched.
    await state.db.execute("DELETE FROM rate_limits WHERE key LIKE '%:ip:%' OR key LIKE 'signin:account-source:%'");
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await state.browser?.close();
    state.db?.close();
  });
  /**
   * A fresh browser profile (no cookies) with the cookie banner already answered, so it covers nothing; optionally
   * with the app's language already chosen (as a visitor's earlier choice), a time zone, and a phone's screen.
   */
  async function newPage(opts: { locale?: string; timezoneId?: string; phone?: boolean } = {}): Promise<{ page: Page; errors: string[] }> {
    const context = await state.browser.newContext({
      locale: 'en-US',
      timezoneId: opts.timezoneId,
      viewport: opts.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    });
    contexts.push(context);
    await context.addInitScript((locale) => {
      localStorage.setItem('cookie-consent', 'rejected');
      if (locale) localStorage.setItem('locale', locale);
    }, opts.locale ?? null);
    const page = await context.newPage();
    return { page, errors: trackErrors(page) };
  }
  /** Rows of a read of the server's database, as objects by column name. */
  async function rows<T>(sql: string, args: (string | number)[] = []): Promise<T[]> {
    const res = await state.db.execute({ sql, args });
    return res.rows.map((r) => Object.fromEntries(res.columns.map((c, i) => [c, r[i]]))) as T[];
  }
  return { state, newPage, rows };
}
