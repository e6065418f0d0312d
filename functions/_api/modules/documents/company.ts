// The company that issues receipts and statements: its name, address, VAT number and bank account, as admins set
// them in the settings ("company", the same details the bank files name as the debtor). The one place documents read
// them from.
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { settings } from '../../db/schema/system';

export type Company = { name: string; street: string; postcode: string; city: string; country: string; vatId: string; iban: string; bic: string };

/** Shown until an administrator has entered the company's details: the brand alone, no address or numbers. */
const BRAND_ONLY: Company = { name: 'YourLocalChef', street: '', postcode: '', city: '', country: '', vatId: '', iban: '', bic: '' };

export async function companyDetails(db: DB): Promise<Company> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'company')).limit(1);
  const value = (row?.value ?? {}) as Partial<Record<keyof Company, unknown>>;
  const text = (k: keyof Company) => (typeof value[k] === 'string' ? (value[k] as string).trim() : '');
  const company = Object.fromEntries((Object.keys(BRAND_ONLY) as (keyof Company)[]).map((k) => [k, text(k)])) as Company;
  return company.name ? company : BRAND_ONLY;
}
