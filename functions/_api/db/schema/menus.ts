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
    /** The name as visitors read it, contact details masked like the description's (on every card, booking and document). */
    name: text('name').notNull(),
    /** What the chef wrote as the name, when it differs from `name` (it held contact details); the chef's editor reads it. */
    writtenName: text('written_name'),
    /**
     * Markdown, sanitised when rendered: the text as visitors read it, contact details masked when the chef saved
     * it (lib/masking.ts storedPublicText: CONTACT_MARK, written out in each reader's language by showMasks).
     */
    description: text('description').notNull().default(''),
    /** What the chef wrote, when it differs from `description` (it held contact details); the chef and admins read it. */
    writtenDescription: text('written_description'),
    /**
     * The masking rules (`MASKING_VERSION`) the public descriptions of the menu and its courses were made with; null
     * for a menu saved before they were masked. The sweep masks such menus again from what the chef wrote.
     */
    maskedWith: integer('masked_with'),
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
    /** As visitors read it, masked like the menu's (`menus.name`). */
    name: text('name').notNull(),
    /** What the chef wrote, when it differs from `name`. */
    writtenName: text('written_name'),
    /** As visitors read it, masked like the menu's (`menus.description`). */
    description: text('description').notNull().default(''),
    /** What the chef wrote, when it differs from `description`. */
    writtenDescription: text('written_description'),
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
