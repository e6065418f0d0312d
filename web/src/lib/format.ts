// Dates, times, durations and numbers per locale. Date patterns are the seed's (§9), applied by hand so every browser
// prints the same thing regardless of its Intl data.
import { zoneParts } from '#shared/event-time';
import { LOCALE_INFO, type Locale } from '#shared/locales';

export const DATE_FORMATS: Record<string, string> = {
  de_CH: 'dd.MM.yyyy',
  de_DE: 'dd.MM.yyyy',
  fr_CH: 'dd.MM.yyyy',
  it_CH: 'dd.MM.yyyy',
  gsw_CH: 'dd.MM.yyyy',
  en_US: 'MM/dd/yyyy',
  en_GB: 'dd/MM/yyyy',
  fr_FR: 'dd/MM/yyyy',
  it_IT: 'dd/MM/yyyy',
};

const FALLBACK_DATE_FORMAT = 'dd.MM.yyyy';

/** Accepts an app locale (`de-ch`) or a format locale (`de_CH`). */
export function dateFormatFor(locale: Locale | string): string {
  const key = locale in LOCALE_INFO ? LOCALE_INFO[locale as Locale].ogLocale : locale;
  return DATE_FORMATS[key] ?? FALLBACK_DATE_FORMAT;
}

const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The calendar date of an instant: on the device's clock (the reader's own sessions, notifications, messages), or in
 * `timeZone` for a date that is one fact for every reader (a public page's "since" or review date).
 */
export function formatDate(value: Date | string | number, locale: Locale | string, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const day = timeZone ? zoneParts(date, timeZone) : { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
  return dateFormatFor(locale).replace('dd', pad(day.day)).replace('MM', pad(day.month)).replace('yyyy', String(day.year));
}

/** 24-hour time, hours and minutes (seed: time picker accuracy). */
export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : '';
}

export function formatDateTime(value: Date | string | number, locale: Locale | string): string {
  const date = toDate(value);
  return date ? `${formatDate(date, locale)} ${formatTime(date)}` : '';
}

/** Durations print hours and minutes: 90 → "1 h 30 min", 120 → "2 h", 45 → "45 min". */
export function formatDuration(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h && m) return `${h} h ${m} min`;
  if (h) return `${h} h`;
  return `${m} min`;
}

const intlTag = (locale: Locale | string) => (locale in LOCALE_INFO ? LOCALE_INFO[locale as Locale].hreflang : locale.replace('_', '-'));

/** Number formats by locale and decimals: building one costs far more than using it (a page of cards uses a few). */
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, locale: Locale | string, fractionDigits = 0): string {
  const tag = intlTag(locale);
  const key = `${tag}/${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A file's size in KB (at least 1) or MB with one decimal, in the locale's number format. */
export const formatBytes = (bytes: number, locale: Locale | string) =>
  bytes >= 1024 * 1024 ? `${formatNumber(bytes / 1024 / 1024, locale, 1)} MB` : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), locale)} KB`;

/** Review averages show one decimal: 4.8, or 4,8 in German. */
export const formatRating = (value: number, locale: Locale | string) => formatNumber(value, locale, 1);

const languageNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A language's name in the visitor's language ("de" → "German", "Deutsch"…), capitalised as a label; the code if
 * unknown. `inSentence` keeps the language's own casing for running text: "Parle allemand, italien", not "Allemand".
 */
export function languageName(code: string, locale: Locale | string, { inSentence = false } = {}): string {
  const tag = intlTag(locale);
  if (!languageNames.has(tag)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([tag], { type: 'language' });
    } catch {
      names = null; // an engine without DisplayNames
    }
    languageNames.set(tag, names);
  }
  let name: string | undefined;
  try {
    name = languageNames.get(tag)?.of(code);
  } catch {
    name = undefined; // not a well-formed code
  }
  if (!name || name === code) return code.toUpperCase();
  return inSentence ? name : name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}
