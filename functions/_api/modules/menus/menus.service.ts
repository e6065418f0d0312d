// Public menu reads: featured menus, one menu in full, a chef's menus. Only published menus of public chefs (Active,
// account not disabled) are ever visible; anything else is "not found". Each call is one database round trip
// (settings ride in the batch).
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { chefs } from '../../db/schema/chefs';
import { menus } from '../../db/schema/menus';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import type { Locale } from '#shared/locales';
import { publicChef, visibleMenu } from '../../db/visibility';
import { settingsQuery, toSettings } from '../settings/settings.service';
import { presentMenu, presentMenuCard } from './menus.present';
import { menuCardQuery, toMenuRow } from './menus.query';
import type { MenuResolve } from './menus.schema';

// What other modules use of the menus module besides its reads below: the presenters of a chef's card and of a list
// entry's name in a locale (chef pages, the chef area), and the menus near body with its input (the edge's first
// results page).
export { localName, presentChefSummary, roundAvg } from './menus.present';
export { menusNearBody, nearInput } from './menus.near';

type Ctx = { db: DB; currency: string; locale: Locale; launchModeDefault?: 'live' | 'prelaunch' | null };

export const FEATURED_LIMIT = 12;

/** Best-rated bookable menus for the home page, and the launch mode; one round trip (settings ride in the same batch). */
export async function featuredMenus(ctx: Ctx) {
  const [rows, settingRows] = await ctx.db.batch([
    menuCardQuery(ctx.db)
      .where(visibleMenu())
      .orderBy(desc(menus.reviewAvg), desc(menus.reviewCount), desc(menus.id))
      .limit(FEATURED_LIMIT),
    settingsQuery(ctx.db),
  ]);
  const settings = toSettings(settingRows, ctx.launchModeDefault ?? null);
  const data = rows.map((r) => {
    const row = toMenuRow(r);
    return presentMenuCard(row, row.chef, { settings, currency: ctx.currency, locale: ctx.locale });
  });
  return { data, launchMode: settings.launch_mode };
}

/**
 * GET /v1/menus/{id} and /v1/chefs/{chefId}/menus/{menuId}: the menu page, everything resolved. With `chefId`, a
 * menu of another chef is "not found" too, so a URL cannot pair one chef's page with another's menu.
 */
export async function menuDetail(ctx: Ctx, input: { menuId: number; chefId?: number; stacks?: readonly string[]; guests?: number }) {
  const [rows, settingRows] = await ctx.db.batch([
    menuCardQuery(ctx.db, { courses: true })
      .where(and(eq(menus.id, input.menuId), input.chefId === undefined ? undefined : eq(menus.chefId, input.chefId), visibleMenu()))
      .limit(1),
    settingsQuery(ctx.db),
  ]);
  const row = rows[0];
  if (!row) throw notFound('Menu not found.');
  return presentMenu(
    toMenuRow(row),
    { details: true, image: true, chef: { userPublic: true, avatar: true }, diets: true, allergies: true, cuisines: true, items: true },
    { settings: toSettings(settingRows), currency: ctx.currency, locale: ctx.locale, stacks: input.stacks, guests: input.guests },
  );
}

/** GET /v1/chefs/{id}/menus: the published menus of a public chef; 404 for any other chef. */
export async function chefMenuList(ctx: Ctx, input: { chefId: number; resolve: ReadonlySet<MenuResolve>; stacks?: readonly string[] }) {
  const r = input.resolve;
  const [chefRows, rows, settingRows] = await ctx.db.batch([
    ctx.db
      .select({ id: chefs.id })
      .from(chefs)
      .innerJoin(users, eq(users.id, chefs.userId))
      .where(and(eq(chefs.id, input.chefId), publicChef()))
      .limit(1),
    menuCardQuery(ctx.db, { courses: r.has('items') })
      .where(and(eq(menus.chefId, input.chefId), visibleMenu()))
      .orderBy(desc(menus.reviewAvg), desc(menus.reviewCount), asc(menus.id)),
    settingsQuery(ctx.db),
  ]);
  if (!chefRows[0]) throw notFound('Chef not found.');
  const settings = toSettings(settingRows);
  const include = { details: true, image: r.has('image'), diets: r.has('diets'), allergies: r.has('allergies'), cuisines: r.has('cuisines'), items: r.has('items') };
  return rows.map((row) => presentMenu(toMenuRow(row), include, { settings, currency: ctx.currency, locale: ctx.locale, stacks: input.stacks }));
}
