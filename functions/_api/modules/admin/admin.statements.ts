// Admin: a chef's monthly statements, as the chef sees them (list, PDF, CSV). Mounted under /v1/admin/chefs by
// admin.routes.ts, behind the super-user check.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { statementDownload } from '../documents/document-download.middleware';
import { listStatements } from '../documents/statements.service';
import { chefIdParam } from '#shared/schemas/admin.chefs.schema';

export const adminStatementsRoutes = new Hono<AppEnv>()
  .get('/:id/statements', async (c) => {
    const { id } = parse(chefIdParam, { id: c.req.param('id') });
    return c.json(await listStatements(c.get('deps'), id, `/v1/admin/chefs/${id}/statements`, requestLocale(c)));
  })

  .get('/:id/statements/:file', async (c) => statementDownload(c, parse(chefIdParam, { id: c.req.param('id') }).id));
