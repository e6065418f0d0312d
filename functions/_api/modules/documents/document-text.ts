// Texts, amounts and dates of the receipts and statements in the reader's locale: amounts from integer minor units
// with two decimals always (a document lists them in a column), dates in the event's or the chef's time zone.
import { localeTag as tagOf } from '../../lib/event-text';
import { translate } from '../../lib/i18n';

export const docText = (locale: string, key: string, params?: Record<string, string | number>) => translate(locale, `documents.${key}`, params);

const amountFormats = new Map<string, Intl.NumberFormat>();

/** 12345 CHF in de-ch → "CHF 123.45"; negative amounts keep their sign. */
export function money(minor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = amountFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tagOf(locale), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(key, f);
  }
  return f.format(minor / 100);
}

/** A day as the locale writes it, in a time zone: "12. Juni 2026". */
export const longDay = (instant: Date, timeZone: string, locale: string) => new Intl.DateTimeFormat(tagOf(locale), { dateStyle: 'long', timeZone }).format(instant);

/** A local calendar date (YYYY-MM-DD) as the locale writes it, short: "12.06.2026". */
export const shortDay = (date: string, locale: string) => new Intl.DateTimeFormat(tagOf(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** A month (YYYY-MM) by name: "Juni 2026". */
export const monthName = (month: string, locale: string) => new Intl.DateTimeFormat(tagOf(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
