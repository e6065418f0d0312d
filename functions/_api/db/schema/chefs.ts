// Chefs: profile, status and tier, the regions they serve, the days they are not available, payout details.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, id, instant, updatedAt } from './columns';
import { listItems } from './lists';
import { regions } from './regions';
import { users } from './users';

/** Seed §3. */
export const ChefStatus = { New: 0, Active: 1, Paused: 2, Onboarded: 3, OnboardingFailed: -2, Banned: -1 } as const;
export type ChefStatusValue = (typeof ChefStatus)[keyof typeof ChefStatus];

export const chefs = sqliteTable(
  'chefs',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Slug ending in "-{id}"; the id is the last dash-separated part. */
    uri: text('uri').notNull(),
    status: integer('status').$type<ChefStatusValue>().notNull().default(ChefStatus.New),
    /** Status to return to when a ban is lifted. */
    statusBeforeBan: integer('status_before_ban').$type<ChefStatusValue>(),
    /** Who paused the profile (while Paused, and kept through a ban): only an admin lifts an admin's pause. */
    pausedBy: text('paused_by').$type<'chef' | 'admin'>(),
    /** The admin's reason for a pause, which the chef reads. */
    pauseReason: text('pause_reason'),
    isPro: flag('is_pro'),
    isSignature: flag('is_signature'),
    isVerified: flag('is_verified'),
    verifiedAt: instant('verified_at'),
    displayLocation: text('display_location').notNull().default(''),
    profileBio: text('profile_bio').notNull().default(''),
    /** Languages spoken, ISO 639-1 codes. */
    languages: text('languages', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    experienceYears: integer('experience_years'),
    /** Where the chef is based: address line, home region and coordinates. */
    address: text('address').notNull().default(''),
    homeRegionId: integer('home_region_id').references(() => regions.id),
    lat: real('lat'),
    lon: real('lon'),
    travelRadiusKm: integer('travel_radius_km').notNull().default(30),
    timezone: text('timezone').notNull().default('Europe/Zurich'),
    currency: text('currency').notNull().default('CHF'),
    reviewCount: integer('review_count').notNull().default(0),
    reviewAvg: real('review_avg').notNull().default(0),
    /**
     * Confirmed bookings the chef cancelled in the last CANCELLATION_PENALTY_DAYS (chef_cancellations), kept by the
     * cancellation's batch and the sweep; each lowers the chef's menus in the search ranking (migrations/0014_dinner_and_blind_reviews.sql).
     */
    recentCancellations: integer('recent_cancellations').notNull().default(0),
    rejectionReason: text('rejection_reason'),
    submittedAt: instant('submitted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chefs_user').on(t.userId), uniqueIndex('chefs_uri').on(t.uri), index('chefs_status').on(t.status)],
);

/** The regions a chef serves. The (region_id, chef_id) index drives "menus near a region". */
export const chefRegions = sqliteTable(
  'chef_regions',
  {
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id, { onDelete: 'cascade' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.chefId, t.regionId] }), index('chef_regions_region').on(t.regionId, t.chefId)],
);

export const chefCuisines = sqliteTable(
  'chef_cuisines',
  {
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => listItems.id),
  },
  (t) => [primaryKey({ columns: [t.chefId, t.itemId] })],
);

/** Days a chef blocked in the calendar, as local dates (YYYY-MM-DD in the chef's time zone). */
export const availabilityBlocks = sqliteTable(
  'availability_blocks',
  {
    chefId: integer('chef_id')
      .notNull()
      .references(() => chefs.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.chefId, t.day] }),
    // Menus near with a date reads the chefs who blocked that day once, as a list (menus.near.ts).
    index('availability_blocks_day').on(t.day, t.chefId),
  ],
);

export const payoutDetails = sqliteTable('payout_details', {
  chefId: integer('chef_id')
    .primaryKey()
    .references(() => chefs.id, { onDelete: 'cascade' }),
  accountHolder: text('account_holder').notNull(),
  /** Normalised (no spaces, upper case) and checksum-validated; shown masked. */
  iban: text('iban').notNull(),
  updatedAt: updatedAt(),
});
