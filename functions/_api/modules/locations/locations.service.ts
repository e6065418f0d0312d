// Regions, popular cities and the in-process geocoder over the regions table. Region lookups are cached in KV
// (versioned key per query and locale); every other read goes straight to the database.
import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { images } from '../../db/schema/files';
import { popularCities, postalCodes, regions } from '../../db/schema/regions';
import { fieldError, notFound } from '../../lib/errors';
import type { Locale } from '#shared/locales';
import type { Cache } from '../../platform/cache';
import { imageUrls, type ImageRef } from '../images/images.service';
import { boundingBox, haversineKm, prefixEnd, roundTo, searchForm } from './geo';
import type * as v from 'valibot';
import type { GeocodeLocationsBody, regionsQuery } from '#shared/schemas/locations.schema';

/** Seed §3 "Region: id, name, zip, state, country_code". */
export type Region = { id: number; name: string; zip: string | null; state: string; country_code: string };
type RegionRow = { id: number; name: string; zip: string | null; state: string; countryCode: string };
const presentRegion = (r: RegionRow): Region => ({ id: r.id, name: r.name, zip: r.zip, state: r.state, country_code: r.countryCode });

/**
 * Bump the version when the meaning or shape of a cached answer changes, or after a bulk re-import of regions:
 * old entries are then never read again and expire on their own.
 */
export const REGION_CACHE_VERSION = 'v1';
export const REGION_CACHE_TTL_SECONDS = 24 * 3600;

/**
 * The key holds everything the answer depends on (kind, locale, limit, normalised text or rounded coordinates),
 * so an entry can only ever be returned for the query that produced it.
 */
export function regionCacheKey(locale: Locale, lookup: NormalisedLookup): string {
  const base = `regions:${REGION_CACHE_VERSION}:${locale}`;
  return lookup.kind === 'text'
    ? `${base}:text:${lookup.limit}:${lookup.text}`
    : `${base}:near:${lookup.limit}:${lookup.lat.toFixed(3)},${lookup.lon.toFixed(3)}`;
}

/** What GET /v1/locations/regions looks up: regions by text (zip or name prefix), near a point, or one by its id. */
export type RegionLookup =
  | { kind: 'text'; text: string; limit: number }
  | { kind: 'near'; lat: number; lon: number; limit: number }
  | { kind: 'id'; id: number };

/**
 * Which lookup the query asks for: an id (a page that names its region only by id, like menus near me) wins, then
 * coordinates, then text; one of them is required (checks across fields, after the schema).
 */
export function regionLookup(q: v.InferOutput<typeof regionsQuery>): RegionLookup {
  if (q.id !== undefined) return { kind: 'id', id: q.id };
  if (q.lat !== undefined || q.lon !== undefined) {
    if (q.lat === undefined) throw fieldError('lat', 'validation.rule.latwithlon');
    if (q.lon === undefined) throw fieldError('lon', 'validation.rule.lonwithlat');
    return { kind: 'near', lat: q.lat, lon: q.lon, limit: q.limit };
  }
  if (!q.text) throw fieldError('text', 'validation.rule.placetext');
  return { kind: 'text', text: q.text, limit: q.limit };
}

/** A lookup after normalise(): the key and the query read the same one. */
type NormalisedLookup = Exclude<RegionLookup, { kind: 'id' }>;

/** Normalises before keying and querying, so "Zürich", "ZURICH " and "zurich" share one entry and one answer. */
function normalise(lookup: NormalisedLookup): NormalisedLookup {
  if (lookup.kind === 'text') return { kind: 'text', text: searchForm(lookup.text), limit: lookup.limit };
  // ~110 m of rounding: nearby visitors share an entry, and the query uses the rounded point the key names.
  return { kind: 'near', lat: roundTo(lookup.lat, 3), lon: roundTo(lookup.lon, 3), limit: lookup.limit };
}

/** GET /v1/locations/regions. A KV failure is a cache miss (the cache adapter swallows errors). */
export async function lookupRegions(deps: { db: DB; cache: Cache }, lookup: RegionLookup, locale: Locale): Promise<Region[]> {
  // One row by its primary key: cheaper than the cache, and never stale.
  if (lookup.kind === 'id') return (await deps.db.select(regionColumns).from(regions).where(eq(regions.id, lookup.id)).limit(1)).map(presentRegion);
  const q = normalise(lookup);
  const key = regionCacheKey(locale, q);
  const cached = await deps.cache.get<Region[]>(key);
  if (Array.isArray(cached)) return cached;
  const data = q.kind === 'text' ? await regionsByText(deps.db, q.text, q.limit) : await regionsNearPoint(deps.db, q.lat, q.lon, q.limit);
  await deps.cache.put(key, data, REGION_CACHE_TTL_SECONDS);
  return data;
}

const regionColumns = { id: regions.id, name: regions.name, zip: regions.zip, state: regions.state, countryCode: regions.countryCode };

