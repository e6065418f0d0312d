// Turns menu and chef rows into the seed's response shapes (resolved relations wrapped in { data }).
import type { LocaleNames } from '../../db/schema/lists';
import type { BookingMode } from '../../db/schema/menus';
import type { Locale } from '#shared/locales';
import { formatConverted, perPersonPrice, type PriceTier } from '#shared/pricing';
import type { Settings } from '../settings/settings.service';
import { imageResource, type ImageRef } from '../images/images.service';
import { showMasks } from '../../lib/masking';

export type ChefCardRow = {
  id: number;
  uri: string;
  firstname: string;
  lastname: string;
  displayLocation: string;
  isPro: boolean;
  isSignature: boolean;
  isVerified: boolean;
  verifiedAt: Date | null;
  reviewCount: number;
  reviewAvg: number;
  avatar: ImageRef;
};

export const roundAvg = (avg: number) => Math.round(avg * 10) / 10;

/** Which of a chef's relations to include; unresolved relations are left out of the response. */
export type ChefInclude = { userPublic: boolean; avatar: boolean };

export function presentChefSummary(row: ChefCardRow, include: ChefInclude) {
  return {
    id: row.id,
    uri: row.uri,
    firstname: row.firstname,
    lastname: row.lastname,
    display_location: row.displayLocation,
    is_pro: row.isPro,
    is_signature: row.isSignature,
    is_verified: row.isVerified,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    review_count: row.reviewCount,
    review_avg: roundAvg(row.reviewAvg),
    ...(include.userPublic
      ? { user_public: { data: { firstname: row.firstname, ...(include.avatar ? { avatar: imageResource(row.avatar) } : {}) } } }
      : {}),
  };
}

/** The chef as menu cards show it: with user_public and avatar. */
export const presentChefPublic = (row: ChefCardRow) => presentChefSummary(row, { userPublic: true, avatar: true });

export type MenuCardRow = {
  id: number;
  chefId: number;
  name: string;
  description: string;
  currency: string;
  pricePerPerson: number;
  reviewCount: number;
  reviewAvg: number;
  image: ImageRef;
};

/** Display price: the base per-person price converted to the visitor's currency and formatted for their locale. */
export function perPersonFormatted(row: Pick<MenuCardRow, 'pricePerPerson' | 'currency'>, settings: Settings, currency: string, locale: Locale) {
  return formatConverted(row.pricePerPerson, row.currency, currency, settings.currency_rates, locale);
}

export function presentMenuCard(row: MenuCardRow, chef: ChefCardRow | null, ctx: { settings: Settings; currency: string; locale: Locale; stacks?: readonly string[] }) {
  return {
    id: row.id,
    chef_id: row.chefId,
    // Stored with a contact detail as CONTACT_MARK (chef-area/menu-descriptions.service.ts): in the reader's language.
    name: showMasks(row.name, ctx.locale),
    description: showMasks(row.description, ctx.locale),
    review_count: row.reviewCount,
    review_avg: roundAvg(row.reviewAvg),
    effective_per_person_cost_lc_formatted: perPersonFormatted(row, ctx.settings, ctx.currency, ctx.locale),
    image: imageResource(row.image, ctx.stacks),
    ...(chef ? { chef: { data: presentChefPublic(chef) } } : {}),
  };
}

// ---- Full menu rows (menus.query.ts) ----

export type MenuRow = MenuCardRow & {
  minGuests: number;
  maxGuests: number;
  atCustomer: boolean;
  atChef: boolean;
  bookingMode: BookingMode;
  chef: ChefCardRow;
  tagsJson: string | null;
  tiersJson: string | null;
  coursesJson: string | null;
};

/** A list item's name in the request locale: de-ch falls back to de, every locale to en, and finally the key. */
export function localName(names: LocaleNames | null | undefined, key: string, locale: Locale): string {
  if (!names) return key;
  return names[locale] ?? (locale === 'de-ch' ? names.de : undefined) ?? names.en ?? key;
}

export type Tag = { key: string; name: string };
type TagKind = 'cuisine' | 'diet' | 'allergen';
type RawTag = { kind: string; key: string; names: LocaleNames | null; position: number };

const parseJsonArray = <T>(json: string | null): T[] => {
  if (!json) return [];
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? (parsed as T[]) : [];
};

/** The menu's tags grouped by kind, in list order, named in the request locale. */
export function tagsByKind(json: string | null, locale: Locale): Record<TagKind, Tag[]> {
  const out: Record<TagKind, Tag[]> = { cuisine: [], diet: [], allergen: [] };
  const raw = parseJsonArray<RawTag>(json).sort((a, b) => a.position - b.position || a.key.localeCompare(b.key));
  for (const t of raw) {
    if (t.kind === 'cuisine' || t.kind === 'diet' || t.kind === 'allergen') out[t.kind].push({ key: t.key, name: localName(t.names, t.key, locale) });
  }
  return out;
}

