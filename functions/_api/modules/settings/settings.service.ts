// Runtime settings that admins change: fees, currency rates and launch mode, and the company's details. Defaults
// apply until a row exists. New bookings read them; existing bookings keep the snapshot taken when they were created.
import { eq, sql } from 'drizzle-orm';
import { settings } from '../../db/schema/system';
import type { DB } from '../../db/client';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '#shared/locales';

export type LaunchMode = 'live' | 'prelaunch';

export type Settings = {
  /** Customer service fee in basis points (500 = 5%). */
  service_fee_bp: number;
  /** Platform commission deducted from the chef's menu total, in basis points (1500 = 15%). */
  commission_bp: number;
  /** Units of each currency per 1 CHF. */
  currency_rates: Record<Currency, number>;
  launch_mode: LaunchMode;
};

export const DEFAULT_SETTINGS: Settings = {
  service_fee_bp: 500,
  commission_bp: 1500,
  currency_rates: { CHF: 1, EUR: 1.07, USD: 1.25, GBP: 0.93 },
  launch_mode: 'live',
};

export const CURRENCY_SYMBOLS: Record<Currency, string> = { CHF: 'CHF', EUR: '€', USD: '$', GBP: '£' };

/** A query that can run alone or inside db.batch([...]) next to others, to save a round trip. */
export const settingsQuery = (db: DB) => db.select({ key: settings.key, value: settings.value }).from(settings);

/**
 * The settings as one JSON object of their stored values, a column of a statement that reads other things too (menus
 * near reads them with its data in one statement); settingsOfJson reads it.
 */
export const SETTINGS_JSON = sql`(select json_group_object(${settings.key}, json(${settings.value})) from ${settings})`;
export const settingsOfJson = (text: string, defaultLaunchMode: LaunchMode | null = null): Settings =>
  toSettings(Object.entries(JSON.parse(text) as Record<string, unknown>).map(([key, value]) => ({ key, value })), defaultLaunchMode);

export function toSettings(rows: { key: string; value: unknown }[], defaultLaunchMode: LaunchMode | null = null): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS, currency_rates: { ...DEFAULT_SETTINGS.currency_rates } };
  if (defaultLaunchMode) out.launch_mode = defaultLaunchMode;
  for (const { key, value } of rows) {
    if (key === 'service_fee_bp' || key === 'commission_bp') out[key] = Number(value);
    else if (key === 'launch_mode' && (value === 'live' || value === 'prelaunch')) out.launch_mode = value;
    else if (key === 'currency_rates' && value && typeof value === 'object') {
      for (const code of CURRENCIES) {
        const rate = (value as Record<string, unknown>)[code];
        if (typeof rate === 'number' && rate > 0) out.currency_rates[code] = rate;
      }
    }
  }
  out.currency_rates[DEFAULT_CURRENCY] = 1;
  return out;
}

export function supportedCurrencies(s: Settings) {
  return Object.fromEntries(
    CURRENCIES.map((code) => [code, { code, symbol: CURRENCY_SYMBOLS[code], rate: s.currency_rates[code], decimals: 2, default: code === DEFAULT_CURRENCY }]),
  );
}

/**
 * The company that runs the marketplace (settings key `company`): the debtor of the payout bank files and the issuer
 * named on receipts and statements, with the e-mail address a reader of those documents writes to. Kept apart from
 * `Settings`, which public answers read on every request: the company's IBAN is for admins and documents only. Empty
 * strings until an admin sets it (the demo seed sets one). The one place documents and bank files read it from.
 */
export type Company = { name: string; street: string; postcode: string; city: string; country: string; vatId: string; iban: string; bic: string; email: string };
export const COMPANY_FIELDS = ['name', 'street', 'postcode', 'city', 'country', 'vatId', 'iban', 'bic', 'email'] as const satisfies readonly (keyof Company)[];

/** The company row alone, to run inside a db.batch([...]) with the document's own reads. */
export const companyQuery = (db: DB) => db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.key, 'company'));

/** The company from settings rows (the company row alone or all of them). */
export function toCompany(rows: { key: string; value: unknown }[]): Company {
  const value = rows.find((r) => r.key === 'company')?.value;
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(COMPANY_FIELDS.map((f) => [f, typeof stored[f] === 'string' ? stored[f] : ''])) as Company;
}
