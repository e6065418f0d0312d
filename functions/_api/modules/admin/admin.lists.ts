// Admin: lists. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Cuisines, diets and allergens: list, create, edit names, delete (only when unused), retire and restore.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { listQuery } from '#shared/schemas/list.schema';
import { valid } from '../../lib/validator';
import { emptyBody } from '#shared/schemas/fields';
import { listItemCreateBody, listItemUpdateBody, listKind } from '#shared/schemas/admin.lists.schema';
import { createEntry, deleteEntry, listEntries, setRetired, updateEntry } from './admin.lists.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a list entry id.'), v.transform(Number)) });

const listsQuery = v.object({
  ...listQuery(['position']),
  kind: v.optional(listKind),
  state: v.optional(v.picklist(['active', 'retired'], 'Choose active or retired.')),
});

export const adminListsRoutes = new Hono<AppEnv>()
  .get('/', valid('query', listsQuery), async (c) => c.json(await listEntries(c.get('deps'), c.req.valid('query'))))

  .post('/', valid('json', listItemCreateBody), async (c) => {
    const data = await createEntry(c.get('deps'), await adminActor(c), c.req.valid('json'));
    return c.json({ message: 'The entry was added.', data }, 201);
  })

  .put('/:id', valid('param', idParam), valid('json', listItemUpdateBody), async (c) => {
    const data = await updateEntry(c.get('deps'), await adminActor(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: 'The entry was saved.', data });
  })

  .delete('/:id', valid('param', idParam), async (c) => {
    await deleteEntry(c.get('deps'), await adminActor(c), c.req.valid('param').id);
    return c.json({ message: 'The entry was deleted.' });
  })

  .post('/:id/retire', valid('param', idParam), valid('json', emptyBody), async (c) => {
    const { changed, data } = await setRetired(c.get('deps'), await adminActor(c), c.req.valid('param').id, true);
    return c.json({ message: changed ? 'The entry was retired. It is no longer offered for new choices.' : 'The entry was already retired.', data });
  })

  .post('/:id/restore', valid('param', idParam), valid('json', emptyBody), async (c) => {
    const { changed, data } = await setRetired(c.get('deps'), await adminActor(c), c.req.valid('param').id, false);
    return c.json({ message: changed ? 'The entry is offered again.' : 'The entry was not retired.', data });
  });
