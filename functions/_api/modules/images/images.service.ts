// Public image URLs in the seed's shapes and lookup of stored stacks. A picture resolved as a relation (`resolve=image`,
// `user_public.avatar`) comes wrapped like every resolved relation ({ data: { url: { <stack>: url } } }, as the seed
// shows for avatar.data.url); a picture that is a plain field of its object has no wrapper (a popular city's
// image.url.t1024_2x1, seed §3).
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { images } from '../../db/schema/files';

export type ImageRef = { id: number | null; status: string | null; stacks: Record<string, string> | null };

/** The picture's id and its URL per stack; a hidden or missing image is null, so every client shows the placeholder. */
export function imageUrls(ref: ImageRef, only?: readonly string[]): { id: number; url: Record<string, string> } | null {
  if (ref.id == null || !ref.stacks || ref.status === 'hidden') return null;
  const url: Record<string, string> = {};
  for (const stack of Object.keys(ref.stacks)) {
    if (!only || only.includes(stack)) url[stack] = `/v1/images/${ref.id}/${stack}`;
  }
  return { id: ref.id, url };
}

/** A picture resolved as a relation: imageUrls wrapped in `data`. */
export function imageResource(ref: ImageRef, only?: readonly string[]) {
  const image = imageUrls(ref, only);
  return image ? { data: image } : null;
}

/** The stored object of one stack; a hidden image is not found, except for the admins' moderation queue. */
export async function findImageObject(db: DB, id: number, stack: string, opts: { includeHidden?: boolean } = {}): Promise<{ key: string; contentType: string } | null> {
  const row = await db.query.images.findFirst({ where: eq(images.id, id), columns: { stacks: true, status: true, contentType: true } });
  if (!row || (row.status === 'hidden' && !opts.includeHidden)) return null;
  const key = row.stacks[stack];
  return key ? { key, contentType: row.contentType } : null;
}
