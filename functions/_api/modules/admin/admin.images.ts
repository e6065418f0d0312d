// Admin: images. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// The moderation queue, approve and hide (with the reason the owner reads), and the admin-only view of any stack
// (hidden ones too).
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { valid } from '../../lib/validator';
import { emptyBody } from '#shared/schemas/fields';
import { findImageObject } from '../images/images.service';
import { hideImageBody } from '#shared/schemas/admin.images.schema';
import { adminImagesQuery, listImages, moderateImage } from './admin.images.service';
import { adminActor } from './audit';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be an image id.'), v.transform(Number)) });
const fileParams = v.object({
  ...idParam.entries,
  stack: v.pipe(v.string(), v.regex(/^t\d{3,4}(x\d{3,4}|_\dx\d)$/, 'Unknown image size.')),
});

export const adminImagesRoutes = new Hono<AppEnv>()
  .get('/', valid('query', adminImagesQuery), async (c) => c.json(await listImages(c.get('deps'), c.req.valid('query'))))

  .get('/:id/file/:stack', valid('param', fileParams), async (c) => {
    const { id, stack } = c.req.valid('param');
    const { db, files } = c.get('deps');
    const found = await findImageObject(db, id, stack, { includeHidden: true });
    const object = found && (await files.get(found.key));
    if (!found || !object) throw notFound('Image not found.');
    return new Response(object.body as unknown as BodyInit, {
      headers: { 'Content-Type': found.contentType, 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
    });
  })

  .post('/:id/approve', valid('param', idParam), valid('json', emptyBody), async (c) => {
    const { changed, data } = await moderateImage(c.get('deps'), await adminActor(c), c.req.valid('param').id, { to: 'approved' });
    return c.json({ message: changed ? 'The image was approved.' : 'The image was already approved.', data });
  })

  .post('/:id/hide', valid('param', idParam), valid('json', hideImageBody), async (c) => {
    const { reason } = c.req.valid('json');
    const { changed, data } = await moderateImage(c.get('deps'), await adminActor(c), c.req.valid('param').id, { to: 'hidden', reason });
    return c.json({ message: changed ? 'The image was hidden. The placeholder shows wherever it was used.' : 'The image was already hidden.', data });
  });
