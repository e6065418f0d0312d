// /v1/chefs: public chef reads: profile, reviews, menus, one menu. Chef-area writes live elsewhere; the route
// pattern only accepts ids and uris, so paths such as /v1/chefs/me never reach these handlers.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import { chefMenusQuery, idParam, menuDetailQuery } from '../menus/menus.schema';
import { chefMenuList, menuDetail } from '../menus/menus.service';
import { CHEF_REF, chefIdFromRef, chefQuery, reviewsQuery } from './chefs.schema';
import { chefProfile, chefReviews } from './chefs.service';

const readCtx = (c: Context<AppEnv>) => ({ db: c.get('deps').db, currency: requestCurrency(c), locale: requestLocale(c) });

/**
 * One menu of a chef: both path parameters, the chef's reference (its pattern already checked by the route) as well as
 * the menu's id, so the typed client sends both; a validator of `menuId` alone left `id` out of the route's type.
 */
const chefMenuParam = v.object({ id: v.string(), menuId: idParam });

export const chefRoutes = new Hono<AppEnv>()
  .get(`/:id{${CHEF_REF}}`, valid('query', chefQuery), async (c) => {
    const chefId = chefIdFromRef(c.req.param('id'));
    const { resolve } = c.req.valid('query');
    const data = await chefProfile(c.get('deps').db, chefId, { userPublic: resolve.has('user_public'), avatar: resolve.has('user_public.avatar') }, requestLocale(c));
    return c.json({ data });
  })

  .get(`/:id{${CHEF_REF}}/reviews`, valid('query', reviewsQuery), async (c) => {
    const chefId = chefIdFromRef(c.req.param('id'));
    const { resolve, ...list } = c.req.valid('query');
    // Newest first unless the client picks a direction.
    const order_dir = c.req.query('order_dir') ? list.order_dir : 'desc';
    const result = await chefReviews(c.get('deps').db, {
      chefId,
      list: { ...list, order_dir },
      include: { userPublic: resolve.has('user_public'), avatar: resolve.has('user_public.avatar'), chef: resolve.has('chef') },
    });
    return c.json(result);
  })

  .get(`/:id{${CHEF_REF}}/menus`, valid('query', chefMenusQuery), async (c) => {
    const chefId = chefIdFromRef(c.req.param('id'));
    const { resolve, stacks } = c.req.valid('query');
    const data = await chefMenuList(readCtx(c), { chefId, resolve, stacks });
    return c.json({ data });
  })

  .get(`/:id{${CHEF_REF}}/menus/:menuId{[0-9]+}`, valid('param', chefMenuParam), valid('query', menuDetailQuery), async (c) => {
    const { id, menuId } = c.req.valid('param');
    const chefId = chefIdFromRef(id);
    const { stacks, guests } = c.req.valid('query');
    const data = await menuDetail(readCtx(c), { menuId, chefId, stacks, guests });
    return c.json({ data });
  });
