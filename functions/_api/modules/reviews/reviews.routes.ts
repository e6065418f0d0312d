// Rating a booking (seed: POST /v1/users/me/orders/{id}/rate), the chef's rating of the guest and the chef's reply.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { authenticate, requireUser } from '../session/session.middleware';
import { bookingId, ID, readCtx } from '../bookings/booking-request.middleware';
import { guestRateBody, rateBody, replyBody } from '#shared/schemas/reviews.schema';
import { rateBooking, rateGuest, replyToReview } from './reviews.service';

export const reviewRoutes = new Hono<AppEnv>()
  .post(`/users/me/orders/${ID}/rate`, authenticate, valid('json', rateBody), async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid('json');
    const data = await rateBooking(c.get('deps'), user, bookingId(c), input, readCtx(c));
    return c.json({ message: 'Thank you for your review!', data }, 201);
  })

  .post(`/bookings/${ID}/guest-review`, authenticate, valid('json', guestRateBody), async (c) => {
    const user = await requireUser(c);
    const data = await rateGuest(c.get('deps'), user, bookingId(c), c.req.valid('json'), readCtx(c));
    return c.json({ message: 'Thank you for rating your guest!', data }, 201);
  })

  .post(`/bookings/${ID}/review/reply`, authenticate, valid('json', replyBody), async (c) => {
    const user = await requireUser(c);
    const { text } = c.req.valid('json');
    const data = await replyToReview(c.get('deps'), user, bookingId(c), text, readCtx(c));
    return c.json({ message: 'Your reply was published.', data }, 201);
  });
