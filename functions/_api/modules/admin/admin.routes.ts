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

export const adminRoutes = new Hono<AppEnv>();

adminRoutes.use('*', async (c, next) => {
  await requireSuperUser(c);
  await next();
});

adminRoutes.route('/home', adminHomeRoutes);
adminRoutes.route('/users', adminUsersRoutes);
adminRoutes.route('/chefs', adminChefsRoutes);
adminRoutes.route('/chefs', adminStatementsRoutes);
adminRoutes.route('/images', adminImagesRoutes);
adminRoutes.route('/locations', adminLocationsRoutes);
adminRoutes.route('/lists', adminListsRoutes);
adminRoutes.route('/bookings', adminBookingsRoutes);
adminRoutes.route('/payouts', adminPayoutsRoutes);
adminRoutes.route('/complaints', adminComplaintsRoutes);
adminRoutes.route('/settings', adminSettingsRoutes);
adminRoutes.route('/outbox', adminOutboxRoutes);
adminRoutes.route('/audit', adminAuditLogRoutes);
adminRoutes.route('/sweep', adminSweepRoutes);
