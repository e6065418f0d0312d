// Admin: bookings. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Search and filters, the details with history, payments, refunds and messages, and the support cancellation.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import { adminBookingsQuery, adminCancelBody, sideQuery } from '#shared/schemas/admin.bookings.schema';
import { adminBookingDetail, adminCancellationPreview, adminCancelBooking, listAdminBookings } from './admin.bookings.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown booking.'), v.transform(Number)) });
const readCtx = (c: Context<AppEnv>) => ({ locale: requestLocale(c), currency: requestCurrency(c) });

export const adminBookingsRoutes = new Hono<AppEnv>()
  .get('/', valid('query', adminBookingsQuery), async (c) => {
    const filter = c.req.valid('query');
    return c.json(await listAdminBookings(c.get('deps'), { ...filter, explicitDir: c.req.query('order_dir') !== undefined }, readCtx(c)));
  })

  .get('/:id', valid('param', idParam), async (c) =>
    c.json({ data: await adminBookingDetail(c.get('deps'), await adminActor(c), c.req.valid('param').id, readCtx(c)) }),
  )

  .get('/:id/cancellation', valid('param', idParam), valid('query', sideQuery), async (c) => {
    const { side } = c.req.valid('query');
    return c.json({ data: await adminCancellationPreview(c.get('deps'), c.req.valid('param').id, side, readCtx(c)) });
  })

  .post('/:id/cancel', valid('param', idParam), valid('json', adminCancelBody), async (c) => {
    const data = await adminCancelBooking(c.get('deps'), await adminActor(c), c.req.valid('param').id, c.req.valid('json'), readCtx(c));
    return c.json({ message: 'The booking was cancelled. Both sides have been notified.', data });
  });
