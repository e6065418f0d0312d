// Public image URLs in the seed's shape ({ data: { url: { <stack>: url } } }) and lookup of stored stacks.
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { images } from '../../db/schema/files';

export type ImageRef = { id: number | null; status: string | null; stacks: Record<string, string> | null };

/** A hidden or missing image resolves to null, so every client shows the placeholder. */
export function imageResource(ref: ImageRef, only?: readonly string[]) {
  if (ref.id == null || !ref.stacks || ref.status === 'hidden') return null;
  const url: Record<string, string> = {};
  for (const stack of Object.keys(ref.stacks)) {
    if (!only || only.includes(stack)) url[stack] = `/v1/images/${ref.id}/${stack}`;
  }
  return { data: { id: ref.id, url } };
}

/** The stored object of one stack; a hidden image is not found, except for the admins' moderation queue. */
export async function findImageObject(db: DB, id: number, stack: string, opts: { includeHidden?: boolean } = {}): Promise<{ key: string; contentType: string } | null> {
  const row = await db.query.images.findFirst({ where: eq(images.id, id), columns: { stacks: true, status: true, contentType: true } });
  if (!row || (row.status === 'hidden' && !opts.includeHidden)) return null;
  const key = row.stacks[stack];
  return key ? { key, contentType: row.contentType } : null;
}
