// Admin: audit-log. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// Read-only: the record of every admin write, newest first.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { valid } from '../../lib/validator';
import { auditQuery, listAudit } from './admin.audit-log.service';

export const adminAuditLogRoutes = new Hono<AppEnv>().get('/', valid('query', auditQuery), async (c) => c.json(await listAudit(c.get('deps'), c.req.valid('query'))));
