// Admin: home. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// The dashboard's figures and what needs attention, in one round trip.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { adminHome } from './admin.home.service';

export const adminHomeRoutes = new Hono<AppEnv>().get('/', async (c) => c.json({ data: await adminHome(c.get('deps'), { locale: requestLocale(c) }) }));
