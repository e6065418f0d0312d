// GET /v1/menus/near/{regionId}: the menus a visitor in a region can book, with search, cuisine/diet/allergen
// filters, facet counts and (optionally) the availability of a day, guest count and place. The whole call is one
// db.batch: region check, page, both totals, three facets, settings and the data versions travel in a single round
// trip. The response body is kept in an in-memory cache and served again, after one small version read, for as
// long as the data it was built from is unchanged.
import type * as v from 'valibot';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { DAY_HOLDING_STATUSES } from '../../db/schema/bookings';
import { chefRegions, chefs } from '../../db/schema/chefs';
import { listItems } from '../../db/schema/lists';
import { menus, menuTags } from '../../db/schema/menus';
import { regions } from '../../db/schema/regions';
import { dataVersions } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import type { Locale } from '../../lib/locales';
import { VersionedCache, type Versions } from '../../lib/versioned-cache';
import { settingsQuery, toSettings, type LaunchMode } from '../settings/settings.service';
import { localName, presentMenu } from './menus.present';
import { visibleMenu } from '../../db/visibility';
import { menuCardQuery, toMenuRow } from './menus.query';
import type { NearResolve, nearQuery } from './menus.schema';
import { containsText } from '../../db/like';

export type NearInput = {
  regionId: number;
  resolve: ReadonlySet<NearResolve>;
  stacks: readonly string[];
  search: string;
  cuisines: readonly string[];
  diets: readonly string[];
  allergiesExclude: readonly string[];
  page: number;
  pageSize: number;
  count: boolean;
  /** Local day (YYYY-MM-DD) the event would take place. */
  date?: string;
  guests?: number;
  atChefsPlace?: boolean;
};

/** `launchModeDefault`: the LAUNCH_MODE setting of the configuration, until an admin sets the mode. */
type Ctx = { db: DB; currency: string; locale: Locale; launchModeDefault: LaunchMode | null };

/** The service's input from the route's parsed query. */
export const nearInput = (regionId: number, q: v.InferOutput<typeof nearQuery>): NearInput => ({
  regionId,
  resolve: q.resolve,
  stacks: q.stacks,
  search: q.search,
  cuisines: q.cuisines,
  diets: q.diets,
  allergiesExclude: q.allergies_exclude,
  page: q.page,
  pageSize: q.page_size,
  count: q.count === '1',
  date: q.date,
  guests: q.guests,
  atChefsPlace: q.at_chefs_place === undefined ? undefined : q.at_chefs_place === '1',
});

/** list_items.kind per facet; the response keys are the seed's (cuisine, diet, allergy). */
const FACETS = { cuisine: 'cuisine', diet: 'diet', allergy: 'allergen' } as const;
type Facet = keyof typeof FACETS;

/** A condition on the menu's tags of one kind. `kind` is one of our constants, never user input. */
function tagCondition(kind: string, keys: readonly string[], mode: 'any' | 'all' | 'none'): SQL | undefined {
  if (!keys.length) return undefined;
  const has = (match: SQL) =>
    sql`exists (select 1 from menu_tags mt join list_items li on li.id = mt.item_id
      where mt.menu_id = ${menus.id} and li.kind = ${sql.raw(`'${kind}'`)} and ${match})`;
  const inKeys = sql`li.key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`;
  if (mode === 'any') return has(inKeys);
  if (mode === 'none') return sql`not ${has(inKeys)}`;
  return and(...keys.map((k) => has(sql`li.key = ${k}`)));
}

/**
 * Search over menu name, description and the chef's name. lower() folds ASCII only, so "zürich" does not find
 * "ZÜRICH"; menu names rarely differ only in the case of an accented letter.
 */
function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const like = (expr: SQL) => containsText(expr, search);
  return or(like(sql`${menus.name}`), like(sql`${menus.description}`), like(sql`${users.firstname} || ' ' || ${users.lastname}`));
}

/**
 * Bookable on that day, for that many guests, at that place: the chef has not blocked the day, holds no booking
 * that day (one event per chef and day), the group fits the menu, and the menu is offered at that place.
 */
