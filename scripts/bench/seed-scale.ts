// The benchmark's database: the normal seed (every region, lists, settings, the demo marketplace and its accounts)
// plus `menus` generated menus of generated chefs spread over the 200 most populous regions. Everything generated
// goes in as multi-row inserts in one db.batch, i.e. one transaction, so 100,000 menus take seconds.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client, InStatement, InValue } from '@libsql/client';
import { desc, getTableColumns, getTableName, max } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../functions/_api/db/client';
import { ChefStatus, chefRegions, chefs, type ChefStatusValue } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { menuCourses, menuPriceTiers, menus, menuTags, type MenuStatus } from '../../functions/_api/db/schema/menus';
import { MASKING_VERSION } from '../../functions/_api/lib/masking';
import { regions } from '../../functions/_api/db/schema/regions';
import { users } from '../../functions/_api/db/schema/users';
import type { Files } from '../../functions/_api/platform/files';
import { openDatabase } from '../lib/node-platform';
import { seedDatabase } from '../seed/index';
import { ALLERGENS, CUISINES, DIETS, listIds } from '../seed/lists';
import { drawAvatar, drawDish } from '../seed/png';
import { chunk, rng, rowsPerInsert, slugify } from '../seed/util';
import { DAY } from '#shared/time';

export type ScaleOptions = {
  /** Generated menus (on top of the demo marketplace's). */
  menus: number;
  /** Served regions: the most populous ones. */
  regions?: number;
  menusPerChef?: number;
  /** Regions each generated chef serves: the home region and others drawn at random. */
  regionsPerChef?: number;
  /** Object storage for the shared menu pictures and avatars; null leaves the images without bytes. */
  files?: Files | null;
  now?: Date;
  log?: (line: string) => void;
};

export type ScaleInfo = {
  menus: number;
  chefs: number;
  regionIds: number[];
  /** The served region with the most visible menus (the worst case for menus near). */
  busiestRegion: { id: number; visibleMenus: number };
  seedMs: number;
};

const SEED = 8_100_008;
const MENU_PICTURES = 24;
const AVATARS = 24;
const FIRST = ['Anna', 'Luca', 'Marie', 'Jonas', 'Sofia', 'Noah', 'Lea', 'Elias', 'Mia', 'Leon', 'Emma', 'Paul', 'Giulia', 'Louis', 'Clara', 'Matteo'];
const LAST = ['Meier', 'Rossi', 'Dubois', 'Müller', 'Bianchi', 'Martin', 'Schmid', 'Keller', 'Weber', 'Moreau', 'Fischer', 'Ricci', 'Huber', 'Bernard'];
const DISHES = ['Alpine Dinner', 'Tasting Menu', 'Garden Feast', 'Sea & Lake', 'Street Food Night', 'Family Table', 'Chef’s Table', 'Harvest Menu'];
const COURSES = [['starter', 'Seasonal salad'], ['main', 'Slow-cooked main'], ['dessert', 'House dessert']] as const;

