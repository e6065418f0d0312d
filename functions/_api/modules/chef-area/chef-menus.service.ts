// The chef's own menus in every status: create, edit, delete (archive when bookings refer to the menu), publish and
// unpublish. A save rewrites the menu with its courses, price tiers and tags in one db.batch; the menu's allergen
// tags are the union of its courses' allergens, which search filters and booking checks read.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { chefs, ChefStatus } from '../../db/schema/chefs';
import { images } from '../../db/schema/files';
import { listItems } from '../../db/schema/lists';
import { menuCourses, menuPriceTiers, menus, menuTags, type MenuStatus } from '../../db/schema/menus';
import { users } from '../../db/schema/users';
import { ApiError, invalid, notFound, type FieldErrors } from '../../lib/errors';
import type { FieldMessages, ValidationKey } from '#shared/validation-messages';
import type { Deps } from '../../platform/deps';
import { imageResource } from '../images/images.service';
import { dietContradictions, type CourseAllergens, type DietContradiction } from '#shared/dietary';
import { insertSelect } from '../notifications/notify.service';
import { MIN_COURSES_TO_PUBLISH, PRICE_MIN, type MenuInput } from '#shared/schemas/chef-area.schema';
import { checkOwnImage } from './chef-profile.service';
import { publicDescription, publicName, writtenDescription, writtenName } from './menu-descriptions.service';
import { MASKING_VERSION } from '../../lib/masking';

type Me = { userId: number; chefId: number };

/** Why a menu cannot be published: codes for the client, and the field and sentence for the form. */
export const PUBLISH_MISSING: Record<string, { field: string; message: string }> = {
  chef_not_active: { field: 'chef', message: 'Your chef profile must be approved and active to publish menus.' },
  courses: { field: 'courses', message: `Add at least ${MIN_COURSES_TO_PUBLISH} courses.` },
  price: { field: 'price_per_person', message: 'Set a price per person.' },
  image: { field: 'image_id', message: 'Add a picture of the menu.' },
  image_pending: { field: 'image_id', message: 'Your picture is waiting for review by our team. You can publish the menu once it is approved.' },
  place: { field: 'at_customer', message: 'Offer the menu at the customer’s place, at yours, or both.' },
  diets: { field: 'diets', message: 'The diets must fit the allergens of the courses.' },
};

export class MenuIncomplete extends ApiError {
  /** `menu` names what contradicts a diet, in place of the general sentence. */
  constructor(
    message: string,
    readonly missing: string[],
    menu: Pick<Publishable, 'diets' | 'courses'>,
  ) {
    const errors: FieldErrors = {};
    for (const code of missing) {
      const m = PUBLISH_MISSING[code];
      if (code === 'diets') errors.diets = dietContradictions(menu.diets, menu.courses).map((c) => contradictionMessage(c, menu.courses));
      else if (m) (errors[m.field] ??= []).push(m.message);
    }
    super(409, message, 'MENU_INCOMPLETE', errors);
  }

  override toJSON() {
    return { ...super.toJSON(), missing: this.missing };
  }
}

/** A menu's picture for publishing: approved, waiting for moderation, or missing (none, or hidden by an admin). */
type PictureState = 'approved' | 'pending' | 'missing';
const pictureState = (imageId: number | null, status: string | null): PictureState =>
  imageId == null || status == null || status === 'hidden' ? 'missing' : status === 'approved' ? 'approved' : 'pending';

type Publishable = { courses: CourseAllergens[]; diets: readonly string[]; price: number; picture: PictureState; atCustomer: boolean; atChef: boolean };

/** "A menu marked vegan cannot contain milk, eggs: …", naming the courses to change. */
function contradictionMessage(c: DietContradiction, courses: readonly CourseAllergens[]): string {
  const names = c.courses.map((i) => courses[i]?.name).join(', ');
  return `A menu marked ${c.diet} cannot contain ${c.allergens.join(', ')}. Remove the diet, or these allergens from: ${names}.`;
}

/**
 * What the menu itself lacks for publishing (the chef's status is checked separately). A diet its own courses
 * contradict counts too: guests filter by diets, so a "vegan" menu with milk must never be listed as vegan.
 */
