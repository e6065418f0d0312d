// The menu editor's form state and its translation to and from the API: drafts keep what the chef typed (strings),
// toMenuBody() builds the body of POST/PUT /v1/chefs/me/menus, the input of the shared valibot schema
// (shared/schemas/chef-area.schema.ts) that the editor's useSchemaForm runs before sending.
import {
  COURSE_TYPES,
  GUESTS_MAX,
  GUESTS_MIN,
  MAX_COURSES,
  MAX_PRICE_TIERS,
  PRICE_MAX,
  PRICE_MIN,
} from '#shared/schemas/chef-area.schema';
import type { TFunction } from '../../lib/i18n';
import type { OwnMenu } from './chefApi';
import { moneyInputValue, parseMoneyInput } from '../../lib/money-input';

export type CourseType = (typeof COURSE_TYPES)[number];
export type BookingMode = 'instant' | 'request';

export type CourseDraft = { uid: string; course_type: CourseType; name: string; description: string; allergens: string[] };
export type TierDraft = { uid: string; min_guests: string; price: string };
export type MenuDraft = {
  name: string;
  description: string;
  image_id: number | null;
  image_url: string | null;
  /** The picture waits for moderation: guests do not see it yet, and the menu cannot be published. */
  image_pending: boolean;
  min_guests: string;
  max_guests: string;
  price: string;
  tiers: TierDraft[];
  at_customer: boolean;
  at_chef: boolean;
  booking_mode: BookingMode;
  cuisines: string[];
  diets: string[];
  courses: CourseDraft[];
};

export { COURSE_TYPES, MAX_COURSES, MAX_PRICE_TIERS, GUESTS_MIN, GUESTS_MAX, PRICE_MIN, PRICE_MAX };

let uidCounter = 0;
export const newUid = () => `d${++uidCounter}`;

/** Whether a field of the draft equals its saved value: the uids that key courses and tiers on screen do not count. */
export const sameMenuValue = (a: unknown, b: unknown) => {
  const withoutUids = (value: unknown) => JSON.stringify(value, (key, v: unknown) => (key === 'uid' ? undefined : v));
  return withoutUids(a) === withoutUids(b);
};

export const newCourse = (type: CourseType = 'main'): CourseDraft => ({ uid: newUid(), course_type: type, name: '', description: '', allergens: [] });

/** A new menu starts with the classic three courses, so the chef only fills in names. */
export function emptyDraft(): MenuDraft {
  return {
    name: '',
    description: '',
    image_id: null,
    image_url: null,
    image_pending: false,
    min_guests: '2',
    max_guests: '12',
    price: '',
    tiers: [],
    at_customer: true,
    at_chef: false,
    booking_mode: 'request',
    cuisines: [],
    diets: [],
    courses: [newCourse('starter'), newCourse('main'), newCourse('dessert')],
  };
}

export function draftFromMenu(menu: OwnMenu): MenuDraft {
  return {
    name: menu.name,
    description: menu.description,
    image_id: menu.image_id,
    image_url: menu.image?.data.url.t512_2x1 ?? menu.image?.data.url.t512_1x1 ?? null,
    image_pending: menu.image_status === 'pending',
    min_guests: String(menu.min_guests),
    max_guests: String(menu.max_guests),
    price: moneyInputValue(menu.price_per_person),
    tiers: menu.price_tiers.map((tier) => ({ uid: newUid(), min_guests: String(tier.min_guests), price: moneyInputValue(tier.price_per_person) })),
    at_customer: menu.at_customer,
    at_chef: menu.at_chef,
    booking_mode: menu.booking_mode as BookingMode,
    cuisines: [...menu.cuisines],
    diets: [...menu.diets],
    courses: menu.courses.map((c) => ({ uid: newUid(), course_type: c.course_type as CourseType, name: c.name, description: c.description, allergens: [...c.allergens] })),
  };
}

/** A typed count as a number for the schema to check (2.5 is not whole); nothing typed is NaN, not 0. */
const int = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
const money = (s: string) => parseMoneyInput(s) ?? Number.NaN;

export function toMenuBody(d: MenuDraft) {
  return {
    name: d.name.trim(),
    description: d.description.trim(),
    image_id: d.image_id,
    min_guests: int(d.min_guests),
    max_guests: int(d.max_guests),
    price_per_person: money(d.price),
    price_tiers: d.tiers.map((tier) => ({ min_guests: int(tier.min_guests), price_per_person: money(tier.price) })),
    at_customer: d.at_customer,
    at_chef: d.at_chef,
    booking_mode: d.booking_mode,
    cuisines: d.cuisines,
    diets: d.diets,
    courses: d.courses.map((c) => ({ course_type: c.course_type, name: c.name.trim(), description: c.description.trim(), allergens: c.allergens })),
  };
}

/**
 * The schema checks prices in minor units and the chef types them in the menu's currency, so a price's failed check
 * is said in what was typed; every other field keeps the schema's message.
 */
export const menuCheckText = (t: TFunction) => (key: string) => {
  const range = { min: PRICE_MIN / 100, max: PRICE_MAX / 100 };
  if (key === 'price_per_person') return t('chefarea.menu.errors.price', range);
  if (/^price_tiers\.\d+\.price_per_person$/.test(key)) return t('chefarea.menu.errors.tiers', range);
  return undefined;
};

/** Moves an item one place up or down; returns the same array when it cannot move. */
export function moveItem<T>(list: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
