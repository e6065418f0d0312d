// Chef cancellations in the search ranking (README Decisions): each confirmed booking a chef cancelled in the last
// CANCELLATION_PENALTY_DAYS lowers all of the chef's menus by CANCELLATION_PENALTY in the order of menus near; the
// rating shown stays the reviews' own. chefs.recent_cancellations holds the count: the cancellation's batch recounts
// it, the sweep recounts it once a cancellation ages out, and the menu search table's view
// (migrations/0014_dinner_and_blind_reviews.sql, the same two figures) ranks by review_avg − penalty × count.
import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { chefs } from '../../db/schema/chefs';
import { DAY } from '#shared/time';

export const CANCELLATION_PENALTY = 0.5;
export const CANCELLATION_PENALTY_DAYS = 180;

/** The chef's cancellations that still count at `now`. */
function countedSince(chefId: SQL | number, now: Date): SQL<number> {
  const since = now.getTime() - CANCELLATION_PENALTY_DAYS * DAY;
  return sql<number>`(select count(*) from chef_cancellations cc where cc.chef_id = ${chefId} and cc.created_at > ${since})`;
}

/** The chef's count recounted; part of the cancellation's batch (after its chef_cancellations row), under its witness. */
export const recountCancellations = (db: DB, chefId: number, witness: SQL, now: Date) =>
  db
    .update(chefs)
    .set({ recentCancellations: countedSince(chefId, now) })
    .where(and(eq(chefs.id, chefId), witness));

/** The sweep's step: counts of chefs whose cancellations aged out, recounted (a count only grows in the cancellation's batch). */
export async function expireCancellations(db: DB, now: Date): Promise<number> {
  // Written out: drizzle leaves an update's own columns unqualified, and the subquery must read the outer row.
  const count = countedSince(sql.raw('"chefs"."id"'), now);
  const rows = await db
    .update(chefs)
    .set({ recentCancellations: count })
    .where(and(gt(chefs.recentCancellations, 0), ne(chefs.recentCancellations, count)))
    .returning({ id: chefs.id });
  return rows.length;
}
