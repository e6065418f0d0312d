// The visitor's language and currency. The API client sends both as headers (x-locale, x-currency), so data keyed on
// them refetches, and prices re-render in the new currency without a reload.
import { proxy } from 'valtio';
import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type Locale } from '#shared/locales';
import { storage } from '../lib/storage';

export const CURRENCY_STORAGE_KEY = 'currency';

/** The parts of the session's app configuration that decide the currency. */
type Currencies = { supported_currencies: Record<string, { code: string; default: boolean }>; default_currency: string };

export const preferences = proxy({
  locale: DEFAULT_LOCALE as Locale,
  /** The effective currency: the visitor's choice when supported, else the app's default. */
  currency: storage.get(CURRENCY_STORAGE_KEY) ?? DEFAULT_CURRENCY,
});

/** Seed §3: the current currency comes from the supported currencies, falling back to the default if unsupported. */
export function resolveCurrency(choice: string | null | undefined, app: Currencies | null): string {
  if (!app) return choice || DEFAULT_CURRENCY;
  if (choice && app.supported_currencies[choice]) return choice;
  const flagged = Object.values(app.supported_currencies).find((c) => c.default)?.code;
  return app.default_currency || flagged || DEFAULT_CURRENCY;
}

export function setCurrency(code: string, app: Currencies | null): void {
  const resolved = resolveCurrency(code, app);
  preferences.currency = resolved;
  storage.set(CURRENCY_STORAGE_KEY, resolved);
}
