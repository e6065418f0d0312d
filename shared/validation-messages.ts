// Validation messages are i18n keys (validation.* in i18n/*.json), so one schema speaks every language. A schema
// names its message with msg(key, params), which valibot calls when the check fails; each side installs how a key
// becomes text: the server the English the seed pins (functions/_api/lib/validate.ts), the web client the visitor's
// language (web/src/lib/i18n.ts).
import type en from '../i18n/en.json';
import { formatMoney } from './money';

type Groups = (typeof en)['validation'];
export type ValidationKey = { [G in keyof Groups & string]: `validation.${G}.${keyof Groups[G] & string}` }[keyof Groups & string];
/**
 * A parameter is a value (a number, a code), a list (["CHF", "EUR"], said as "CHF and EUR" in the language of the
 * text), a field's name as a key ({ key: 'validation.field.…' }): one sentence ("{{label}} must be a number.") then
 * serves many fields, and the name is in the same language as it; or an amount of money in minor units and its
 * currency ({ amount: 15000, currency: 'CHF' }), written as the language of the text writes money.
 */
export type MessageParams = Record<string, string | number | { key: ValidationKey } | { amount: number; currency: string } | readonly string[]>;
/** A message by its key and parameters, as the API sends a service rule's field errors (`error_keys`). */
export type FieldMessage = { key: ValidationKey; params?: MessageParams };
export type FieldMessages = Record<string, FieldMessage[]>;
type Translate = (key: ValidationKey, params?: Record<string, string | number>) => string;

// Until a side installs its language, a message is its key: visible, never blank.
let translate: Translate = (key) => key;
let language = () => 'en';

/** Installs how a key becomes text, and the BCP 47 language that joins a list parameter and writes money. */
export function setValidationText(fn: Translate, lang = language): void {
  translate = fn;
  language = lang;
}

/** The text of a validation message in the installed language. */
export function messageText(key: ValidationKey, params?: MessageParams): string {
  if (!params) return translate(key);
  const text = (value: MessageParams[string]): string | number => {
    if (typeof value !== 'object') return value;
    if ('key' in value) return translate(value.key);
    if ('currency' in value) return formatMoney(value.amount, value.currency, language());
    return new Intl.ListFormat(language(), { type: 'conjunction' }).format(value);
  };
  return translate(key, Object.fromEntries(Object.entries(params).map(([name, value]) => [name, text(value)])));
}

/** A schema's message, made when a check fails, so it is in the language of that moment. */
export const msg =
  (key: ValidationKey, params?: MessageParams) =>
  (): string =>
    messageText(key, params);

/** The field name parameter of a shared sentence. */
export const label = (key: ValidationKey) => ({ label: { key } });
