// GET /v1/images/{id}/{stack}: public image bytes from R2 with long-lived cache headers.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { parse } from '../../lib/validate';
import { findImageObject } from './images.service';

const params = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be an image id.'), v.transform(Number)),
  stack: v.pipe(v.string(), v.regex(/^t\d{3,4}(x\d{3,4}|_\dx\d)$/, 'Unknown image size.')),
});

export const imageRoutes = new Hono<AppEnv>().get('/:id/:stack', async (c) => {
  const { id, stack } = parse(params, c.req.param());
  const { db, files } = c.get('deps');
  const found = await findImageObject(db, id, stack);
  const object = found && (await files.get(found.key));
  if (!found || !object) throw notFound('Image not found.');
  return new Response(object.body as unknown as BodyInit, {
    headers: {
      'Content-Type': found.contentType,
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
      ETag: object.etag,
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