/** "8004", "80", "ch-8004 zür" → zip prefix (plus optional name prefix); anything else → name prefix. */
export function splitQuery(text: string): { zip: string | null; name: string } {
  const m = /^(?:[a-z]{1,2}-)?(\d{1,10})\s*(.*)$/.exec(text);
  return m ? { zip: m[1]!, name: m[2]!.trim() } : { zip: null, name: text };
}

async function regionsByText(db: DB, text: string, limit: number): Promise<Region[]> {
  if (!text) return [];
  const { zip, name } = splitQuery(text);
  // Range conditions (>= prefix AND < prefix || U+FFFF) let SQLite walk the postal_codes primary key and the
  // regions_search_name index; LIKE 'x%' would not use them under the default case-sensitive collation rules.
  const namePrefix = name ? and(gte(regions.searchName, name), lt(regions.searchName, prefixEnd(name))) : undefined;
  if (zip) {
    // One row per region with the lowest matching zip, so "80" lists places rather than ten Zürich codes.
    const matchedZip = sql<string>`min(${postalCodes.zip})`;
    const rows = await db
      .select({ id: regions.id, name: regions.name, zip: matchedZip.as('matched_zip'), state: regions.state, countryCode: regions.countryCode })
      .from(postalCodes)
      .innerJoin(regions, eq(regions.id, postalCodes.regionId))
      .where(and(gte(postalCodes.zip, zip), lt(postalCodes.zip, prefixEnd(zip)), namePrefix))
      .groupBy(regions.id)
      .orderBy(matchedZip, desc(regions.population), asc(regions.id))
      .limit(limit);
    return rows.map(presentRegion);
  }
  const rows = await db.select(regionColumns).from(regions).where(namePrefix).orderBy(desc(regions.population), asc(regions.name), asc(regions.id)).limit(limit);
  return rows.map(presentRegion);
}

type PointRow = RegionRow & { lat: number; lon: number };

/**
 * Candidate regions around a point: the box narrows on the indexed lat column, SQL orders by a flat-earth
 * distance (plain arithmetic, which D1 and libSQL both have), and the caller refines with haversine.
 */
function pointsInBox(db: DB, lat: number, lon: number, km: number, max: number) {
  const box = boundingBox(lat, lon, km);
  const cosLat = Math.cos((lat * Math.PI) / 180);
  const conds: (SQL | undefined)[] = [gte(regions.lat, box.minLat), lte(regions.lat, box.maxLat)];
  if (box.minLon !== null && box.maxLon !== null) conds.push(gte(regions.lon, box.minLon), lte(regions.lon, box.maxLon));
  return db
    .select({ ...regionColumns, lat: regions.lat, lon: regions.lon })
    .from(regions)
    .where(and(...conds))
    .orderBy(sql`(${regions.lat} - ${lat}) * (${regions.lat} - ${lat}) + (${regions.lon} - ${lon}) * (${regions.lon} - ${lon}) * ${cosLat * cosLat}`, asc(regions.id))
    .limit(max);
}

const byDistance = (lat: number, lon: number, rows: PointRow[]) =>
  rows.map((r) => ({ row: r, km: haversineKm(lat, lon, r.lat, r.lon) })).sort((a, b) => a.km - b.km || a.row.id - b.row.id);

/** Nearest regions for the browser's geolocation: a tight box first, one wider box if that finds too few. */
const NEAR_RADII_KM = [25, 150] as const;

async function regionsNearPoint(db: DB, lat: number, lon: number, limit: number): Promise<Region[]> {
  let found: { row: PointRow; km: number }[] = [];
  for (const km of NEAR_RADII_KM) {
    found = byDistance(lat, lon, await pointsInBox(db, lat, lon, km, limit * 4)).filter((f) => f.km <= km);
    if (found.length >= limit) break;
  }
  return found.slice(0, limit).map((f) => presentRegion(f.row));
}

/** Upper bound on regions returned by geocode/locations (a 300 km radius can hold thousands of places). */
export const MAX_GEOCODE_RESULTS = 1000;

export type RegionWithDistance = Region & { lat: number; lon: number; distance_km: number };

/**
 * POST /v1/locations/geocode/locations: regions within `driving_distance` km, nearest first. The distance is a
 * straight-line (haversine) estimate, not a road distance; responses say so with distance_method "straight_line".
 */
export async function regionsWithinDistance(db: DB, input: GeocodeLocationsBody): Promise<RegionWithDistance[]> {
  const km = input.driving_distance;
  const rows = await pointsInBox(db, input.lat, input.lon, km, MAX_GEOCODE_RESULTS * 2);
  return byDistance(input.lat, input.lon, rows)
    .filter((f) => f.km <= km)
    .slice(0, MAX_GEOCODE_RESULTS)
    .map(({ row, km: d }) => ({ ...presentRegion(row), lat: row.lat, lon: row.lon, distance_km: roundTo(d, 1) }));
}

export function toFeatureCollection(items: RegionWithDistance[], drivingDistance: number) {
  return {
    type: 'FeatureCollection' as const,
    // Foreign members (RFC 7946 §6.1): how distances were computed and the radius asked for.
    distance_method: 'straight_line' as const,
    driving_distance: drivingDistance,
    features: items.map(({ lat, lon, ...props }) => ({
      type: 'Feature' as const,
      id: props.id,
      geometry: { type: 'Point' as const, coordinates: [lon, lat] },
      properties: props,
    })),
  };
}