export function menuContentMissing(m: Publishable): string[] {
  const missing: string[] = [];
  if (m.courses.length < MIN_COURSES_TO_PUBLISH) missing.push('courses');
  if (!(m.price >= PRICE_MIN)) missing.push('price');
  if (m.picture === 'missing') missing.push('image');
  // Only an approved picture is public: a menu waits for its picture's moderation before it can go live.
  if (m.picture === 'pending') missing.push('image_pending');
  if (!m.atCustomer && !m.atChef) missing.push('place');
  if (dietContradictions(m.diets, m.courses).length) missing.push('diets');
  return missing;
}

/** The chef's menus (one or all) with courses, tiers and tags: four selects in one round trip. */
async function loadMenus(db: DB, chefId: number, menuId?: number) {
  const mine = menuId == null ? eq(menus.chefId, chefId) : and(eq(menus.chefId, chefId), eq(menus.id, menuId));
  const ids = db.select({ id: menus.id }).from(menus).where(mine);
  const [rows, courses, tiers, tags, chef] = await db.batch([
    db
      .select({
        id: as(menus.id, 'menu_id'),
        name: menus.name,
        writtenName: as(menus.writtenName, 'menu_written_name'),
        description: menus.description,
        writtenDescription: as(menus.writtenDescription, 'menu_written_description'),
        status: as(menus.status, 'menu_status'),
        imageId: menus.imageId,
        imageStatus: asJoined(images.status, 'image_status'),
        imageStacks: images.stacks,
        minGuests: menus.minGuests,
        maxGuests: menus.maxGuests,
        currency: menus.currency,
        pricePerPerson: menus.pricePerPerson,
        atCustomer: menus.atCustomer,
        atChef: menus.atChef,
        bookingMode: menus.bookingMode,
        reviewCount: menus.reviewCount,
        reviewAvg: menus.reviewAvg,
        publishedAt: menus.publishedAt,
        createdAt: as(menus.createdAt, 'menu_created_at'),
        updatedAt: menus.updatedAt,
        bookingCount: sql<number>`(select count(*) from bookings b where b.menu_id = menus.id)`.mapWith(Number).as('booking_count'),
      })
      .from(menus)
      .leftJoin(images, eq(images.id, menus.imageId))
      .where(mine)
      .orderBy(asc(menus.id)),
    db.select().from(menuCourses).where(inArray(menuCourses.menuId, ids)).orderBy(asc(menuCourses.position), asc(menuCourses.id)),
    db.select().from(menuPriceTiers).where(inArray(menuPriceTiers.menuId, ids)).orderBy(asc(menuPriceTiers.minGuests)),
    db
      .select({ menuId: menuTags.menuId, kind: listItems.kind, key: listItems.key, position: listItems.position })
      .from(menuTags)
      .innerJoin(listItems, eq(listItems.id, menuTags.itemId))
      .where(inArray(menuTags.menuId, ids))
      .orderBy(asc(listItems.position), asc(listItems.key)),
    db.select({ status: chefs.status }).from(chefs).where(eq(chefs.id, chefId)),
  ]);
  const chefActive = chef[0]?.status === ChefStatus.Active;
  return rows.map((m) => {
    const own = courses.filter((c) => c.menuId === m.id);
    const tagKeys = (kind: string) => tags.filter((t) => t.menuId === m.id && t.kind === kind).map((t) => t.key);
    const missing = menuContentMissing({ courses: own, diets: tagKeys('diet'), price: m.pricePerPerson, picture: pictureState(m.imageId, m.imageStatus), atCustomer: m.atCustomer, atChef: m.atChef });
    if (!chefActive) missing.unshift('chef_not_active');
    return {
      id: m.id,
      status: m.status,
      // The chef reads what they wrote; visitors read `name` and `description` with contact details masked (menu-descriptions.service.ts).
      name: writtenName(m),
      description: writtenDescription(m),
      image_id: m.imageId,
      // The chef's own menu: a picture waiting for moderation shows here, and image_status says so.
      image: imageResource({ id: m.imageId, status: m.imageStatus, stacks: m.imageStacks }, undefined, { own: true }),
      image_status: m.imageId == null ? null : m.imageStatus,
      min_guests: m.minGuests,
      max_guests: m.maxGuests,
      price_per_person: m.pricePerPerson,
      currency: m.currency,
      price_tiers: tiers.filter((t) => t.menuId === m.id).map((t) => ({ min_guests: t.minGuests, price_per_person: t.pricePerPerson })),
      at_customer: m.atCustomer,
      at_chef: m.atChef,
      booking_mode: m.bookingMode,
      cuisines: tagKeys('cuisine'),
      diets: tagKeys('diet'),
      allergens: tagKeys('allergen'),
      courses: own.map((c) => ({ id: c.id, course_type: c.courseType, name: writtenName(c), description: writtenDescription(c), allergens: c.allergens })),
      review_count: m.reviewCount,
      review_avg: Math.round(m.reviewAvg * 10) / 10,
      booking_count: m.bookingCount,
      /** What publishing would still need; empty when the menu can be published. */
      publish_missing: missing,
      published_at: m.publishedAt?.toISOString() ?? null,
      created_at: m.createdAt.toISOString(),
      updated_at: m.updatedAt.toISOString(),
    };
  });
}

