// The one place prices, fees and chef earnings are computed, in integer minor units. Used by the API, the booking
// screen, the chef views, the admin reports and the demo seed.
import type { Currency } from './locales';
import { formatMoney } from './money';

export { formatMoney };

export type PriceTier = { minGuests: number; pricePerPerson: number };

export type QuoteInput = {
  /** Base per-person price in minor units of `currency`. */
  pricePerPerson: number;
  tiers: PriceTier[];
  currency: string;
  guests: number;
  serviceFeeBp: number;
  commissionBp: number;
};

export type Quote = {
  currency: string;
  guests: number;
  price_per_person: number;
  subtotal: number;
  service_fee: number;
  total: number;
  commission: number;
  chef_earnings: number;
  service_fee_bp: number;
  commission_bp: number;
};

/** A quote as the booking row keeps it: the price snapshot that later fee or rate changes never touch. */
export function priceSnapshot(q: Quote) {
  return {
    currency: q.currency,
    pricePerPerson: q.price_per_person,
    subtotal: q.subtotal,
    serviceFee: q.service_fee,
    total: q.total,
    commission: q.commission,
    chefEarnings: q.chef_earnings,
    serviceFeeBp: q.service_fee_bp,
    commissionBp: q.commission_bp,
  };
}

/** Rounds a basis-point share of an amount to the nearest minor unit (half up). */
export const share = (amount: number, bp: number) => Math.round((amount * bp) / 10_000);

/** The per-person price for a guest count: the tier with the highest threshold the group reaches, else the base. */
export function perPersonPrice(base: number, tiers: PriceTier[], guests: number): number {
  let price = base;
  let best = -1;
  for (const t of tiers) {
    if (t.minGuests <= guests && t.minGuests > best) {
      best = t.minGuests;
      price = t.pricePerPerson;
    }
  }
  return price;
}

export function quote(input: QuoteInput): Quote {
  const price = perPersonPrice(input.pricePerPerson, input.tiers, input.guests);
  const subtotal = price * input.guests;
  const serviceFee = share(subtotal, input.serviceFeeBp);
  const commission = share(subtotal, input.commissionBp);
  return {
    currency: input.currency,
    guests: input.guests,
    price_per_person: price,
    subtotal,
    service_fee: serviceFee,
    total: subtotal + serviceFee,
    commission,
    chef_earnings: subtotal - commission,
    service_fee_bp: input.serviceFeeBp,
    commission_bp: input.commissionBp,
  };
}

/** Where a payment went: paid = refunded + chef_earnings + commission + service_fee, to the minor unit. */
export type Settlement = { paid: number; refunded: number; chef_earnings: number; commission: number; service_fee: number };

/**
 * Splits a payment once `refunded` of it went back to the customer. Every party keeps the share of its part of the
 * price that the customer keeps paying (kept / paid): the chef of their earnings, the platform of the service fee and
 * of the commission. The chef's and the fee's shares are rounded to the nearest minor unit and the commission takes
 * what is left, so the parts always add up to what was paid and rounding never costs the chef.
 */
export function settle(price: { serviceFee: number; chefEarnings: number }, paid: number, refunded: number): Settlement {
  const kept = Math.max(0, paid - refunded);
  const part = (amount: number) => (paid > 0 ? Math.round((amount * kept) / paid) : 0);
  const chef = Math.min(part(price.chefEarnings), kept);
  const fee = Math.min(part(price.serviceFee), kept - chef);
  return { paid, refunded: paid - kept, chef_earnings: chef, commission: kept - chef - fee, service_fee: fee };
}

/** Converts minor units between currencies with rates expressed as units per 1 CHF. */
export function convert(amount: number, from: string, to: string, rates: Partial<Record<Currency, number>>): number {
  if (from === to) return amount;
  const fromRate = rates[from as Currency];
  const toRate = rates[to as Currency];
  if (!fromRate || !toRate) throw new Error(`No rate for ${from} or ${to}`);
  return Math.round((amount / fromRate) * toRate);
}

/**
 * A price in another currency than it is charged in, formatted for display: an approximation, so it is rounded to
 * whole units like the prices chefs set ("€91", not "€90.95"). In its own currency the amount is shown exactly.
 */
export function formatConverted(amount: number, from: string, to: string, rates: Partial<Record<Currency, number>>, locale: string): string {
  const converted = convert(amount, from, to, rates);
  return formatMoney(from === to ? converted : Math.round(converted / 100) * 100, to, locale);
}
