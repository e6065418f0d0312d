// Uploaded files. Attachments are private documents (chef applications) in R2 that only their owner and super-users
// can download; images are public pictures in their resized stacks, pending moderation. The type is judged by magic
// bytes, never by the name or the browser's claim, and every object key is generated here.
import { and, count, desc, eq, isNull, ne } from 'drizzle-orm';
import { attachments, images } from '../../db/schema/files';
import { auditLog } from '../../db/schema/system';
import { invalid, keyedConflict, notFound } from '../../lib/errors';
import type { FieldMessage, FieldMessages } from '#shared/validation-messages';
import type { Deps } from '../../platform/deps';
import { newObjectKey } from '../../platform/files';
import { enforce } from '../../platform/rate-limit';
import type { SniffedType } from '#shared/schemas/uploads.schema';
import { contentDisposition, safeFilename, sniffType } from './file-types';
import { API_CSP } from '../../lib/security-headers';
import { checkImage } from './image-check';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  ATTACHMENT_TYPES,
  IMAGE_STACK_MAX_BYTES,
  IMAGE_STACKS,
  IMAGE_TYPES,
  type AttachmentKind,
  type ImageKind,
} from '#shared/schemas/uploads.schema';

/** Uploads per user and hour, attachments and images together. */
const UPLOAD_LIMIT = { limit: 60, windowSeconds: 3600 };
const MB = 1024 * 1024;

export type Upload = { name: string; size: number; bytes: () => Promise<Uint8Array> };

const tooLarge = (field: string, max: number) => invalid({ [field]: [{ key: 'validation.uploadfile.toolarge', params: { max: max / MB } }] }, { code: 'FILE_TOO_LARGE', status: 413 });
/** `picture`: only a JPEG, PNG or WebP picture is accepted here; else a document (a PDF too). */
const unsupported = (field: string, picture: boolean) =>
  invalid({ [field]: [{ key: picture ? 'validation.uploadfile.picturetype' : 'validation.uploadfile.filetype' }] }, { code: 'UNSUPPORTED_FILE_TYPE', status: 415 });
const UNREADABLE: FieldMessage = { key: 'validation.uploadfile.unreadable' };

const presentAttachment = (a: typeof attachments.$inferSelect) => ({
  id: a.id,
  kind: a.kind,
  filename: a.filename,
  content_type: a.contentType,
  size: a.size,
  created_at: a.createdAt.toISOString(),
  download_url: `/v1/users/me/attachments/${a.id}/download`,
});

/** POST /v1/users/me/attachments: PDF, JPEG, PNG or WebP up to 8 MB, stored privately in R2. */
export async function uploadAttachment(deps: Deps, userId: number, kind: AttachmentKind, file: Upload) {
  const { db, files, clock } = deps;
  if (file.size > ATTACHMENT_MAX_BYTES) throw tooLarge('file', ATTACHMENT_MAX_BYTES);
  const bytes = await file.bytes();
  // file.size is the client's multipart claim only in theory; the bytes are what we store.
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw tooLarge('file', ATTACHMENT_MAX_BYTES);
  const type = sniffType(bytes);
  const photo = kind === 'complaint_photo';
  if (!type || !(photo ? IMAGE_TYPES : ATTACHMENT_TYPES).includes(type)) throw unsupported('file', photo);
  // A photo is shown inline to the parties and admins: checked whole like a public picture, and its clean copy stored.
  let stored = bytes;
  if (photo) {
    const image = await checkImage(bytes, type);
    if (!image.ok) throw invalid({ file: [UNREADABLE] });
    stored = image.bytes;
  }
  const now = clock.now();
  await enforce(db, `uploads:user:${userId}`, UPLOAD_LIMIT, now, 'Too many uploads. Please wait a while and try again.');
  const [held] = await db.select({ n: count() }).from(attachments).where(and(eq(attachments.userId, userId), isNull(attachments.deletedAt)));
  if ((held?.n ?? 0) >= ATTACHMENT_MAX_COUNT) throw keyedConflict('validation.refusal.too_many_attachments', 'TOO_MANY_ATTACHMENTS', { max: ATTACHMENT_MAX_COUNT });

  const storageKey = newObjectKey(`attachments/u${userId}`);
  await files.put(storageKey, stored, type);
  try {
    const [row] = await db
      .insert(attachments)
      .values({ userId, kind, filename: safeFilename(file.name, type), contentType: type, size: stored.length, storageKey, createdAt: now })
      .returning();
    return presentAttachment(row!);
  } catch (err) {
    // No row points at the object, so nobody could ever delete it: remove it now.
    await files.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/** GET /v1/users/me/attachments: the user's documents, newest first (complaint photos belong to their complaint). */
export async function listAttachments(deps: Pick<Deps, 'db'>, userId: number) {
  const rows = await deps.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.userId, userId), isNull(attachments.deletedAt), ne(attachments.kind, 'complaint_photo')))
    .orderBy(desc(attachments.id));
  return rows.map(presentAttachment);
}

