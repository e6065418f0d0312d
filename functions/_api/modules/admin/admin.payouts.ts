// Admin: payouts. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// What is due, payout batches, the bank's files (CSV, pain.001 per currency), and marking payouts paid or failed.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { emptyBody } from '#shared/schemas/auth.schema';
import { createPayoutsBody, dueQuery, exportQuery, failedBody, payoutsQuery } from './admin.payouts.schema';
import { createPayouts, exportPayouts, getPayout, listDue, listPayouts, markFailed, markPaid } from './admin.payouts.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown payout.'), v.transform(Number)) });

export const adminPayoutsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = c.req.query();
    const q = parse(payoutsQuery, query);
    return c.json(await listPayouts(c.get('deps'), { ...q, explicitDir: query.order_dir !== undefined }, { locale: requestLocale(c) }));
  })

  .get('/due', async (c) => {
    const q = parse(dueQuery, c.req.query());
    return c.json(await listDue(c.get('deps'), q, { locale: requestLocale(c) }));
  })

  .get('/export', async (c) => {
    const q = parse(exportQuery, c.req.query());
    const file = await exportPayouts(c.get('deps'), await adminActor(c), q);
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
    });
  })

  .post('/', async (c) => {
    const { groups } = parse(createPayoutsBody, await readJson(c));
    const data = await createPayouts(c.get('deps'), await adminActor(c), groups, { locale: requestLocale(c) });
    const n = data.payouts.length;
    return c.json({ message: n === 1 ? 'One payout was created.' : `${n} payouts were created.`, data }, 201);
  })

  .get('/:id', async (c) => {
    const { id } = parse(idParam, c.req.param());
    return c.json({ data: await getPayout(c.get('deps'), id, { locale: requestLocale(c) }) });
  })

  .post('/:id/paid', async (c) => {
    const { id } = parse(idParam, c.req.param());
    parse(emptyBody, await readJson(c));
    const { changed, data } = await markPaid(c.get('deps'), await adminActor(c), id, { locale: requestLocale(c) });
    return c.json({ message: changed ? 'The payout was marked paid.' : 'This payout was already marked paid.', changed, data });
  })

  .post('/:id/failed', async (c) => {
    const { id } = parse(idParam, c.req.param());
    const { reason } = parse(failedBody, await readJson(c));
    const { changed, data } = await markFailed(c.get('deps'), await adminActor(c), id, reason, { locale: requestLocale(c) });
    return c.json({
      message: changed ? 'The payout was marked failed. Its earnings are due again.' : 'This payout was already marked failed.',
      changed,
      data,
    });
  });
