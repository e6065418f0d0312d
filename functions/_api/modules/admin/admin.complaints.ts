// Admin: complaints. Mounted under /v1/admin by admin.routes.ts, behind the super-user check: the list, the detail
// and the decision (no refund, a partial or a full refund).
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import { adminComplaintsQuery, decisionBody } from '../complaints/complaints.schema';
import { adminComplaintDetail, adminDecideComplaint, listAdminComplaints } from './admin.complaints.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown complaint.'), v.transform(Number)) });
const readCtx = (c: Context<AppEnv>) => ({ locale: requestLocale(c), currency: requestCurrency(c) });

export const adminComplaintsRoutes = new Hono<AppEnv>()
  .get('/', valid('query', adminComplaintsQuery), async (c) => {
    const filter = c.req.valid('query');
    return c.json(await listAdminComplaints(c.get('deps'), { ...filter, explicitDir: c.req.query('order_dir') !== undefined }, readCtx(c)));
  })

  .get('/:id', valid('param', idParam), async (c) =>
    c.json({ data: await adminComplaintDetail(c.get('deps'), await adminActor(c), c.req.valid('param').id, readCtx(c)) }),
  )

  // The body is checked before the id, as it always was here (the other admin writes check the id first).
  .post('/:id/decision', valid('json', decisionBody), valid('param', idParam), async (c) => {
    const data = await adminDecideComplaint(c.get('deps'), await adminActor(c), c.req.valid('param').id, c.req.valid('json'), readCtx(c));
    return c.json({ message: 'The complaint was decided. Both sides have been notified.', data });
  });