function availabilityCondition(input: NearInput): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
  if (input.guests !== undefined) conds.push(lte(menus.minGuests, input.guests), gte(menus.maxGuests, input.guests));
  if (input.atChefsPlace !== undefined) conds.push(eq(input.atChefsPlace ? menus.atChef : menus.atCustomer, true));
  if (input.date !== undefined) {
    conds.push(
      sql`not exists (select 1 from availability_blocks ab where ab.chef_id = ${menus.chefId} and ab.day = ${input.date})`,
      sql`not exists (select 1 from bookings b where b.chef_id = ${menus.chefId} and b.event_date = ${input.date}
        and b.status in (${sql.join(DAY_HOLDING_STATUSES.map((s) => sql`${s}`), sql`, `)}))`,
    );
  }
  return conds.length ? and(...conds) : undefined;
}

/** 8 MB of response bodies per isolate: a few dozen full 200-menu pages, hundreds of smaller ones. */
const nearCache = new VersionedCache(8 * 1024 * 1024);

export const versionsQuery = (db: DB) => db.select({ name: dataVersions.name, version: dataVersions.version }).from(dataVersions);
export const toVersions = (rows: { name: string; version: number }[]): Versions => Object.fromEntries(rows.map((r) => [r.name, Number(r.version)]));

/** Everything the body depends on besides the data: the input and the display currency and locale. */
function cacheKey(ctx: Ctx, input: NearInput): string {
  const { resolve, ...rest } = input;
  return JSON.stringify([ctx.locale, ctx.currency, [...resolve].sort(), rest]);
}

/** The launch mode an admin set, kept with a cached body ('' for none); settings are catalog data, so it is as fresh. */
const launchModeOf = (tag: string, ctx: Ctx): LaunchMode => toSettings(tag ? [{ key: 'launch_mode', value: tag }] : [], ctx.launchModeDefault).launch_mode;

/**
 * The JSON body of menus near, and the launch mode it was read under (the route decides who may see it). A cached
 * body is checked against the current data versions (one small read) and served when nothing it depends on changed:
 * the catalog always, the bookings and blocked days when a date is given. Otherwise the body is built in one batch
 * that reads the versions with the data, and cached.
 */
export async function menusNearBody(ctx: Ctx, input: NearInput): Promise<{ body: Uint8Array<ArrayBuffer>; launchMode: LaunchMode }> {
  const key = cacheKey(ctx, input);
  if (nearCache.versionsOf(key)) {
    const hit = nearCache.get(key, toVersions(await versionsQuery(ctx.db)));
    if (hit !== null) return { body: hit, launchMode: launchModeOf(nearCache.tagOf(key) ?? '', ctx) };
  }
  const { result, versions, launchModeSet } = await menusNear(ctx, input);
  const body = new TextEncoder().encode(JSON.stringify(result));
  nearCache.set(key, input.date === undefined ? { catalog: versions.catalog! } : { catalog: versions.catalog!, days: versions.days! }, body, launchModeSet);
  return { body, launchMode: launchModeOf(launchModeSet, ctx) };
}

/** The body of GET /v1/menus/near/{regionId}, sent as cached bytes. */
export type NearResult = Awaited<ReturnType<typeof menusNear>>['result'];

