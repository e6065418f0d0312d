// Builders for the discovery tests: regions with postal codes, list items and menu tags, courses and price tiers,
// chef regions, blocked days, bookings and reviews. Each inserts only what a test states.
import type { DB } from '../../functions/_api/db/client';
import { bookings, reviews, type BookingStatus } from '../../functions/_api/db/schema/bookings';
import { availabilityBlocks, chefRegions } from '../../functions/_api/db/schema/chefs';
import { listItems, type LocaleNames } from '../../functions/_api/db/schema/lists';
import { menuCourses, menuPriceTiers, menuTags } from '../../functions/_api/db/schema/menus';
import { popularCities, postalCodes, regions } from '../../functions/_api/db/schema/regions';
import { searchForm } from '../../functions/_api/modules/locations/geo';
import type { Harness } from './harness';
import { createUser } from './fixtures';

let seq = 0;
/** Region ids far above real GeoNames ids, distinct per test file run. */
const regionIdBase = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

export async function createRegion(
  db: DB,
  over: { name: string; zips?: string[]; state?: string; countryCode?: string; lat?: number; lon?: number; population?: number },
) {
  const id = regionIdBase + ++seq;
  const zips = over.zips ?? [];
  const [r] = await db
    .insert(regions)
    .values({
      id,
      name: over.name,
      searchName: searchForm(over.name),
      zip: zips[0] ?? null,
      state: over.state ?? 'ZH',
      countryCode: over.countryCode ?? 'CH',
      lat: over.lat ?? 47.37,
      lon: over.lon ?? 8.54,
      population: over.population ?? 1000,
    })
    .returning();
  if (zips.length) await db.insert(postalCodes).values(zips.map((zip) => ({ zip, regionId: id, countryCode: over.countryCode ?? 'CH' })));
  return r!;
}

export type ListKind = 'cuisine' | 'diet' | 'allergen';

/** A list item (cuisine, diet or allergen); reuses an existing one with the same kind and key. */
export async function listItem(db: DB, kind: ListKind, key: string, names?: LocaleNames, position = 0) {
  const [row] = await db
    .insert(listItems)
    .values({ kind, key, names: names ?? { en: key[0]!.toUpperCase() + key.slice(1) }, position })
    .onConflictDoUpdate({ target: [listItems.kind, listItems.key], set: { position } })
    .returning();
  return row!;
}

export async function tagMenu(db: DB, menuId: number, kind: ListKind, ...keys: string[]) {
  for (const key of keys) {
    const item = await listItem(db, kind, key);
    await db.insert(menuTags).values({ menuId, itemId: item.id }).onConflictDoNothing();
  }
}

export async function addCourse(db: DB, menuId: number, over: Partial<typeof menuCourses.$inferInsert> = {}) {
  const [c] = await db
    .insert(menuCourses)
    .values({ menuId, courseType: 'main', name: `Course ${++seq}`, allergens: [], ...over })
    .returning();
  return c!;
}

export const addTier = (db: DB, menuId: number, minGuests: number, pricePerPerson: number) => db.insert(menuPriceTiers).values({ menuId, minGuests, pricePerPerson });

export const serveRegion = (db: DB, chefId: number, ...regionIds: number[]) =>
  db.insert(chefRegions).values(regionIds.map((regionId) => ({ chefId, regionId })));

export const blockDay = (db: DB, chefId: number, day: string) => db.insert(availabilityBlocks).values({ chefId, day });

export async function createBooking(db: DB, over: { chefId: number; menuId: number; eventDate: string; status: BookingStatus; customerId?: number }) {
  const customerId = over.customerId ?? (await createUser(db)).id;
  const [b] = await db
    .insert(bookings)
    .values({
      customerId,
      chefId: over.chefId,
      menuId: over.menuId,
      menuName: 'Menu',
      status: over.status,
      guests: 4,
      eventDate: over.eventDate,
      startsAt: new Date(`${over.eventDate}T17:00:00Z`),
      timezone: 'Europe/Zurich',
      // Told by mail long ago: fixture bookings never wait for the sweep's digest.
      chefMailedAt: new Date(0),
      diets: [],
      allergens: [],
      currency: 'CHF',
      pricePerPerson: 9500,
      subtotal: 38000,
      serviceFee: 1900,
      total: 39900,
      commission: 5700,
      chefEarnings: 32300,
      serviceFeeBp: 500,
      commissionBp: 1500,
    })
    .returning();
  return b!;
}