/** Builds the generated marketplace into `db`, which must already hold the normal seed. */
export async function seedScale(db: DB, client: Client, opts: ScaleOptions): Promise<ScaleInfo> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const now = (opts.now ?? new Date()).getTime();
  const r = rng(SEED);
  const perChef = opts.menusPerChef ?? 5;
  const perChefRegions = opts.regionsPerChef ?? 3;

  const [served, ids, u, c, m, im] = await Promise.all([
    db.select({ id: regions.id, name: regions.name, lat: regions.lat, lon: regions.lon, countryCode: regions.countryCode }).from(regions).orderBy(desc(regions.population), regions.id).limit(opts.regions ?? 200),
    listIds(db),
    db.select({ m: max(users.id) }).from(users),
    db.select({ m: max(chefs.id) }).from(chefs),
    db.select({ m: max(menus.id) }).from(menus),
    db.select({ m: max(images.id) }).from(images),
  ]);
  const next = { user: u[0]?.m ?? 0, chef: c[0]?.m ?? 0, menu: m[0]?.m ?? 0, image: im[0]?.m ?? 0 };
  const itemIds = (kind: string, entries: readonly (readonly [string, ...string[]])[]) => entries.map((e) => ids.get(`${kind}:${e[0]}`)!).filter((id) => id != null);
  const cuisineIds = itemIds('cuisine', CUISINES);
  const dietIds = itemIds('diet', DIETS);
  const allergenIds = itemIds('allergen', ALLERGENS);

  // Shared pictures: a few images that every generated menu and avatar points at, like a real catalogue's reuse.
  const imageRows: (typeof images.$inferInsert)[] = [];
  const menuPictures: number[] = [];
  const avatars: number[] = [];
  const puts: Promise<void>[] = [];
  for (let i = 0; i < MENU_PICTURES + AVATARS; i++) {
    const id = ++next.image;
    const avatar = i >= MENU_PICTURES;
    const stacks: Record<string, string> = avatar
      ? { t256x256: `img/bench-avatar-${i}-t256x256` }
      : { t512_1x1: `img/bench-menu-${i}-t512_1x1`, t512_2x1: `img/bench-menu-${i}-t512_2x1`, t1024_2x1: `img/bench-menu-${i}-t1024_2x1` };
    imageRows.push({ id, ownerUserId: null, kind: avatar ? 'avatar' : 'menu', status: 'approved', stacks, contentType: 'image/png', createdAt: new Date(now - 100 * DAY) });
    (avatar ? avatars : menuPictures).push(id);
    if (opts.files) {
      const sizes: Record<string, [number, number]> = { t256x256: [256, 256], t512_1x1: [512, 512], t512_2x1: [512, 256], t1024_2x1: [1024, 512] };
      for (const [stack, key] of Object.entries(stacks)) {
        const [w, h] = sizes[stack]!;
        puts.push(opts.files.put(key, avatar ? drawAvatar(i, w) : drawDish(i, w, h), 'image/png'));
      }
    }
  }
  await Promise.all(puts);

  const userRows: (typeof users.$inferInsert)[] = [];
  const chefRows: (typeof chefs.$inferInsert)[] = [];
  const servedRows: (typeof chefRegions.$inferInsert)[] = [];
  const menuRows: (typeof menus.$inferInsert)[] = [];
  const tagRows: (typeof menuTags.$inferInsert)[] = [];
  const tierRows: (typeof menuPriceTiers.$inferInsert)[] = [];
  const courseRows: (typeof menuCourses.$inferInsert)[] = [];

  const chefCount = Math.ceil(opts.menus / perChef);
  for (let n = 0; n < chefCount; n++) {
    const home = served[n % served.length]!;
    const userId = ++next.user;
    const chefId = ++next.chef;
    const first = r.pick(FIRST);
    const last = r.pick(LAST);
    const created = now - r.int(30, 900) * DAY;
    userRows.push({
      id: userId,
      email: `bench.chef${n}@example.com`,
      firstname: first,
      lastname: last,
      avatarImageId: r.chance(0.6) ? r.pick(avatars) : null,
      locale: home.countryCode === 'FR' ? 'fr' : home.countryCode === 'IT' ? 'it' : 'de',
      currency: home.countryCode === 'CH' ? 'CHF' : 'EUR',
      emailVerifiedAt: new Date(created),
      createdAt: new Date(created),
      updatedAt: new Date(created),
    });
    const status: ChefStatusValue = r.weighted([
      [ChefStatus.Active, 92],
      [ChefStatus.Paused, 4],
      [ChefStatus.New, 4],
    ]);
    const chefReviews = r.int(0, 80);
    chefRows.push({
      id: chefId,
      userId,
      uri: `${slugify(`${first} ${last}`)}-${chefId}`,
      status,
      isPro: r.chance(0.2),
      isVerified: status === ChefStatus.Active,
      displayLocation: home.name,
      profileBio: `${first} cooks seasonal menus around ${home.name}.`,
      languages: ['de', 'en'],
      homeRegionId: home.id,
      lat: home.lat,
      lon: home.lon,
      timezone: home.countryCode === 'CH' ? 'Europe/Zurich' : 'Europe/Berlin',
      currency: home.countryCode === 'CH' ? 'CHF' : 'EUR',
      reviewCount: chefReviews,
      reviewAvg: chefReviews ? Math.round((3.5 + r.next() * 1.5) * 100) / 100 : 0,
      createdAt: new Date(created),
      updatedAt: new Date(created),
    });
    const chefRegionIds = new Set([home.id]);
    while (chefRegionIds.size < Math.min(perChefRegions, served.length)) chefRegionIds.add(r.pick(served).id);
    for (const regionId of chefRegionIds) servedRows.push({ chefId, regionId });

    const menusHere = Math.min(perChef, opts.menus - n * perChef);
    for (let k = 0; k < menusHere; k++) {
      const id = ++next.menu;
      const menuStatus: MenuStatus = r.weighted([
        ['published', 85],
        ['draft', 10],
        ['archived', 5],
      ]);
      const price = r.int(60, 200) * 100;
      const reviews = r.int(0, 40);
      menuRows.push({
        id,
        chefId,
        name: `${r.pick(DISHES)} ${n}-${k}`,
        description: `A ${r.pick(['four', 'five', 'six'])}-course menu with local produce from around ${home.name}.`,
        maskedWith: MASKING_VERSION, // no contact details: the sweep has nothing to mask
        imageId: r.pick(menuPictures),
        minGuests: r.weighted([
          [2, 60],
          [4, 30],
          [6, 10],
        ]),
        maxGuests: r.int(8, 20),
        currency: home.countryCode === 'CH' ? 'CHF' : 'EUR',
        pricePerPerson: price,
        atCustomer: true,
        atChef: r.chance(0.3),
        bookingMode: r.chance(0.4) ? 'instant' : 'request',
        status: menuStatus,
        reviewCount: reviews,
        reviewAvg: reviews ? Math.round((3.5 + r.next() * 1.5) * 100) / 100 : 0,
        publishedAt: menuStatus === 'published' ? new Date(created + DAY) : null,
        createdAt: new Date(created),
        updatedAt: new Date(created),
      });
      const tags = new Set([...r.sample(cuisineIds, r.int(1, 2)), ...r.sample(dietIds, r.int(0, 2)), ...r.sample(allergenIds, r.int(1, 4))]);
      for (const itemId of tags) tagRows.push({ menuId: id, itemId });
      tierRows.push({ menuId: id, minGuests: 2, pricePerPerson: price });
      if (r.chance(0.5)) tierRows.push({ menuId: id, minGuests: 8, pricePerPerson: Math.round(price * 0.9) });
      COURSES.forEach(([courseType, name], position) => courseRows.push({ menuId: id, position, courseType, name, description: '', allergens: [] }));
    }
  }

  // Drizzle's insert builder costs seconds per 100,000 rows, so the rows become multi-row INSERTs here, with the
  // schema's own column names and value mapping; all of them run in one write transaction. The served regions go
  // in last: triggers write a menu's search rows (migrations/0007_menu_search.sql) once its chef serves a region, and
  // again on each tag and tier, so each menu's rows are written once instead of once per tag.
  const statements = [
    ...insertStatements(images, imageRows),
    ...insertStatements(users, userRows),
    ...insertStatements(chefs, chefRows),
    ...insertStatements(menus, menuRows),
    ...insertStatements(menuTags, tagRows),
    ...insertStatements(menuPriceTiers, tierRows),
    ...insertStatements(menuCourses, courseRows),
    ...insertStatements(chefRegions, servedRows),
  ];
  await client.batch(statements, 'write');

  // Counted in the database, so the demo marketplace's menus in the same regions count too.
  const busiest = await client.execute({
    sql: `select cr.region_id as id, count(*) as n from chef_regions cr
      join chefs c on c.id = cr.chef_id and c.status = ? join menus m on m.chef_id = c.id and m.status = 'published'
      where cr.region_id in (select value from json_each(?)) group by cr.region_id order by n desc, cr.region_id limit 1`,
    args: [ChefStatus.Active, JSON.stringify(served.map((x) => x.id))],
  });
  const info: ScaleInfo = {
    menus: menuRows.length,
    chefs: chefRows.length,
    regionIds: served.map((s) => s.id),
    busiestRegion: { id: Number(busiest.rows[0]!.id), visibleMenus: Number(busiest.rows[0]!.n) },
    seedMs: Date.now() - started,
  };
  log(
    `scale: ${info.menus} menus of ${info.chefs} chefs over ${served.length} regions (${tagRows.length} tags, ${servedRows.length} served regions) in ${info.seedMs} ms; busiest region ${info.busiestRegion.id} with ${info.busiestRegion.visibleMenus} visible menus`,
  );
  return info;
}

