// /v1/chefs (POST) and /v1/chefs/me/...: the signed-in chef's own application, profile, regions, status, menus,
// calendar, payout details and earnings. Mounted on /chefs before the public chef reads, so /chefs/me/... is
// never taken for a chef id. Every object is looked up through the session's chef: another chef's ids read as 404.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { ChefStatus } from '../../db/schema/chefs';
import type { AppEnv } from '../../env';
import { forbidden } from '../../lib/errors';
import { requestLocale } from '../../lib/request-prefs';
import { valid, validList } from '../../lib/validator';
import { calendarFeed, rotateCalendarFeed } from '../calendar/calendar.service';
import { asChef, authenticate, clientIp, requireChefUser, requireUser, secretOf } from '../session/session.middleware';
import {
  availabilityQuery,
  blockDayBody,
  chefProfileBody,
  dayString,
  deriveRegionsBody,
  menuBody,
  payoutDetailsBody,
  regionsBody,
} from '#shared/schemas/chef-area.schema';
import { emptyBody } from '#shared/schemas/fields';
import { availability, blockDay, unblockDay } from './chef-availability.service';
import { createMenu, deleteMenu, getOwnMenu, listOwnMenus, publishMenu, unpublishMenu, updateMenu } from './chef-menus.service';
import { onboardingState, submitApplication } from './chef-onboarding.service';
import { chefPayouts, earnings, getPayoutDetails, savePayoutDetails } from './chef-payouts.service';
import { deriveRegions, ownProfile, replaceRegions, startChef, updateOwnProfile } from './chef-profile.service';
import { transitionChefStatus } from './chef-status.service';

/** The signed-in user's chef (NOT_A_CHEF without a chef profile), and who acts. */
async function requireChef(c: Context<AppEnv>) {
  const { user, chefId } = await requireChefUser(c);
  return { user, chefId, me: { userId: user.userId, chefId, ip: clientIp(c) } };
}

/** Writes are closed to a banned chef; reads stay open so the chef can see the status. */
async function requireWritableChef(c: Context<AppEnv>) {
  const chef = await requireChef(c);
  if (chef.user.chefStatus === ChefStatus.Banned) throw forbidden('Your chef profile is blocked. Please contact support.');
  return chef;
}

/**
 * requireWritableChef as middleware (asChef, from the session, for reads), placed before a route's validators: a
 * visitor gets 401, a user without a chef profile 404 and a banned chef 403 before any input is read.
 */
const asWritableChef: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireWritableChef(c);
  await next();
};

const menuId = v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a menu id.'), v.transform(Number));
const menuParam = v.object({ id: menuId });
const menuActionParam = v.object({ id: menuId, action: v.picklist(['publish', 'unpublish']) });
const statusActionParam = v.object({ action: v.picklist(['submit', 'pause', 'resume']) });
const dayParam = v.object({ day: dayString('day') });

const STATUS_MESSAGES = {
  submit: 'Your application was submitted for review.',
  pause: 'Your chef profile is paused. Your menus are hidden until you resume.',
  resume: 'Your chef profile is active again.',
} as const;

