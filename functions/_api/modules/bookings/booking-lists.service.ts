// The customer's orders and the chef's bookings: paged, filtered by the effective status (upcoming, past, open
// requests), each booking presented as its side sees it.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { bookings } from '../../db/schema/bookings';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Deps } from '../../platform/deps';
import { settingsQuery, toSettings } from '../settings/settings.service';
import { ACTIVE_STATUSES, effectiveStatusSql } from './bookings.machine';
import { presentBooking, type View } from './bookings.present';
import { bookingSelect, toRecord } from './bookings.query';
import type { Scope } from '#shared/schemas/bookings.schema';
import type { ReadCtx, Viewer } from './bookings.service';

const activeList = sql.join(
  ACTIVE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

function scopeCondition(scope: Scope | undefined, now: Date): SQL | undefined {
  const eff = effectiveStatusSql(now);
  if (scope === 'upcoming') return sql`${eff} in (${activeList})`;
  if (scope === 'past') return sql`${eff} not in (${activeList})`;
  if (scope === 'requests') return sql`${eff} = 'requested'`;
  return undefined;
}

async function listBookings(
  deps: Pick<Deps, 'db' | 'clock'>,
  viewer: Viewer,
  view: View,
  where: SQL,
  params: ListParams & { scope?: Scope; explicitDir: boolean },
  orderBy: SQL[],
  ctx: ReadCtx,
) {
  const { db, clock } = deps;
  const now = clock.now();
  const filtered = and(where, scopeCondition(params.scope, now))!;
  const [rows, total, settingRows] = await db.batch([
    bookingSelect(db, now, { detailsFor: viewer.userId })
      .where(filtered)
      .orderBy(...orderBy, desc(bookings.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db.select({ n: count() }).from(bookings).where(filtered),
    settingsQuery(db),
  ]);
  const settings = toSettings(settingRows);
  return envelope(
    rows.map((r) => presentBooking(toRecord(r), view, { now, ...ctx, settings })),
    { count: '1' },
    { total: Number(total[0]?.n ?? 0) },
  );
}

/** GET /v1/users/me/orders: upcoming soonest first, past latest first; everything latest first without a scope. */
export function listOrders(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, params: ListParams & { scope?: Scope; explicitDir: boolean }, ctx: ReadCtx) {
  const dir = params.explicitDir ? params.order_dir : params.scope === 'upcoming' ? 'asc' : 'desc';
  return listBookings(deps, viewer, 'customer', eq(bookings.customerId, viewer.userId), params, [dir === 'asc' ? asc(bookings.startsAt) : desc(bookings.startsAt)], ctx);
}

/**
 * GET /v1/chefs/me/bookings: requests needing an answer first (the most urgent first), then upcoming bookings
 * soonest first, then the past latest first.
 */
export function listChefBookings(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, chefId: number, params: ListParams & { scope?: Scope; explicitDir: boolean }, ctx: ReadCtx) {
  const eff = effectiveStatusSql(deps.clock.now());
  const rank = sql`(case when ${eff} = 'requested' then 0 when ${eff} in (${activeList}) then 1 else 2 end)`;
  const order = params.explicitDir
    ? [params.order_dir === 'asc' ? asc(bookings.startsAt) : desc(bookings.startsAt)]
    : [asc(rank), sql`case when ${rank} = 0 then "bookings"."respond_by" when ${rank} = 1 then "bookings"."starts_at" else -"bookings"."starts_at" end asc`];
  return listBookings(deps, viewer, 'chef', eq(bookings.chefId, chefId), params, order, ctx);
}
