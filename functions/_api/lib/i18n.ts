// Server-side translations (mail, SMS and notification texts, and the mask of contact details) from the same
// i18n/*.json files the client uses. Only the server's namespaces are imported by name: the bundler keeps those and
// leaves the client's texts out of the Functions bundle.
import rosetta from 'rosetta';
import { documents as deDocuments, mail as deMail, masking as deMasking, notify as deNotify, sms as deSms } from '../../../i18n/de.json';
import { documents as deChDocuments, mail as deChMail, masking as deChMasking, notify as deChNotify, sms as deChSms } from '../../../i18n/de-ch.json';
import { documents as enDocuments, mail as enMail, masking as enMasking, notify as enNotify, sms as enSms, validation as enValidation } from '../../../i18n/en.json';
import { documents as frDocuments, mail as frMail, masking as frMasking, notify as frNotify, sms as frSms } from '../../../i18n/fr.json';
import { documents as itDocuments, mail as itMail, masking as itMasking, notify as itNotify, sms as itSms } from '../../../i18n/it.json';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales';
import { isPluralForms, pluralKey } from '#shared/plural';

const i18n = rosetta({
  de: { mail: deMail, sms: deSms, notify: deNotify, masking: deMasking, documents: deDocuments },
  'de-ch': { mail: deChMail, sms: deChSms, notify: deChNotify, masking: deChMasking, documents: deChDocuments },
  // Validation messages in English only: the API answers with the seed's texts; the client translates the keys.
  en: { mail: enMail, sms: enSms, notify: enNotify, masking: enMasking, documents: enDocuments, validation: enValidation },
  fr: { mail: frMail, sms: frSms, notify: frNotify, masking: frMasking, documents: frDocuments },
  it: { mail: itMail, sms: itSms, notify: itNotify, masking: itMasking, documents: itDocuments },
} as Record<string, Record<string, unknown>>);

/** A text of one locale, in the plural form for `params.count` where it has plural forms (shared/plural.ts). */
function text(loc: Locale, key: string, params?: Record<string, string | number>): string {
  const raw: unknown = i18n.t(key, params, loc);
  const value: unknown = isPluralForms(raw) ? i18n.t(pluralKey(key, raw, loc, params), params, loc) : raw;
  return typeof value === 'string' ? value : '';
}

export function translate(locale: string, key: string, params?: Record<string, string | number>): string {
  const loc: Locale = isLocale(locale) ? (locale.toLowerCase() as Locale) : DEFAULT_LOCALE;
  return text(loc, key, params) || text(DEFAULT_LOCALE, key, params) || key;
}
