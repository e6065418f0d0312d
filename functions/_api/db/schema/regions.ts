// Places customers search for and chefs serve: GeoNames populated places, their postal codes, and popular cities.
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id } from './columns';
import { images } from './files';

export const regions = sqliteTable(
  'regions',
  {
    /** GeoNames id, so re-imports keep ids stable. */
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** Lower-cased, accent-free name for prefix search ("zurich" finds "Zürich"). */
    searchName: text('search_name').notNull(),
    /** Main postal code, when known. */
    zip: text('zip'),
    state: text('state').notNull().default(''),
    countryCode: text('country_code').notNull(),
    lat: real('lat').notNull(),
    lon: real('lon').notNull(),
    population: integer('population').notNull().default(0),
  },
  (t) => [index('regions_search_name').on(t.searchName), index('regions_lat').on(t.lat)],
);

export const postalCodes = sqliteTable(
  'postal_codes',
  {
    zip: text('zip').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zip, t.regionId] }), index('postal_codes_region').on(t.regionId)],
);

export const popularCities = sqliteTable('popular_cities', {
  id: id(),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id),
  displayName: text('display_name').notNull(),
  imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
  position: integer('position').notNull().default(0),
});
