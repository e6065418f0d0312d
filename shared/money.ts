// Money as people read it, in their locale: its own small module, so the validation messages (in the home page's
// first download) write an amount without the price computations of pricing.ts.
const formatters = new Map<string, Intl.NumberFormat>();

/** Formats minor units for a locale, e.g. 12500 CHF in de-ch → "CHF 125"; cents are shown only when there are any. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const tag = locale === 'de-ch' ? 'de-CH' : locale;
  const digits = amount % 100 === 0 ? 0 : 2;
  const key = `${tag}|${currency}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: 2 });
    formatters.set(key, f);
  }
  return f.format(amount / 100);
}
