// Admin: images. Mounted under /v1/admin by admin.routes.ts, behind the super-user check.
// The moderation queue, approve and hide (with the reason the owner reads), and the admin-only view of any stack
// (hidden ones too).
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { readJson } from '../../lib/http';
import { parse } from '../../lib/validate';
import { emptyBody } from '#shared/schemas/auth.schema';
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
  .get('/', async (c) => {
    const q = parse(adminImagesQuery, c.req.query());
    return c.json(await listImages(c.get('deps'), q));
  })

  .get('/:id/file/:stack', async (c) => {
    const { id, stack } = parse(fileParams, c.req.param());
    const { db, files } = c.get('deps');
    const found = await findImageObject(db, id, stack, { includeHidden: true });
    const object = found && (await files.get(found.key));
    if (!found || !object) throw notFound('Image not found.');
    return new Response(object.body as unknown as BodyInit, {
      headers: { 'Content-Type': found.contentType, 'Cache-Control': 'private, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
    });
  })

  .post('/:id/approve', async (c) => {
    const { id } = parse(idParam, c.req.param());
    parse(emptyBody, await readJson(c));
    const { changed, data } = await moderateImage(c.get('deps'), await adminActor(c), id, { to: 'approved' });
    return c.json({ message: changed ? 'The image was approved.' : 'The image was already approved.', data });
  })

  .post('/:id/hide', async (c) => {
    const { id } = parse(idParam, c.req.param());
    const { reason } = parse(hideImageBody, await readJson(c));
    const { changed, data } = await moderateImage(c.get('deps'), await adminActor(c), id, { to: 'hidden', reason });
    return c.json({ message: changed ? 'The image was hidden. The placeholder shows wherever it was used.' : 'The image was already hidden.', data });
  });