export type OwnMenu = Awaited<ReturnType<typeof loadMenus>>[number];

export const listOwnMenus = (deps: Pick<Deps, 'db'>, chefId: number) => loadMenus(deps.db, chefId);

/** Another chef's menu, or one that does not exist, is "not found": ids cannot be probed. */
export async function getOwnMenu(deps: Pick<Deps, 'db'>, chefId: number, menuId: number): Promise<OwnMenu> {
  const [menu] = await loadMenus(deps.db, chefId, menuId);
  if (!menu) throw notFound('Menu not found.');
  return menu;
}

/**
 * Checks what the schema cannot: list keys exist (retired ones only if the menu already had them), the picture is
 * the chef's own menu picture, the currency is the chef's. Returns the tag item ids and the allergen union.
 */
async function checkReferences(db: DB, me: Me, input: MenuInput, existing: { id: number; image_id: number | null } | null) {
  const menuId = existing?.id ?? null;
  const [items, current, chef] = await db.batch([
    db.select({ id: listItems.id, kind: listItems.kind, key: listItems.key, retiredAt: listItems.retiredAt }).from(listItems).where(inArray(listItems.kind, ['cuisine', 'diet', 'allergen'])),
    db.select({ itemId: menuTags.itemId }).from(menuTags).where(eq(menuTags.menuId, menuId ?? 0)),
    db.select({ currency: chefs.currency, locale: users.locale }).from(chefs).innerJoin(users, eq(users.id, chefs.userId)).where(eq(chefs.id, me.chefId)),
  ]);
  const had = new Set(current.map((c) => c.itemId));
  const byKind = (kind: string) => new Map(items.filter((i) => i.kind === kind && (!i.retiredAt || had.has(i.id))).map((i) => [i.key, i.id]));
  const cuisine = byKind('cuisine');
  const diet = byKind('diet');
  const allergen = byKind('allergen');
  const errors: FieldMessages = {};
  const pick = (field: string, keys: string[], known: Map<string, number>, unknown: ValidationKey) => {
    const bad = keys.filter((k) => !known.has(k));
    if (bad.length) errors[field] = bad.map((k) => ({ key: unknown, params: { key: k } }));
    return keys.filter((k) => known.has(k)).map((k) => known.get(k)!);
  };
  const cuisineIds = pick('cuisines', input.cuisines, cuisine, 'validation.reference.unknowncuisine');
  const dietIds = pick('diets', input.diets, diet, 'validation.reference.unknowndiet');
  input.courses.forEach((c, i) => pick(`courses.${i}.allergens`, c.allergens, allergen, 'validation.reference.unknownallergen'));
  const allergenKeys = [...new Set(input.courses.flatMap((c) => c.allergens))].filter((k) => allergen.has(k));
  const chefCurrency = chef[0]?.currency ?? 'CHF';
  if (input.currency && input.currency !== chefCurrency) errors.currency = [{ key: 'validation.reference.menucurrency', params: { currency: chefCurrency } }];
  // Only a newly chosen picture must be the chef's own: the one the menu already has stays savable even when someone
  // else uploaded it (an admin's replacement), or no edit of that menu could ever be saved again.
  if (input.image_id != null && input.image_id !== existing?.image_id) {
    const problem = await checkOwnImage(db, me.userId, input.image_id, 'menu');
    if (problem) errors.image_id = [problem];
  }
  if (Object.keys(errors).length) throw invalid(errors, { message: 'validation.rule.checkfields' });
  return { tagIds: [...cuisineIds, ...dietIds, ...allergenKeys.map((k) => allergen.get(k)!)], allergenKeys, currency: chefCurrency, locale: chef[0]?.locale ?? 'en' };
}