type RawCourse = { id: number; position: number; course_type: string; name: string; description: string; allergens: string[] | null };

/** Courses in order; their allergens are named from the menu's allergen tags (the union of the courses' allergens). */
export function presentCourses(json: string | null, allergenTags: Tag[], locale: Locale) {
  const names = new Map(allergenTags.map((t) => [t.key, t.name]));
  return parseJsonArray<RawCourse>(json)
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((c) => ({
      id: c.id,
      course_type: c.course_type,
      name: showMasks(c.name, locale),
      description: showMasks(c.description, locale),
      allergens: { data: (c.allergens ?? []).map((key) => ({ key, name: names.get(key) ?? key })) },
    }));
}

export const parseTiers = (json: string | null): PriceTier[] =>
  parseJsonArray<{ min_guests: number; price: number }>(json).map((t) => ({ minGuests: Number(t.min_guests), pricePerPerson: Number(t.price) }));

export type PriceCtx = { settings: Settings; currency: string; locale: Locale };

/** An amount in `from` as the visitor sees it: converted to the display currency and formatted for their locale. */
export const money = (amount: number, from: string, ctx: PriceCtx) => formatConverted(amount, from, ctx.currency, ctx.settings.currency_rates, ctx.locale);

/** What each of `guests` pays for a menu, as the visitor sees it: the tier that applies, else the base price. */
export const pricePerPersonFor = (base: number, currency: string, tiers: PriceTier[], guests: number, ctx: PriceCtx) =>
  money(perPersonPrice(base, tiers, guests), currency, ctx);

/**
 * The full price schedule from min_guests to max_guests: the price at min_guests first, then every tier that starts
 * inside the range, each with the guest range it covers (e.g. 2–5, 6–11, 12+).
 */
export function priceSchedule(row: Pick<MenuRow, 'pricePerPerson' | 'currency' | 'minGuests' | 'maxGuests'>, tiers: PriceTier[], ctx: PriceCtx) {
  const starts = [row.minGuests, ...tiers.map((t) => t.minGuests).filter((g) => g > row.minGuests && g <= row.maxGuests)];
  const sorted = [...new Set(starts)].sort((a, b) => a - b);
  return sorted.map((min, i) => ({
    min_guests: min,
    max_guests: i + 1 < sorted.length ? sorted[i + 1]! - 1 : row.maxGuests,
    price_per_person_lc_formatted: pricePerPersonFor(row.pricePerPerson, row.currency, tiers, min, ctx),
  }));
}

/** What to include in a menu response; anything not asked for is left out (seed "resolve"). */
export type MenuInclude = {
  image?: boolean;
  chef?: ChefInclude | false;
  diets?: boolean;
  cuisines?: boolean;
  allergies?: boolean;
  items?: boolean;
  /** min/max guests, places, booking mode, price tiers: the menu page's details. */
  details?: boolean;
};

/**
 * A menu in the seed's shape. The effective per-person price is the tier price for `guests` when the visitor chose
 * a guest count, else the price at the menu's minimum, converted to the display currency.
 */
export function presentMenu(row: MenuRow, include: MenuInclude, ctx: PriceCtx & { stacks?: readonly string[]; guests?: number }) {
  const tags = tagsByKind(row.tagsJson, ctx.locale);
  const tiers = parseTiers(row.tiersJson);
  const guests = ctx.guests ?? row.minGuests;
  return {
    id: row.id,
    chef_id: row.chefId,
    name: showMasks(row.name, ctx.locale),
    description: showMasks(row.description, ctx.locale),
    review_count: row.reviewCount,
    review_avg: roundAvg(row.reviewAvg),
    effective_per_person_cost_lc_formatted: pricePerPersonFor(row.pricePerPerson, row.currency, tiers, guests, ctx),
    currency: ctx.currency,
    min_guests: row.minGuests,
    max_guests: row.maxGuests,
    at_customer: row.atCustomer,
    at_chef: row.atChef,
    booking_mode: row.bookingMode,
    ...(include.details ? { price_tiers: priceSchedule(row, tiers, ctx) } : {}),
    ...(include.image ? { image: imageResource(row.image, ctx.stacks?.length ? ctx.stacks : undefined) } : {}),
    ...(include.chef ? { chef: { data: presentChefSummary(row.chef, include.chef) } } : {}),
    ...(include.diets ? { diets: { data: tags.diet } } : {}),
    ...(include.allergies ? { allergies: { data: tags.allergen } } : {}),
    ...(include.cuisines ? { cuisines: { data: tags.cuisine } } : {}),
    ...(include.items ? { items: { data: presentCourses(row.coursesJson, tags.allergen, ctx.locale) } } : {}),
  };
}
