// Admin: chefs. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Lists by status, the application view, the status actions (approve, reject, pause, resume, ban, unban) and the tier.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
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

export const adminChefsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const query = parse(chefsQuery, c.req.query());
    return c.json(await searchChefs(c.get('deps'), query));
  })

  .get('/:id', async (c) => {
    const { id } = parse(chefIdParam, c.req.param());
    return c.json({ data: await chefDetail(c.get('deps'), id, requestLocale(c)) });
  })

  .put('/:id/tier', async (c) => {
    const { id } = parse(chefIdParam, c.req.param());
    const { tier } = parse(tierBody, await readJson(c));
    const data = await setChefTier(c.get('deps'), await adminActor(c), id, tier);
    return c.json({ message: data.changed ? 'The tier was changed. The chef was notified.' : 'Nothing changed.', data });
  });

// One explicit route per action, so the app's route table (and the access test reading it) lists each of them.
for (const action of Object.keys(CHEF_ADMIN_ACTIONS) as ChefAdminAction[]) {
  adminChefsRoutes.post(`/:id/${action}`, async (c) => {
    const { id } = parse(chefIdParam, c.req.param());
    const body = parse(CHEF_ADMIN_ACTIONS[action], await readJson(c)) as ChefActionBody;
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
  });
}
