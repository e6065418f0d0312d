// GET /v1/images/{id}/{stack}: image bytes from R2. An approved picture is public, with a short cache so that hiding
// it takes effect soon everywhere; a picture waiting for moderation goes only to its owner and to super-users,
// never into a shared cache.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { valid } from '../../lib/validator';
import { currentUser } from '../session/session.middleware';
import { findImageObject } from './images.service';

/**
 * Five minutes in browsers and shared caches, then a revalidation (a 304 while the picture is unchanged): a hidden
 * picture is gone from /v1/images at once and from every cache within five minutes.
 */
export const PUBLIC_IMAGE_CACHE = 'public, max-age=300';
export const PRIVATE_IMAGE_CACHE = 'private, no-store';

const params = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be an image id.'), v.transform(Number)),
  stack: v.pipe(v.string(), v.regex(/^t\d{3,4}(x\d{3,4}|_\dx\d)$/, 'Unknown image size.')),
});

export const imageRoutes = new Hono<AppEnv>().get('/:id/:stack', valid('param', params), async (c) => {
  const { id, stack } = c.req.valid('param');
  const { db, files } = c.get('deps');
  const found = await findImageObject(db, id, stack);
  if (!found) throw notFound('Image not found.');
  const approved = found.status === 'approved';
  if (!approved) {
    // The same 404 as for a missing picture, so ids waiting for moderation cannot be told apart.
    const viewer = await currentUser(c);
    if (!viewer || (viewer.userId !== found.ownerUserId && !viewer.isSu)) throw notFound('Image not found.');
  }
  const object = await files.get(found.key);
  if (!object) throw notFound('Image not found.');
  const headers = {
    'Content-Type': found.contentType,
    'Cache-Control': approved ? PUBLIC_IMAGE_CACHE : PRIVATE_IMAGE_CACHE,
    ETag: object.etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (approved && c.req.header('if-none-match') === object.etag) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  return new Response(object.body as unknown as BodyInit, { headers });
});
