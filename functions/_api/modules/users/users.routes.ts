// /v1/users/me: profile, password, sessions, sign-in methods and notifications of the signed-in user.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { valid, validList } from '../../lib/validator';
import { changePasswordBody, profileBody } from '#shared/schemas/auth.schema';
import { emptyBody } from '#shared/schemas/fields';
import { changePassword } from '../auth/auth.service';
import { authenticate, requireUser } from '../session/session.middleware';
import * as users from './users.service';

const readBody = v.strictObject({
  ids: v.union([v.literal('all'), v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.maxLength(200))]),
});

const sessionParam = v.object({ id: v.pipe(v.string(), v.regex(/^[0-9a-f]{16}$/, 'Unknown session.')) });

export const userRoutes = new Hono<AppEnv>()
  .put('/me', authenticate, valid('json', profileBody), async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid('json');
    const data = await users.updateProfile(c.get('deps'), user.userId, input);
    return c.json({ message: 'Your profile was saved.', data });
  })
  .post('/me/change_password', authenticate, valid('json', changePasswordBody), async (c) => {
    const user = await requireUser(c);
    const input = c.req.valid('json');
    await changePassword(c.get('deps'), user.userId, user.sessionHash, input);
    return c.json({ message: 'Your password was changed. Other devices were signed out.' });
  })
  .get('/me/sessions', async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await users.listSessions(c.get('deps'), user.userId, user.sessionHash) });
  })
  .delete('/me/sessions/:id', authenticate, valid('param', sessionParam), async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    await users.revokeSessionById(c.get('deps'), user.userId, id);
    return c.json({ message: 'The session was signed out.' });
  })
  .post('/me/sessions/revoke-others', authenticate, valid('json', emptyBody), async (c) => {
    const user = await requireUser(c);
    const revoked = await users.revokeOtherSessions(c.get('deps'), user.userId, user.sessionHash);
    return c.json({ message: 'You were signed out everywhere else.', revoked });
  })
  .get('/me/sign-in-methods', async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await users.signInMethods(c.get('deps'), user.userId) });
  })
  .get('/me/notifications', authenticate, validList(['id']), async (c) => {
    const user = await requireUser(c);
    const params = c.req.valid('query');
    return c.json(await users.listNotifications(c.get('deps'), user.userId, params, requestLocale(c)));
  })
  .post('/me/notifications/read', authenticate, valid('json', readBody), async (c) => {
    const user = await requireUser(c);
    const { ids } = c.req.valid('json');
    return c.json({ updated: await users.markNotificationsRead(c.get('deps'), user.userId, ids) });
  });
