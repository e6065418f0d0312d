// The pricing module: tiers at their boundaries, fees and commission in integer minor units, currency conversion.
import { describe, expect, it } from 'vitest';
import { convert, formatConverted, formatMoney, perPersonPrice, quote } from '#shared/pricing';

const tiers = [
  { minGuests: 6, pricePerPerson: 8500 },
  { minGuests: 12, pricePerPerson: 7900 },
];

describe('pricing', () => {
  it('picks the tier the group reaches, at each boundary', () => {
    expect(perPersonPrice(9500, tiers, 2)).toBe(9500);
    expect(perPersonPrice(9500, tiers, 5)).toBe(9500);
    expect(perPersonPrice(9500, tiers, 6)).toBe(8500);
    expect(perPersonPrice(9500, tiers, 11)).toBe(8500);
    expect(perPersonPrice(9500, tiers, 12)).toBe(7900);
    expect(perPersonPrice(9500, [...tiers].reverse(), 100)).toBe(7900);
  });

  it('quotes subtotal, 5% service fee, total and 85% chef earnings in minor units', () => {
    expect(quote({ pricePerPerson: 9500, tiers, currency: 'CHF', guests: 6, serviceFeeBp: 500, commissionBp: 1500 })).toEqual({
      currency: 'CHF',
      guests: 6,
      price_per_person: 8500,
      subtotal: 51000,
      service_fee: 2550,
      total: 53550,
      commission: 7650,
      chef_earnings: 43350,
      service_fee_bp: 500,
      commission_bp: 1500,
    });
  });

  it('rounds shares half up and keeps every amount an integer', () => {
    const q = quote({ pricePerPerson: 3333, tiers: [], currency: 'EUR', guests: 3, serviceFeeBp: 500, commissionBp: 1500 });
    expect(q.subtotal).toBe(9999);
    expect(q.service_fee).toBe(500); // 499.95 → 500
    expect(q.commission).toBe(1500); // 1499.85 → 1500
    expect(q.chef_earnings + q.commission).toBe(q.subtotal);
    for (const v of Object.values(q)) if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
  });

  it('converts between every supported currency through CHF rates', () => {
    const rates = { CHF: 1, EUR: 1.07, USD: 1.25, GBP: 0.93 };
    expect(convert(10000, 'CHF', 'EUR', rates)).toBe(10700);
    expect(convert(10700, 'EUR', 'CHF', rates)).toBe(10000);
    expect(convert(10000, 'CHF', 'GBP', rates)).toBe(9300);
    expect(convert(10000, 'USD', 'EUR', rates)).toBe(8560);
    expect(convert(5000, 'GBP', 'GBP', rates)).toBe(5000);
    expect(() => convert(100, 'CHF', 'JPY', rates)).toThrow();
  });

  it('formats whole amounts without cents and others with, whatever was formatted first', () => {
    expect(formatMoney(10165, 'EUR', 'en')).toBe('€101.65');
    expect(formatMoney(12000, 'EUR', 'en')).toBe('€120');
    expect(formatMoney(12050, 'EUR', 'en')).toBe('€120.50');
    expect(formatMoney(9500, 'CHF', 'de-ch')).toMatch(/^CHF\s95$/);
  });

  it('rounds a converted display price to whole units like a price, and shows its own currency exactly', () => {
    const rates = { CHF: 1, EUR: 1.07, USD: 1.25, GBP: 0.93 };
    // The repro: CHF 85 at 1.07 is EUR 90.95.
    expect(formatConverted(8500, 'CHF', 'EUR', rates, 'en')).toBe('€91');
    expect(formatConverted(9500, 'CHF', 'EUR', rates, 'en')).toBe('€102');
    expect(formatConverted(10000, 'CHF', 'GBP', rates, 'en')).toBe('£93');
    expect(formatConverted(34335, 'CHF', 'CHF', rates, 'en')).toMatch(/^CHF\s343\.35$/);
  });
});
