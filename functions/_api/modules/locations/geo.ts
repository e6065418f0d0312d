// Small geometry and text helpers for the in-process geocoder: straight-line distances, latitude/longitude boxes
// that the indexed `regions.lat` column can narrow, and the accent-free search form stored in regions.search_name.

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LAT = 111.32;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle ("as the crow flies") distance in km. Roads are longer; callers label it as a straight line. */
export function haversineKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dLat = rad(bLat - aLat);
  const dLon = rad(bLon - aLon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Box = { minLat: number; maxLat: number; minLon: number | null; maxLon: number | null };

/**
 * A box that contains every point within `km` of (lat, lon). The longitude bounds are dropped (null) near the
 * poles or when the box would cross the antimeridian; the latitude bounds alone are still a correct pre-filter.
 */
export function boundingBox(lat: number, lon: number, km: number): Box {
  const dLat = km / KM_PER_DEGREE_LAT;
  const minLat = Math.max(-90, lat - dLat);
  const maxLat = Math.min(90, lat + dLat);
  const cos = Math.cos(rad(Math.max(Math.abs(minLat), Math.abs(maxLat))));
  if (cos < 0.01) return { minLat, maxLat, minLon: null, maxLon: null };
  const dLon = km / (KM_PER_DEGREE_LAT * cos);
  if (lon - dLon < -180 || lon + dLon > 180) return { minLat, maxLat, minLon: null, maxLon: null };
  return { minLat, maxLat, minLon: lon - dLon, maxLon: lon + dLon };
}

/**
 * The form stored in regions.search_name: lower case, ß → ss, no diacritics ("Zürich" → "zurich"). Same steps as the
 * seed's searchForm (scripts/seed/util.ts), which fills the column, plus collapsing whitespace in what users type.
 */
export function searchForm(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The exclusive upper bound of a prefix range: `col >= p AND col < p || U+FFFF` uses the column's index, LIKE does not. */
export const prefixEnd = (prefix: string) => `${prefix}\uffff`;

export const roundTo = (n: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
};
