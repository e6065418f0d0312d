// The demo marketplace: accounts, ~60 chefs with menus and images, bookings in every state with their full history,
// payments, refunds, payouts, reviews, message threads and notifications. Everything is planned in memory from a
// seeded PRNG and fixed offsets from `now`, then returned as insert statements for one atomic batch.
import { inArray, sql } from 'drizzle-orm';
import type { DB } from '../../functions/_api/db/client';
import { bookingEvents, bookings, payments, refunds, reviews, type BookingStatus } from '../../functions/_api/db/schema/bookings';
import { availabilityBlocks, chefCuisines, chefRegions, chefs, ChefStatus, payoutDetails, type ChefStatusValue } from '../../functions/_api/db/schema/chefs';
import { newsletterSubscribers } from '../../functions/_api/db/schema/content';
import { images } from '../../functions/_api/db/schema/files';
import { menuCourses, menuPriceTiers, menus, menuTags, type BookingMode, type MenuStatus } from '../../functions/_api/db/schema/menus';
import { MASKING_VERSION } from '../../functions/_api/lib/masking';
import { messages, messageThreads, notifications, threadParticipants } from '../../functions/_api/db/schema/messages';
import { payoutItems, payouts } from '../../functions/_api/db/schema/payouts';
import { popularCities } from '../../functions/_api/db/schema/regions';
import { auditLog } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import type { AuditAction } from '#shared/audit-actions';
import { payoutReleaseOf } from '../../functions/_api/modules/bookings/bookings.machine';
import { refundReason } from '#shared/cancellation-policy';
import { priceSnapshot, quote, settle, share, type PriceTier } from '#shared/pricing';
import type { Files } from '../../functions/_api/platform/files';
import {
  BAN_REASON,
  BIO_BACKGROUNDS,
  BIO_CLOSERS,
  BIO_STYLES,
  CHEF_CANCEL_REASONS,
  CHEF_REPLIES,
  CUISINE_POOLS,
  CUSTOMER_CANCEL_REASONS,
  CUSTOMERS,
  DECLINE_REASONS,
  FOLLOW_UPS,
  MENU_CLOSERS,
  OCCASION_TEXT,
  OCCASIONS,
  OPENING_MESSAGES,
  REJECTION_REASONS,
  REVIEW_REPLIES,
  REVIEW_TEXTS_GOOD,
  REVIEW_TEXTS_GREAT,
  REVIEW_TEXTS_MIXED,
  ROSTER,
  SHARED,
  STREETS,
  type Dish,
  type RosterChef,
} from './demo-data';
import { CUISINES } from './lists';
import { drawAvatar, drawCity, drawDish } from './png';
import { DEMO_CITIES, type DemoCity, type RegionRow } from './regions';
import {
  addDays,
  haversineKm,
  iban,
  insertChunks,
  localDate,
  rng,
  rowsPerInsert,
  slugify,
  streamSeed,
  zonedTime,
  type BatchItem,
  type Rng,
} from './util';
import { DAY, HOUR, MINUTE } from '#shared/time';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_EMAILS = { customer: 'customer@example.com', chef: 'chef@example.com', admin: 'admin@example.com' } as const;
export const DEMO_ACCOUNTS = [
  { role: 'customer', email: DEMO_EMAILS.customer, password: DEMO_PASSWORD },
  { role: 'chef', email: DEMO_EMAILS.chef, password: DEMO_PASSWORD },
  { role: 'admin', email: DEMO_EMAILS.admin, password: DEMO_PASSWORD },
];

export const MENU_IMAGE_COUNT = 24;
export const AVATAR_COUNT = 24;

export type DemoInput = {
  db: DB;
  files: Files | null;
  now: Date;
  seed: number;
  passwordHash: string;
  log: (line: string) => void;
  /** "kind:key" → list item id. */
  listIds: Map<string, number>;
  regions: RegionRow[];
  zips: Map<number, string[]> | null;
  /** Highest existing id per table, so explicit ids never collide. */
  maxIds: Record<'users' | 'images' | 'chefs' | 'menus' | 'bookings' | 'payments' | 'threads' | 'messages' | 'payouts', number>;
  fees: { serviceFeeBp: number; commissionBp: number };
};

type Person = { userId: number; first: string; last: string };

type MenuPlan = {
  id: number;
  chef: ChefPlan;
  cuisine: string;
  name: string;
  status: MenuStatus;
  bookingMode: BookingMode;
  atCustomer: boolean;
  atChef: boolean;
  minGuests: number;
  maxGuests: number;
  price: number;
  tiers: PriceTier[];
  createdAt: number;
  publishedAt: number | null;
  reviewCount: number;
  reviewSum: number;
};

type ChefPlan = {
  index: number;
  id: number;
  userId: number;
  roster: RosterChef;
  city: DemoCity;
  region: RegionRow;
  status: ChefStatusValue;
  createdAt: number;
  submittedAt: number | null;
  verifiedAt: number | null;
  today: string;
  menus: MenuPlan[];
  usedDays: Set<string>;
  reviewCount: number;
  reviewSum: number;
  payout: { holder: string; iban: string } | null;
};

type Event = { from: BookingStatus | null; to: BookingStatus; role: 'customer' | 'chef' | 'system'; at: number; note?: string };

type BookingPlan = {
  chef: ChefPlan;
  customer: Person;
  menu: MenuPlan;
  status: BookingStatus;
  instant: boolean;
  eventDate: string;
  startsAt: number;
  created: number;
  respondBy: number | null;
  paymentDueBy: number | null;
  acceptedAt: number | null;
  confirmedAt: number | null;
  completedAt: number | null;
  cancelledAt: number | null;
  reviewAt: number | null;
  refundBp: number;
  reason: string | null;
  events: Event[];
  guests: number;
  atChefsPlace: boolean;
  occasion: (typeof OCCASIONS)[number];
  message: string;
};

const at = (ms: number) => new Date(ms);

/** Memoised pictures: the same seed always gives the same bytes, so a second seeding in one process reuses them. */
const pictureCache = new Map<string, Uint8Array>();
function picture(key: string, draw: () => Uint8Array): Uint8Array {
  let bytes = pictureCache.get(key);
  if (!bytes) {
    bytes = draw();
    pictureCache.set(key, bytes);
  }
  return bytes;
}

