// /v1/users/me/attachments and /v1/users/me/images: multipart uploads (the only non-JSON writes besides
// callbacks; see writeRules in app.ts) and private document downloads.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { fieldError, forbidden, invalid } from '../../lib/errors';
import type { FieldMessages } from '#shared/validation-messages';
import { parse } from '../../lib/validate';
import { valid } from '../../lib/validator';
import { authenticate, clientIp, requireUser } from '../session/session.middleware';
import { attachmentKind, IMAGE_STACKS, imageKind, type AttachmentKind, type ImageKind } from '#shared/schemas/uploads.schema';
import { deleteAttachment, listAttachments, openAttachment, privateFileResponse, uploadAttachment, uploadImage, type Upload } from './uploads.service';
import { readForm } from '../../lib/http';

const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be a document id.'), v.transform(Number)) });

type Form = Map<string, string | Upload>;

/** Reads multipart fields into a map; a malformed body or a repeated field is a 400, never a 500. */
async function readUpload(c: Context<AppEnv>, allowed: (name: string) => boolean): Promise<Form> {
  const data = await readForm(c, 'file');
  const out: Form = new Map();
  const errors: FieldMessages = {};
  for (const [name, value] of data.entries()) {
    if (!allowed(name)) errors[name] = [{ key: 'validation.uploadfile.unknownfield' }];
    else if (out.has(name)) errors[name] = [{ key: 'validation.uploadfile.once' }];
    else if (typeof value === 'string') out.set(name, value);
    else {
      const file = value as File;
      out.set(name, { name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) });
    }
  }
  if (Object.keys(errors).length) throw invalid(errors, { message: 'validation.uploadfile.checkupload' });
  return out;
}

const fileOf = (form: Form, name: string) => {
  const value = form.get(name);
  return value && typeof value !== 'string' ? value : undefined;
};
const textOf = (form: Form, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

const ALL_STACKS = new Set(Object.values(IMAGE_STACKS).flatMap((s) => Object.keys(s)));

/**
 * The validator of a multipart upload: reads the form (readUpload, only the `allowed` fields), checks it with `check`
 * and hands the result to the handler as `c.req.valid('form')`. `In` is what a client sends, carried into the app's type.
 */
const validUpload =
  <In, Out extends object>(allowed: (name: string) => boolean, check: (form: Form, c: Context<AppEnv>) => Out | Promise<Out>): MiddlewareHandler<AppEnv, string, { in: { form: In }; out: { form: Out } }> =>
  async (c, next) => {
    c.req.addValidatedData('form', await check(await readUpload(c, allowed), c));
    await next();
  };

/** A document: its kind, then its file. */
const attachmentForm = validUpload<{ kind: AttachmentKind; file: File }, { kind: AttachmentKind; file: Upload }>(
  (n) => n === 'file' || n === 'kind',
  (form) => {
    const { kind } = parse(v.object({ kind: attachmentKind }), { kind: textOf(form, 'kind') });
    const file = fileOf(form, 'file');
    if (!file) throw fieldError('file', 'validation.uploadfile.choosefile');
    return { kind, file };
  },
);

/**
 * A picture: its kind, then one file per size of that kind. A city picture is an administrator's, refused (403) before
 * its sizes are looked at.
 */
const imageForm = validUpload<{ kind: ImageKind; [stack: string]: string | File }, { kind: ImageKind; uploads: Record<string, Upload | undefined> }>(
  (n) => n === 'kind' || ALL_STACKS.has(n),
  async (form, c) => {
    const { kind } = parse(v.object({ kind: imageKind }), { kind: textOf(form, 'kind') });
    if (kind === 'city' && !(await requireUser(c)).isSu) throw forbidden('Only administrators can upload city pictures.');
    const allowed = Object.keys(IMAGE_STACKS[kind]);
    const foreign = [...form.keys()].filter((n) => n !== 'kind' && !allowed.includes(n));
    if (foreign.length)
      throw invalid(Object.fromEntries(foreign.map((n) => [n, [{ key: 'validation.uploadfile.nosize', params: { kind, size: n } }]])), { message: 'validation.uploadfile.checkupload' });
    return { kind, uploads: Object.fromEntries(allowed.map((stack) => [stack, fileOf(form, stack)])) };
  },
);

export const uploadRoutes = new Hono<AppEnv>()
  .post('/me/attachments', authenticate, attachmentForm, async (c) => {
    const user = await requireUser(c);
    const { kind, file } = c.req.valid('form');
    const data = await uploadAttachment(c.get('deps'), user.userId, kind, file);
    return c.json({ message: 'The document was uploaded.', data }, 201);
  })

  .get('/me/attachments', async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await listAttachments(c.get('deps'), user.userId) });
  })

  .delete('/me/attachments/:id', authenticate, valid('param', idParam), async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    await deleteAttachment(c.get('deps'), user.userId, id);
    return c.json({ message: 'The document was deleted.' });
  })

  .get('/me/attachments/:id/download', authenticate, valid('param', idParam), async (c) => {
    const user = await requireUser(c);
    const { id } = c.req.valid('param');
    const doc = await openAttachment(c.get('deps'), { userId: user.userId, isSu: user.isSu, ip: clientIp(c) }, id);
    // Always a download, never rendered in our origin.
    return privateFileResponse(doc.object, doc);
  })

  .post('/me/images', authenticate, imageForm, async (c) => {
    const user = await requireUser(c);
    const { kind, uploads } = c.req.valid('form');
    const data = await uploadImage(c.get('deps'), user.userId, kind, uploads);
    return c.json({ message: 'The picture was uploaded.', data }, 201);
  });
