// GET /v1/lists: the current cuisines, diets and allergens (retired entries left out) in the request's locale.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { activeLists } from './lists.service';

export const listRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  c.header('Vary', 'x-locale, accept-language');
  return c.json({ data: await activeLists(c.get('deps').db, requestLocale(c)) });
});
