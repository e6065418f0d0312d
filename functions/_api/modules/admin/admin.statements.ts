// Admin: a chef's monthly statements, as the chef sees them (list, PDF, CSV). Mounted under /v1/admin/chefs by
// admin.routes.ts, behind the super-user check.
import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { valid } from '../../lib/validator';
import { statementDownload } from '../documents/document-download.middleware';
import { listStatements } from '../documents/statements.service';
import { chefIdParam } from '#shared/schemas/admin.chefs.schema';

// Only the chef's id: the file's name is the download's to read.
const chefOnly = valid('param', chefIdParam, ({ id }) => ({ id }));

export const adminStatementsRoutes = new Hono<AppEnv>()
  .get('/:id/statements', chefOnly, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await listStatements(c.get('deps'), id, `/v1/admin/chefs/${id}/statements`, requestLocale(c)));
  })

  .get('/:id/statements/:file', chefOnly, async (c) => statementDownload(c, c.req.valid('param').id));
