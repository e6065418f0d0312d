// Input of the admin's popular-city calls (/v1/admin/locations), shared with the admin locations form.
import * as v from 'valibot';
import { label, msg } from '../validation-messages';
import { chosenId, wholeNumber } from './fields';

export const CITY_NAME_MAX = 80;
export const CITY_POSITION_MAX = 1000;

export const cityBody = v.strictObject({
  region_id: chosenId('validation.city.region'),
  display_name: v.pipe(
    v.string(msg('validation.city.name')),
    v.trim(),
    v.minLength(1, msg('validation.city.name')),
    v.maxLength(CITY_NAME_MAX, msg('validation.text.toolong', { ...label('validation.field.name'), max: CITY_NAME_MAX })),
  ),
  image_id: v.optional(v.nullable(chosenId('validation.choice.picture')), null),
  position: v.optional(wholeNumber('validation.field.position', 0, CITY_POSITION_MAX), 0),
});
export type CityInput = v.InferOutput<typeof cityBody>;