async function menusNear(ctx: Ctx, input: NearInput) {
  const { db } = ctx;
  const base = visibleMenu();
  const common = [base, searchCondition(input.search), availabilityCondition(input)];
  const byFacet: Record<Facet, SQL | undefined> = {
    cuisine: tagCondition(FACETS.cuisine, input.cuisines, 'any'), // any of the chosen cuisines
    diet: tagCondition(FACETS.diet, input.diets, 'all'), // every chosen diet
    allergy: tagCondition(FACETS.allergy, input.allergiesExclude, 'none'), // none of the excluded allergens
  };
  const all = and(...common, byFacet.cuisine, byFacet.diet, byFacet.allergy);
  const allBut = (facet: Facet) => and(...common, ...(Object.keys(byFacet) as Facet[]).filter((f) => f !== facet).map((f) => byFacet[f]));
  const joinRegion = and(eq(chefRegions.chefId, menus.chefId), eq(chefRegions.regionId, input.regionId));

  const pageOrder = [desc(menus.reviewAvg), desc(menus.reviewCount), desc(menus.id)];
  /** The menus served in the region that pass `where`, by id. */
  const matching = (where: SQL | undefined) =>
    db
      .select({ id: menus.id })
      .from(menus)
      .innerJoin(chefs, eq(chefs.id, menus.chefId))
      .innerJoin(users, eq(users.id, chefs.userId))
      .innerJoin(chefRegions, joinRegion)
      .where(where);
  const countWhere = (where: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(menus)
      .innerJoin(chefs, eq(chefs.id, menus.chefId))
      .innerJoin(users, eq(users.id, chefs.userId))
      .innerJoin(chefRegions, joinRegion)
      .where(where);

  /**
   * Standard faceted counts: for each option of a facet, how many menus carry it when every OTHER active filter
   * applies (the facet's own selection does not narrow its counts). Every current option is listed, with 0 when
   * no menu carries it; retired options appear only while menus still carry them. For the allergy facet the count
   * is how many menus contain the allergen, i.e. how many excluding it would remove.
   */
  const facetQuery = (facet: Facet) => {
    const ids = matching(allBut(facet));
    const counts = db
      .select({ itemId: menuTags.itemId, n: sql<number>`count(*)`.as('facet_n') })
      .from(menuTags)
      .where(inArray(menuTags.menuId, ids))
      .groupBy(menuTags.itemId)
      .as('facet_counts');
    return db
      .select({ key: listItems.key, names: listItems.names, count: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number).as('facet_count') })
      .from(listItems)
      .leftJoin(counts, eq(counts.itemId, listItems.id))
      .where(and(eq(listItems.kind, FACETS[facet]), or(isNull(listItems.retiredAt), gt(counts.n, 0))))
      .orderBy(asc(listItems.position), asc(listItems.id));
  };

  const r = input.resolve;
  const [regionRows, pageRows, totalRows, filteredRows, cuisineRows, dietRows, allergyRows, settingRows, versionRows] = await db.batch([
    db.select({ id: regions.id }).from(regions).where(eq(regions.id, input.regionId)).limit(1),
    // The page's ids first, then the card (tags, tiers, images) for those rows only: SQLite computes every result
    // column before it sorts, so a sorted card query would build the JSON of every matching menu in the region.
    menuCardQuery(db)
      .where(inArray(menus.id, matching(all).orderBy(...pageOrder).limit(input.pageSize).offset(input.page * input.pageSize)))
      .orderBy(...pageOrder),
    countWhere(base),
    countWhere(all),
    facetQuery('cuisine'),
    facetQuery('diet'),
    facetQuery('allergy'),
    settingsQuery(db),
    versionsQuery(db),
  ]);
  if (!regionRows[0]) throw notFound('Region not found.');

  const settings = toSettings(settingRows);
  const include = {
    image: r.has('image'),
    chef: r.has('chef') ? { userPublic: r.has('chef.user_public'), avatar: r.has('chef.user_public.avatar') } : (false as const),
    diets: r.has('diets'),
    cuisines: r.has('cuisines'),
  };
  const priceCtx = { settings, currency: ctx.currency, locale: ctx.locale, stacks: input.stacks, guests: input.guests };
  const items = (rows: typeof cuisineRows) => ({ items: rows.map((f) => ({ key: f.key, name: localName(f.names, f.key, ctx.locale), count: Number(f.count) })) });

  const result = {
    data: pageRows.map((row) => presentMenu(toMenuRow(row), include, priceCtx)),
    ...(input.count ? { total_count: Number(totalRows[0]?.n ?? 0), filter_count: Number(filteredRows[0]?.n ?? 0) } : {}),
    filters: { cuisine: items(cuisineRows), diet: items(dietRows), allergy: items(allergyRows) },
  };
  const launchModeSet = settingRows.find((s) => s.key === 'launch_mode')?.value;
  return { result, versions: toVersions(versionRows), launchModeSet: typeof launchModeSet === 'string' ? launchModeSet : '' };
}
