// Admin: audit-log. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Read-only: the record of every admin write, newest first.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { parse } from '../../lib/validate';
import { auditQuery, listAudit } from './admin.audit-log.service';

export const adminAuditLogRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await listAudit(c.get('deps'), parse(auditQuery, c.req.query()))));