/** Postal codes are 4 (CH, AT) or 5 (DE, FR, IT) digits, optionally after a country prefix ("CH-8001"). */
const ZIP_IN_TEXT = /(?:^|[^\d])(\d{4,5})(?!\d)/g;
/** D1 accepts at most 100 bound parameters per statement. */
const MAX_NAME_CANDIDATES = 90;

/**
 * Every run of 1–4 consecutive words: "bahnhofstr. 1, 8001 zurich" → "bahnhofstr.", "zurich", "bahnhofstr. zurich"…
 * Shorter runs come first so that a long address loses its least likely candidates to the parameter cap.
 */
export function nameCandidates(normalised: string): string[] {
  const words = normalised.split(/[\s,;/()|]+/).filter((w) => w && !/^\d+$/.test(w));
  const out = new Set<string>();
  for (let n = 1; n <= 4; n++) {
    for (let i = 0; i + n <= words.length; i++) {
      const phrase = words.slice(i, i + n).join(' ');
      out.add(phrase);
      // "St. Gallen" keeps its dot in search_name, but a sentence-final "Zürich." should still match.
      if (phrase.endsWith('.')) out.add(phrase.slice(0, -1));
    }
  }
  return [...out].slice(0, MAX_NAME_CANDIDATES);
}

export type GeocodedRegion = Region & { lat: number; lon: number; matched_by: 'zip' | 'name' };

/**
 * POST /v1/locations/geocode/address: finds a postal code or a place name in free text and returns the best
 * region with its coordinates. A zip wins; among regions sharing a zip, one whose name is in the text wins, then
 * the most populous. Without a known zip, the longest matching place name wins, then the most populous.
 */
export async function geocodeAddress(db: DB, address: string): Promise<GeocodedRegion> {
  const text = searchForm(address);
  const zips = [...new Set([...text.matchAll(ZIP_IN_TEXT)].map((m) => m[1]!))].slice(0, 5);
  const names = nameCandidates(text);
  const columns = { ...regionColumns, lat: regions.lat, lon: regions.lon, searchName: regions.searchName, population: regions.population };
  const byName = db.select(columns).from(regions).where(inArray(regions.searchName, names)).orderBy(desc(regions.population));
  const byZip = db
    .select({ ...columns, matchedZip: as(postalCodes.zip, 'matched_zip') })
    .from(postalCodes)
    .innerJoin(regions, eq(regions.id, postalCodes.regionId))
    .where(inArray(postalCodes.zip, zips))
    .orderBy(desc(regions.population));
  // One round trip for both lookups.
  const [nameRows, zipRows] = await db.batch([byName, byZip]);
  const named = new Set(nameRows.map((r) => r.id));
  if (zipRows.length) {
    const best = [...zipRows].sort((a, b) => Number(named.has(b.id)) - Number(named.has(a.id)) || zips.indexOf(a.matchedZip) - zips.indexOf(b.matchedZip) || b.population - a.population)[0]!;
    return { ...presentRegion({ ...best, zip: best.matchedZip }), lat: best.lat, lon: best.lon, matched_by: 'zip' };
  }
  if (nameRows.length) {
    const words = (s: string) => s.split(' ').length;
    const best = [...nameRows].sort((a, b) => words(b.searchName) - words(a.searchName) || b.population - a.population)[0]!;
    return { ...presentRegion(best), lat: best.lat, lon: best.lon, matched_by: 'name' };
  }
  throw notFound('We could not find a place in this address.');
}

/** Seed §3 "Popular city: id, display_name, image.url.t1024_2x1"; the region rides along for navigation. */
/** A popular city's picture is a plain field, not a resolved relation: `image.url.t1024_2x1` (seed §3), no `data`. */
export const cityImage = (ref: ImageRef) => imageUrls(ref, ['t1024_2x1']);

export async function popularCityList(db: DB) {
  const rows = await db
    .select({
      id: as(popularCities.id, 'city_id'),
      displayName: popularCities.displayName,
      region: {
        id: as(regions.id, 'region_id_'),
        name: regions.name,
        zip: regions.zip,
        state: regions.state,
        countryCode: regions.countryCode,
      },
      imageId: asJoined(images.id, 'city_image_id'),
      imageStatus: images.status,
      imageStacks: images.stacks,
    })
    .from(popularCities)
    .innerJoin(regions, eq(regions.id, popularCities.regionId))
    .leftJoin(images, eq(images.id, popularCities.imageId))
    .orderBy(asc(popularCities.position), asc(popularCities.id));
  return rows.map((r) => ({
    id: r.id,
    display_name: r.displayName,
    region_id: r.region.id,
    region: { data: presentRegion(r.region) },
    image: cityImage({ id: r.imageId, status: r.imageStatus, stacks: r.imageStacks }),
  }));
}
