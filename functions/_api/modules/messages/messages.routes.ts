// Booking messages: the seed's thread list for the messages menu, and one booking's thread (read marks it seen).
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { parseList } from '../../lib/list';
import { requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { requireUser } from '../session/session.middleware';
import { bookingId, ID } from '../bookings/booking-request.middleware';
import { messageBody } from './messages.schema';
import { listMessages, listThreads, postMessage } from './messages.service';

export const messageRoutes = new Hono<AppEnv>()
  // Seed §7: opened with the messages menu.
  .get('/users/me/message-threads', async (c) => {
    const user = await requireUser(c);
    return c.json(await listThreads(c.get('deps'), user.userId, parseList(['last_message_at'], c.req.query()), requestLocale(c)));
  })

  .get(`/bookings/${ID}/messages`, async (c) => {
    const user = await requireUser(c);
    return c.json(await listMessages(c.get('deps'), user.userId, bookingId(c), parseList(['id'], c.req.query()), requestLocale(c)));
  })

  .post(`/bookings/${ID}/messages`, async (c) => {
    const user = await requireUser(c);
    const { text } = parse(messageBody, await readJson(c));
    return c.json({ data: await postMessage(c.get('deps'), user.userId, bookingId(c), text, requestLocale(c)) }, 201);
  });
