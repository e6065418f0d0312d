// Admin: locations. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// The popular cities of the home page (GET /v1/locations): list, create, edit, delete.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { parseList } from '../../lib/list';
import { parse } from '../../lib/validate';
import { cityBody } from '#shared/schemas/admin.locations.schema';
import { createCity, deleteCity, listCities, updateCity } from './admin.locations.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a city id.'), v.transform(Number)) });

export const adminLocationsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await listCities(c.get('deps'), parseList(['position'], c.req.query()))))

  .post('/', async (c) => {
    const input = parse(cityBody, await readJson(c));
    const data = await createCity(c.get('deps'), await adminActor(c), input);
    return c.json({ message: 'The city was added.', data }, 201);
  })

  .put('/:id', async (c) => {
    const { id } = parse(idParam, c.req.param());
    const input = parse(cityBody, await readJson(c));
    const data = await updateCity(c.get('deps'), await adminActor(c), id, input);
    return c.json({ message: 'The city was saved.', data });
  })

  .delete('/:id', async (c) => {
    const { id } = parse(idParam, c.req.param());
    await deleteCity(c.get('deps'), await adminActor(c), id);
    return c.json({ message: 'The city was removed.' });
  });
