// Prices are integers in minor units (PRODUCT "Prices"); people type them in major units ("85", "85.50", "85,50").
/** Minor units from what was typed, or null when it is not an amount. */
export function parseMoneyInput(input: string): number | null {
  const cleaned = input.trim().replace(/[\s'’]/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** What goes back into the input for an amount in minor units: "85" or "85.50". */
export function moneyInputValue(minor: number | null | undefined): string {
  if (minor == null || !Number.isFinite(minor)) return '';
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents ? `${whole}.${String(cents).padStart(2, '0')}` : String(whole);
}
