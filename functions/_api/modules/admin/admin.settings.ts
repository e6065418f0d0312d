// Admin: settings. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Service fee, commission, currency rates and launch mode; changes apply to bookings created afterwards.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { settingsBody } from '#shared/schemas/admin.settings.schema';
import { getAdminSettings, updateAdminSettings } from './admin.settings.service';
import { adminActor } from './audit';

export const adminSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ data: await getAdminSettings(c.get('deps')) }))

  .put('/', valid('json', settingsBody), async (c) => {
    const { changed, data } = await updateAdminSettings(c.get('deps'), await adminActor(c), c.req.valid('json'));
    return c.json({ message: changed.length ? 'The settings were saved. They apply to new bookings.' : 'Nothing changed.', changed, data });
  });
