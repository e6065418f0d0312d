// CSV for the files admins and chefs download (the payouts' transfer list, the monthly statements): RFC 4180 fields
// and amounts in major units with a dot, which a spreadsheet in any language reads as numbers.

/** Major units with two decimals from minor units, without floating point ("1234.50", "-0.50"). */
export const decimal = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A text starting with
 * = + - @ or a control character gets a leading apostrophe so spreadsheets never run it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
