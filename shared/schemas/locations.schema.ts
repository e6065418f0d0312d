// Input schemas of the /v1/locations calls (seed §7 "Locations"), shared with the client's region selector.
import * as v from 'valibot';

/** Seed §9: region search limit 10; default driving distance 30 (km). */
export const REGION_SEARCH_LIMIT = 10;
export const DEFAULT_DRIVING_DISTANCE = 30;
export const MAX_DRIVING_DISTANCE = 300;

const decimal = (min: number, max: number, label: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d{1,3}(\.\d{1,12})?$/, `${label} must be a decimal number.`),
    v.transform(Number),
    v.minValue(min, `${label} must be between ${min} and ${max}.`),
    v.maxValue(max, `${label} must be between ${min} and ${max}.`),
  );

const latNumber = v.pipe(v.number('Latitude must be a number.'), v.finite(), v.minValue(-90, 'Latitude must be between -90 and 90.'), v.maxValue(90, 'Latitude must be between -90 and 90.'));
const lonNumber = v.pipe(v.number('Longitude must be a number.'), v.finite(), v.minValue(-180, 'Longitude must be between -180 and 180.'), v.maxValue(180, 'Longitude must be between -180 and 180.'));

/** GET /v1/locations/regions: `text` (zip or name prefix) or `lat` and `lon`; `limit` up to 10. */
export const regionsQuery = v.object({
  text: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'The search text can be at most 100 characters long.'))),
  lat: v.optional(decimal(-90, 90, 'Latitude')),
  lon: v.optional(decimal(-180, 180, 'Longitude')),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'Must be a whole number.'),
      v.transform(Number),
      v.minValue(1, 'Must be at least 1.'),
      v.maxValue(REGION_SEARCH_LIMIT, `Must be at most ${REGION_SEARCH_LIMIT}.`),
    ),
    String(REGION_SEARCH_LIMIT),
  ),
});

/** POST /v1/locations/geocode/address */
export const geocodeAddressBody = v.strictObject({
  address: v.pipe(v.string('Please enter an address.'), v.trim(), v.nonEmpty('Please enter an address.'), v.maxLength(300, 'The address can be at most 300 characters long.')),
});

/** POST /v1/locations/geocode/locations (driving_distance in km, default 30). */
export const geocodeLocationsBody = v.strictObject({
  lat: latNumber,
  lon: lonNumber,
  driving_distance: v.optional(
    v.pipe(
      v.number('The driving distance must be a number.'),
      v.finite(),
      v.minValue(1, 'The driving distance must be at least 1 km.'),
      v.maxValue(MAX_DRIVING_DISTANCE, `The driving distance can be at most ${MAX_DRIVING_DISTANCE} km.`),
    ),
    DEFAULT_DRIVING_DISTANCE,
  ),
});
export type GeocodeLocationsBody = v.InferOutput<typeof geocodeLocationsBody>;

export const geocodeLocationsQuery = v.object({
  geojson: v.optional(v.picklist(['0', '1', 'true', 'false'], 'Use geojson=1 or geojson=0.'), '0'),
});
