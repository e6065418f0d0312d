// Admin: chefs. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Lists by status, the application view, the status actions (approve, reject, pause, resume, ban, unban) and the tier.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import { CHEF_STATUS_NAMES } from '../chef-area/chef-status.service';
import { adminActor } from './audit';
import { CHEF_ADMIN_ACTIONS, chefIdParam, chefsQuery, tierBody, type ChefActionBody, type ChefAdminAction } from '#shared/schemas/admin.chefs.schema';
import { changeChefStatus, chefDetail, searchChefs, setChefTier } from './admin.chefs.service';

const ACTION_MESSAGES: Record<ChefAdminAction, string> = {
  approve: 'The application was approved. The chef profile is active.',
  reject: 'The application was returned to the chef with your reason.',
  pause: 'The chef profile was paused.',
  resume: 'The chef profile is active again.',
  ban: 'The chef profile was blocked.',
  unban: 'The block was lifted.',
};

/** POST /:id/<action>: one status change, the chef's status before and after, and what became of chosen bookings. */
async function statusChange(c: Context<AppEnv>, id: number, action: ChefAdminAction, body: ChefActionBody) {
  const result = await changeChefStatus(c.get('deps'), await adminActor(c), id, action, body, { locale: requestLocale(c), currency: requestCurrency(c) });
  return c.json({
    message: ACTION_MESSAGES[action],
    data: {
      id: result.chefId,
      status: result.to,
      status_name: CHEF_STATUS_NAMES[result.to],
      previous_status: result.from,
      previous_status_name: CHEF_STATUS_NAMES[result.from],
      bookings: result.bookings,
    },
  });
}

const chefId = valid('param', chefIdParam);

// One explicit route per action, each with its body's schema, so the app's route table (and the access test reading
// it) and the app's type list each of them.
export const adminChefsRoutes = new Hono<AppEnv>()
  .get('/', valid('query', chefsQuery), async (c) => c.json(await searchChefs(c.get('deps'), c.req.valid('query'))))

  .get('/:id', chefId, async (c) => c.json({ data: await chefDetail(c.get('deps'), c.req.valid('param').id, requestLocale(c)) }))

  .put('/:id/tier', chefId, valid('json', tierBody), async (c) => {
    const data = await setChefTier(c.get('deps'), await adminActor(c), c.req.valid('param').id, c.req.valid('json').tier);
    return c.json({ message: data.changed ? 'The tier was changed. The chef was notified.' : 'Nothing changed.', data });
  })

  .post('/:id/approve', chefId, valid('json', CHEF_ADMIN_ACTIONS.approve), (c) => statusChange(c, c.req.valid('param').id, 'approve', c.req.valid('json')))
  .post('/:id/reject', chefId, valid('json', CHEF_ADMIN_ACTIONS.reject), (c) => statusChange(c, c.req.valid('param').id, 'reject', c.req.valid('json')))
  .post('/:id/pause', chefId, valid('json', CHEF_ADMIN_ACTIONS.pause), (c) => statusChange(c, c.req.valid('param').id, 'pause', c.req.valid('json')))
  .post('/:id/resume', chefId, valid('json', CHEF_ADMIN_ACTIONS.resume), (c) => statusChange(c, c.req.valid('param').id, 'resume', c.req.valid('json')))
  .post('/:id/ban', chefId, valid('json', CHEF_ADMIN_ACTIONS.ban), (c) => statusChange(c, c.req.valid('param').id, 'ban', c.req.valid('json')))
  .post('/:id/unban', chefId, valid('json', CHEF_ADMIN_ACTIONS.unban), (c) => statusChange(c, c.req.valid('param').id, 'unban', c.req.valid('json')));