/**
 * Multi-row INSERTs for `rows` (all with the same keys), mapped to driver values by the table's own columns and
 * chunked below SQLite's bound-parameter limit.
 */
function insertStatements<T extends SQLiteTable>(table: T, rows: T['$inferInsert'][]): InStatement[] {
  if (!rows.length) return [];
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const keys = Object.keys(rows[0]!).filter((k) => k in columns);
  const names = keys.map((k) => `"${columns[k]!.name}"`).join(', ');
  const tuple = `(${keys.map(() => '?').join(', ')})`;
  return chunk(rows, rowsPerInsert(keys.length)).map((part) => ({
    sql: `insert into "${getTableName(table)}" (${names}) values ${part.map(() => tuple).join(', ')}`,
    args: part.flatMap((row) =>
      keys.map((k) => {
        const value = (row as Record<string, unknown>)[k];
        return (value == null ? null : columns[k]!.mapToDriverValue(value)) as InValue;
      }),
    ),
  }));
}

export type ScaleDatabase = Awaited<ReturnType<typeof openDatabase>> & { url: string; dir: string; info: ScaleInfo; remove(): void };

/** A temporary file database with the normal seed and the generated marketplace. */
export async function createScaleDatabase(opts: ScaleOptions & { dir?: string }): Promise<ScaleDatabase> {
  const dir = opts.dir ?? mkdtempSync(path.join(os.tmpdir(), 'ylc-bench-'));
  const file = path.join(dir, `bench-${opts.menus}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const url = `file:${file}`;
  const opened = await openDatabase(url);
  await seedDatabase(opened.db, { files: opts.files ?? null, demo: true, regions: 'full', now: opts.now, log: opts.log ?? (() => {}) });
  const info = await seedScale(opened.db, opened.client, opts);
  // Fold the seed's write-ahead log into the database, as SQLite's automatic checkpoints do over time: reads through
  // a log of hundreds of thousands of pages would measure the log, not the queries.
  await opened.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  return {
    ...opened,
    url,
    dir,
    info,
    remove() {
      opened.client.close();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
