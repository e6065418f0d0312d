// Prices of a booking: the quote at the tier boundaries in every currency, the display conversion, the snapshot a
// booking keeps when the admins later change fees, and the booking's currency being the menu's.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { menus } from '../../functions/_api/db/schema/menus';
import { settings } from '../../functions/_api/db/schema/system';
import { useHarness } from '../support/use-harness';
import { agent } from '../support/agent';
import { as, book, bookingBody, orderOf, world } from '../support/booking-fixtures';
import { ok, refused, typedClient } from '../support/typed-client';

const h = useHarness();

type QuoteBody = Parameters<ReturnType<typeof typedClient>['bookings']['quote']['$post']>[0]['json'];
/** POST /v1/bookings/quote as a visitor, through the typed client. */
const quote = (json: QuoteBody, headers: Record<string, string> = {}) => typedClient(agent(h)).bookings.quote.$post({ json }, { headers });

// Tiers 2–5 at 95.00, 6–11 at 89.00, 12+ at 85.00 (minor units), 5 % service fee and 15 % commission by default.
const TIERS = [
  { minGuests: 6, pricePerPerson: 8900 },
  { minGuests: 12, pricePerPerson: 8500 },
];
const EXPECTED: [number, number][] = [
  [2, 9500],
  [5, 9500],
  [6, 8900],
  [11, 8900],
  [12, 8500],
  [20, 8500],
];

describe('the quote', () => {
  for (const currency of ['CHF', 'EUR', 'USD', 'GBP'] as const) {
    it(`prices each tier boundary in ${currency}, in integer minor units`, async () => {
      const w = await world(h, { menu: { currency, maxGuests: 20 }, tiers: TIERS });
      for (const [guests, perPerson] of EXPECTED) {
        const res = await ok(quote({ menu_id: w.menu.id, guests }));
        expect(res.status).toBe(200);
        const subtotal = perPerson * guests;
        const fee = Math.round(subtotal * 0.05);
        const commission = Math.round(subtotal * 0.15);
        expect(res.body.data).toMatchObject({
          currency,
          guests,
          price_per_person: perPerson,
          subtotal,
          service_fee: fee,
          total: subtotal + fee,
          commission,
          chef_earnings: subtotal - commission,
          service_fee_bp: 500,
          commission_bp: 1500,
          lc_currency: 'CHF',
        });
      }
      const en = await ok(quote({ menu_id: w.menu.id, guests: 6, currency }, { 'x-locale': 'en' }));
      expect(en.body.data.total_formatted.replace(/\s/g, ' ')).toBe(
        { CHF: 'CHF 560.70', EUR: '€560.70', USD: '$560.70', GBP: '£560.70' }[currency],
      );
      expect(en.body.data.price_per_person_formatted.replace(/\s/g, ' ')).toBe({ CHF: 'CHF 89', EUR: '€89', USD: '$89', GBP: '£89' }[currency]);
    });
  }

  it('formats a converted display price in the visitor’s currency; the amounts stay in the menu’s', async () => {
    const w = await world(h, { menu: { currency: 'CHF' } });
    const res = await ok(quote({ menu_id: w.menu.id, guests: 4, currency: 'EUR' }, { 'x-locale': 'de' }));
    // 399.00 CHF at 1.07 EUR per CHF is 426.93 EUR: an approximation, so rounded like a price.
    expect(res.body.data).toMatchObject({ currency: 'CHF', total: 39900, lc_currency: 'EUR' });
    expect(res.body.data.total_lc_formatted?.replace(/\s/g, ' ')).toBe('427 €');
    expect(res.body.data.total_formatted.replace(/\s/g, ' ')).toBe('399 CHF');
  });

  it('checks the guest count against the menu and hides unbookable menus', async () => {
    const w = await world(h, { menu: { minGuests: 4, maxGuests: 8 } });
    const low = await refused(quote({ menu_id: w.menu.id, guests: 3 }));
    expect(low.status).toBe(400);
    expect(low.body.errors.guests).toEqual(['This menu is for 4 to 8 guests.']);
    expect((await refused(quote({ menu_id: w.menu.id, guests: 101 }))).body.errors.guests).toBeDefined();
    await h.db.update(menus).set({ status: 'draft' }).where(eq(menus.id, w.menu.id));
    expect((await refused(quote({ menu_id: w.menu.id, guests: 4 }))).status).toBe(404);
    expect((await refused(quote({ menu_id: 999999, guests: 4 }))).status).toBe(404);
  });
});

describe('the price snapshot', () => {
  it('keeps the booking’s prices and rates when the fees change later; new quotes use the new fees', async () => {
    const w = await world(h, { menu: { currency: 'EUR' } });
    const res = await ok(book(await as(h, w.customer), bookingBody(w.menu.id, h)));
    expect(res.status).toBe(201);
    await h.db.insert(settings).values([
      { key: 'service_fee_bp', value: 800 },
      { key: 'commission_bp', value: 2000 },
    ]);
    try {
      const [b] = await h.db.select().from(bookings).where(eq(bookings.id, res.body.data.id));
      expect(b).toMatchObject({ currency: 'EUR', serviceFeeBp: 500, commissionBp: 1500, serviceFee: 1900, total: 39900, chefEarnings: 32300 });
      const a = await as(h, w.customer);
      const read = await ok(orderOf(a, b!.id, { headers: { 'x-currency': 'CHF' } }));
      expect(read.body.data.price).toMatchObject({ currency: 'EUR', total: 39900, service_fee_bp: 500, lc_currency: 'CHF' });
      const fresh = await ok(quote({ menu_id: w.menu.id, guests: 4 }));
      expect(fresh.body.data).toMatchObject({ service_fee: 3040, total: 41040, commission: 7600, service_fee_bp: 800, commission_bp: 2000 });
    } finally {
      await h.db.delete(settings);
    }
  });
});
