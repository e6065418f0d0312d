// Admin: payouts. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// What is due, payout batches, the bank's files (CSV, pain.001 per currency), marking payouts paid or failed, and
// deciding a banned chef's held earnings one booking at a time.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import { emptyBody } from '#shared/schemas/fields';
import { createPayoutsBody, dueQuery, exportQuery, failedBody, payoutsQuery } from '#shared/schemas/admin.payouts.schema';
import { createPayouts, exportPayouts, getPayout, listDue, listPayouts, markFailed, markPaid } from './admin.payouts.service';
import { decideHeld } from './admin.held.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown payout.'), v.transform(Number)) });
const bookingParam = v.object({ bookingId: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown booking.'), v.transform(Number)) });

export const adminPayoutsRoutes = new Hono<AppEnv>()
  .get('/', valid('query', payoutsQuery), async (c) => {
    const q = c.req.valid('query');
    return c.json(await listPayouts(c.get('deps'), { ...q, explicitDir: c.req.query('order_dir') !== undefined }, { locale: requestLocale(c) }));
  })

  .get('/due', valid('query', dueQuery), async (c) => c.json(await listDue(c.get('deps'), c.req.valid('query'), { locale: requestLocale(c) })))

  .get('/export', valid('query', exportQuery), async (c) => {
    const file = await exportPayouts(c.get('deps'), await adminActor(c), c.req.valid('query'));
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
    });
  })

  .post('/', valid('json', createPayoutsBody), async (c) => {
    const { groups } = c.req.valid('json');
    const data = await createPayouts(c.get('deps'), await adminActor(c), groups, { locale: requestLocale(c) });
    const n = data.payouts.length;
    return c.json({ message: n === 1 ? 'One payout was created.' : `${n} payouts were created.`, data }, 201);
  })

  // A banned chef's held earnings of one booking: released to the chef, or refunded to the customer (admin.held.service).
  .post('/held/:bookingId/release', valid('param', bookingParam), valid('json', emptyBody), async (c) => {
    const data = await decideHeld(c.get('deps'), await adminActor(c), c.req.valid('param').bookingId, 'release');
    return c.json({ message: 'The earnings were released to the chef. They are paid with the next payout.', data });
  })

  .post('/held/:bookingId/refund', valid('param', bookingParam), valid('json', emptyBody), async (c) => {
    const data = await decideHeld(c.get('deps'), await adminActor(c), c.req.valid('param').bookingId, 'refund');
    return c.json({ message: 'The customer is refunded everything that was left to refund.', data });
  })

  .get('/:id', valid('param', idParam), async (c) => c.json({ data: await getPayout(c.get('deps'), c.req.valid('param').id, { locale: requestLocale(c) }) }))

  .post('/:id/paid', valid('param', idParam), valid('json', emptyBody), async (c) => {
    const { changed, data } = await markPaid(c.get('deps'), await adminActor(c), c.req.valid('param').id, { locale: requestLocale(c) });
    return c.json({ message: changed ? 'The payout was marked paid.' : 'This payout was already marked paid.', changed, data });
  })

  .post('/:id/failed', valid('param', idParam), valid('json', failedBody), async (c) => {
    const { reason } = c.req.valid('json');
    const { changed, data } = await markFailed(c.get('deps'), await adminActor(c), c.req.valid('param').id, reason, { locale: requestLocale(c) });
    return c.json({
      message: changed ? 'The payout was marked failed. Its earnings are due again.' : 'This payout was already marked failed.',
      changed,
      data,
    });
  });
