// Input of the admin's popular-city calls (/v1/admin/locations), shared with the admin locations form.
import * as v from 'valibot';

export const CITY_NAME_MAX = 80;
export const CITY_POSITION_MAX = 1000;

const id = (message: string) => v.pipe(v.number(message), v.integer(message), v.minValue(1, message));

export const cityBody = v.strictObject({
  region_id: id('Choose the place this city links to.'),
  display_name: v.pipe(
    v.string('Please enter the name to show.'),
    v.trim(),
    v.minLength(1, 'Please enter the name to show.'),
    v.maxLength(CITY_NAME_MAX, `The name can be at most ${CITY_NAME_MAX} characters long.`),
  ),
  image_id: v.optional(v.nullable(id('Choose a picture.')), null),
  position: v.optional(
    v.pipe(
      v.number('The position must be a number.'),
      v.integer('The position must be a whole number.'),
      v.minValue(0, 'The position must be at least 0.'),
      v.maxValue(CITY_POSITION_MAX, `The position must be at most ${CITY_POSITION_MAX}.`),
    ),
    0,
  ),
});
export type CityInput = v.InferOutput<typeof cityBody>;