async function putAll(files: Files, objects: { key: string; bytes: () => Uint8Array }[]) {
  let i = 0;
  const worker = async () => {
    while (i < objects.length) {
      const o = objects[i++]!;
      await files.put(o.key, o.bytes(), 'image/png');
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

export async function buildDemo(input: DemoInput): Promise<{ statements: BatchItem[]; summary: string }> {
  const { db, files, seed, passwordHash, listIds, fees } = input;
  const now = input.now.getTime();
  const ids = { ...input.maxIds };
  const nextId = (table: keyof typeof ids) => ++ids[table];
  const listId = (kind: string, key: string) => {
    const id = listIds.get(`${kind}:${key}`);
    if (id == null) throw new Error(`list item ${kind}:${key} is missing`);
    return id;
  };
  const regionById = new Map(input.regions.map((r) => [r.id, r]));

  // ---------------------------------------------------------------- users
  const userRows: (typeof users.$inferInsert)[] = [];
  const addUser = (u: { email: string; first: string; last: string; created: number; locale: string; currency: string; isSu?: boolean; phone?: string | null; phoneCountry?: string | null; phoneVerified?: boolean }) => {
    const id = nextId('users');
    userRows.push({
      id,
      email: u.email,
      firstname: u.first,
      lastname: u.last,
      passwordHash,
      emailVerifiedAt: at(u.created + 5 * MINUTE),
      phone: u.phone ?? null,
      phoneCountry: u.phoneCountry ?? null,
      phoneVerifiedAt: u.phone && u.phoneVerified ? at(u.created + DAY) : null,
      locale: u.locale,
      currency: u.currency,
      isSu: u.isSu ?? false,
      createdAt: at(u.created),
      updatedAt: at(u.created + 5 * MINUTE),
    });
    return id;
  };
  const admin: Person = { userId: addUser({ email: DEMO_EMAILS.admin, first: 'Sam', last: 'Berger', created: now - 1100 * DAY, locale: 'en', currency: 'CHF', isSu: true }), first: 'Sam', last: 'Berger' };
  const demoCustomer: Person = {
    userId: addUser({ email: DEMO_EMAILS.customer, first: 'Julia', last: 'Steiger', created: now - 420 * DAY, locale: 'en', currency: 'CHF' }),
    first: 'Julia',
    last: 'Steiger',
  };

  // ---------------------------------------------------------------- chefs
  const rc = rng(streamSeed(seed, 'chefs'));
  const statusOf: Record<RosterChef['status'], ChefStatusValue> = {
    A: ChefStatus.Active,
    N: ChefStatus.New,
    O: ChefStatus.Onboarded,
    P: ChefStatus.Paused,
    F: ChefStatus.OnboardingFailed,
    B: ChefStatus.Banned,
  };
  const chefPlans: ChefPlan[] = [];
  const chefRows: (typeof chefs.$inferInsert)[] = [];
  const chefRegionRows: { chefId: number; regionId: number }[] = [];
  const chefCuisineRows: { chefId: number; itemId: number }[] = [];
  const payoutDetailRows: (typeof payoutDetails.$inferInsert)[] = [];
  const auditRows: (typeof auditLog.$inferInsert)[] = [];
  const regionsByCountry = new Map<string, RegionRow[]>();
  for (const r of input.regions) regionsByCountry.set(r.countryCode, [...(regionsByCountry.get(r.countryCode) ?? []), r]);

  ROSTER.forEach((roster, index) => {
    const city = DEMO_CITIES[roster.city]!;
    const region = regionById.get(city.geonameid);
    if (!region) throw new Error(`demo city ${city.name} (${city.geonameid}) is not among the seeded regions`);
    const status = statusOf[roster.status];
    const live = roster.status === 'A' || roster.status === 'P' || roster.status === 'B';
    let createdAt: number;
    let submittedAt: number | null = null;
    let verifiedAt: number | null = null;
    if (index === 0) createdAt = now - 1000 * DAY - 9 * HOUR;
    else if (live) createdAt = now - rc.int(450, 1100) * DAY - rc.int(0, 23) * HOUR;
    else if (roster.status === 'N') createdAt = now - rc.int(1, 10) * DAY - rc.int(0, 23) * HOUR;
    else if (roster.status === 'O') createdAt = now - rc.int(8, 25) * DAY - rc.int(0, 23) * HOUR;
    else createdAt = now - rc.int(25, 50) * DAY - rc.int(0, 23) * HOUR;
    if (live) {
      submittedAt = createdAt + rc.int(1, 2) * DAY + rc.int(0, 8) * HOUR;
      verifiedAt = submittedAt + rc.int(2, 8) * DAY + rc.int(0, 8) * HOUR;
    } else if (roster.status === 'O') submittedAt = now - rc.int(1, 4) * DAY - rc.int(0, 12) * HOUR;
    else if (roster.status === 'F') submittedAt = createdAt + rc.int(3, 9) * DAY;

    const email = index === 0 ? DEMO_EMAILS.chef : `${slugify(roster.first).replace(/-/g, '.')}.${slugify(roster.last)}@example.com`;
    const swiss = city.country === 'CH';
    const locale = swiss ? (city.name === 'Lausanne' || city.name === 'Genève' ? 'fr' : 'de-ch') : 'de';
    const phone = roster.status === 'N' ? null : swiss ? `+4179555${String(1000 + index * 37).slice(-4)}` : `+4915155${String(100000 + index * 4111).slice(-6)}`;
    const userId = addUser({ email, first: roster.first, last: roster.last, created: createdAt - 2 * HOUR, locale, currency: city.currency, phone, phoneCountry: phone ? city.country : null, phoneVerified: true });
    const id = nextId('chefs');
    const plan: ChefPlan = {
      index,
      id,
      userId,
      roster,
      city,
      region,
      status,
      createdAt,
      submittedAt,
      verifiedAt,
      today: localDate(now, city.timezone),
      menus: [],
      usedDays: new Set(),
      reviewCount: 0,
      reviewSum: 0,
      payout: null,
    };
    chefPlans.push(plan);

    const lat = Math.round((region.lat + (index === 0 ? 0.004 : (rc.next() - 0.5) * 0.04)) * 1e5) / 1e5;
    const lon = Math.round((region.lon + (index === 0 ? 0.01 : (rc.next() - 0.5) * 0.06)) * 1e5) / 1e5;
    const radius = index === 0 ? 30 : rc.pick([15, 20, 25, 30, 30, 30, 40]);
    const years = roster.tier === 's' ? rc.int(14, 25) : roster.tier === 'p' ? rc.int(8, 18) : rc.int(2, 12);
    const streets = STREETS[city.name] ?? ['Hauptstrasse'];
    const zips = input.zips?.get(region.id);
    const zip = zips?.[rc.int(0, zips.length - 1)] ?? region.zip ?? '';
    const address = `${rc.pick(streets)} ${rc.int(1, 90)}, ${zip ? `${zip} ` : ''}${city.name}`;
    const cuisineNames = roster.cuisines.map((k) => CUISINES.find((c) => c[0] === k)?.[1] ?? k);
    const bio = [
      `Hi, I'm ${roster.first}! ${rc.pick(BIO_BACKGROUNDS.filter((b) => years >= b.minYears)).text.replace('{years}', String(years)).replace('{city}', city.name)} ${rc.pick(BIO_STYLES)}`,
      `**What I love cooking:** ${cuisineNames.join(', ')}.`,
      `- ${years} years of experience\n- Speaks ${roster.languages.map(languageName).join(', ')}\n- Cooks in ${city.name} and up to ${radius} km around`,
      rc.pick(BIO_CLOSERS),
    ].join('\n\n');

    let rejectionReason: string | null = null;
    let statusBeforeBan: ChefStatusValue | null = null;
    if (roster.status === 'F') rejectionReason = REJECTION_REASONS[index % REJECTION_REASONS.length]!;
    if (roster.status === 'B') statusBeforeBan = ChefStatus.Active;

    chefRows.push({
      id,
      userId,
      uri: `${slugify(`${roster.first} ${roster.last}`)}-${id}`,
      status,
      statusBeforeBan,
      // The demo's paused chefs paused themselves (their audit row says so).
      pausedBy: roster.status === 'P' ? 'chef' : null,
      isPro: roster.tier === 'p',
      isSignature: roster.tier === 's',
      isVerified: verifiedAt != null,
      verifiedAt: verifiedAt != null ? at(verifiedAt) : null,
      displayLocation: city.displayLocation,
      profileBio: bio,
      languages: roster.languages,
      experienceYears: years,
      address,
      homeRegionId: region.id,
      lat,
      lon,
      travelRadiusKm: radius,
      timezone: city.timezone,
      currency: city.currency,
      reviewCount: 0,
      reviewAvg: 0,
      rejectionReason,
      submittedAt: submittedAt != null ? at(submittedAt) : null,
      createdAt: at(createdAt),
      updatedAt: at(verifiedAt ?? submittedAt ?? createdAt),
    });

    // Served regions: every seeded region of the chef's country within the travel radius (straight line).
    if (roster.status !== 'N') {
      const served = new Set<number>([region.id]);
      for (const r of regionsByCountry.get(city.country) ?? []) {
        if (haversineKm(lat, lon, r.lat, r.lon) <= radius) served.add(r.id);
      }
      for (const regionId of [...served].sort((a, b) => a - b)) chefRegionRows.push({ chefId: id, regionId });
    }
    for (const k of roster.cuisines) chefCuisineRows.push({ chefId: id, itemId: listId('cuisine', k) });
    if (roster.status !== 'N') {
      const bban = swiss ? `${String(rc.int(100, 899)).padStart(5, '0')}${String(rc.int(0, 999999)).padStart(6, '0')}${String(rc.int(0, 999999)).padStart(6, '0')}` : `${rc.int(10000000, 89999999)}${String(rc.int(0, 99999)).padStart(5, '0')}${String(rc.int(0, 99999)).padStart(5, '0')}`;
      plan.payout = { holder: `${roster.first} ${roster.last}`, iban: iban(city.country, bban) };
      payoutDetailRows.push({ chefId: id, accountHolder: plan.payout.holder, iban: plan.payout.iban, updatedAt: at(createdAt + 2 * DAY) });
    }

    // Audit trail of the chef's status and tier, with the actions, actors and values the app writes
    // (chef-area/chef-status.service.ts, the admin tier change): the chef starts and submits, an admin decides.
    const audit = (action: AuditAction, when: number, before: unknown, after: unknown, actor = admin.userId) =>
      auditRows.push({ actorUserId: actor, action, targetType: 'chef', targetId: String(id), before, after, ip: null, createdAt: at(when) });
    audit('chef.status.create', createdAt, null, { status: ChefStatus.New, actor_role: 'chef' }, userId);
    if (submittedAt != null) audit('chef.status.submit', submittedAt, { status: ChefStatus.New }, { status: ChefStatus.Onboarded, actor_role: 'chef' }, userId);
    if (verifiedAt != null) audit('chef.status.approve', verifiedAt, { status: ChefStatus.Onboarded }, { status: ChefStatus.Active, actor_role: 'admin' });
    if (verifiedAt != null && roster.tier !== '-') {
      const tier = roster.tier === 's' ? 'signature' : 'pro';
      audit('chef.tier', verifiedAt + 30 * DAY, { tier: 'chef', is_pro: false, is_signature: false }, { tier, is_pro: tier === 'pro', is_signature: tier === 'signature' });
    }
    if (roster.status === 'F' && submittedAt != null) audit('chef.status.reject', submittedAt + 2 * DAY, { status: ChefStatus.Onboarded }, { status: ChefStatus.OnboardingFailed, reason: rejectionReason, actor_role: 'admin' });
    if (roster.status === 'P') audit('chef.status.pause', now - rc.int(5, 40) * DAY, { status: ChefStatus.Active }, { status: ChefStatus.Paused, actor_role: 'chef' }, userId);
    if (roster.status === 'B') audit('chef.status.ban', now - rc.int(10, 60) * DAY, { status: ChefStatus.Active }, { status: ChefStatus.Banned, reason: BAN_REASON, actor_role: 'admin' });
  });
  const demoChef = chefPlans[0]!;

  // ---------------------------------------------------------------- customers
  const customersByCountry: Record<'CH' | 'DE', Person[]> = { CH: [], DE: [] };
  const rcu = rng(streamSeed(seed, 'customers'));
  for (const cu of CUSTOMERS) {
    const email = `${slugify(cu.first)}.${slugify(cu.last)}@example.org`;
    const userId = addUser({ email, first: cu.first, last: cu.last, created: now - rcu.int(400, 800) * DAY - rcu.int(0, 23) * HOUR, locale: cu.locale, currency: cu.country === 'CH' ? 'CHF' : 'EUR' });
    customersByCountry[cu.country].push({ userId, first: cu.first, last: cu.last });
  }

  // ---------------------------------------------------------------- images
  const imageRows: (typeof images.$inferInsert)[] = [];
  const objects: { key: string; bytes: () => Uint8Array }[] = [];
  // Menu picture designs: the bytes are shared, but every menu gets its own image row owned by its chef, as an upload
  // would be (a chef may only choose their own pictures, chef-profile.service.ts checkOwnImage).
  const menuDesigns: { stacks: Record<string, string>; pending: boolean }[] = [];
  const avatarByChef = new Map<number, number>();
  const cityImageIds: number[] = [];
  if (files) {
    for (let i = 0; i < MENU_IMAGE_COUNT; i++) {
      const n = String(i + 1).padStart(2, '0');
      const stacks: Record<string, string> = {};
      for (const [stack, w, h] of [
        ['t512_1x1', 512, 512],
        ['t512_2x1', 512, 256],
        ['t1024_2x1', 1024, 512],
      ] as const) {
        const key = `img/seed-menu-${n}-${stack}`;
        stacks[stack] = key;
        objects.push({ key, bytes: () => picture(`dish:${seed}:${i}:${w}x${h}`, () => drawDish(streamSeed(seed, `dish${i}`) % 100_000, w, h)) });
      }
      // The last two wait in the moderation queue (used by applicants' draft menus).
      menuDesigns.push({ stacks, pending: i >= MENU_IMAGE_COUNT - 2 });
    }
    // Avatars: the demo chef, then the signature and PRO chefs, then others, 24 in all.
    const withAvatar = [...chefPlans]
      .sort((a, b) => rankForAvatar(a) - rankForAvatar(b) || a.index - b.index)
      .slice(0, AVATAR_COUNT)
      .sort((a, b) => a.index - b.index);
    withAvatar.forEach((chef, i) => {
      const id = nextId('images');
      const key = `img/seed-avatar-${String(i + 1).padStart(2, '0')}-t256x256`;
      objects.push({ key, bytes: () => picture(`avatar:${seed}:${i}`, () => drawAvatar(streamSeed(seed, `avatar${i}`) % 100_000, 256)) });
      imageRows.push({
        id,
        ownerUserId: chef.userId,
        kind: 'avatar',
        status: 'approved',
        stacks: { t256x256: key },
        contentType: 'image/png',
        moderatedBy: admin.userId,
        moderatedAt: at(chef.createdAt + DAY),
        createdAt: at(chef.createdAt + HOUR),
      });
      avatarByChef.set(chef.id, id);
    });
    DEMO_CITIES.forEach((city, i) => {
      const id = nextId('images');
      const slug = slugify(city.name);
      const stacks: Record<string, string> = {};
      for (const [stack, w, h] of [
        ['t512_2x1', 512, 256],
        ['t1024_2x1', 1024, 512],
      ] as const) {
        const key = `img/seed-city-${slug}-${stack}`;
        stacks[stack] = key;
        objects.push({ key, bytes: () => picture(`city:${seed}:${i}:${w}x${h}`, () => drawCity(streamSeed(seed, `city${i}`) % 100_000, w, h, city.country === 'CH')) });
      }
      imageRows.push({ id, ownerUserId: admin.userId, kind: 'city', status: 'approved', stacks, contentType: 'image/png', moderatedBy: admin.userId, moderatedAt: at(now - 500 * DAY), createdAt: at(now - 500 * DAY) });
      cityImageIds.push(id);
    });
    const started = Date.now();
    await putAll(files, objects);
    input.log(`pictures: ${objects.length} files generated and stored in ${((Date.now() - started) / 1000).toFixed(1)} s (the menus' image rows follow with the menus)`);
  } else {
    input.log('images: skipped (no file storage given)');
  }

  // ---------------------------------------------------------------- menus
  const rm = rng(streamSeed(seed, 'menus'));
  const menuRows: (typeof menus.$inferInsert)[] = [];
  const courseRows: (typeof menuCourses.$inferInsert)[] = [];
  const tierRows: (typeof menuPriceTiers.$inferInsert)[] = [];
  const tagRows: { menuId: number; itemId: number }[] = [];
  const allMenus: MenuPlan[] = [];
  const approvedDesigns = menuDesigns.filter((d) => !d.pending);
  const pendingDesigns = menuDesigns.filter((d) => d.pending);
  let pendingUsed = 0;
  /** The chef's own upload of a design, approved by an admin an hour later unless it waits for moderation. */
  const uploadMenuPicture = (design: { stacks: Record<string, string>; pending: boolean } | undefined, userId: number, uploadedAt: number) => {
    if (!design) return null;
    const id = nextId('images');
    imageRows.push({
      id,
      ownerUserId: userId,
      kind: 'menu',
      status: design.pending ? 'pending' : 'approved',
      stacks: design.stacks,
      contentType: 'image/png',
      moderatedBy: design.pending ? null : admin.userId,
      moderatedAt: design.pending ? null : at(uploadedAt + HOUR),
      createdAt: at(uploadedAt),
    });
    return id;
  };

  for (const chef of chefPlans) {
    const { roster } = chef;
    let count: number;
    if (chef.index === 0) count = 5;
    else if (roster.status === 'A') count = roster.tier === '-' ? rm.int(3, 5) : rm.int(4, 5);
    else if (roster.status === 'P') count = 3;
    else if (roster.status === 'B') count = 2;
    else if (roster.status === 'N') count = rm.chance(0.5) ? 1 : 0;
    else count = 1;
    const usedNames = new Set<string>();
    for (let m = 0; m < count; m++) {
      const cuisine = roster.cuisines[m % roster.cuisines.length]!;
      const pool = CUISINE_POOLS[cuisine];
      if (!pool) throw new Error(`no dishes for cuisine ${cuisine}`);
      const name = rm.pick(pool.names.filter((n) => !usedNames.has(n)).length ? pool.names.filter((n) => !usedNames.has(n)) : pool.names);
      usedNames.add(name);

      // Status: applicants have one draft; live chefs mostly publish, with some drafts and archived menus.
      let status: MenuStatus = 'published';
      if (roster.status === 'N' || roster.status === 'O' || roster.status === 'F') status = 'draft';
      else if (m >= 2) status = rm.weighted([['published', 84], ['draft', 9], ['archived', 7]] as const);

      // Courses: a variant filter (vegetarian, vegan, low carb) on some menus, 3–5 courses.
      const variant = cuisine === 'vegan' ? 'vegan' : rm.weighted([['normal', 63], ['vegetarian', 18], ['vegan', 6], ['lowcarb', 8], ['keto', 5]] as const);
      const size = rm.weighted([[3, 35], [4, 40], [5, 25]] as const);
      const courses = composeCourses(rm, cuisine, variant, size);
      const allergens = [...new Set(courses.flatMap((c) => c.allergens))].sort();
      const diets = dietsOf(cuisine, courses);
      const cuisines = [cuisine];
      if (['greek', 'spanish', 'italian', 'lebanese', 'moroccan'].includes(cuisine) && rm.chance(0.3)) cuisines.push('mediterranean');

      const tierFactor = roster.tier === 's' ? 1.35 : roster.tier === 'p' ? 1.15 : 1;
      const base = { 3: 7200, 4: 9200, 5: 12000 }[courses.length] ?? 9200;
      const raw = base * (pool.price ?? 1) * tierFactor * (chef.city.currency === 'EUR' ? 0.88 : 1) * (0.9 + rm.next() * 0.2);
      const price = rm.chance(0.5) ? Math.max(2900, Math.round(raw / 1000) * 1000 - 100) : Math.max(3000, Math.round(raw / 500) * 500);
      const minGuests: number = rm.weighted([[2, 5], [4, 2], [6, 1]] as const);
      let maxGuests: number = rm.weighted([[8, 2], [10, 3], [12, 3], [16, 2], [20, 2], [30, 1], [50, 0.5], [100, 0.2]] as const);
      if (maxGuests < minGuests + 2) maxGuests = minGuests + 6;
      const tierCount = rm.weighted([[0, 45], [1, 35], [2, 20]] as const);
      const thresholds = [6, 12].filter((t) => t > minGuests && t <= maxGuests);
      const chosen = tierCount === 2 ? thresholds : tierCount === 1 ? thresholds.slice(0, 1) : [];
      const tiers: PriceTier[] = chosen.map((t) => ({ minGuests: t, pricePerPerson: Math.round((price * (t === 6 ? 0.92 : 0.85)) / 100) * 100 }));
      const place = rm.weighted([['customer', 70], ['both', 22], ['chef', 8]] as const);
      const bookingMode: BookingMode = m === 0 ? 'request' : rm.chance(0.4) ? 'instant' : 'request';

      const first = chef.createdAt + DAY + m * HOUR;
      const createdAt = m === 0 || chef.verifiedAt == null ? first : Math.min(chef.verifiedAt + rm.int(1, 200) * DAY, now - 2 * DAY - m * HOUR);
      const publishedAt = status === 'draft' ? null : Math.max(createdAt, chef.verifiedAt ?? createdAt) + HOUR;
      const id = nextId('menus');
      const plan: MenuPlan = {
        id,
        chef,
        cuisine,
        name,
        status,
        bookingMode,
        atCustomer: place !== 'chef',
        atChef: place !== 'customer',
        minGuests,
        maxGuests,
        price,
        tiers,
        createdAt,
        publishedAt,
        reviewCount: 0,
        reviewSum: 0,
      };
      chef.menus.push(plan);
      allMenus.push(plan);

      // The draws happen with or without file storage, so both seed the same data apart from the image ids.
      const wantsImage = rm.chance(status === 'draft' ? 0.5 : 0.93);
      const imageIndex = rm.int(0, MENU_IMAGE_COUNT - 3);
      let imageId: number | null = null;
      // A picture waiting for moderation is its uploader's and the admins' only: applicants' drafts use those.
      if (status === 'draft' && (roster.status === 'O' || roster.status === 'F') && pendingUsed < 2) imageId = uploadMenuPicture(pendingDesigns[pendingUsed++], chef.userId, createdAt - HOUR);
      else if (wantsImage) imageId = uploadMenuPicture(approvedDesigns[imageIndex], chef.userId, createdAt - 2 * HOUR);

      const description = `${rm.pick(pool.blurbs)}\n\n${rm.sample(MENU_CLOSERS, 2).join(' ')}`;
      menuRows.push({
        id,
        chefId: chef.id,
        name,
        description,
        // Written for the demo without contact details: as visitors read it already (chef-area/menu-descriptions.service.ts).
        maskedWith: MASKING_VERSION,
        imageId,
        minGuests,
        maxGuests,
        currency: chef.city.currency,
        pricePerPerson: price,
        atCustomer: plan.atCustomer,
        atChef: plan.atChef,
        bookingMode,
        status,
        reviewCount: 0,
        reviewAvg: 0,
        publishedAt: publishedAt != null ? at(publishedAt) : null,
        createdAt: at(createdAt),
        updatedAt: at(status === 'archived' ? Math.min(now - DAY, createdAt + 120 * DAY) : (publishedAt ?? createdAt)),
      });
      courses.forEach((c, position) =>
        courseRows.push({ menuId: id, position, courseType: c.type, name: c.name, description: c.description, allergens: c.allergens }),
      );
      for (const t of tiers) tierRows.push({ menuId: id, minGuests: t.minGuests, pricePerPerson: t.pricePerPerson });
      const tagIds = new Set<number>([
        ...cuisines.map((k) => listId('cuisine', k)),
        ...diets.map((k) => listId('diet', k)),
        ...allergens.map((k) => listId('allergen', k)),
      ]);
      for (const itemId of [...tagIds].sort((a, b) => a - b)) tagRows.push({ menuId: id, itemId });
    }
  }
  // The uploads waiting for moderation are the newest pictures, as an applicant's would be: they take the last ids, so
  // the moderator's lists (newest first) show them on their first page, and still after they are approved.
  for (const row of imageRows.filter((r) => r.status === 'pending')) {
    const id = nextId('images');
    for (const menu of menuRows) if (menu.imageId === row.id) menu.imageId = id;
    row.id = id;
  }

  // ---------------------------------------------------------------- bookings (planned, then numbered by creation time)
  const rb = rng(streamSeed(seed, 'bookings'));
  const plans: BookingPlan[] = [];

  const baseOffset: Record<BookingStatus, () => number> = {
    confirmed: () => rb.int(3, 90),
    completed: () => (rb.chance(0.65) ? rb.int(-10, -1) : rb.int(-300, -30)),
    reviewed: () => rb.int(-360, -12),
    cancelled_by_customer: () => rb.int(-150, 30),
    cancelled_by_chef: () => rb.int(-150, 15),
    requested: () => rb.int(3, 60),
    accepted: () => rb.int(6, 60),
    declined: () => rb.int(-60, 40),
    expired: () => rb.int(-80, 20),
    cancelled: () => rb.int(-80, 40),
    payment_expired: () => rb.int(-80, 30),
  };
  const requestOnly = new Set<BookingStatus>(['requested', 'accepted', 'declined', 'expired', 'cancelled', 'payment_expired']);

  /** Plans one booking; returns false when no free day or fitting menu was found. */
  function book(chef: ChefPlan, customer: Person, status: BookingStatus, opts: { offset?: number; refund?: 'full' | 'half' | 'none' } = {}): boolean {
    const tz = chef.city.timezone;
    const base = opts.offset ?? baseOffset[status]();
    const hour = rb.weighted([[19, 5], [18, 2], [20, 2], [12, 1]] as const);
    const minute = rb.chance(0.3) ? 30 : 0;
    const refund = opts.refund ?? rb.weighted([['full', 60], ['half', 30], ['none', 10]] as const);
    for (const delta of [0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6, -6]) {
      const date = addDays(chef.today, base + delta);
      if (chef.usedDays.has(date)) continue;
      const E = zonedTime(date, hour, minute, tz).getTime();
      const candidates = chef.menus.filter((m) => m.status === 'published' || (m.status === 'archived' && E < now));
      if (!candidates.length) return false;
      const requestMenus = candidates.filter((m) => m.bookingMode === 'request');
      const pool = requestOnly.has(status) && requestMenus.length ? requestMenus : candidates;
      const menu = rb.pick(pool);
      const tl = timeline(status, E, menu.bookingMode === 'instant' && !requestOnly.has(status), refund);
      if (!tl) continue;
      if (tl.created < menu.createdAt + DAY || tl.created < chef.createdAt) continue;
      chef.usedDays.add(date);
      const big = rb.chance(0.15);
      const guests = rb.int(menu.minGuests, Math.max(menu.minGuests, Math.min(menu.maxGuests, big ? menu.maxGuests : 10)));
      const occasion = rb.pick(OCCASIONS);
      const message = rb.chance(0.85)
        ? rb.pick(OPENING_MESSAGES).replace('{chef}', chef.roster.first).replace('{occasion}', OCCASION_TEXT[occasion]).replace('{guests}', String(guests))
        : '';
      plans.push({
        chef,
        customer,
        menu,
        status,
        eventDate: date,
        startsAt: E,
        guests,
        atChefsPlace: menu.atChef && (!menu.atCustomer || rb.chance(0.3)),
        occasion,
        message,
        ...tl,
      });
      return true;
    }
    return false;
  }

  type Timeline = Omit<BookingPlan, 'chef' | 'customer' | 'menu' | 'status' | 'eventDate' | 'startsAt' | 'guests' | 'atChefsPlace' | 'occasion' | 'message'>;

  function timeline(status: BookingStatus, E: number, instant: boolean, refund: 'full' | 'half' | 'none'): Timeline | null {
    const tl: Timeline = {
      instant,
      created: 0,
      respondBy: null,
      paymentDueBy: null,
      acceptedAt: null,
      confirmedAt: null,
      completedAt: null,
      cancelledAt: null,
      reviewAt: null,
      refundBp: 0,
      reason: null,
      events: [],
    };
    const ev = (from: BookingStatus | null, to: BookingStatus, role: Event['role'], when: number, note?: string) =>
      tl.events.push({ from, to, role, at: when, ...(note ? { note } : {}) });
    const request = (C: number) => {
      tl.created = C;
      tl.respondBy = Math.min(C + 48 * HOUR, E - 24 * HOUR);
      ev(null, 'requested', 'customer', C);
    };
    const accept = (when: number) => {
      tl.acceptedAt = when;
      tl.paymentDueBy = when + 48 * HOUR;
      ev('requested', 'accepted', 'chef', when);
      return tl.respondBy != null && when <= tl.respondBy;
    };
    /** Requested → accepted → confirmed, or straight to confirmed for instant booking. */
    const confirm = (C: number) => {
      if (instant) {
        tl.created = C;
        tl.confirmedAt = C + rb.int(2, 8) * MINUTE;
        ev(null, 'confirmed', 'customer', tl.confirmedAt);
      } else {
        request(C);
        if (!accept(C + rb.int(1, 20) * HOUR)) return false;
        tl.confirmedAt = tl.acceptedAt! + rb.int(1, 30) * HOUR;
        ev('accepted', 'confirmed', 'customer', tl.confirmedAt);
      }
      return tl.confirmedAt < E - 2 * HOUR && tl.confirmedAt < now;
    };
    switch (status) {
      case 'confirmed': {
        if (E < now + 2 * DAY) return null;
        if (!confirm(now - rb.int(3, 25) * DAY - rb.int(0, 12) * HOUR)) return null;
        break;
      }
      case 'completed':
      case 'reviewed': {
        if (E + 4 * HOUR >= now) return null;
        if (!confirm(E - rb.int(8, 45) * DAY - rb.int(0, 12) * HOUR)) return null;
        tl.completedAt = E + 4 * HOUR;
        ev('confirmed', 'completed', 'system', tl.completedAt);
        if (status === 'reviewed') {
          tl.reviewAt = tl.completedAt + rb.int(1, 10) * DAY + rb.int(0, 12) * HOUR;
          if (tl.reviewAt >= now) return null;
          ev('completed', 'reviewed', 'customer', tl.reviewAt);
        }
        break;
      }
      case 'cancelled_by_customer':
      case 'cancelled_by_chef': {
        const byChef = status === 'cancelled_by_chef';
        const gap = byChef
          ? rb.int(2, 20) * DAY
          : refund === 'full'
            ? rb.int(15, 40) * DAY
            : refund === 'half'
              ? rb.int(4, 13) * DAY
              : rb.int(8, 60) * HOUR;
        const T = E - gap - rb.int(0, 5) * HOUR;
        if (T >= now - HOUR) return null;
        if (!confirm(T - rb.int(2, 20) * DAY)) return null;
        if (tl.confirmedAt! >= T) return null;
        tl.cancelledAt = T;
        // Refund by policy: full until 14 days before, 50% until 72 hours before, nothing after; always full when the chef cancels.
        const before = E - T;
        tl.refundBp = byChef || before >= 14 * DAY ? 10_000 : before >= 72 * HOUR ? 5_000 : 0;
        tl.reason = byChef ? rb.pick(CHEF_CANCEL_REASONS) : rb.pick(CUSTOMER_CANCEL_REASONS);
        ev('confirmed', status, byChef ? 'chef' : 'customer', T, tl.reason);
        break;
      }
      case 'requested': {
        if (E < now + 3 * DAY) return null;
        request(now - rb.int(1, 40) * HOUR);
        break;
      }
      case 'accepted': {
        if (E < now + 5 * DAY) return null;
        const acceptedAt = now - rb.int(1, 40) * HOUR;
        request(acceptedAt - rb.int(2, 20) * HOUR);
        if (!accept(acceptedAt)) return null;
        break;
      }
      case 'declined': {
        const C = E - rb.int(7, 60) * DAY;
        request(C);
        const when = C + rb.int(1, 40) * HOUR;
        if (when >= now || when > tl.respondBy!) return null;
        tl.reason = rb.pick(DECLINE_REASONS);
        ev('requested', 'declined', 'chef', when, tl.reason);
        break;
      }
      case 'expired': {
        request(E - rb.int(4, 60) * DAY);
        if (tl.respondBy! >= now) return null;
        ev('requested', 'expired', 'system', tl.respondBy!);
        break;
      }
      case 'cancelled': {
        const C = E - rb.int(5, 60) * DAY;
        request(C);
        if (rb.chance(0.7)) {
          const when = C + rb.int(1, 40) * HOUR;
          if (when >= now || when > tl.respondBy!) return null;
          tl.reason = rb.pick(CUSTOMER_CANCEL_REASONS);
          tl.cancelledAt = when;
          ev('requested', 'cancelled', 'customer', when, tl.reason);
        } else {
          if (!accept(C + rb.int(2, 20) * HOUR)) return null;
          const when = tl.acceptedAt! + rb.int(1, 40) * HOUR;
          if (when >= now || when >= tl.paymentDueBy!) return null;
          const byChef = rb.chance(0.5);
          tl.reason = byChef ? rb.pick(CHEF_CANCEL_REASONS) : rb.pick(CUSTOMER_CANCEL_REASONS);
          tl.cancelledAt = when;
          ev('accepted', 'cancelled', byChef ? 'chef' : 'customer', when, tl.reason);
        }
        break;
      }
      case 'payment_expired': {
        const C = E - rb.int(6, 60) * DAY;
        request(C);
        if (!accept(C + rb.int(2, 20) * HOUR)) return null;
        if (tl.paymentDueBy! >= now || tl.paymentDueBy! >= E) return null;
        ev('accepted', 'payment_expired', 'system', tl.paymentDueBy!);
        break;
      }
    }
    return tl;
  }

  // The demo chef and the demo customer see every state from both sides.
  const zurichCustomers = customersByCountry.CH;
  const otherCustomer = (i: number) => zurichCustomers[i % zurichCustomers.length]!;
  const demoCustomerStatuses: [BookingStatus, ('full' | 'half' | 'none')?][] = [
    ['reviewed'],
    ['reviewed'],
    ['completed'],
    ['confirmed'],
    ['accepted'],
    ['cancelled_by_customer', 'full'],
  ];
  for (const [status, refund] of demoCustomerStatuses) book(demoChef, demoCustomer, status, status === 'completed' ? { offset: -3 } : { ...(refund ? { refund } : {}) });
  const demoChefStatuses: [BookingStatus, ('full' | 'half' | 'none')?][] = [
    ...Array.from({ length: 7 }, () => ['reviewed'] as [BookingStatus]),
    ['completed'],
    ['completed'],
    ['confirmed'],
    ['confirmed'],
    ['requested'],
    ['requested'],
    ['declined'],
    ['expired'],
    ['cancelled'],
    ['payment_expired'],
    ['cancelled_by_chef'],
    ['cancelled_by_customer', 'half'],
  ];
  demoChefStatuses.forEach(([status, refund], i) => book(demoChef, otherCustomer(i * 3 + 1), status, refund ? { refund } : {}));
  const zurichChefs = chefPlans.filter((c) => c.index > 0 && c.roster.status === 'A' && (c.city.name === 'Zürich' || c.city.name === 'Winterthur'));
  (['reviewed', 'reviewed', 'confirmed', 'requested', 'declined', 'expired', 'cancelled_by_chef', 'payment_expired', 'cancelled'] as BookingStatus[]).forEach(
    (status, i) => book(zurichChefs[i % zurichChefs.length]!, demoCustomer, status),
  );

  // Everyone else.
  for (const chef of chefPlans) {
    if (chef.index === 0) continue;
    const customers = customersByCountry[chef.city.country];
    const customer = () => rb.pick(customers);
    const { status, tier } = chef.roster;
    if (status === 'A') {
      const reviewed = tier === 's' ? rb.int(5, 9) : tier === 'p' ? rb.int(3, 7) : rb.int(0, 5);
      for (let i = 0; i < reviewed; i++) book(chef, customer(), 'reviewed');
      if (rb.chance(0.35)) book(chef, customer(), 'completed', { offset: rb.int(-10, -1) });
      if (rb.chance(0.2)) book(chef, customer(), 'completed', { offset: rb.int(-300, -30) });
      const confirmed = rb.int(0, 2);
      for (let i = 0; i < confirmed; i++) book(chef, customer(), 'confirmed');
      const optional: [BookingStatus, number][] = [
        ['requested', 0.3],
        ['accepted', 0.2],
        ['declined', 0.15],
        ['expired', 0.1],
        ['cancelled', 0.1],
        ['payment_expired', 0.08],
        ['cancelled_by_customer', 0.12],
        ['cancelled_by_chef', 0.05],
      ];
      for (const [s, p] of optional) if (rb.chance(p)) book(chef, customer(), s);
    } else if (status === 'P' || status === 'B') {
      const reviewed = rb.int(1, 4);
      for (let i = 0; i < reviewed; i++) book(chef, customer(), 'reviewed', { offset: rb.int(-360, -70) });
      if (status === 'B') {
        book(chef, customer(), 'cancelled_by_chef', { offset: rb.int(-90, -70) });
        book(chef, customer(), 'cancelled_by_chef', { offset: rb.int(-69, -61) });
      }
    }
  }

  // Number bookings in creation order, so ids grow with time as they would in production.
  plans.sort((a, b) => a.created - b.created || a.chef.id - b.chef.id || a.startsAt - b.startsAt);

  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const eventRows: (typeof bookingEvents.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const refundRows: (typeof refunds.$inferInsert)[] = [];
  const reviewRows: (typeof reviews.$inferInsert)[] = [];
  const payoutItemRows: (typeof payoutItems.$inferInsert & { releaseMs: number })[] = [];
  const threadRows: (typeof messageThreads.$inferInsert)[] = [];
  const participantRows: (typeof threadParticipants.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  const notificationRows: { userId: number; type: string; title: string; message: string; link: string | null; at: number; read: boolean }[] = [];
  const rt = rng(streamSeed(seed, 'texts'));
  const dateText = (ms: number, tz: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: tz }).format(ms);

  for (const p of plans) {
    const id = nextId('bookings');
    const { chef, customer, menu } = p;
    const q = quote({ pricePerPerson: menu.price, tiers: menu.tiers, currency: chef.city.currency, guests: p.guests, ...fees });
    const zips = input.zips?.get(chef.region.id);
    const streets = STREETS[chef.city.name] ?? ['Hauptstrasse'];
    const last = p.events[p.events.length - 1]!;
    const diets = rb.chance(0.2) ? [rb.pick(['vegetarian', 'gluten-free', 'lactose-free', 'pescatarian'])] : [];
    const allergens = rb.chance(0.15) ? [{ key: rb.pick(['nuts', 'peanuts', 'crustaceans', 'gluten', 'milk', 'eggs']), guests: rb.int(1, 2) }] : [];
    bookingRows.push({
      id,
      customerId: customer.userId,
      chefId: chef.id,
      menuId: menu.id,
      menuName: menu.name,
      status: p.status,
      occasion: p.occasion,
      atChefsPlace: p.atChefsPlace,
      addressStreet: p.atChefsPlace ? null : `${rb.pick(streets)} ${rb.int(1, 140)}`,
      addressZip: p.atChefsPlace ? null : (zips?.[rb.int(0, zips.length - 1)] ?? chef.region.zip ?? null),
      addressCity: p.atChefsPlace ? null : chef.city.name,
      regionId: chef.region.id,
      guests: p.guests,
      eventDate: p.eventDate,
      startsAt: at(p.startsAt),
      timezone: chef.city.timezone,
      diets,
      allergens,
      kitchenNotes: rb.chance(0.3) ? rb.pick(['Gas hob and a small oven.', 'Induction hob, two ovens. Parking in front of the house.', 'Open kitchen; guests will be watching!', 'Please ring at the side entrance.']) : '',
      message: p.message,
      ...priceSnapshot(q),
      respondBy: p.respondBy != null ? at(p.respondBy) : null,
      paymentDueBy: p.paymentDueBy != null ? at(p.paymentDueBy) : null,
      acceptedAt: p.acceptedAt != null ? at(p.acceptedAt) : null,
      confirmedAt: p.confirmedAt != null ? at(p.confirmedAt) : null,
      completedAt: p.completedAt != null ? at(p.completedAt) : null,
      cancelledAt: p.cancelledAt != null ? at(p.cancelledAt) : null,
      reason: p.reason,
      idempotencyKey: null,
      chefMailedAt: at(p.created),
      createdAt: at(p.created),
      updatedAt: at(last.at),
    });
    for (const e of p.events) {
      eventRows.push({
        bookingId: id,
        fromStatus: e.from,
        toStatus: e.to,
        actorRole: e.role,
        actorUserId: e.role === 'customer' ? customer.userId : e.role === 'chef' ? chef.userId : null,
        note: e.note ?? null,
        createdAt: at(e.at),
      });
    }

    // Payment and refund.
    if (p.confirmedAt != null) {
      const paymentId = nextId('payments');
      const refunded = share(q.total, p.refundBp);
      paymentRows.push({
        id: paymentId,
        bookingId: id,
        userId: customer.userId,
        provider: 'local',
        providerRef: `test_seed_${id}`,
        status: refunded === 0 ? 'succeeded' : refunded === q.total ? 'refunded' : 'partially_refunded',
        amount: q.total,
        refundedAmount: refunded,
        currency: q.currency,
        createdAt: at(p.confirmedAt - 3 * MINUTE),
        updatedAt: at(refunded > 0 && p.cancelledAt != null ? p.cancelledAt + MINUTE : p.confirmedAt),
      });
      if (refunded > 0 && p.cancelledAt != null) {
        refundRows.push({
          paymentId,
          bookingId: id,
          amount: refunded,
          currency: q.currency,
          status: 'succeeded',
          providerRef: `test_refund_seed_${id}`,
          reason: refundReason(p.status === 'cancelled_by_chef' ? 'chef' : 'customer', p.refundBp === 10_000 ? 'full' : 'half'),
          createdAt: at(p.cancelledAt + MINUTE),
        });
      }
    }

    // The chef's ledger line, as the payment writes it (and a cancellation changes it): what the chef keeps of the
    // payment after its refund, released 48 hours after the event ended.
    if (p.confirmedAt != null) {
      const earned = settle({ serviceFee: q.service_fee, chefEarnings: q.chef_earnings }, q.total, share(q.total, p.refundBp)).chef_earnings;
      const releaseMs = payoutReleaseOf(at(p.startsAt)).getTime();
      if (earned > 0) payoutItemRows.push({ bookingId: id, chefId: chef.id, amount: earned, currency: q.currency, releaseAt: at(releaseMs), payoutId: null, createdAt: at(p.confirmedAt), releaseMs });
    }

    // Review with the five ratings.
    if (p.status === 'reviewed' && p.reviewAt != null) {
      const pFive = chef.roster.tier === 's' ? 0.82 : chef.roster.tier === 'p' ? 0.7 : 0.6;
      const base = rt.chance(pFive) ? 5 : rt.chance(0.8) ? 4 : rt.chance(0.7) ? 3 : 2;
      const dims = Array.from({ length: 5 }, () => Math.max(1, Math.min(5, base + (rt.chance(0.3) ? (rt.chance(0.5) ? 1 : -1) : 0))));
      const [food, service, hygiene, value, communication] = dims as [number, number, number, number, number];
      const rating = (food + service + hygiene + value + communication) / 5;
      const textPool = rating >= 4.5 ? REVIEW_TEXTS_GREAT : rating >= 3.6 ? REVIEW_TEXTS_GOOD : REVIEW_TEXTS_MIXED;
      const fill = (s: string) => s.replace('{chef}', chef.roster.first).replace('{customer}', customer.first);
      const replies = rating < 3.6 || rt.chance(chef.index === 0 ? 0.7 : 0.45);
      const repliedAt = replies ? Math.min(now - HOUR, p.reviewAt + rt.int(3, 60) * HOUR) : null;
      reviewRows.push({
        bookingId: id,
        chefId: chef.id,
        menuId: menu.id,
        customerId: customer.userId,
        ratingFood: food,
        ratingService: service,
        ratingHygiene: hygiene,
        ratingValue: value,
        ratingCommunication: communication,
        rating,
        text: fill(rt.pick(textPool)),
        reply: replies ? fill(rating < 3.6 ? REVIEW_REPLIES[3]! : rt.pick(REVIEW_REPLIES.slice(0, 3))) : null,
        repliedAt: repliedAt != null ? at(repliedAt) : null,
        hiddenAt: null,
        // The demo's reviews are as if both sides had written theirs: published when written.
        publishedAt: at(p.reviewAt),
        createdAt: at(p.reviewAt),
      });
      chef.reviewCount++;
      chef.reviewSum += rating;
      menu.reviewCount++;
      menu.reviewSum += rating;
    }

    // Message thread: the customer's request message, the chef's answers, a follow-up.
    const threadId = nextId('threads');
    const thread: { sender: 'customer' | 'chef'; text: string; at: number }[] = [];
    if (p.message) thread.push({ sender: 'customer', text: p.message, at: p.created });
    const fill = (s: string) => s.replace('{customer}', customer.first).replace('{chef}', chef.roster.first);
    if (p.acceptedAt != null) thread.push({ sender: 'chef', text: fill(rt.pick(CHEF_REPLIES)), at: p.acceptedAt });
    else if (p.instant && p.confirmedAt != null) {
      const when = p.confirmedAt + rt.int(1, 12) * HOUR;
      if (when < now) thread.push({ sender: 'chef', text: fill(rt.pick(CHEF_REPLIES)), at: when });
    }
    const declined = p.events.find((e) => e.to === 'declined');
    if (declined) thread.push({ sender: 'chef', text: declined.note ?? 'Sorry, I cannot take this booking.', at: declined.at });
    if (p.confirmedAt != null && p.status === 'confirmed' && thread.length && rt.chance(0.6)) {
      const when = p.confirmedAt + rt.int(1, 6) * HOUR;
      if (when < now) thread.push({ sender: 'customer', text: rt.pick(FOLLOW_UPS.slice(0, 3)), at: when });
    }
    if (p.status === 'cancelled_by_chef' && p.cancelledAt != null) thread.push({ sender: 'chef', text: p.reason ?? '', at: p.cancelledAt });
    if (p.status === 'cancelled_by_customer' && p.cancelledAt != null) thread.push({ sender: 'customer', text: p.reason ?? '', at: p.cancelledAt });
    if (p.completedAt != null && rt.chance(0.5)) {
      const when = p.completedAt + rt.int(10, 30) * HOUR;
      if (when < now) thread.push({ sender: 'customer', text: FOLLOW_UPS[3]!, at: when });
    }
    thread.sort((a, b) => a.at - b.at);
    const msgIds: number[] = [];
    for (const m of thread) {
      const msgId = nextId('messages');
      msgIds.push(msgId);
      messageRows.push({ id: msgId, threadId, senderUserId: m.sender === 'customer' ? customer.userId : chef.userId, text: m.text, createdAt: at(m.at) });
    }
    const lastMsg = thread[thread.length - 1];
    threadRows.push({ id: threadId, bookingId: id, lastMessageId: msgIds[msgIds.length - 1] ?? null, lastMessageAt: lastMsg ? at(lastMsg.at) : null, createdAt: at(p.created) });
    for (const side of ['customer', 'chef'] as const) {
      // A participant has read everything up to the last message they sent, and everything when the thread is older
      // than five days; recent messages from the other side are unseen.
      let lastRead = thread.length - 1;
      if (lastMsg && lastMsg.sender !== side && lastMsg.at > now - 5 * DAY) {
        lastRead = thread.length - 1;
        while (lastRead >= 0 && thread[lastRead]!.sender !== side) lastRead--;
      }
      participantRows.push({
        threadId,
        userId: side === 'customer' ? customer.userId : chef.userId,
        isChef: side === 'chef',
        unseenCount: thread.length - 1 - lastRead,
        lastReadMessageId: lastRead >= 0 ? msgIds[lastRead]! : null,
        lastReadAt: lastRead >= 0 ? at(thread[lastRead]!.at) : null,
      });
    }

    // Notifications for the demo accounts.
    const link = (forChef: boolean) => (forChef ? `/account/me/chefbookings/${id}` : `/account/me/bookings/${id}`);
    const when = dateText(p.startsAt, chef.city.timezone);
    const notify = (userId: number, type: string, title: string, message: string, t: number, forChef: boolean) =>
      t < now && notificationRows.push({ userId, type, title, message, link: link(forChef), at: t, read: t < now - 3 * DAY });
    if (customer.userId === demoCustomer.userId) {
      const c = chef.roster.first;
      if (p.acceptedAt != null) notify(customer.userId, 'success', 'Booking accepted', `${c} accepted your request for “${menu.name}” on ${when}. Please pay within 48 hours to confirm.`, p.acceptedAt, false);
      if (p.confirmedAt != null) notify(customer.userId, 'success', 'Booking confirmed', `Your booking of “${menu.name}” with ${c} on ${when} is confirmed.`, p.confirmedAt + MINUTE, false);
      if (declined) notify(customer.userId, 'error', 'Request declined', `${c} cannot take your request for ${when}: ${declined.note}`, declined.at, false);
      if (p.status === 'expired') notify(customer.userId, 'info', 'Request expired', `${c} did not answer your request for ${when} in time. You have not been charged.`, p.respondBy!, false);
      if (p.status === 'payment_expired') notify(customer.userId, 'info', 'Booking expired', `Your booking with ${c} on ${when} expired because it was not paid within 48 hours.`, p.paymentDueBy!, false);
      if (p.status === 'cancelled_by_chef') notify(customer.userId, 'error', 'Booking cancelled by the chef', `${c} had to cancel your booking on ${when}. You receive a full refund.`, p.cancelledAt!, false);
      if (p.completedAt != null) notify(customer.userId, 'info', 'How was your dinner?', `Rate your evening with ${c} within 14 days.`, p.completedAt + 2 * HOUR, false);
    }
    if (chef.index === 0) {
      const c = customer.first;
      if (p.events[0]?.to === 'requested') notify(chef.userId, 'info', 'New booking request', `${c} would like to book “${menu.name}” for ${p.guests} guests on ${when}.`, p.created, true);
      if (p.confirmedAt != null) notify(chef.userId, 'success', 'Booking confirmed', `${c} confirmed “${menu.name}” for ${p.guests} guests on ${when}.`, p.confirmedAt + MINUTE, true);
      if (p.status === 'cancelled_by_customer') notify(chef.userId, 'error', 'Booking cancelled', `${c} cancelled the booking on ${when}.`, p.cancelledAt!, true);
      if (p.reviewAt != null) notify(chef.userId, 'success', 'New review', `${c} reviewed “${menu.name}”.`, p.reviewAt, true);
    }
    if (lastMsg && lastMsg.at > now - 5 * DAY) {
      const recipient = lastMsg.sender === 'customer' ? chef : null;
      if (recipient && recipient.index === 0) notify(chef.userId, 'info', `New message from ${customer.first}`, lastMsg.text.slice(0, 120), lastMsg.at, true);
      if (lastMsg.sender === 'chef' && customer.userId === demoCustomer.userId) notify(customer.userId, 'info', `New message from ${chef.roster.first}`, lastMsg.text.slice(0, 120), lastMsg.at, false);
    }
  }

  // ---------------------------------------------------------------- payouts: released earnings grouped per chef and month
  const payoutRows: (typeof payouts.$inferInsert)[] = [];
  const byChefMonth = new Map<string, typeof payoutItemRows>();
  for (const item of payoutItemRows) {
    if (item.releaseMs > now) continue;
    const month = new Date(item.releaseMs).toISOString().slice(0, 7);
    const key = `${item.chefId}|${month}`;
    byChefMonth.set(key, [...(byChefMonth.get(key) ?? []), item]);
  }
  for (const key of [...byChefMonth.keys()].sort()) {
    const items = byChefMonth.get(key)!;
    const [chefIdText, month] = key.split('|') as [string, string];
    const chef = chefPlans.find((c) => c.id === Number(chefIdText))!;
    if (!chef.payout) continue;
    const [y, m] = month.split('-').map(Number) as [number, number];
    const createdMs = Date.UTC(y, m, 1, 8, 0); // the first of the following month
    if (createdMs > now) continue; // this month's earnings are due, not yet in a payout
    const paidMs = createdMs + 2 * DAY;
    const id = nextId('payouts');
    const paid = paidMs < now;
    payoutRows.push({
      id,
      chefId: chef.id,
      status: paid ? 'paid' : 'pending',
      amount: items.reduce((s, i) => s + i.amount, 0),
      currency: chef.city.currency,
      reference: `YLC-${month.replace('-', '')}-${chef.id}`,
      accountHolder: chef.payout.holder,
      iban: chef.payout.iban,
      createdBy: admin.userId,
      paidAt: paid ? at(paidMs) : null,
      failedReason: null,
      createdAt: at(createdMs),
    });
    for (const item of items) item.payoutId = id;
    if (chef.index === 0 && paid && paidMs > now - 120 * DAY) {
      notificationRows.push({ userId: chef.userId, type: 'success', title: 'Payout sent', message: `We transferred ${(items.reduce((s, i) => s + i.amount, 0) / 100).toFixed(2)} ${chef.city.currency} to your bank account.`, link: '/account/me/payout', at: paidMs, read: paidMs < now - 3 * DAY });
    }
  }

  // Admin: pending applications.
  for (const chef of chefPlans) {
    if (chef.roster.status === 'O' && chef.submittedAt != null) {
      notificationRows.push({ userId: admin.userId, type: 'info', title: 'New chef application', message: `${chef.roster.first} ${chef.roster.last} (${chef.city.name}) submitted an application for review.`, link: `/ylcadmin/chefs/${chef.id}`, at: chef.submittedAt, read: false });
    }
  }

  // ---------------------------------------------------------------- calendar blocks
  const ra = rng(streamSeed(seed, 'availability'));
  const blockRows: (typeof availabilityBlocks.$inferInsert)[] = [];
  for (const chef of chefPlans) {
    if (chef.roster.status !== 'A') continue;
    if (chef.index !== 0 && !ra.chance(0.25)) continue;
    const start = chef.index === 0 ? 20 : ra.int(7, 60);
    const length = chef.index === 0 ? 4 : ra.int(1, 3);
    const note = chef.index === 0 ? 'Holiday' : ra.pick(['Family celebration', 'Catering job', 'Holiday', null]);
    for (let d = 0; d < length; d++) {
      const day = addDays(chef.today, start + d);
      if (chef.usedDays.has(day)) continue;
      chef.usedDays.add(day);
      blockRows.push({ chefId: chef.id, day, note, createdAt: at(now - ra.int(2, 30) * DAY) });
    }
  }

  // ---------------------------------------------------------------- aggregates kept consistent with the reviews
  const chefById = new Map(chefPlans.map((c) => [c.id, c]));
  for (const row of chefRows) {
    const plan = chefById.get(row.id!)!;
    row.reviewCount = plan.reviewCount;
    row.reviewAvg = plan.reviewCount ? plan.reviewSum / plan.reviewCount : 0;
  }
  const menuById = new Map(allMenus.map((m) => [m.id, m]));
  for (const row of menuRows) {
    const plan = menuById.get(row.id!)!;
    row.reviewCount = plan.reviewCount;
    row.reviewAvg = plan.reviewCount ? plan.reviewSum / plan.reviewCount : 0;
  }

  // ---------------------------------------------------------------- popular cities and newsletter
  const popularRows = DEMO_CITIES.map((city, i) => ({ regionId: city.geonameid, displayName: city.name, imageId: cityImageIds[i] ?? null, position: i + 1 }));
  const subscribers = [
    ['gourmet.fan@example.com', 'de-ch', 210, false],
    ['lena.baumann@example.org', 'de', 160, false],
    ['foodie.lausanne@example.net', 'fr', 120, false],
    ['cena.insieme@example.com', 'it', 90, false],
    ['dinner.club@example.org', 'en', 45, true],
    ['tom.weller@example.com', 'de', 12, false],
  ] as const;
  const subscriberRows = subscribers.map(([email, locale, days, unsubscribed]) => ({
    email,
    locale,
    createdAt: at(now - days * DAY),
    unsubscribedAt: unsubscribed ? at(now - 10 * DAY) : null,
  }));

  notificationRows.sort((a, b) => a.at - b.at || a.userId - b.userId);
  const notificationInsert = notificationRows.map((n) => ({ userId: n.userId, type: n.type, title: n.title, message: n.message, link: n.link, readAt: n.read ? at(n.at + 6 * HOUR) : null, createdAt: at(n.at) }));
  auditRows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());

  // ---------------------------------------------------------------- statements, in foreign-key order
  const s: BatchItem[] = [];
  const add = <T>(rows: T[], columns: number, make: (part: T[]) => BatchItem) => s.push(...insertChunks(rows, rowsPerInsert(columns), make));
  add(userRows, 16, (part) => db.insert(users).values(part));
  add(imageRows, 9, (part) => db.insert(images).values(part));
  if (avatarByChef.size) {
    const cases = sql.join(
      [...avatarByChef].map(([chefId, imageId]) => sql`when ${chefById.get(chefId)!.userId} then ${imageId}`),
      sql` `,
    );
    const userIds = [...avatarByChef.keys()].map((chefId) => chefById.get(chefId)!.userId);
    s.push(db.update(users).set({ avatarImageId: sql`case ${users.id} ${cases} end` }).where(inArray(users.id, userIds)));
  }
  add(chefRows, 30, (part) => db.insert(chefs).values(part));
  add(chefRegionRows, 2, (part) => db.insert(chefRegions).values(part));
  add(chefCuisineRows, 2, (part) => db.insert(chefCuisines).values(part));
  add(payoutDetailRows, 4, (part) => db.insert(payoutDetails).values(part));
  add(blockRows, 4, (part) => db.insert(availabilityBlocks).values(part));
  add(menuRows, 20, (part) => db.insert(menus).values(part));
  add(courseRows, 7, (part) => db.insert(menuCourses).values(part));
  add(tierRows, 3, (part) => db.insert(menuPriceTiers).values(part));
  add(tagRows, 2, (part) => db.insert(menuTags).values(part));
  add(bookingRows, 45, (part) => db.insert(bookings).values(part));
  add(eventRows, 7, (part) => db.insert(bookingEvents).values(part));
  add(paymentRows, 11, (part) => db.insert(payments).values(part));
  add(refundRows, 9, (part) => db.insert(refunds).values(part));
  add(reviewRows, 17, (part) => db.insert(reviews).values(part));
  add(payoutRows, 13, (part) => db.insert(payouts).values(part));
  add(
    payoutItemRows.map(({ releaseMs: _, ...row }) => row),
    8,
    (part) => db.insert(payoutItems).values(part),
  );
  add(threadRows, 5, (part) => db.insert(messageThreads).values(part));
  add(participantRows, 6, (part) => db.insert(threadParticipants).values(part));
  add(messageRows, 5, (part) => db.insert(messages).values(part));
  add(notificationInsert, 8, (part) => db.insert(notifications).values(part));
  add(popularRows, 5, (part) => db.insert(popularCities).values(part));
  add(subscriberRows, 5, (part) => db.insert(newsletterSubscribers).values(part).onConflictDoNothing());
  add(auditRows, 9, (part) => db.insert(auditLog).values(part));

  const statusCount = (st: BookingStatus) => plans.filter((p) => p.status === st).length;
  const summary =
    `demo: ${userRows.length} users, ${chefRows.length} chefs (${chefRegionRows.length} served regions), ${menuRows.length} menus ` +
    `(${menuRows.filter((m) => m.status === 'published').length} published), ${bookingRows.length} bookings ` +
    `(${(['requested', 'accepted', 'confirmed', 'completed', 'reviewed'] as const).map((st) => `${st} ${statusCount(st)}`).join(', ')}, others ` +
    `${bookingRows.length - (['requested', 'accepted', 'confirmed', 'completed', 'reviewed'] as const).reduce((n, st) => n + statusCount(st), 0)}), ` +
    `${reviewRows.length} reviews, ${payoutRows.length} payouts, ${messageRows.length} messages`;
  return { statements: s, summary };
}

function rankForAvatar(c: ChefPlan): number {
  if (c.index === 0) return 0;
  if (c.roster.tier === 's') return 1;
  if (c.roster.tier === 'p') return 2;
  if (c.roster.status === 'A') return 3 + (c.index % 3);
  return 9;
}

const LANGUAGE_NAMES: Record<string, string> = {
  de: 'German',
  en: 'English',
  fr: 'French',
  it: 'Italian',
  es: 'Spanish',
  ja: 'Japanese',
  ar: 'Arabic',
  hi: 'Hindi',
  th: 'Thai',
  ko: 'Korean',
  el: 'Greek',
  vi: 'Vietnamese',
  zh: 'Chinese',
  tr: 'Turkish',
  sv: 'Swedish',
  da: 'Danish',
};
const languageName = (code: string) => LANGUAGE_NAMES[code] ?? code;

type Course = { type: string; name: string; description: string; allergens: string[]; tags: string };

const toCourse = (type: string, d: Dish): Course => ({
  type,
  name: d[0],
  description: d[1],
  allergens: d[2] ? d[2].split(',') : [],
  tags: d[3],
});

/** Picks 3–5 courses for a menu; a variant keeps only vegetarian, vegan or low-carb dishes where the pool allows. */
function composeCourses(r: Rng, cuisine: string, variant: 'normal' | 'vegetarian' | 'vegan' | 'lowcarb' | 'keto', size: 3 | 4 | 5): Course[] {
  const pool = CUISINE_POOLS[cuisine]!;
  const keep = (d: Dish) =>
    variant === 'vegan' ? d[3].includes('V') : variant === 'vegetarian' ? /[vV]/.test(d[3]) : variant === 'lowcarb' ? d[3].includes('l') : variant === 'keto' ? d[3].includes('k') : true;
  const filtered = (list: Dish[] | undefined) => (list ?? []).filter(keep);
  let starters = filtered(pool.starters);
  let mains = filtered(pool.mains);
  let desserts = filtered(pool.desserts);
  if ((variant === 'lowcarb' || variant === 'keto') && !desserts.length) desserts = SHARED.lowCarbDesserts.filter(keep);
  if (!starters.length || !mains.length || !desserts.length) {
    if (variant !== 'normal') return composeCourses(r, cuisine, 'normal', size);
    starters = pool.starters;
    mains = pool.mains;
    desserts = pool.desserts;
  }
  const soups = filtered(pool.soups).length ? filtered(pool.soups) : filtered(SHARED.soups);
  const amuse = filtered(SHARED.amuse);
  const cheese = ['swiss', 'french'].includes(cuisine) ? filtered(SHARED.cheese) : [];

  // 3: starter, main, dessert. 4: adds a soup (or a second starter, or an amuse-bouche). 5: amuse-bouche, starter,
  // soup, main, dessert, with a cheese course instead of the soup in Swiss and French menus.
  const pick = (type: string, list: Dish[]) => (list.length ? [toCourse(type, r.pick(list))] : []);
  const [starter, secondStarter] = r.sample(starters, 2) as [Dish, Dish | undefined];
  const first = [toCourse('starter', starter)];
  const main = pick('main', mains);
  const dessert = pick('dessert', desserts);
  if (size === 3) return [...first, ...main, ...dessert];
  if (size === 4) {
    const middle = soups.length ? pick('soup', soups) : secondStarter ? [toCourse('starter', secondStarter)] : [];
    return middle.length ? [...first, ...middle, ...main, ...dessert] : [...pick('amuse', amuse), ...first, ...main, ...dessert];
  }
  if (cheese.length) return [...pick('amuse', amuse), ...first, ...main, ...pick('cheese', cheese), ...dessert];
  return [...pick('amuse', amuse), ...first, ...pick('soup', soups), ...main, ...dessert];
}

function dietsOf(cuisine: string, courses: Course[]): string[] {
  const all = (test: (tags: string) => boolean) => courses.every((c) => test(c.tags));
  const allergens = new Set(courses.flatMap((c) => c.allergens));
  const diets: string[] = [];
  if (all((t) => t.includes('V'))) diets.push('vegan');
  if (all((t) => /[vV]/.test(t))) diets.push('vegetarian');
  if (all((t) => /[vVf]/.test(t))) diets.push('pescatarian');
  if (!allergens.has('gluten')) diets.push('gluten-free');
  if (!allergens.has('milk')) diets.push('lactose-free');
  if (['lebanese', 'moroccan', 'indian'].includes(cuisine) && all((t) => !t.includes('p')) && !allergens.has('sulphites')) diets.push('halal');
  if (all((t) => t.includes('l'))) diets.push('low-carb');
  if (all((t) => t.includes('k'))) diets.push('keto');
  return diets;
}
