// The visitor's language and currency. The API client sends both as headers (x-locale, x-currency), so data keyed on
// them refetches, and prices re-render in the new currency without a reload.
import { proxy } from 'valtio';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type Locale } from '../../../functions/_api/lib/locales';
import type { AppConfig } from '../lib/api-types';
import { storage } from '../lib/storage';

export const CURRENCY_STORAGE_KEY = 'currency';

export const preferences = proxy({
  locale: DEFAULT_LOCALE as Locale,
  /** The effective currency: the visitor's choice when supported, else the app's default. */
  currency: storage.get(CURRENCY_STORAGE_KEY) ?? DEFAULT_CURRENCY,
});

/** Seed §3: the current currency comes from the supported currencies, falling back to the default if unsupported. */
export function resolveCurrency(choice: string | null | undefined, app: Pick<AppConfig, 'supported_currencies' | 'default_currency'> | null): string {
  if (!app) return choice || DEFAULT_CURRENCY;
  if (choice && app.supported_currencies[choice]) return choice;
  const flagged = Object.values(app.supported_currencies).find((c) => c.default)?.code;
  return app.default_currency || flagged || DEFAULT_CURRENCY;
}

export function setCurrency(code: string, app: Pick<AppConfig, 'supported_currencies' | 'default_currency'> | null): void {
  const resolved = resolveCurrency(code, app);
  preferences.currency = resolved;
  storage.set(CURRENCY_STORAGE_KEY, resolved);
}
