// Small deterministic helpers shared by the seed: a seeded PRNG, chunked batch writes, text and time utilities.
import { haversineKm, searchForm } from '../../functions/_api/modules/locations/geo';

// One definition of the search form and distance for the seed and the API, so seeded data always matches queries.
export { haversineKm, searchForm };
// Time-zone maths is the booking window's, so seeded events follow the same rules as booked ones.
export { addDays, localDay as localDate, zonedTime } from '#shared/booking-window';
import type { BatchItem as DrizzleBatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../functions/_api/db/client';

/** mulberry32: a tiny, fast, good-enough 32-bit PRNG. Same seed → same sequence on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = {
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  /** k distinct items (fewer if the list is shorter). */
  sample<T>(items: readonly T[], k: number): T[];
  /** A weighted pick over [item, weight] pairs. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T;
};

export function rng(seed: number): Rng {
  const next = mulberry32(seed);
  const r: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (!items.length) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (p) => next() < p,
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    sample: (items, k) => r.shuffle(items).slice(0, k),
    weighted: (pairs) => {
      const total = pairs.reduce((s, [, w]) => s + w, 0);
      let x = next() * total;
      for (const [item, w] of pairs) {
        x -= w;
        if (x < 0) return item;
      }
      return pairs[pairs.length - 1]![0];
    },
  };
  return r;
}

/** Derives an independent stream per purpose, so adding draws in one part does not reshuffle another. */
export function streamSeed(base: number, label: string): number {
  let h = base ^ 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function slugify(text: string): string {
  return searchForm(text)
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Anything db.batch accepts. */
export type BatchItem = DrizzleBatchItem<'sqlite'>;

/** Runs statements in order through db.batch, a bounded number per batch (each batch is one transaction). */
export async function runBatches(db: DB, statements: BatchItem[], perBatch = 200): Promise<void> {
  for (const part of chunk(statements, perBatch)) {
    if (part.length) await db.batch(part as [BatchItem, ...BatchItem[]]);
  }
}

/** Multi-row inserts of ~`size` rows each, as batch items. */
export function insertChunks<T>(rows: readonly T[], size: number, make: (rows: T[]) => BatchItem): BatchItem[] {
  return chunk(rows, size).map(make);
}

/**
 * Rows per multi-row insert for a table with `columns` columns: about 500 rows, but never more bound parameters
 * than SQLite's limit (32,766 on current builds; kept well below).
 */
export const rowsPerInsert = (columns: number) => Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, columns))));

/** IBAN check digits (ISO 13616, mod 97) for a country and BBAN. */
export function iban(country: string, bban: string): string {
  const digits = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of digits) rem = (rem * 10 + Number(ch)) % 97;
  return `${country}${String(98 - rem).padStart(2, '0')}${bban}`;
}
