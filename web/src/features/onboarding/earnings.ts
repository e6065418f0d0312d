// The earnings example of the become-a-chef page, computed with the shared pricing rules (shared/pricing.ts): the chef
// earns the menu total minus the platform commission; guests pay the service fee on top.
import { quote, type Quote } from '#shared/pricing';

/** The part of the session's app configuration the rates come from (commission_bp is read when the API sends it). */
export type FeeConfig = { readonly service_fee_bp?: number; readonly commission_bp?: number } | null | undefined;

/** PRODUCT "Prices, fees, currencies": the platform commission when the app configuration does not say. */
export const DEFAULT_COMMISSION_BP = 1500;
/** The customer's service fee when the app configuration does not say. */
export const DEFAULT_SERVICE_FEE_BP = 500;

/** The commission from the session's app configuration (commission_bp), else the default. */
export function commissionBpOf(app: FeeConfig): number {
  const value = app?.commission_bp;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 10_000 ? value : DEFAULT_COMMISSION_BP;
}

export function serviceFeeBpOf(app: FeeConfig): number {
  const value = app?.service_fee_bp;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 10_000 ? value : DEFAULT_SERVICE_FEE_BP;
}

export function earningsExample(input: { pricePerPerson: number; guests: number; currency: string; app: FeeConfig }): Quote {
  return quote({
    pricePerPerson: input.pricePerPerson,
    tiers: [],
    currency: input.currency,
    guests: input.guests,
    serviceFeeBp: serviceFeeBpOf(input.app),
    commissionBp: commissionBpOf(input.app),
  });
}

/** 1500 → "15", 1250 → "12.5": basis points as a percentage for the texts. */
export const percentOf = (bp: number) => String(Math.round(bp) / 100);
