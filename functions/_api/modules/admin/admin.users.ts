// Admin: users. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Search, an account's details, ending its sessions, the super-user right and disabling; every write is audit-logged.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { parse } from '../../lib/validate';
import { adminActor } from './audit';
import { disabledBody, emptyBody, sessionParam, superUserBody, userIdParam, usersQuery } from '#shared/schemas/admin.users.schema';
import { revokeAllSessions, revokeOneSession, searchUsers, setDisabled, setSuperUser, userDetail } from './admin.users.service';

export const adminUsersRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parse(usersQuery, c.req.query());
    return c.json(await searchUsers(c.get('deps'), query));
  })

  .get('/:id', async (c) => {
    const { id } = parse(userIdParam, c.req.param());
    const actor = await adminActor(c);
    return c.json({ data: await userDetail(c.get('deps'), actor.userId, id) });
  })

  .post('/:id/sessions/revoke', async (c) => {
    const { id } = parse(userIdParam, c.req.param());
    parse(emptyBody, await readJson(c));
    const { revoked } = await revokeAllSessions(c.get('deps'), await adminActor(c), id);
    return c.json({ message: revoked === 1 ? 'One session was ended.' : `${revoked} sessions were ended.`, revoked });
  })

  .delete('/:id/sessions/:sessionId', async (c) => {
    const { id, sessionId } = parse(sessionParam, c.req.param());
    await revokeOneSession(c.get('deps'), await adminActor(c), id, sessionId);
    return c.json({ message: 'The session was ended.' });
  })

  .put('/:id/super-user', async (c) => {
    const { id } = parse(userIdParam, c.req.param());
    const { is_su } = parse(superUserBody, await readJson(c));
    const data = await setSuperUser(c.get('deps'), await adminActor(c), id, is_su);
    const message = !data.changed ? 'Nothing changed.' : is_su ? 'The user is now a super-user.' : 'The super-user right was removed.';
    return c.json({ message, data });
  })

  .put('/:id/disabled', async (c) => {
    const { id } = parse(userIdParam, c.req.param());
    const { disabled } = parse(disabledBody, await readJson(c));
    const data = await setDisabled(c.get('deps'), await adminActor(c), id, disabled);
    const message = !data.changed ? 'Nothing changed.' : disabled ? 'The account was disabled and its sessions were ended.' : 'The account was enabled.';
    return c.json({ message, data });
  });
