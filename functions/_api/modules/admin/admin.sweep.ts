// Admin: sweep. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// "Run sweep" writes the time-based booking states down now (on Cloudflare there is no timer) and says what changed.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { emptyBody } from '#shared/schemas/fields';
import { runSweep } from '../sweep/sweep.service';
import { adminActor, auditEntry } from './audit';

export const adminSweepRoutes = new Hono<AppEnv>().post('/', valid('json', emptyBody), async (c) => {
  const actor = await adminActor(c);
  const deps = c.get('deps');
  // The sweep runs many small guarded batches of its own; the audit row records their sum afterwards.
  const result = await runSweep(deps);
  await auditEntry(deps.db, actor, { action: 'sweep.run', targetType: 'sweep', targetId: null, after: result });
  const changed = result.changed.length + result.checkouts_ended + result.refunds_sent;
  return c.json({ message: changed ? 'The sweep ran and wrote down the changes below.' : 'The sweep ran. Nothing was due.', data: result });
});