export const chefAreaRoutes = new Hono<AppEnv>()
  // Seed §7: POST /v1/chefs with an empty body starts the application; repeating it returns the same chef.
  .post('/', authenticate, valid('json', emptyBody), async (c) => {
    const user = await requireUser(c);
    const { created, chef } = await startChef(
      c.get('deps'),
      { userId: user.userId, chefId: user.chefId, firstname: user.firstname, lastname: user.lastname, email: user.email, locale: user.locale, ip: clientIp(c) },
      requestLocale(c),
    );
    return c.json({ data: chef }, created ? 201 : 200);
  })

  .get('/me', async (c) => {
    const { chefId } = await requireChef(c);
    return c.json({ data: await ownProfile(c.get('deps'), chefId, requestLocale(c)) });
  })

  .put('/me', asWritableChef, valid('json', chefProfileBody), async (c) => {
    const { me } = await requireWritableChef(c);
    const input = c.req.valid('json');
    const data = await updateOwnProfile(c.get('deps'), me, input, requestLocale(c));
    return c.json({ message: 'Your profile was saved.', data });
  })

  .get('/me/onboarding', async (c) => {
    const { chefId } = await requireChef(c);
    return c.json({ data: await onboardingState(c.get('deps'), chefId) });
  })

  .put('/me/regions', asWritableChef, valid('json', regionsBody), async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { regions } = c.req.valid('json');
    return c.json({ message: 'Your regions were saved.', data: await replaceRegions(c.get('deps'), chefId, regions) });
  })

  .post('/me/regions/derive', asChef, valid('json', deriveRegionsBody), async (c) => {
    return c.json(await deriveRegions(c.get('deps'), c.req.valid('json')));
  })

  // Status changes the chef may make; the rules live in chef-status.service.ts.
  .post('/me/:action{submit|pause|resume}', asChef, valid('json', emptyBody), valid('param', statusActionParam), async (c) => {
    const { chefId, me } = await requireChef(c);
    const { action } = c.req.valid('param');
    const deps = c.get('deps');
    const actor = { role: 'chef' as const, userId: me.userId, ip: me.ip };
    if (action === 'submit') await submitApplication(deps, chefId, actor);
    else await transitionChefStatus(deps, { chefId, action, actor });
    return c.json({ message: STATUS_MESSAGES[action], data: await ownProfile(deps, chefId, requestLocale(c)) });
  })

  .get('/me/menus', async (c) => {
    const { chefId } = await requireChef(c);
    return c.json({ data: await listOwnMenus(c.get('deps'), chefId) });
  })

  .post('/me/menus', asWritableChef, valid('json', menuBody), async (c) => {
    const { me } = await requireWritableChef(c);
    const input = c.req.valid('json');
    return c.json({ message: 'The menu was saved as a draft.', data: await createMenu(c.get('deps'), me, input) }, 201);
  })

  .get('/me/menus/:id', asChef, valid('param', menuParam), async (c) => {
    const { chefId } = await requireChef(c);
    const { id } = c.req.valid('param');
    return c.json({ data: await getOwnMenu(c.get('deps'), chefId, id) });
  })

  .put('/me/menus/:id', asWritableChef, valid('param', menuParam), valid('json', menuBody), async (c) => {
    const { me } = await requireWritableChef(c);
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    return c.json({ message: 'The menu was saved.', data: await updateMenu(c.get('deps'), me, id, input) });
  })

  .delete('/me/menus/:id', asWritableChef, valid('param', menuParam), async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { id } = c.req.valid('param');
    const result = await deleteMenu(c.get('deps'), chefId, id);
    const message = result.deleted ? 'The menu was deleted.' : 'The menu has bookings, so it was archived instead of deleted.';
    return c.json({ message, data: { id, ...result } });
  })

  .post('/me/menus/:id/:action{publish|unpublish}', asWritableChef, valid('param', menuActionParam), valid('json', emptyBody), async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { id, action } = c.req.valid('param');
    const deps = c.get('deps');
    if (action === 'publish') return c.json({ message: 'The menu is published.', data: await publishMenu(deps, chefId, id) });
    return c.json({ message: 'The menu is no longer published.', data: await unpublishMenu(deps, chefId, id) });
  })

  .get('/me/availability', asChef, valid('query', availabilityQuery), async (c) => {
    const { chefId } = await requireChef(c);
    return c.json({ data: await availability(c.get('deps'), chefId, c.req.valid('query')) });
  })

  .put('/me/availability/:day', asWritableChef, valid('param', dayParam), valid('json', blockDayBody), async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { day } = c.req.valid('param');
    const { note } = c.req.valid('json');
    return c.json(await blockDay(c.get('deps'), chefId, day, note?.trim() || null));
  })

  .delete('/me/availability/:day', asWritableChef, valid('param', dayParam), async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { day } = c.req.valid('param');
    return c.json(await unblockDay(c.get('deps'), chefId, day));
  })

  // The private feed calendar apps subscribe to: { url }, a secret the chef can replace (calendar/calendar.service.ts).
  .get('/me/calendar-feed', async (c) => {
    const { chefId } = await requireChef(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await calendarFeed(c.get('deps'), chefId, secretOf(c)));
  })

  .post('/me/calendar-feed/rotate', asChef, valid('json', emptyBody), async (c) => {
    const { chefId } = await requireChef(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await rotateCalendarFeed(c.get('deps'), chefId, secretOf(c)));
  })

  .get('/me/payout-details', async (c) => {
    const { chefId } = await requireChef(c);
    return c.json({ data: await getPayoutDetails(c.get('deps'), chefId) });
  })

  .put('/me/payout-details', asWritableChef, valid('json', payoutDetailsBody), async (c) => {
    const { me } = await requireWritableChef(c);
    return c.json({ message: 'Your payout details were saved.', data: await savePayoutDetails(c.get('deps'), me, c.req.valid('json')) });
  })

  // Newest first unless the client picks a direction.
  .get('/me/earnings', asChef, validList(['event_date'], 'desc'), async (c) => {
    const { chefId } = await requireChef(c);
    return c.json(await earnings(c.get('deps'), chefId, c.req.valid('query')));
  })

  .get('/me/payouts', asChef, validList(['created_at'], 'desc'), async (c) => {
    const { chefId } = await requireChef(c);
    return c.json(await chefPayouts(c.get('deps'), chefId, c.req.valid('query')));
  });
