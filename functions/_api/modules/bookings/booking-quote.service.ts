// The price quote of a menu for a number of guests (POST /v1/bookings/quote), and the bookable menu with its
// guest range and price that creating a booking checks again.
import { and, eq, sql } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { chefs } from '../../db/schema/chefs';
import { menus } from '../../db/schema/menus';
import { users } from '../../db/schema/users';
import { badRequest, notFound } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { visibleMenu } from '../../db/visibility';
import { formatConverted, formatMoney, quote as priceQuote, type PriceTier } from '#shared/pricing';
import { settingsQuery, toSettings, type Settings } from '../settings/settings.service';
import type { ReadCtx } from './bookings.service';

export function bookableMenuQuery(db: DB, menuId: number) {
  return db
    .select({
      id: menus.id,
      chefId: menus.chefId,
      name: menus.name,
      currency: menus.currency,
      pricePerPerson: menus.pricePerPerson,
      minGuests: menus.minGuests,
      maxGuests: menus.maxGuests,
      atCustomer: menus.atCustomer,
      atChef: menus.atChef,
      bookingMode: menus.bookingMode,
      chefUserId: chefs.userId,
      timezone: chefs.timezone,
      chefEmail: users.email,
      chefLocale: users.locale,
      chefFirstname: users.firstname,
      tiersJson: sql<string | null>`(select json_group_array(json_object('min_guests', t.min_guests, 'price', t.price_per_person))
        from menu_price_tiers t where t.menu_id = ${menus.id})`.as('tiers_json'),
    })
    .from(menus)
    .innerJoin(chefs, eq(chefs.id, menus.chefId))
    .innerJoin(users, eq(users.id, chefs.userId))
    // Only menus the public can see can be booked; anything else is "not found", as on the menu page.
    .where(and(eq(menus.id, menuId), visibleMenu()))
    .limit(1);
}
export type BookableMenu = Awaited<ReturnType<typeof bookableMenuQuery>>[number];

const tiersOf = (json: string | null): PriceTier[] =>
  (json ? (JSON.parse(json) as { min_guests: number; price: number }[]) : []).map((t) => ({ minGuests: Number(t.min_guests), pricePerPerson: Number(t.price) }));

export function guestRangeError(menu: BookableMenu, guests: number): string | null {
  if (guests < menu.minGuests || guests > menu.maxGuests) return `This menu is for ${menu.minGuests} to ${menu.maxGuests} guests.`;
  return null;
}

export function quoteFor(menu: BookableMenu, guests: number, settings: Settings) {
  return priceQuote({
    pricePerPerson: menu.pricePerPerson,
    tiers: tiersOf(menu.tiersJson),
    currency: menu.currency,
    guests,
    serviceFeeBp: settings.service_fee_bp,
    commissionBp: settings.commission_bp,
  });
}

/** POST /v1/bookings/quote: pricing.quote() with the current settings, formatted in the menu's and the display currency. */
/** The quote, and the launch mode read with it (the route decides who may see it). */
export async function quoteBooking(deps: Pick<Deps, 'db' | 'clock' | 'config'>, input: { menu_id: number; guests: number; currency?: string }, ctx: ReadCtx) {
  const [menuRows, settingRows] = await deps.db.batch([bookableMenuQuery(deps.db, input.menu_id), settingsQuery(deps.db)]);
  const menu = menuRows[0];
  if (!menu) throw notFound('Menu not found.');
  const rangeError = guestRangeError(menu, input.guests);
  if (rangeError) throw badRequest(rangeError, { guests: [rangeError] });
  const settings = toSettings(settingRows, deps.config.launchModeOverride);
  const q = quoteFor(menu, input.guests, settings);
  const display = input.currency ?? ctx.currency;
  const f = (amount: number) => formatMoney(amount, q.currency, ctx.locale);
  const lc = (amount: number) => formatConverted(amount, q.currency, display, settings.currency_rates, ctx.locale);
  const quote = {
    menu_id: menu.id,
    booking_mode: menu.bookingMode,
    ...q,
    price_per_person_formatted: f(q.price_per_person),
    subtotal_formatted: f(q.subtotal),
    service_fee_formatted: f(q.service_fee),
    total_formatted: f(q.total),
    lc_currency: display,
    price_per_person_lc_formatted: lc(q.price_per_person),
    subtotal_lc_formatted: lc(q.subtotal),
    service_fee_lc_formatted: lc(q.service_fee),
    total_lc_formatted: lc(q.total),
  };
  return { quote, launchMode: settings.launch_mode };
}
