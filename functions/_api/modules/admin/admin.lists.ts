// Admin: lists. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';

export const adminListsRoutes = new Hono<AppEnv>();
