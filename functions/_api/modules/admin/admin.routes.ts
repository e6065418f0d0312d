// /v1/admin: the super-user console's API. One check in front of every route (visitors 401, everyone else 403),
// before any input is read; each area lives in its own file. Every write records an audit entry (audit.ts).
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireSuperUser } from '../session/session.middleware';
import { adminAuditLogRoutes } from './admin.audit-log';
import { adminBookingsRoutes } from './admin.bookings';
import { adminChefsRoutes } from './admin.chefs';
import { adminComplaintsRoutes } from './admin.complaints';
import { adminHomeRoutes } from './admin.home';
import { adminImagesRoutes } from './admin.images';
import { adminListsRoutes } from './admin.lists';
import { adminLocationsRoutes } from './admin.locations';
import { adminOutboxRoutes } from './admin.outbox';
import { adminPayoutsRoutes } from './admin.payouts';
import { adminSettingsRoutes } from './admin.settings';
import { adminStatementsRoutes } from './admin.statements';
import { adminSweepRoutes } from './admin.sweep';
import { adminUsersRoutes } from './admin.users';

// One chain, so the app's type carries every admin path, input and answer (the admin screens' typed client).
export const adminRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    await requireSuperUser(c);
    await next();
  })
  .route('/home', adminHomeRoutes)
  .route('/users', adminUsersRoutes)
  .route('/chefs', adminChefsRoutes)
  .route('/chefs', adminStatementsRoutes)
  .route('/images', adminImagesRoutes)
  .route('/locations', adminLocationsRoutes)
  .route('/lists', adminListsRoutes)
  .route('/bookings', adminBookingsRoutes)
  .route('/payouts', adminPayoutsRoutes)
  .route('/complaints', adminComplaintsRoutes)
  .route('/settings', adminSettingsRoutes)
  .route('/outbox', adminOutboxRoutes)
  .route('/audit', adminAuditLogRoutes)
  .route('/sweep', adminSweepRoutes);