/**
 * Statements that rewrite a menu's courses, tiers and tags. Each list travels as one JSON parameter (json_each):
 * D1 binds at most 100 parameters per statement, and 12 courses × 6 columns would come close. `menuRef` is the
 * menu's id, or a subquery for a menu inserted earlier in the same batch; `guard` keeps the inserts from running
 * for a menu that is not (or no longer) the chef's.
 */
function childWrites(db: DB, menuRef: SQL, input: MenuInput, refs: { tagIds: number[]; locale: string }, guard: SQL) {
  const courses = JSON.stringify(
    input.courses.map((c) => {
      const { description, written } = publicDescription(c.description);
      const name = publicName(c.name);
      return { t: c.course_type, n: name.name, wn: name.written, d: description, w: written, a: c.allergens };
    }),
  );
  const tiers = JSON.stringify(input.price_tiers.map((t) => [t.min_guests, t.price_per_person]));
  const tags = JSON.stringify([...new Set(refs.tagIds)]);
  return [
    insertSelect(
      db,
      menuCourses,
      {
        menuId: menuRef,
        position: sql`j.key`,
        courseType: sql`json_extract(j.value, '$.t')`,
        name: sql`json_extract(j.value, '$.n')`,
        writtenName: sql`json_extract(j.value, '$.wn')`,
        description: sql`json_extract(j.value, '$.d')`,
        writtenDescription: sql`json_extract(j.value, '$.w')`,
        allergens: sql`json_extract(j.value, '$.a')`,
      },
      sql`from json_each(${courses}) j where ${guard}`,
    ),
    insertSelect(
      db,
      menuPriceTiers,
      { menuId: menuRef, minGuests: sql`json_extract(j.value, '$[0]')`, pricePerPerson: sql`json_extract(j.value, '$[1]')` },
      sql`from json_each(${tiers}) j where ${guard}`,
    ),
    insertSelect(db, menuTags, { menuId: menuRef, itemId: sql`j.value` }, sql`from json_each(${tags}) j where ${guard}`),
  ] as const;
}

/** The menu's columns from the chef's input; name and description masked for visitors (menu-descriptions.service.ts). */
function menuColumns(input: MenuInput, refs: { currency: string }, now: Date) {
  const { description, written } = publicDescription(input.description);
  const { name, written: keptName } = publicName(input.name);
  return {
    name,
    writtenName: keptName,
    description,
    writtenDescription: written,
    maskedWith: MASKING_VERSION,
    imageId: input.image_id,
    minGuests: input.min_guests,
    maxGuests: input.max_guests,
    currency: refs.currency,
    pricePerPerson: input.price_per_person,
    atCustomer: input.at_customer,
    atChef: input.at_chef,
    bookingMode: input.booking_mode,
    updatedAt: now,
  };
}

/** POST /v1/chefs/me/menus: a new draft menu. */
export async function createMenu(deps: Deps, me: Me, input: MenuInput): Promise<OwnMenu> {
  const { db, clock } = deps;
  const refs = await checkReferences(db, me, input, null);
  const now = clock.now();
  // Ids only grow, and a batch is one transaction, so the chef's highest menu id is the row inserted just before.
  const newMenu = sql`(select max(id) from menus where chef_id = ${me.chefId})`;
  const [inserted] = await db.batch([
    db
      .insert(menus)
      .values({ chefId: me.chefId, status: 'draft', createdAt: now, ...menuColumns(input, refs, now) })
      .returning({ id: menus.id }),
    ...childWrites(db, newMenu, input, refs, sql`1 = 1`),
  ]);
  return getOwnMenu(deps, me.chefId, inserted[0]!.id);
}

