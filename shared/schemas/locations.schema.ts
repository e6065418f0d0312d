// Input schemas of the /v1/locations calls (seed §7 "Locations"), shared with the client's region selector.
import * as v from 'valibot';
import { label, msg, type ValidationKey } from '../validation-messages';

/** Seed §9: region search limit 10; default driving distance 30 (km). */
export const REGION_SEARCH_LIMIT = 10;
export const DEFAULT_DRIVING_DISTANCE = 30;
export const MAX_DRIVING_DISTANCE = 300;

const between = (name: ValidationKey, min: number, max: number) => msg('validation.number.between', { ...label(name), min, max });

const decimal = (min: number, max: number, name: ValidationKey) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d{1,3}(\.\d{1,12})?$/, msg('validation.number.decimal', label(name))),
    v.transform(Number),
    v.minValue(min, between(name, min, max)),
    v.maxValue(max, between(name, min, max)),
  );

const coordinate = (name: ValidationKey, max: number) =>
  v.pipe(v.number(msg('validation.number.type', label(name))), v.finite(), v.minValue(-max, between(name, -max, max)), v.maxValue(max, between(name, -max, max)));
const latNumber = coordinate('validation.field.latitude', 90);
const lonNumber = coordinate('validation.field.longitude', 180);

/** GET /v1/locations/regions: `text` (zip or name prefix), `lat` and `lon`, or one region's `id`; `limit` up to 10. */
export const regionsQuery = v.object({
  id: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, msg('validation.query.whole')), v.transform(Number))),
  text: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, msg('validation.location.searchtoolong', { max: 100 })))),
  lat: v.optional(decimal(-90, 90, 'validation.field.latitude')),
  lon: v.optional(decimal(-180, 180, 'validation.field.longitude')),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, msg('validation.query.whole')),
      v.transform(Number),
      v.minValue(1, msg('validation.query.min', { min: 1 })),
      v.maxValue(REGION_SEARCH_LIMIT, msg('validation.query.max', { max: REGION_SEARCH_LIMIT })),
    ),
    String(REGION_SEARCH_LIMIT),
  ),
});

/** POST /v1/locations/geocode/address */
export const geocodeAddressBody = v.strictObject({
  address: v.pipe(
    v.string(msg('validation.location.address')),
    v.trim(),
    v.nonEmpty(msg('validation.location.address')),
    v.maxLength(300, msg('validation.location.addresstoolong', { max: 300 })),
  ),
});

/** POST /v1/locations/geocode/locations (driving_distance in km, default 30). */
export const geocodeLocationsBody = v.strictObject({
  lat: latNumber,
  lon: lonNumber,
  driving_distance: v.optional(
    v.pipe(
      v.number(msg('validation.number.type', label('validation.field.drivingdistance'))),
      v.finite(),
      v.minValue(1, msg('validation.location.distancemin', { min: 1 })),
      v.maxValue(MAX_DRIVING_DISTANCE, msg('validation.location.distancemax', { max: MAX_DRIVING_DISTANCE })),
    ),
    DEFAULT_DRIVING_DISTANCE,
  ),
});
export type GeocodeLocationsBody = v.InferOutput<typeof geocodeLocationsBody>;

export const geocodeLocationsQuery = v.object({
  geojson: v.optional(v.picklist(['0', '1', 'true', 'false'], msg('validation.location.geojson')), '0'),
});
