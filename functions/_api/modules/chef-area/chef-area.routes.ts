// /v1/chefs (POST) and /v1/chefs/me/...: the signed-in chef's own application, profile, regions, status, menus,
// calendar, payout details and earnings. Mounted on /chefs before the public chef reads, so /chefs/me/... is
// never taken for a chef id. Every object is looked up through the session's chef: another chef's ids read as 404.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ChefStatus } from '../../db/schema/chefs';
import type { AppEnv } from '../../env';
import { ApiError, forbidden } from '../../lib/errors';
import { readJson } from '../../lib/http';
import { parseList } from '../../lib/list';
import { requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { calendarFeed, rotateCalendarFeed } from '../calendar/calendar.service';
import { clientIp, requireUser, secretOf } from '../session/session.middleware';
import {
  availabilityQuery,
  blockDayBody,
  chefProfileBody,
  dayString,
  deriveRegionsBody,
  emptyBody,
  menuBody,
  payoutDetailsBody,
  regionsBody,
  startChefBody,
} from '#shared/schemas/chef-area.schema';
import { availability, blockDay, unblockDay } from './chef-availability.service';
import { createMenu, deleteMenu, getOwnMenu, listOwnMenus, publishMenu, unpublishMenu, updateMenu } from './chef-menus.service';
import { onboardingState, submitApplication } from './chef-onboarding.service';
import { chefPayouts, earnings, getPayoutDetails, savePayoutDetails } from './chef-payouts.service';
import { deriveRegions, ownProfile, replaceRegions, startChef, updateOwnProfile } from './chef-profile.service';
import { transitionChefStatus } from './chef-status.service';

/** The signed-in user's chef; a user without a chef profile gets 404 with a code the client can act on. */
async function requireChef(c: Context<AppEnv>) {
  const user = await requireUser(c);
  if (user.chefId == null) throw new ApiError(404, 'You have no chef profile yet. Start your application first.', 'NOT_A_CHEF');
  return { user, chefId: user.chefId, me: { userId: user.userId, chefId: user.chefId, ip: clientIp(c) } };
}

/** Writes are closed to a banned chef; reads stay open so the chef can see the status. */
async function requireWritableChef(c: Context<AppEnv>) {
  const chef = await requireChef(c);
  if (chef.user.chefStatus === ChefStatus.Banned) throw forbidden('Your chef profile is blocked. Please contact support.');
  return chef;
}

const menuParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a menu id.'), v.transform(Number)) });
const dayParam = v.object({ day: dayString('day') });

const STATUS_MESSAGES = {
  submit: 'Your application was submitted for review.',
  pause: 'Your chef profile is paused. Your menus are hidden until you resume.',
  resume: 'Your chef profile is active again.',
} as const;

export const chefAreaRoutes = new Hono<AppEnv>()
  // Seed §7: POST /v1/chefs with an empty body starts the application; repeating it returns the same chef.
  .post('/', async (c) => {
    const user = await requireUser(c);
    parse(startChefBody, await readJson(c));
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

  .put('/me', async (c) => {
    const { me } = await requireWritableChef(c);
    const input = parse(chefProfileBody, await readJson(c));
    const data = await updateOwnProfile(c.get('deps'), me, input, requestLocale(c));
    return c.json({ message: 'Your profile was saved.', data });
  })

  .get('/me/onboarding', async (c) => {
    const { chefId } = await requireChef(c);
    return c.json({ data: await onboardingState(c.get('deps'), chefId) });
  })

  .put('/me/regions', async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { regions } = parse(regionsBody, await readJson(c));
    return c.json({ message: 'Your regions were saved.', data: await replaceRegions(c.get('deps'), chefId, regions) });
  })

  .post('/me/regions/derive', async (c) => {
    await requireChef(c);
    const input = parse(deriveRegionsBody, await readJson(c));
    return c.json(await deriveRegions(c.get('deps'), input));
  })

  // Status changes the chef may make; the rules live in chef-status.service.ts.
  .post('/me/:action{submit|pause|resume}', async (c) => {
    const { chefId, me } = await requireChef(c);
    parse(emptyBody, await readJson(c));
    const action = c.req.param('action') as 'submit' | 'pause' | 'resume';
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

  .post('/me/menus', async (c) => {
    const { me } = await requireWritableChef(c);
    const input = parse(menuBody, await readJson(c));
    return c.json({ message: 'The menu was saved as a draft.', data: await createMenu(c.get('deps'), me, input) }, 201);
  })

  .get('/me/menus/:id', async (c) => {
    const { chefId } = await requireChef(c);
    const { id } = parse(menuParam, c.req.param());
    return c.json({ data: await getOwnMenu(c.get('deps'), chefId, id) });
  })

  .put('/me/menus/:id', async (c) => {
    const { me } = await requireWritableChef(c);
    const { id } = parse(menuParam, c.req.param());
    const input = parse(menuBody, await readJson(c));
    return c.json({ message: 'The menu was saved.', data: await updateMenu(c.get('deps'), me, id, input) });
  })

  .delete('/me/menus/:id', async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { id } = parse(menuParam, c.req.param());
    const result = await deleteMenu(c.get('deps'), chefId, id);
    const message = result.deleted ? 'The menu was deleted.' : 'The menu has bookings, so it was archived instead of deleted.';
    return c.json({ message, data: { id, ...result } });
  })

  .post('/me/menus/:id/:action{publish|unpublish}', async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { id } = parse(menuParam, { id: c.req.param('id') });
    parse(emptyBody, await readJson(c));
    const deps = c.get('deps');
    if (c.req.param('action') === 'publish') return c.json({ message: 'The menu is published.', data: await publishMenu(deps, chefId, id) });
    return c.json({ message: 'The menu is no longer published.', data: await unpublishMenu(deps, chefId, id) });
  })

  .get('/me/availability', async (c) => {
    const { chefId } = await requireChef(c);
    const query = parse(availabilityQuery, c.req.query());
    return c.json({ data: await availability(c.get('deps'), chefId, query) });
  })

  .put('/me/availability/:day', async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { day } = parse(dayParam, c.req.param());
    const { note } = parse(blockDayBody, await readJson(c));
    return c.json(await blockDay(c.get('deps'), chefId, day, note?.trim() || null));
  })

  .delete('/me/availability/:day', async (c) => {
    const { chefId } = await requireWritableChef(c);
    const { day } = parse(dayParam, c.req.param());
    return c.json(await unblockDay(c.get('deps'), chefId, day));
  })

  // The private feed calendar apps subscribe to: { url }, a secret the chef can replace (calendar/calendar.service.ts).
  .get('/me/calendar-feed', async (c) => {
    const { chefId } = await requireChef(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await calendarFeed(c.get('deps'), chefId, secretOf(c)));
  })

  .post('/me/calendar-feed/rotate', async (c) => {
    const { chefId } = await requireChef(c);
    parse(emptyBody, await readJson(c));
    c.header('Cache-Control', 'private, no-store');
    return c.json(await rotateCalendarFeed(c.get('deps'), chefId, secretOf(c)));
  })

  .get('/me/payout-details', async (c) => {
    const { chefId } = await requireChef(c);
    return c.json({ data: await getPayoutDetails(c.get('deps'), chefId) });
  })

  .put('/me/payout-details', async (c) => {
    const { me } = await requireWritableChef(c);
    const input = parse(payoutDetailsBody, await readJson(c));
    return c.json({ message: 'Your payout details were saved.', data: await savePayoutDetails(c.get('deps'), me, input) });
  })

  .get('/me/earnings', async (c) => {
    const { chefId } = await requireChef(c);
    const query = c.req.query();
    const params = parseList(['event_date'], query);
    // Newest event first unless the client picks a direction.
    return c.json(await earnings(c.get('deps'), chefId, { ...params, order_dir: query.order_dir ? params.order_dir : 'desc' }));
  })

  .get('/me/payouts', async (c) => {
    const { chefId } = await requireChef(c);
    const query = c.req.query();
    const params = parseList(['created_at'], query);
    return c.json(await chefPayouts(c.get('deps'), chefId, { ...params, order_dir: query.order_dir ? params.order_dir : 'desc' }));
  });
