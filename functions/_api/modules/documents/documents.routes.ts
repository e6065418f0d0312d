// Documents: the customer's receipt of a paid booking (PDF) and the chef's monthly statements (list, PDF, CSV).
// Mounted at the API root, next to the booking routes: the resources live under /bookings and /chefs/me. Admins read
// a chef's statements through /v1/admin/chefs/{id}/statements (admin.statements.ts).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../env';
import { requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { requireChefUser, requireUser } from '../session/session.middleware';
import { download, statementDownload } from './document-download.middleware';
import { receiptParam } from './documents.schema';
import { receiptFor } from './receipts.service';
import { listStatements } from './statements.service';

const requireChefId = async (c: Context<AppEnv>) => (await requireChefUser(c)).chefId;

export const documentRoutes = new Hono<AppEnv>()
  .get('/bookings/:id/receipt.pdf', async (c) => {
    const user = await requireUser(c);
    const { id } = parse(receiptParam, { id: c.req.param('id') });
    const { bytes, filename } = await receiptFor(c.get('deps'), { userId: user.userId, isSu: user.isSu }, id);
    return download(c, { body: bytes, filename, contentType: 'application/pdf' });
  })

  .get('/chefs/me/statements', async (c) => {
    const chefId = await requireChefId(c);
    return c.json(await listStatements(c.get('deps'), chefId, '/v1/chefs/me/statements', requestLocale(c)));
  })

  .get('/chefs/me/statements/:file', async (c) => statementDownload(c, await requireChefId(c)));
