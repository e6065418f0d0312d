// /v1/menus: public menu reads: featured menus for the home page, menus near a region, one menu in full, and the
// days a menu can be booked.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { wholeAnswer } from '../../lib/http';
import { preserialised, valid, validOnce } from '../../lib/validator';
import { menuAvailability } from './menus.availability';
import { menusNearBody, nearInput, type NearResult } from './menus.near';
import { checkBookableDay, idParam, menuDetailQuery, nearQuery } from './menus.schema';
import { featuredMenus, menuDetail } from './menus.service';
import { assertMarketplaceOpen, launchCacheControl } from '../settings/launch-gate.middleware';

/** The database plus the visitor's display currency and locale, which every menu read needs for prices and names. */
const readCtx = (c: Context<AppEnv>) => {
  const { db, config } = c.get('deps');
  return { db, currency: requestCurrency(c), locale: requestLocale(c), launchModeDefault: config.launchModeOverride };
};

const menuId = v.object({ id: idParam });

export const menuRoutes = new Hono<AppEnv>()
  // Featured menus and menus near are the marketplace: closed to visitors before launch (settings/launch-gate.middleware.ts).
  .get('/featured', async (c) => {
    const { data, launchMode } = await featuredMenus(readCtx(c));
    await assertMarketplaceOpen(c, launchMode);
    c.header('Cache-Control', launchCacheControl(launchMode, 'public, max-age=60'));
    // The body depends on the display currency and locale, so shared caches must key on them.
    c.header('Vary', 'x-currency, x-locale, accept-language');
    return c.json({ data });
  })

  .get('/near/:regionId', validOnce('param', v.object({ regionId: idParam })), validOnce('query', nearQuery), async (c) => {
    const { regionId } = c.req.valid('param');
    const q = c.req.valid('query');
    if (q.date !== undefined) checkBookableDay(q.date, c.get('deps').clock.now());
    const { body, launchMode } = await menusNearBody(readCtx(c), nearInput(regionId, q));
    await assertMarketplaceOpen(c, launchMode);
    // The cached bytes themselves, which nothing writes to: workerd copies a buffer body into its response, and the
    // Node server (@hono/node-server) hands it to the socket as it is, without a stream; with all its headers at once.
    return preserialised<NearResult>(wholeAnswer(c, body, 'application/json'));
  })

  .get('/:id{[0-9]+}/availability', valid('param', menuId), async (c) => {
    const { id } = c.req.valid('param');
    const data = await menuAvailability(c.get('deps'), id);
    return c.json({ data });
  })

  .get('/:id{[0-9]+}', valid('param', menuId), valid('query', menuDetailQuery), async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    const data = await menuDetail(readCtx(c), { menuId: id, stacks: q.stacks, guests: q.guests });
    return c.json({ data });
  });
