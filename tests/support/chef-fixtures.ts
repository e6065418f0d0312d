// Builders for the chef-area and upload tests: reference rows (lists, regions), a signed-in chef, bookings and
// ledger lines inserted directly, and small well-formed files (PNG, JPEG, WebP, PDF) with a chosen pixel size.
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { DB } from '../../functions/_api/db/client';
import { bookings, type BookingStatus } from '../../functions/_api/db/schema/bookings';
import { ChefStatus, chefs, type ChefStatusValue } from '../../functions/_api/db/schema/chefs';
import { images } from '../../functions/_api/db/schema/files';
import { listItems } from '../../functions/_api/db/schema/lists';
import { payoutItems, payouts } from '../../functions/_api/db/schema/payouts';
import { regions } from '../../functions/_api/db/schema/regions';
import { users } from '../../functions/_api/db/schema/users';
import { buildDeps } from '../../functions/_api/platform/deps';
import { concat, crc32 } from '../../functions/_api/modules/uploads/image-check';
import type { menuBody } from '#shared/schemas/chef-area.schema';
import { type Agent, signedUp } from './agent';
import { TEST_ORIGIN, type Harness } from './harness';

export const LISTS = {
  cuisine: ['swiss', 'italian', 'french'],
  diet: ['vegetarian', 'vegan'],
  allergen: ['gluten', 'milk', 'eggs', 'nuts', 'fish'],
} as const;

/** Cuisines, diets and allergens (plus one retired cuisine); safe to call more than once. */
export async function seedLists(db: DB) {
  const rows = Object.entries(LISTS).flatMap(([kind, keys]) => keys.map((key, position) => ({ kind, key, position, names: { en: key[0]!.toUpperCase() + key.slice(1), de: `${key} (de)` } })));
  await db
    .insert(listItems)
    .values([...rows, { kind: 'cuisine', key: 'retired-cuisine', position: 99, names: { en: 'Old' }, retiredAt: new Date('2026-01-01T00:00:00Z') }])
    .onConflictDoNothing();
}

/** A few GeoNames places around Zürich plus Bern and Berlin (ids are GeoNames ids). */
export const REGIONS = {
  zurich: { id: 2657896, name: 'Zürich', searchName: 'zurich', zip: '8001', state: 'ZH', countryCode: 'CH', lat: 47.36667, lon: 8.55, population: 341730 },
  winterthur: { id: 2657970, name: 'Winterthur', searchName: 'winterthur', zip: '8400', state: 'ZH', countryCode: 'CH', lat: 47.50564, lon: 8.72413, population: 91908 },
  uster: { id: 2658011, name: 'Uster', searchName: 'uster', zip: '8610', state: 'ZH', countryCode: 'CH', lat: 47.34713, lon: 8.72091, population: 32000 },
  bern: { id: 2661552, name: 'Bern', searchName: 'bern', zip: '3011', state: 'BE', countryCode: 'CH', lat: 46.94809, lon: 7.44744, population: 121631 },
  berlin: { id: 2950159, name: 'Berlin', searchName: 'berlin', zip: '10115', state: 'BE', countryCode: 'DE', lat: 52.52437, lon: 13.41053, population: 3426354 },
} as const;

export async function seedRegions(db: DB) {
  await db.insert(regions).values(Object.values(REGIONS)).onConflictDoNothing();
}

/** The user row behind an agent (the API does not expose user ids). */
export async function userByEmail(db: DB, email: string) {
  const u = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!u) throw new Error(`no user ${email}`);
  return u;
}

