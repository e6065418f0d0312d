// Admin: locations. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// The popular cities of the home page (GET /v1/locations): list, create, edit, delete.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { valid, validList } from '../../lib/validator';
import { cityBody } from '#shared/schemas/admin.locations.schema';
import { createCity, deleteCity, listCities, updateCity } from './admin.locations.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a city id.'), v.transform(Number)) });

export const adminLocationsRoutes = new Hono<AppEnv>()
  .get('/', validList(['position']), async (c) => c.json(await listCities(c.get('deps'), c.req.valid('query'))))

  .post('/', valid('json', cityBody), async (c) => {
    const data = await createCity(c.get('deps'), await adminActor(c), c.req.valid('json'));
    return c.json({ message: 'The city was added.', data }, 201);
  })

  .put('/:id', valid('param', idParam), valid('json', cityBody), async (c) => {
    const data = await updateCity(c.get('deps'), await adminActor(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: 'The city was saved.', data });
  })

  .delete('/:id', valid('param', idParam), async (c) => {
    await deleteCity(c.get('deps'), await adminActor(c), c.req.valid('param').id);
    return c.json({ message: 'The city was removed.' });
  });
