// Request helpers of the document routes, shared with the admin's view of a chef's statements: a generated file
// as a download, and the statement file a request names ({yyyy-mm}.{pdf|csv}?currency=).
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { parse } from '../../lib/validate';
import { statementFileParam, statementQuery } from './documents.schema';
import { statementFile } from './statements.service';

/** A generated file as a download: never cached by a shared cache, never shown inline by an old browser's guess. */
export function download(c: Context<AppEnv>, file: { body: Uint8Array | string; filename: string; contentType: string }) {
  return c.body(file.body as Uint8Array<ArrayBuffer> | string, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
  });
}

/** The statement file a request names, for the chef `chefId`. */
export async function statementDownload(c: Context<AppEnv>, chefId: number) {
  const { file } = parse(statementFileParam, { file: c.req.param('file') });
  const { currency } = parse(statementQuery, c.req.query());
  return download(c, await statementFile(c.get('deps'), chefId, { ...file, currency }));
}

