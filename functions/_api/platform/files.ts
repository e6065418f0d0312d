// Object storage over an R2 bucket: private documents and image stacks, always under server-generated keys.
import type { R2Bucket } from '@cloudflare/workers-types';

export type StoredObject = { body: ReadableStream; contentType: string; size: number; etag: string };

export type Files = {
  put(key: string, body: ArrayBuffer | Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
};

export function r2Files(bucket: R2Bucket): Files {
  return {
    async put(key, body, contentType) {
      await bucket.put(key, body, { httpMetadata: { contentType } });
    },
    async get(key) {
      const obj = await bucket.get(key);
      if (!obj) return null;
      return {
        body: obj.body as unknown as ReadableStream,
        contentType: obj.httpMetadata?.contentType ?? 'application/octet-stream',
        size: obj.size,
        etag: obj.httpEtag,
      };
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}

/** A random, unguessable object key under a prefix. */
export function newObjectKey(prefix: string): string {
  return `${prefix}/${crypto.randomUUID()}`;
}