/** PUT /v1/chefs/me/menus/{id}: the whole menu. A published menu must stay publishable. */
export async function updateMenu(deps: Deps, me: Me, menuId: number, input: MenuInput): Promise<OwnMenu> {
  const { db, clock } = deps;
  const current = await getOwnMenu(deps, me.chefId, menuId);
  const refs = await checkReferences(db, me, input, current);
  if (current.status === 'published') {
    // A published menu may take a new picture that still waits for moderation: the public sees the placeholder
    // until an admin approves it, never the unmoderated picture.
    const picture = input.image_id == null ? 'missing' : input.image_id === current.image_id ? pictureState(current.image_id, current.image_status) : 'pending';
    const missing = menuContentMissing({ courses: input.courses, diets: input.diets, price: input.price_per_person, picture, atCustomer: input.at_customer, atChef: input.at_chef }).filter(
      (code) => code !== 'image_pending',
    );
    if (missing.length) throw new MenuIncomplete('A published menu must stay complete. Unpublish it first, or add what is missing.', missing, input);
  }
  const now = clock.now();
  const mine = and(eq(menus.id, menuId), eq(menus.chefId, me.chefId));
  const guard = sql`exists (select 1 from menus where id = ${menuId} and chef_id = ${me.chefId})`;
  const [updated] = await db.batch([
    db.update(menus).set(menuColumns(input, refs, now)).where(mine).returning({ id: menus.id }),
    db.delete(menuCourses).where(eq(menuCourses.menuId, menuId)),
    db.delete(menuPriceTiers).where(eq(menuPriceTiers.menuId, menuId)),
    db.delete(menuTags).where(eq(menuTags.menuId, menuId)),
    ...childWrites(db, sql`${menuId}`, input, refs, guard),
  ]);
  // Deleted by a parallel request between the read and the batch.
  if (!updated.length) throw notFound('Menu not found.');
  return getOwnMenu(deps, me.chefId, menuId);
}

/**
 * DELETE /v1/chefs/me/menus/{id}: bookings keep pointing at their menu, so a menu with bookings is archived
 * instead. Both statements carry their own condition, so a booking created in between cannot be orphaned.
 */
export async function deleteMenu(deps: Deps, chefId: number, menuId: number): Promise<{ deleted: boolean; archived: boolean }> {
  const { db, clock } = deps;
  const mine = and(eq(menus.id, menuId), eq(menus.chefId, chefId));
  const [deleted] = await db
    .delete(menus)
    .where(and(mine, sql`not exists (select 1 from bookings b where b.menu_id = ${menuId})`))
    .returning({ id: menus.id });
  if (deleted) return { deleted: true, archived: false };
  const [archived] = await db.update(menus).set({ status: 'archived', updatedAt: clock.now() }).where(mine).returning({ id: menus.id });
  if (!archived) throw notFound('Menu not found.');
  return { deleted: false, archived: true };
}

/**
 * POST /v1/chefs/me/menus/{id}/publish: needs an Active chef and a complete menu whose picture is approved (409
 * MENU_INCOMPLETE with the reason on image_id otherwise); publishing twice is harmless.
 */
export async function publishMenu(deps: Deps, chefId: number, menuId: number): Promise<OwnMenu> {
  const menu = await getOwnMenu(deps, chefId, menuId);
  if (menu.status === 'published') return menu;
  if (menu.publish_missing.length) throw new MenuIncomplete('This menu cannot be published yet.', menu.publish_missing, menu);
  const now = deps.clock.now();
  // The chef's status is checked again in the write, so a pause in between cannot publish a menu.
  const [row] = await deps.db
    .update(menus)
    .set({ status: 'published', publishedAt: now, updatedAt: now })
    .where(
      and(
        eq(menus.id, menuId),
        eq(menus.chefId, chefId),
        inArray(menus.status, ['draft', 'archived'] satisfies MenuStatus[]),
        sql`exists (select 1 from chefs c where c.id = ${chefId} and c.status = ${ChefStatus.Active})`,
        // So is the picture's approval: hidden or not yet approved in between, the menu stays a draft.
        sql`exists (select 1 from images i where i.id = ${menus.imageId} and i.status = 'approved')`,
      ),
    )
    .returning({ id: menus.id });
  if (!row) throw new ApiError(409, 'This menu or your chef profile changed in the meantime. Please reload and try again.', 'STATUS_CHANGED');
  return getOwnMenu(deps, chefId, menuId);
}

/** POST /v1/chefs/me/menus/{id}/unpublish: back to draft; an unpublished menu stays as it is. */
export async function unpublishMenu(deps: Deps, chefId: number, menuId: number): Promise<OwnMenu> {
  const menu = await getOwnMenu(deps, chefId, menuId);
  if (menu.status !== 'published') return menu;
  await deps.db
    .update(menus)
    .set({ status: 'draft', updatedAt: deps.clock.now() })
    .where(and(eq(menus.id, menuId), eq(menus.chefId, chefId), eq(menus.status, 'published')));
  return getOwnMenu(deps, chefId, menuId);
}
