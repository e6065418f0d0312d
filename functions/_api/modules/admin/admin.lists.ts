// Admin: lists. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Cuisines, diets and allergens: list, create, edit names, delete (only when unused), retire and restore.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { listQuery } from '#shared/schemas/list.schema';
import { parse } from '../../lib/validate';
import { emptyBody } from '#shared/schemas/auth.schema';
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
  .get('/', async (c) => c.json(await listEntries(c.get('deps'), parse(listsQuery, c.req.query()))))

  .post('/', async (c) => {
    const input = parse(listItemCreateBody, await readJson(c));
    const data = await createEntry(c.get('deps'), await adminActor(c), input);
    return c.json({ message: 'The entry was added.', data }, 201);
  })

  .put('/:id', async (c) => {
    const { id } = parse(idParam, c.req.param());
    const input = parse(listItemUpdateBody, await readJson(c));
    const data = await updateEntry(c.get('deps'), await adminActor(c), id, input);
    return c.json({ message: 'The entry was saved.', data });
  })

  .delete('/:id', async (c) => {
    const { id } = parse(idParam, c.req.param());
    await deleteEntry(c.get('deps'), await adminActor(c), id);
    return c.json({ message: 'The entry was deleted.' });
  })

  .post('/:id/retire', async (c) => {
    const { id } = parse(idParam, c.req.param());
    parse(emptyBody, await readJson(c));
    const { changed, data } = await setRetired(c.get('deps'), await adminActor(c), id, true);
    return c.json({ message: changed ? 'The entry was retired. It is no longer offered for new choices.' : 'The entry was already retired.', data });
  })

  .post('/:id/restore', async (c) => {
    const { id } = parse(idParam, c.req.param());
    parse(emptyBody, await readJson(c));
    const { changed, data } = await setRetired(c.get('deps'), await adminActor(c), id, false);
    return c.json({ message: changed ? 'The entry is offered again.' : 'The entry was not retired.', data });
  });
