// Booking messages: the seed's thread list for the messages menu, and one booking's thread (read marks it seen).
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { valid, validList } from '../../lib/validator';
import { requestLocale } from '../../lib/request-prefs';
import { authenticate, requireUser } from '../session/session.middleware';
import { bookingId, ID } from '../bookings/booking-request.middleware';
import { messageBody } from '#shared/schemas/messages.schema';
import { listMessages, listThreads, postMessage } from './messages.service';

export const messageRoutes = new Hono<AppEnv>()
  // Seed §7: opened with the messages menu.
  .get('/users/me/message-threads', authenticate, validList(['last_message_at']), async (c) => {
    const user = await requireUser(c);
    return c.json(await listThreads(c.get('deps'), user.userId, c.req.valid('query'), requestLocale(c)));
  })

  .get(`/bookings/${ID}/messages`, authenticate, validList(['id']), async (c) => {
    const user = await requireUser(c);
    return c.json(await listMessages(c.get('deps'), user.userId, bookingId(c), c.req.valid('query'), requestLocale(c)));
  })

  .post(`/bookings/${ID}/messages`, authenticate, valid('json', messageBody), async (c) => {
    const user = await requireUser(c);
    const { text } = c.req.valid('json');
    return c.json({ data: await postMessage(c.get('deps'), user.userId, bookingId(c), text, requestLocale(c)) }, 201);
  });
