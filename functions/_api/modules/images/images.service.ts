// Public image URLs in the seed's shapes and lookup of stored stacks. A picture resolved as a relation (`resolve=image`,
// `user_public.avatar`) comes wrapped like every resolved relation ({ data: { url: { <stack>: url } } }, as the seed
// shows for avatar.data.url); a picture that is a plain field of its object has no wrapper (a popular city's
// image.url.t1024_2x1, seed §3). Only approved pictures are public: until an admin approves one, it is its owner's and
// the admins' (the owner's own screens show it, every public response resolves it to null and /v1/images answers 404
// to anybody else).
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { images } from '../../db/schema/files';

export type ImageRef = { id: number | null; status: string | null; stacks: Record<string, string> | null };

/**
 * The picture's id and its URL per stack, or null so every client shows the placeholder: always for a hidden picture,
 * and for one that is not approved yet unless `own` says the viewer is its owner (their own profile, menus, avatar).
 */
export function imageUrls(ref: ImageRef, only?: readonly string[], opts: { own?: boolean } = {}): { id: number; url: Record<string, string> } | null {
  if (ref.id == null || !ref.stacks || ref.status === 'hidden') return null;
  if (ref.status !== 'approved' && !opts.own) return null;
  const url: Record<string, string> = {};
  for (const stack of Object.keys(ref.stacks)) {
    if (!only || only.includes(stack)) url[stack] = `/v1/images/${ref.id}/${stack}`;
  }
  return { id: ref.id, url };
}

/** A picture resolved as a relation: imageUrls wrapped in `data`. */
export function imageResource(ref: ImageRef, only?: readonly string[], opts: { own?: boolean } = {}) {
  const image = imageUrls(ref, only, opts);
  return image ? { data: image } : null;
}

export type StoredImage = { key: string; contentType: string; status: string; ownerUserId: number | null };

/** The stored object of one stack; a hidden image is not found, except for the admins' moderation queue. */
export async function findImageObject(db: DB, id: number, stack: string, opts: { includeHidden?: boolean } = {}): Promise<StoredImage | null> {
  const row = await db.query.images.findFirst({ where: eq(images.id, id), columns: { stacks: true, status: true, contentType: true, ownerUserId: true } });
  if (!row || (row.status === 'hidden' && !opts.includeHidden)) return null;
  const key = row.stacks[stack];
  return key ? { key, contentType: row.contentType, status: row.status, ownerUserId: row.ownerUserId } : null;
}
