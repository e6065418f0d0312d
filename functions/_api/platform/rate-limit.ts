// Fixed-window rate limits stored in the database: one atomic upsert both counts the hit and returns the count,
// so parallel requests cannot slip past the limit.
import { sql } from 'drizzle-orm';
import type { DB } from '../db/client';
import { tooMany } from '../lib/errors';

export type Limit = { limit: number; windowSeconds: number };

export async function hit(db: DB, key: string, rule: Limit, now: Date): Promise<{ count: number; resetAt: number }> {
  const t = now.getTime();
  const reset = t + rule.windowSeconds * 1000;
  const rows = await db.all<{ count: number; reset_at: number }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${reset})
    on conflict(key) do update set
      count = case when rate_limits.reset_at <= ${t} then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= ${t} then ${reset} else rate_limits.reset_at end
    returning count, reset_at`);
  const row = rows[0]!;
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** Counts a hit and throws 429 once the limit is passed. */
export async function enforce(db: DB, key: string, rule: Limit, now: Date, message: string): Promise<void> {
  const { count, resetAt } = await hit(db, key, rule, now);
  if (count > rule.limit) throw tooMany(message, (resetAt - now.getTime()) / 1000);
}
