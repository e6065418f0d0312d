// Admin: complaints. Mounted under /v1/admin by admin.routes.ts, behind the super-user check: the list, the detail
// and the decision (no refund, a partial or a full refund).
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { valid } from '../../lib/validator';
import { adminComplaintsQuery, decisionBody } from '../complaints/complaints.schema';
import { adminComplaintDetail, adminDecideComplaint, listAdminComplaints } from './admin.complaints.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown complaint.'), v.transform(Number)) });
const complaintId = (c: Context<AppEnv>) => parse(idParam, { id: c.req.param('id') }).id;
const readCtx = (c: Context<AppEnv>) => ({ locale: requestLocale(c), currency: requestCurrency(c) });

export const adminComplaintsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = c.req.query();
    const filter = parse(adminComplaintsQuery, query);
    return c.json(await listAdminComplaints(c.get('deps'), { ...filter, explicitDir: query.order_dir !== undefined }, readCtx(c)));
  })

  .get('/:id', async (c) => {
    const id = complaintId(c);
    return c.json({ data: await adminComplaintDetail(c.get('deps'), await adminActor(c), id, readCtx(c)) });
  })

  .post('/:id/decision', valid('json', decisionBody), async (c) => {
    const id = complaintId(c);
    const data = await adminDecideComplaint(c.get('deps'), await adminActor(c), id, c.req.valid('json'), readCtx(c));
    return c.json({ message: 'The complaint was decided. Both sides have been notified.', data });
  });
