// Booking calls: quote, create (Idempotency-Key), read, the chef's answer, cancellation with its refund preview,
// the customer's orders (seed: /v1/users/me/orders) and the chef's bookings. Mounted at the API root because the
// resources live under /bookings, /users/me and /chefs/me.
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { asChef, authenticate, requireChefUser, requireUser } from '../session/session.middleware';
import { assertMarketplaceOpen } from '../settings/launch-gate.middleware';
import { bookingId, ID, idempotent, readCtx } from './booking-request.middleware';
import { cancelBody, createBody, declineBody, ordersQuery, quoteBody } from '#shared/schemas/bookings.schema';
import { emptyBody } from '#shared/schemas/fields';
import { acceptBooking, declineBooking } from './booking-answer.service';
import { cancelBooking, cancellationPreview } from './booking-cancel.service';
import { createBooking } from './booking-create.service';
import { listChefBookings, listOrders } from './booking-lists.service';
import { quoteBooking } from './booking-quote.service';
import { bookingCalendarFile, getBooking } from './bookings.service';

/** Lists: the seed's paging plus scope (validated as the route's query); `explicitDir` keeps each list's natural order unless the client asks. */
const listParams = (c: Context<AppEnv>, query: v.InferOutput<typeof ordersQuery>) => ({ ...query, explicitDir: c.req.query('order_dir') !== undefined });

export const bookingRoutes = new Hono<AppEnv>()
  // Open to visitors once the marketplace is live: the booking page shows the full price breakdown before anybody
  // signs in. Before launch booking is for accounts only (settings/launch-gate.middleware.ts).
  .post('/bookings/quote', valid('json', quoteBody), async (c) => {
    const input = c.req.valid('json');
    const { quote, launchMode } = await quoteBooking(c.get('deps'), input, readCtx(c));
    await assertMarketplaceOpen(c, launchMode);
    return c.json({ data: quote });
  })

  .post('/bookings', authenticate, idempotent, valid('json', createBody), async (c) => {
    const user = await requireUser(c);
    const key = c.req.valid('header')['idempotency-key'];
    const input = c.req.valid('json');
    const me = { userId: user.userId, chefId: user.chefId, email: user.email, firstname: user.firstname, locale: user.locale };
    const result = await createBooking(c.get('deps'), me, input, key, readCtx(c));
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status as 201);
  })

  .get(`/bookings/${ID}`, async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await getBooking(c.get('deps'), user, bookingId(c), readCtx(c)) });
  })

  // "Add to calendar": the booking's event as a file the calendar apps open.
  .get(`/bookings/${ID}/calendar.ics`, async (c) => {
    const user = await requireUser(c);
    const id = bookingId(c);
    const text = await bookingCalendarFile(c.get('deps'), user, id, readCtx(c));
    return c.body(text, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="booking-${id}.ics"`,
      'Cache-Control': 'private, no-store',
    });
  })

  .get(`/bookings/${ID}/cancellation`, async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await cancellationPreview(c.get('deps'), user, bookingId(c), readCtx(c)) });
  })

  .post(`/bookings/${ID}/cancel`, authenticate, valid('json', cancelBody), async (c) => {
    const user = await requireUser(c);
    const { reason } = c.req.valid('json');
    const data = await cancelBooking(c.get('deps'), user, bookingId(c), reason, readCtx(c));
    return c.json({ message: 'The booking was cancelled.', data });
  })

  .post(`/bookings/${ID}/accept`, authenticate, valid('json', emptyBody), async (c) => {
    const user = await requireUser(c);
    const data = await acceptBooking(c.get('deps'), user, bookingId(c), readCtx(c));
    return c.json({ message: 'You accepted the request. The customer has been asked to pay.', data });
  })

  .post(`/bookings/${ID}/decline`, authenticate, valid('json', declineBody), async (c) => {
    const user = await requireUser(c);
    const { reason } = c.req.valid('json');
    const data = await declineBooking(c.get('deps'), user, bookingId(c), reason, readCtx(c));
    return c.json({ message: 'You declined the request.', data });
  })

  // Seed §7: the customer's bookings are "orders".
  .get('/users/me/orders', authenticate, valid('query', ordersQuery), async (c) => {
    const user = await requireUser(c);
    return c.json(await listOrders(c.get('deps'), user, listParams(c, c.req.valid('query')), readCtx(c)));
  })

  .get(`/users/me/orders/${ID}`, async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await getBooking(c.get('deps'), user, bookingId(c), readCtx(c), 'customer') });
  })

  .get('/chefs/me/bookings', asChef, valid('query', ordersQuery), async (c) => {
    const { user, chefId } = await requireChefUser(c);
    return c.json(await listChefBookings(c.get('deps'), user, chefId, listParams(c, c.req.valid('query')), readCtx(c)));
  })

  .get(`/chefs/me/bookings/${ID}`, async (c) => {
    const { user } = await requireChefUser(c);
    return c.json({ data: await getBooking(c.get('deps'), user, bookingId(c), readCtx(c), 'chef') });
  });
