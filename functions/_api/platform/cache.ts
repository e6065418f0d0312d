// JSON cache over a KV namespace. A KV outage never fails the request: reads miss and writes are dropped.
import type { KVNamespace } from '@cloudflare/workers-types';
import type { Logger } from './log';

export type Cache = {
  get<T>(key: string): Promise<T | null>;
  put(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
};

/** KV's minimum expiration TTL. */
const MIN_TTL = 60;

export function kvCache(kv: KVNamespace, log: Logger): Cache {
  return {
    async get<T>(key: string) {
      try {
        return (await kv.get(key, 'json')) as T | null;
      } catch (err) {
        log.warn('cache.get_failed', { key, error: String(err) });
        return null;
      }
    },
    async put(key, value, ttlSeconds) {
      try {
        await kv.put(key, JSON.stringify(value), { expirationTtl: Math.max(MIN_TTL, ttlSeconds) });
      } catch (err) {
        log.warn('cache.put_failed', { key, error: String(err) });
      }
    },
    async delete(key) {
      try {
        await kv.delete(key);
      } catch (err) {
        log.warn('cache.delete_failed', { key, error: String(err) });
      }
    },
  };
}
