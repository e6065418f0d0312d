// The guest allergy passport's calls: the customer's invite links and the chef's answer to severe allergies (under
// /bookings/{id}), and the public guest page's reads and writes (under /guest-invites/{token}, no account).
// Mounted at the API root, like the bookings routes.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { bookingId, ID, readCtx } from '../bookings/booking-request.middleware';
import { emptyBody } from '#shared/schemas/fields';
import { authenticate, clientIp, requireUser } from '../session/session.middleware';
import { allergyAckBody, guestAnswerBody, guestAnswerEditBody, inviteTokenParam } from './passport.schema';
import { acknowledgeAllergies, createInvite, editAnswer, readInvite, submitAnswer } from './passport.service';

const guestMeta = (c: Context<AppEnv>) => ({ ip: clientIp(c), hostname: new URL(c.get('deps').config.publicOrigin).hostname });

export const passportRoutes = new Hono<AppEnv>()
  .post(`/bookings/${ID}/guest-invites`, authenticate, valid('json', emptyBody), async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await createInvite(c.get('deps'), user, bookingId(c)) }, 201);
  })

  .post(`/bookings/${ID}/allergy-ack`, authenticate, valid('json', allergyAckBody), async (c) => {
    const user = await requireUser(c);
    const data = await acknowledgeAllergies(c.get('deps'), user, bookingId(c), c.req.valid('json'), readCtx(c));
    return c.json({ message: 'Your answer was sent to the customer.', data });
  })

  .get('/guest-invites/:token', valid('param', inviteTokenParam), async (c) => {
    return c.json({ data: await readInvite(c.get('deps'), c.req.valid('param').token, clientIp(c)) });
  })

  .post('/guest-invites/:token/answers', valid('param', inviteTokenParam), valid('json', guestAnswerBody), async (c) => {
    return c.json(await submitAnswer(c.get('deps'), c.req.valid('param').token, c.req.valid('json'), guestMeta(c)), 201);
  })

  .put('/guest-invites/:token/answers', valid('param', inviteTokenParam), valid('json', guestAnswerEditBody), async (c) => {
    return c.json(await editAnswer(c.get('deps'), c.req.valid('param').token, c.req.valid('json'), guestMeta(c)));
  });