export async function createReview(
  db: DB,
  over: { chefId: number; menuId: number; customerId: number; ratings?: [number, number, number, number, number]; text?: string; createdAt?: Date; hiddenAt?: Date | null; reply?: string | null; publishedAt?: Date | null },
) {
  const booking = await createBooking(db, { chefId: over.chefId, menuId: over.menuId, customerId: over.customerId, eventDate: `2025-01-${String((++seq % 28) + 1).padStart(2, '0')}`, status: 'reviewed' });
  const r = over.ratings ?? [5, 5, 5, 5, 5];
  const [row] = await db
    .insert(reviews)
    .values({
      bookingId: booking.id,
      chefId: over.chefId,
      menuId: over.menuId,
      customerId: over.customerId,
      ratingFood: r[0],
      ratingService: r[1],
      ratingHygiene: r[2],
      ratingValue: r[3],
      ratingCommunication: r[4],
      rating: r.reduce((a, b) => a + b, 0) / 5,
      text: over.text ?? 'Lovely evening.',
      reply: over.reply ?? null,
      hiddenAt: over.hiddenAt ?? null,
      // Published as written unless said otherwise (blind reviews: a review counts once published).
      publishedAt: over.publishedAt === undefined ? (over.createdAt ?? new Date()) : over.publishedAt,
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function addPopularCity(db: DB, regionId: number, displayName: string, imageId: number | null, position: number) {
  const [c] = await db.insert(popularCities).values({ regionId, displayName, imageId, position }).returning();
  return c!;
}

/** True inside workerd (the workers project), where the driver-call counter is not available. */
export const inWorkerd = typeof navigator !== 'undefined' && (navigator as { userAgent?: string }).userAgent === 'Cloudflare-Workers';

/**
 * Whether menus near's one statement (the first of the calls counted) read the region's data: while a cached body is
 * current it reads only the data versions and the settings.
 */
export const nearReadData = (sets: Record<string, unknown>[][][]): boolean => sets[0]?.[0]?.[0]?.data != null;

/**
 * Counts calls into the libSQL driver (each execute or batch is one round trip to Turso). Node project only: the
 * harness's Drizzle database is the one the app uses, so wrapping its client sees every query of a request.
 */
export function countDriverCalls(h: Harness) {
  if (h.runtime !== 'node') throw new Error('driver call counting needs the node (libSQL) harness');
  const client = (h.db as unknown as { $client: Record<string, (...args: unknown[]) => unknown> }).$client;
  const calls: string[] = [];
  /** Per call, the rows each statement returned (one entry for an execute). */
  const sets: Record<string, unknown>[][][] = [];
  for (const method of ['execute', 'batch', 'executeMultiple', 'transaction'] as const) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    client[method] = (...args: unknown[]) => {
      calls.push(method);
      const at = sets.push([]) - 1;
      const out = original.apply(client, args);
      if (out instanceof Promise) {
        void out.then(
          (r: unknown) => {
            const results = (Array.isArray(r) ? r : [r]) as { rows?: Record<string, unknown>[] }[];
            sets[at] = results.map((set) => set?.rows ?? []);
          },
          () => {},
        );
      }
      return out;
    };
  }
  return {
    calls,
    /** Runs `fn` and returns the driver calls it made, and the rows each of their statements returned. */
    async during<T>(fn: () => Promise<T>): Promise<{ result: T; calls: string[]; sets: Record<string, unknown>[][][] }> {
      const start = calls.length;
      const result = await fn();
      return { result, calls: calls.slice(start), sets: sets.slice(start) };
    },
  };
}
