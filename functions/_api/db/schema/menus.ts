// Menus: what a chef offers, with courses, per-person price tiers and cuisine/diet/allergen tags.
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { chefs } from './chefs';
import { createdAt, flag, id, instant, updatedAt } from './columns';
import { images } from './files';
import { listItems } from './lists';

export type MenuStatus = 'draft' | 'published' | 'archived';
export type BookingMode = 'instant' | 'request';

export const menus = sqliteTable(
  'menus',
  {
    id: id(),
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Markdown, sanitised when rendered. */
    description: text('description').notNull().default(''),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    minGuests: integer('min_guests').notNull().default(2),
    maxGuests: integer('max_guests').notNull().default(12),
    currency: text('currency').notNull().default('CHF'),
    /** Base per-person price in minor units; tiers may lower it for larger groups. */
    pricePerPerson: integer('price_per_person').notNull(),
    atCustomer: flag('at_customer'),
    atChef: flag('at_chef'),
    bookingMode: text('booking_mode').$type<BookingMode>().notNull().default('request'),
    status: text('status').$type<MenuStatus>().notNull().default('draft'),
    reviewCount: integer('review_count').notNull().default(0),
    reviewAvg: real('review_avg').notNull().default(0),
    publishedAt: instant('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // menus_image: "where is this image used" (admin images) and the set-null when an image is deleted.
  (t) => [index('menus_chef_status').on(t.chefId, t.status), index('menus_image').on(t.imageId)],
);

export const menuCourses = sqliteTable(
  'menu_courses',
  {
    id: id(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** amuse | starter | soup | main | cheese | dessert | side | drink */
    courseType: text('course_type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Allergen keys; the menu's allergens are the union over its courses (kept in menu_tags). */
    allergens: text('allergens', { mode: 'json' }).$type<string[]>().notNull(),
  },
  (t) => [index('menu_courses_menu').on(t.menuId, t.position)],
);

/** Guest-count tiers: from min_guests upwards the per-person price is price_per_person. */
export const menuPriceTiers = sqliteTable(
  'menu_price_tiers',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    minGuests: integer('min_guests').notNull(),
    pricePerPerson: integer('price_per_person').notNull(),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.minGuests] })],
);

/** Cuisine, diet and allergen tags of a menu (allergens derived from the courses). */
export const menuTags = sqliteTable(
  'menu_tags',
  {
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => listItems.id),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.itemId] }), index('menu_tags_item').on(t.itemId, t.menuId)],
);
