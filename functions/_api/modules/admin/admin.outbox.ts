// Admin: outbox. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Mail and SMS kept by the local adapters, readable in full.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { getOutboxMessage, listOutbox, outboxQuery } from './admin.outbox.service';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a message id.'), v.transform(Number)) });

export const adminOutboxRoutes = new Hono<AppEnv>()
  .get('/', valid('query', outboxQuery), async (c) => c.json(await listOutbox(c.get('deps'), c.req.valid('query'))))

  .get('/:id', valid('param', idParam), async (c) => c.json({ data: await getOutboxMessage(c.get('deps').db, c.req.valid('param').id) }));
