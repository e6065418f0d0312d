// Translations with rosetta (dotted keys into the nested i18n/*.json). Only the active locale's file is downloaded:
// each one is its own chunk behind a dynamic import.
import rosetta from 'rosetta';
import { useCallback } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_INFO, localeFromAcceptLanguage, parseLocale, type Locale } from '#shared/locales';
import { isPluralForms, pluralKey } from '#shared/plural';
import { setValidationText } from '#shared/validation-messages';
import { preferences } from '../state/preferences';
import { setPreferenceCookie, storage } from './storage';

type Dict = Record<string, unknown>;
export type TParams = Record<string, string | number>;
export type TFunction = (key: string, params?: TParams) => string;

export const LOCALE_STORAGE_KEY = 'locale';
export const LOCALE_QUERY_PARAM = 'locale';

// Two files per locale (split by web/vite.config.ts): the core texts the shell and public pages need at start, and
// the texts of lazily loaded areas, fetched together with the first lazy chunk that needs them.
const coreLoaders: Record<Locale, () => Promise<{ default: Dict }>> = {
  de: () => import('../../../i18n/de.json?part=core'),
  'de-ch': () => import('../../../i18n/de-ch.json?part=core'),
  en: () => import('../../../i18n/en.json?part=core'),
  fr: () => import('../../../i18n/fr.json?part=core'),
  it: () => import('../../../i18n/it.json?part=core'),
};
const areaLoaders: Record<Locale, () => Promise<{ default: Dict }>> = {
  de: () => import('../../../i18n/de.json?part=areas'),
  'de-ch': () => import('../../../i18n/de-ch.json?part=areas'),
  en: () => import('../../../i18n/en.json?part=areas'),
  fr: () => import('../../../i18n/fr.json?part=areas'),
  it: () => import('../../../i18n/it.json?part=areas'),
};

const translations = rosetta<Dict>();
const loaded = new Set<Locale>();
const areasLoaded = new Set<Locale>();
/** Set once any lazy area asked for its texts; later locale switches then load both parts before switching. */
let areasWanted = false;

async function loadAreas(locale: Locale): Promise<void> {
  if (areasLoaded.has(locale)) return;
  translations.set(locale, (await areaLoaders[locale]()).default);
  areasLoaded.add(locale);
}

/** Resolves when the texts of the lazy areas are loaded for the current locale; lazy chunk loaders await it. */
export async function ensureAreaTexts(): Promise<void> {
  areasWanted = true;
  await loadAreas(i18n.locale);
}

/** Wraps a lazy chunk loader so the chunk and its area texts arrive together. */
export function withAreaTexts<T>(loader: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([loader(), ensureAreaTexts()]))[0];
}

/** Reactive i18n state: components re-render when `locale` changes (after its texts are loaded). */
export const i18n = proxy({ locale: DEFAULT_LOCALE as Locale, ready: false });

/** Order: the `locale` query parameter, then the stored choice, then the browser's languages; default en. */
export function detectLocale(input: { search: string; stored: string | null; languages: readonly string[] }): Locale {
  const fromQuery = parseLocale(new URLSearchParams(input.search).get(LOCALE_QUERY_PARAM));
  if (fromQuery) return fromQuery;
  const fromStorage = parseLocale(input.stored);
  if (fromStorage) return fromStorage;
  return localeFromAcceptLanguage(input.languages.join(',')) ?? DEFAULT_LOCALE;
}

export function detectBrowserLocale(): Locale {
  return detectLocale({
    search: globalThis.location?.search ?? '',
    stored: storage.get(LOCALE_STORAGE_KEY),
    languages: globalThis.navigator?.languages ?? (globalThis.navigator?.language ? [globalThis.navigator.language] : []),
  });
}

/** BCP 47 tag for <html lang> and Intl. */
export const htmlLang = (locale: Locale): string => (locale === 'de-ch' ? 'de-CH' : locale);

let latestRequest: Locale | null = null;

/**
 * Loads (once) and activates a locale. `persist` stores the visitor's explicit choice and `updateUrl` rewrites the
 * `locale` query parameter in place (history.replaceState), so a shared link opens in the same language.
 */
export async function setLocale(locale: Locale, options: { persist?: boolean; updateUrl?: boolean } = {}): Promise<void> {
  latestRequest = locale;
  if (!loaded.has(locale)) {
    const dict = (await coreLoaders[locale]()).default;
    translations.set(locale, dict);
    loaded.add(locale);
  }
  if (areasWanted) await loadAreas(locale);
  if (latestRequest !== locale) return; // a later choice won the race
  translations.locale(locale);
  i18n.locale = locale;
  i18n.ready = true;
  preferences.locale = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);
  if (options.persist) {
    storage.set(LOCALE_STORAGE_KEY, locale);
    // The edge renders pages (the prerendered home page, SEO pages) in this language too.
    setPreferenceCookie(LOCALE_COOKIE, locale);
  }
  if (options.updateUrl && typeof window !== 'undefined') {
    const url = new URL(window.location.href);
    url.searchParams.set(LOCALE_QUERY_PARAM, LOCALE_INFO[locale].ogLocale);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
}

/**
 * Translates a dotted key, in the plural form for `params.count` where the text has plural forms (shared/plural.ts);
 * an unknown key comes back as itself so it is visible instead of blank.
 */
export const t: TFunction = (key, params) => {
  const raw: unknown = translations.t(key, params);
  const value: unknown = isPluralForms(raw) ? translations.t(pluralKey(key, raw, translations.locale(), params), params) : raw;
  return typeof value === 'string' && value !== '' ? value : key;
};

// The shared schemas' messages are i18n keys (shared/validation-messages.ts): forms show them in the visitor's language.
setValidationText(t, () => htmlLang(i18n.locale));

/** Marks a string as a translation key (for keys stored in data and translated later); scripts/i18n-check.ts finds them. */
export const tk = (key: string): string => key;

/** `t` bound to the current locale; its identity changes with the locale so memoised children re-render. */
export function useT(): TFunction {
  const { locale } = useSnapshot(i18n);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback<TFunction>((key, params) => t(key, params), [locale]);
}

export function useLocale(): Locale {
  return useSnapshot(i18n).locale;
}
