// Server-side translations (mail and SMS texts) from the same i18n/*.json files the client uses.
import rosetta from 'rosetta';
import de from '../../../i18n/de.json';
import deCh from '../../../i18n/de-ch.json';
import en from '../../../i18n/en.json';
import fr from '../../../i18n/fr.json';
import it from '../../../i18n/it.json';
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

const i18n = rosetta({ de, 'de-ch': deCh, en, fr, it } as Record<string, Record<string, unknown>>);

export function translate(locale: string, key: string, params?: Record<string, string | number>): string {
  const loc: Locale = isLocale(locale) ? (locale.toLowerCase() as Locale) : DEFAULT_LOCALE;
  const text = i18n.t(key, params, loc) || i18n.t(key, params, DEFAULT_LOCALE);
  return text || key;
}
