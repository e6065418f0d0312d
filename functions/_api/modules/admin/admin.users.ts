// Admin: users. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Search, an account's details, ending its sessions, the super-user right and disabling; every write is audit-logged.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { adminActor } from './audit';
import { emptyBody } from '#shared/schemas/fields';
import { disabledBody, sessionParam, superUserBody, userIdParam, usersQuery } from '#shared/schemas/admin.users.schema';
import { revokeAllSessions, revokeOneSession, searchUsers, setDisabled, setSuperUser, userDetail } from './admin.users.service';

export const adminUsersRoutes = new Hono<AppEnv>()
  .get('/', valid('query', usersQuery), async (c) => c.json(await searchUsers(c.get('deps'), c.req.valid('query'))))

  .get('/:id', valid('param', userIdParam), async (c) => {
    const actor = await adminActor(c);
    return c.json({ data: await userDetail(c.get('deps'), actor.userId, c.req.valid('param').id) });
  })

  .post('/:id/sessions/revoke', valid('param', userIdParam), valid('json', emptyBody), async (c) => {
    const { revoked } = await revokeAllSessions(c.get('deps'), await adminActor(c), c.req.valid('param').id);
    return c.json({ message: revoked === 1 ? 'One session was ended.' : `${revoked} sessions were ended.`, revoked });
  })

  .delete('/:id/sessions/:sessionId', valid('param', sessionParam), async (c) => {
    const { id, sessionId } = c.req.valid('param');
    await revokeOneSession(c.get('deps'), await adminActor(c), id, sessionId);
    return c.json({ message: 'The session was ended.' });
  })

  .put('/:id/super-user', valid('param', userIdParam), valid('json', superUserBody), async (c) => {
    const { is_su } = c.req.valid('json');
    const data = await setSuperUser(c.get('deps'), await adminActor(c), c.req.valid('param').id, is_su);
    const message = !data.changed ? 'Nothing changed.' : is_su ? 'The user is now a super-user.' : 'The super-user right was removed.';
    return c.json({ message, data });
  })

  .put('/:id/disabled', valid('param', userIdParam), valid('json', disabledBody), async (c) => {
    const { disabled } = c.req.valid('json');
    const data = await setDisabled(c.get('deps'), await adminActor(c), c.req.valid('param').id, disabled);
    const message = !data.changed ? 'Nothing changed.' : disabled ? 'The account was disabled and its sessions were ended.' : 'The account was enabled.';
    return c.json({ message, data });
  });