/** DELETE /v1/users/me/attachments/{id}: soft delete (the row stays for the audit trail), then the R2 object. */
export async function deleteAttachment(deps: Deps, userId: number, id: number) {
  const [row] = await deps.db
    .update(attachments)
    .set({ deletedAt: deps.clock.now() })
    .where(and(eq(attachments.id, id), eq(attachments.userId, userId), isNull(attachments.deletedAt)))
    .returning({ storageKey: attachments.storageKey });
  if (!row) throw notFound('Document not found.');
  try {
    await deps.files.delete(row.storageKey);
  } catch (err) {
    deps.log.error('uploads.r2_delete_failed', { key: row.storageKey, error: String(err) });
  }
}

/**
 * GET /v1/users/me/attachments/{id}/download: the owner or a super-user; for anyone else the document does not
 * exist (404, not 403, so ids cannot be probed). A super-user reading someone else's document is audit-logged.
 */
export async function openAttachment(deps: Deps, viewer: { userId: number; isSu: boolean; ip: string | null }, id: number) {
  const { db, files, clock } = deps;
  const [row] = await db.select().from(attachments).where(and(eq(attachments.id, id), isNull(attachments.deletedAt)));
  if (!row || (row.userId !== viewer.userId && !viewer.isSu)) throw notFound('Document not found.');
  const object = await files.get(row.storageKey);
  if (!object) throw notFound('Document not found.');
  if (row.userId !== viewer.userId) {
    await db.insert(auditLog).values({
      actorUserId: viewer.userId,
      action: 'attachment.download',
      targetType: 'attachment',
      targetId: String(row.id),
      after: { owner_user_id: row.userId, kind: row.kind },
      ip: viewer.ip,
      createdAt: clock.now(),
    });
  }
  return { object, filename: row.filename, contentType: row.contentType, size: row.size };
}

/**
 * POST /v1/users/me/images: one file per stack of the kind, each a JPEG, PNG or WebP of exactly the stack's pixel
 * size and at most 2 MB, all of one type, whole and well-formed (image-check.ts); the clean copy is stored. The
 * image starts 'pending' (moderation queue) and only its owner and super-users see it until it is approved.
 */
export async function uploadImage(deps: Deps, userId: number, kind: ImageKind, uploads: Record<string, Upload | undefined>) {
  const { db, files, clock } = deps;
  const stacks = IMAGE_STACKS[kind] as Record<string, readonly [number, number]>;
  const errors: FieldMessages = {};
  const checked: { stack: string; bytes: Uint8Array; type: SniffedType }[] = [];
  for (const [stack, [width, height]] of Object.entries(stacks)) {
    const file = uploads[stack];
    if (!file) {
      errors[stack] = [{ key: 'validation.uploadfile.addsize', params: { width, height } }];
      continue;
    }
    if (file.size > IMAGE_STACK_MAX_BYTES) throw tooLarge(stack, IMAGE_STACK_MAX_BYTES);
    const bytes = await file.bytes();
    if (bytes.length > IMAGE_STACK_MAX_BYTES) throw tooLarge(stack, IMAGE_STACK_MAX_BYTES);
    const type = sniffType(bytes);
    if (!type || !IMAGE_TYPES.includes(type)) throw unsupported(stack, true);
    // The whole file is checked and a clean copy stored: a valid header followed by anything else is refused.
    const image = await checkImage(bytes, type);
    if (!image.ok) errors[stack] = [UNREADABLE];
    else if (image.size.width !== width || image.size.height !== height)
      errors[stack] = [{ key: 'validation.uploadfile.dimensions', params: { width, height, actualwidth: image.size.width, actualheight: image.size.height } }];
    else checked.push({ stack, bytes: image.bytes, type });
  }
  if (new Set(checked.map((c) => c.type)).size > 1) {
    for (const c of checked) (errors[c.stack] ??= []).push({ key: 'validation.uploadfile.sameformat' });
  }
  if (Object.keys(errors).length) throw invalid(errors, { message: 'validation.uploadfile.checkpictures' });

  const now = clock.now();
  await enforce(db, `uploads:user:${userId}`, UPLOAD_LIMIT, now, 'Too many uploads. Please wait a while and try again.');
  const prefix = newObjectKey(`img/u${userId}`);
  const keys = Object.fromEntries(checked.map((c) => [c.stack, `${prefix}-${c.stack}`]));
  const contentType = checked[0]!.type;
  await Promise.all(checked.map((c) => files.put(keys[c.stack]!, c.bytes, c.type)));
  try {
    const [row] = await db.insert(images).values({ ownerUserId: userId, kind, status: 'pending', stacks: keys, contentType, createdAt: now }).returning({ id: images.id, status: images.status });
    const url = Object.fromEntries(checked.map((c) => [c.stack, `/v1/images/${row!.id}/${c.stack}`]));
    return { id: row!.id, kind, status: row!.status, url };
  } catch (err) {
    await Promise.all(Object.values(keys).map((k) => files.delete(k).catch(() => undefined)));
    throw err;
  }
}

/**
 * The response that serves a private file: its stored type with nosniff, never cached, sandboxed so it never runs as
 * a document in our origin; a download (`attachment`) or shown in an <img> (`inline`, complaint photos).
 */
export function privateFileResponse(object: { body: unknown; size: number }, file: { contentType: string; filename: string }, disposition: 'attachment' | 'inline' = 'attachment') {
  return new Response(object.body as BodyInit, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(object.size),
      'Content-Disposition': contentDisposition(file.filename).replace(/^attachment/, disposition),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Security-Policy': `${API_CSP}; sandbox`,
    },
  });
}
