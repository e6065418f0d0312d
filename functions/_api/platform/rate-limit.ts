// Fixed-window rate limits stored in the database: one atomic upsert both counts the hit and returns the count,
// so parallel requests cannot slip past the limit.
import { sql } from 'drizzle-orm';
import type { DB } from '../db/client';
import { rateLimits } from '../db/schema/users';
import { tooMany } from '../lib/errors';

export type Limit = { limit: number; windowSeconds: number };

/** The statement that counts a hit, for a caller that sends it in a batch with its reads (one round trip). */
export function hitStatement(db: DB, key: string, rule: Limit, now: Date) {
  const t = now.getTime();
  const reset = t + rule.windowSeconds * 1000;
  return db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: reset })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${t} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${t} then ${reset} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
}

/** Throws 429 when a counted hit (hitStatement's rows) is past the limit. */
export function refuseOver(rows: readonly { count: number; resetAt: number }[], rule: Limit, now: Date, message: string): void {
  const row = rows[0]!;
  if (row.count > rule.limit) throw tooMany(message, (row.resetAt - now.getTime()) / 1000);
}

export async function hit(db: DB, key: string, rule: Limit, now: Date): Promise<{ count: number; resetAt: number }> {
  return (await hitStatement(db, key, rule, now))[0]!;
}

/** Counts a hit and throws 429 once the limit is passed. */
export async function enforce(db: DB, key: string, rule: Limit, now: Date, message: string): Promise<void> {
  refuseOver(await hitStatement(db, key, rule, now), rule, now, message);
}
