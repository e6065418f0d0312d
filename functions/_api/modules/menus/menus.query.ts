// The one select behind every public menu read: menu, chef, the chef's user, both images, and the menu's tags,
// price tiers and (optionally) courses as JSON from correlated subqueries, so a page of menus is one statement
// however many relations it resolves.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { as } from '../../db/columns-alias';
import { chefs } from '../../db/schema/chefs';
import { images } from '../../db/schema/files';
import { menus } from '../../db/schema/menus';
import { users } from '../../db/schema/users';
import type { MenuRow } from './menus.present';

export const menuImage = alias(images, 'menu_image');
export const avatarImage = alias(images, 'avatar_image');

// json_group_array's order is unspecified, so each element carries its position and the presenter sorts.
const tagsJson = () =>
  sql<string | null>`(select json_group_array(json_object('kind', li.kind, 'key', li.key, 'names', json(li.names), 'position', li.position))
    from menu_tags mt join list_items li on li.id = mt.item_id where mt.menu_id = ${menus.id})`.as('tags_json');
const tiersJson = () =>
  sql<string | null>`(select json_group_array(json_object('min_guests', t.min_guests, 'price', t.price_per_person))
    from menu_price_tiers t where t.menu_id = ${menus.id})`.as('tiers_json');
const coursesJson = () =>
  sql<string | null>`(select json_group_array(json_object('id', c.id, 'position', c.position, 'course_type', c.course_type,
    'name', c.name, 'description', c.description, 'allergens', json(c.allergens)))
    from menu_courses c where c.menu_id = ${menus.id})`.as('courses_json');

/**
 * Joined select; every column whose name occurs in two joined tables has a unique alias (D1 collapses duplicate
 * column names in raw results).
 */
export function menuCardQuery(db: DB, opts: { courses?: boolean } = {}) {
  return db
    .select({
      id: menus.id,
      chefId: menus.chefId,
      name: menus.name,
      description: menus.description,
      currency: menus.currency,
      pricePerPerson: menus.pricePerPerson,
      reviewCount: menus.reviewCount,
      reviewAvg: menus.reviewAvg,
      minGuests: menus.minGuests,
      maxGuests: menus.maxGuests,
      atCustomer: menus.atCustomer,
      atChef: menus.atChef,
      bookingMode: menus.bookingMode,
      imageId: as(menuImage.id, 'menu_image_id'),
      imageStatus: as(menuImage.status, 'menu_image_status'),
      imageStacks: as(menuImage.stacks, 'menu_image_stacks'),
      chef: {
        id: as(chefs.id, 'chef_id_'),
        uri: chefs.uri,
        displayLocation: chefs.displayLocation,
        isPro: chefs.isPro,
        isSignature: chefs.isSignature,
        isVerified: chefs.isVerified,
        verifiedAt: chefs.verifiedAt,
        reviewCount: as(chefs.reviewCount, 'chef_review_count'),
        reviewAvg: as(chefs.reviewAvg, 'chef_review_avg'),
        firstname: users.firstname,
        lastname: users.lastname,
      },
      avatarId: as(avatarImage.id, 'avatar_image_id_'),
      avatarStatus: as(avatarImage.status, 'avatar_image_status'),
      avatarStacks: as(avatarImage.stacks, 'avatar_image_stacks'),
      tagsJson: tagsJson(),
      tiersJson: tiersJson(),
      coursesJson: opts.courses ? coursesJson() : sql<string | null>`null`.as('courses_json'),
    })
    .from(menus)
    .innerJoin(chefs, eq(chefs.id, menus.chefId))
    .innerJoin(users, eq(users.id, chefs.userId))
    .leftJoin(menuImage, eq(menuImage.id, menus.imageId))
    .leftJoin(avatarImage, eq(avatarImage.id, users.avatarImageId));
}

type CardRow = Awaited<ReturnType<ReturnType<typeof menuCardQuery>['all']>>[number];

/** Result row → presenter input (images as ImageRefs, JSON columns still raw). */
export function toMenuRow(r: CardRow): MenuRow {
  return {
    ...r,
    image: { id: r.imageId, status: r.imageStatus, stacks: r.imageStacks },
    chef: { ...r.chef, avatar: { id: r.avatarId, status: r.avatarStatus, stacks: r.avatarStacks } },
  };
}
