// Admin: bookings. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Search and filters, the details with history, payments, refunds and messages, and the support cancellation.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { adminBookingsQuery, adminCancelBody, sideQuery } from './admin.bookings.schema';
import { adminBookingDetail, adminCancellationPreview, adminCancelBooking, listAdminBookings } from './admin.bookings.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Unknown booking.'), v.transform(Number)) });
const bookingId = (c: Context<AppEnv>) => parse(idParam, { id: c.req.param('id') }).id;
const readCtx = (c: Context<AppEnv>) => ({ locale: requestLocale(c), currency: requestCurrency(c) });

export const adminBookingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = c.req.query();
    const filter = parse(adminBookingsQuery, query);
    return c.json(await listAdminBookings(c.get('deps'), { ...filter, explicitDir: query.order_dir !== undefined }, readCtx(c)));
  })

  .get('/:id', async (c) => {
    const id = bookingId(c);
    return c.json({ data: await adminBookingDetail(c.get('deps'), await adminActor(c), id, readCtx(c)) });
  })

  .get('/:id/cancellation', async (c) => {
    const id = bookingId(c);
    const { side } = parse(sideQuery, c.req.query());
    return c.json({ data: await adminCancellationPreview(c.get('deps'), id, side, readCtx(c)) });
  })

  .post('/:id/cancel', async (c) => {
    const id = bookingId(c);
    const input = parse(adminCancelBody, await readJson(c));
    const data = await adminCancelBooking(c.get('deps'), await adminActor(c), id, input, readCtx(c));
    return c.json({ message: 'The booking was cancelled. Both sides have been notified.', data });
  });