/** A signed-up user who started a chef application through the API. */
export async function startedChef(h: Harness, over: Parameters<typeof signedUp>[1] = {}) {
  const s = await signedUp(h, over);
  const res = await s.agent.post('/v1/chefs', {});
  if (res.status !== 201) throw new Error(`POST /v1/chefs failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { id: number; uri: string } };
  const user = await userByEmail(h.db, s.email);
  return { ...s, chefId: data.id, uri: data.uri, userId: user.id };
}

export async function setChefStatus(db: DB, chefId: number, status: ChefStatusValue) {
  await db.update(chefs).set({ status }).where(eq(chefs.id, chefId));
}

/** A started chef whose status is already Active (as if an admin had approved). */
export async function activeChef(h: Harness, over: Parameters<typeof signedUp>[1] = {}) {
  const c = await startedChef(h, over);
  await setChefStatus(h.db, c.chefId, ChefStatus.Active);
  return c;
}

/** Per-request deps over the harness database, for calling services the admin area will call. */
export function testDeps(h: Harness) {
  return buildDeps(h.env, { db: () => h.db, clock: h.clock, quietLogs: true }, 'test');
}

// ---- multipart ----

/** Sends multipart form data with the agent's cookie, as the browser's upload widget does. */
export function upload(h: Harness, a: Agent, path: string, fields: Record<string, string | Blob | [Blob, string]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) form.append(name, value[0], value[1]);
    else form.append(name, value);
  }
  return h.request(path, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie: [...a.jar].map(([k, v]) => `${k}=${v}`).join('; '), 'x-real-ip': a.ip },
    body: form,
  });
}

export const cookieOf = (a: Agent) => [...a.jar].map(([k, v]) => `${k}=${v}`).join('; ');

// ---- pictures: small but whole and well-formed files of a chosen pixel size, as the upload check wants them ----

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** zlib data in stored (uncompressed) blocks, with its Adler-32: enough for a PNG's pixel data. */
function zlibStored(raw: Uint8Array): number[] {
  const out = [0x78, 0x01];
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const block = raw.subarray(at, at + 65535);
    const last = at + 65535 >= raw.length ? 1 : 0;
    out.push(last, block.length & 255, block.length >> 8, ~block.length & 255, (~block.length >> 8) & 255, ...block);
    if (last) break;
  }
  let a = 1;
  let b = 0;
  for (const x of raw) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return [...out, ...be32(((b << 16) | a) >>> 0)];
}

/** One PNG chunk with its length and CRC. */
export function pngChunk(name: string, data: ArrayLike<number>): number[] {
  const body = new Uint8Array([...ascii(name), ...Array.from(data)]);
  return [...be32(data.length), ...body, ...be32(crc32(body))];
}

/** Byte arrays one after the other. */
export const joinBytes = (...parts: ArrayLike<number>[]) => concat(parts);

/** A PNG with an extra chunk right after its IHDR (signature 8 bytes, IHDR 25). */
export const withPngChunk = (file: Uint8Array, name: string, data: ArrayLike<number>) => joinBytes(file.subarray(0, 33), pngChunk(name, data), file.subarray(33));

/** A black 1-bit greyscale PNG; `padTo` appends junk up to that many bytes (for the size limits). */
export function png(width: number, height: number, padTo = 0): Uint8Array {
  const rowBytes = Math.ceil(width / 8);
  const raw = new Uint8Array(height * (rowBytes + 1)); // filter byte 0 and zero pixels on every row
  const bytes = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...pngChunk('IHDR', [...be32(width), ...be32(height), 1, 0, 0, 0, 0]),
    ...pngChunk('IDAT', zlibStored(raw)),
    ...pngChunk('IEND', []),
  ];
  const out = new Uint8Array(Math.max(padTo, bytes.length));
  out.set(bytes);
  return out;
}

/** A greyscale baseline JPEG: the segments a decoder needs, one scan of (meaningless) entropy-coded bytes, EOI. */
export function jpeg(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const dqt = [0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1)];
  const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, (height >> 8) & 255, height & 255, (width >> 8) & 255, width & 255, 0x01, 1, 0x11, 0];
  const dht = (cls: number) => [0xff, 0xc4, 0x00, 0x14, cls, 1, ...new Array<number>(15).fill(0), 0];
  const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 1, 0x00, 0x00, 0x3f, 0x00];
  return new Uint8Array([0xff, 0xd8, ...app0, ...dqt, ...sof0, ...dht(0x00), ...dht(0x10), ...sos, 0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd9]);
}

/** An extended WebP (VP8X canvas) holding a lossless (VP8L) bitstream header of the same size. */
export function webp(width: number, height: number): Uint8Array {
  const le24 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255];
  const vp8x = [...ascii('VP8X'), ...le32(10), 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
  const vp8l = [...ascii('VP8L'), ...le32(6), 0x2f, ...le32(((width - 1) | ((height - 1) << 14)) >>> 0), 0];
  return new Uint8Array([...ascii('RIFF'), ...le32(4 + vp8x.length + vp8l.length), ...ascii('WEBP'), ...vp8x, ...vp8l]);
}

export const pdf = (extra = 'hello') => new TextEncoder().encode(`%PDF-1.7\n% test document\n${extra}\n%%EOF\n`);

export const blob = (bytes: Uint8Array, type: string) => new Blob([bytes as BlobPart], { type });

/** Uploads an avatar (256×256 PNG) for the agent's user and returns the image id. */
export async function uploadAvatar(h: Harness, a: Agent): Promise<number> {
  const res = await upload(h, a, '/v1/users/me/images', { kind: 'avatar', t256x256: [blob(png(256, 256), 'image/png'), 'me.png'] });
  if (res.status !== 201) throw new Error(`avatar upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Uploads the three menu stacks as PNGs and returns the image id. */
export async function uploadMenuImage(h: Harness, a: Agent): Promise<number> {
  const res = await upload(h, a, '/v1/users/me/images', {
    kind: 'menu',
    t512_1x1: [blob(png(512, 512), 'image/png'), 'a.png'],
    t512_2x1: [blob(png(512, 256), 'image/png'), 'b.png'],
    t1024_2x1: [blob(png(1024, 512), 'image/png'), 'c.png'],
  });
  if (res.status !== 201) throw new Error(`menu image upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Approves an uploaded picture as an admin would (pictures are public, and menus publishable, only once approved). */
export async function approveImage(db: DB, imageId: number) {
  await db.update(images).set({ status: 'approved', moderatedAt: new Date() }).where(eq(images.id, imageId));
}

export async function uploadDocument(h: Harness, a: Agent, kind: string, bytes: Uint8Array = pdf(), name = `${kind}.pdf`) {
  return upload(h, a, '/v1/users/me/attachments', { kind, file: [blob(bytes, 'application/pdf'), name] });
}

/** What a chef sends to save a menu (POST and PUT /v1/chefs/me/menus). */
export type MenuInput = v.InferInput<typeof menuBody>;

/**
 * A complete menu body as the chef-area form sends it, typed by the menu schema; `over` replaces fields with values of
 * their own types (a malformed body is sent raw, see chef-menus.test.ts).
 */
export function menuInput(over: Partial<MenuInput> = {}): MenuInput {
  const menu: MenuInput = {
    name: 'Alpine Autumn',
    description: 'Seasonal **Swiss** cooking.',
    min_guests: 2,
    max_guests: 12,
    price_per_person: 9500,
    price_tiers: [
      { min_guests: 6, price_per_person: 8900 },
      { min_guests: 10, price_per_person: 8500 },
    ],
    at_customer: true,
    at_chef: false,
    booking_mode: 'request',
    cuisines: ['swiss'],
    diets: ['vegetarian'],
    courses: [
      { course_type: 'starter', name: 'Pumpkin soup', description: 'With roasted seeds', allergens: ['milk'] },
      { course_type: 'main', name: 'Älplermagronen', allergens: ['gluten', 'milk'] },
      { course_type: 'dessert', name: 'Vermicelles', allergens: ['nuts'] },
    ],
  };
  return { ...menu, ...over };
}

// ---- bookings and ledger lines ----

let bookingSeq = 0;

export async function createBooking(
  db: DB,
  input: { chefId: number; menuId: number; customerId: number; status: BookingStatus; eventDate: string; menuName?: string; chefEarnings?: number },
) {
  const startsAt = new Date(`${input.eventDate}T17:00:00Z`);
  const [b] = await db
    .insert(bookings)
    .values({
      customerId: input.customerId,
      chefId: input.chefId,
      menuId: input.menuId,
      menuName: input.menuName ?? 'Booked menu',
      status: input.status,
      guests: 4,
      eventDate: input.eventDate,
      startsAt,
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
      chefEarnings: input.chefEarnings ?? 32300,
      serviceFeeBp: 500,
      commissionBp: 1500,
      idempotencyKey: `test-${++bookingSeq}-${Math.random()}`,
    })
    .returning();
  return b!;
}

export async function createPayoutItem(db: DB, input: { bookingId: number; chefId: number; amount: number; releaseAt: Date; payoutId?: number | null }) {
  const [item] = await db
    .insert(payoutItems)
    .values({ bookingId: input.bookingId, chefId: input.chefId, amount: input.amount, currency: 'CHF', releaseAt: input.releaseAt, payoutId: input.payoutId ?? null })
    .returning();
  return item!;
}

export async function createPayout(db: DB, input: { chefId: number; amount: number; status: 'pending' | 'paid' | 'failed'; paidAt?: Date | null }) {
  const [p] = await db
    .insert(payouts)
    .values({
      chefId: input.chefId,
      amount: input.amount,
      currency: 'CHF',
      status: input.status,
      reference: `YLC-${Math.random().toString(36).slice(2, 10)}`,
      accountHolder: 'Anna Muster',
      iban: 'CH9300762011623852957',
      paidAt: input.paidAt ?? null,
    })
    .returning();
  return p!;
}
