// POST /v1/newsletter/register: the footer's and the empty-region block's newsletter sign-up.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { readJson } from '../../lib/http';
import { requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { clientIp } from '../auth/session';
import { registerBody } from './newsletter.schema';
import { registerSubscriber } from './newsletter.service';

export const newsletterRoutes = new Hono<AppEnv>().post('/register', async (c) => {
  const input = parse(registerBody, await readJson(c));
  const deps = c.get('deps');
  const hostname = new URL(deps.config.publicOrigin).hostname;
  const result = await registerSubscriber(deps, input, { ip: clientIp(c), hostname, locale: requestLocale(c) });
  return c.json(result);
});
