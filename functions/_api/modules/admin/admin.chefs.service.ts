// Admin: chefs. The lists by status, the application view (profile, onboarding steps, documents, regions, menus,
// history) and the writes: status changes go through the chef status machine (chef-status.service.ts), the tier is set
// here in the same style (guarded update, audit row and notification in one batch, then the mail).
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { as } from '../../db/columns-alias';
import { matchChefWords } from '../../db/search';
import { ChefStatus, chefs, type ChefStatusValue } from '../../db/schema/chefs';
import { users } from '../../db/schema/users';
import { ApiError, conflict, fieldError, notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Locale } from '#shared/locales';
import type { Deps } from '../../platform/deps';
import { listOwnMenus } from '../chef-area/chef-menus.service';
import { onboardingState } from '../chef-area/chef-onboarding.service';
import { ownProfile } from '../chef-area/chef-profile.service';
import { CHEF_STATUS_NAMES, CHEF_TRANSITIONS, chefWithUser, transitionChefStatus, writeChefChange } from '../chef-area/chef-status.service';
import { listAttachments } from '../uploads/uploads.service';
import { auditIfChanged, auditTrailQuery, type AdminActor } from './audit';
import type { CHEF_ORDER, CHEF_STATUS_FILTER, ChefActionBody, ChefAdminAction, ChefTierName } from '#shared/schemas/admin.chefs.schema';
import { adminCancelBooking, chefCancellationRows, chefCancellationsQuery, chefUpcomingQuery, chefUpcomingRows } from './admin.bookings.service';
import type { ReadCtx } from '../bookings/bookings.service';


type StatusName = keyof typeof ChefStatus;
const statusName = (status: ChefStatusValue) => CHEF_STATUS_NAMES[status] as StatusName;

export const tierOf = (c: { isPro: boolean; isSignature: boolean }): ChefTierName => (c.isSignature ? 'signature' : c.isPro ? 'pro' : 'chef');
const TIER_FLAGS: Record<ChefTierName, { isPro: boolean; isSignature: boolean }> = {
  chef: { isPro: false, isSignature: false },
  pro: { isPro: true, isSignature: false },
  signature: { isPro: false, isSignature: true },
};

// ---- lists ----

const ORDER_COLUMNS: Record<(typeof CHEF_ORDER)[number], SQLiteColumn> = {
  created_at: chefs.createdAt,
  submitted_at: chefs.submittedAt,
  lastname: users.lastname,
  id: chefs.id,
};

export type ChefSearch = ListParams<(typeof CHEF_ORDER)[number]> & {
  q?: string;
  status?: (typeof CHEF_STATUS_FILTER)[number];
  tier?: ChefTierName;
};

function tierFilter(tier: ChefTierName | undefined): SQL | undefined {
  if (!tier) return undefined;
  const flags = TIER_FLAGS[tier];
  return and(eq(chefs.isPro, flags.isPro), eq(chefs.isSignature, flags.isSignature));
}

/**
 * GET /v1/admin/chefs: one page of chefs under the filters, the totals, and the count per status under the search
 * and tier (so the status tabs can show them); one round trip.
 */
export async function searchChefs(deps: Pick<Deps, 'db'>, params: ChefSearch) {
  const { db } = deps;
  const matching = and(matchChefWords(params.q, chefs, users), tierFilter(params.tier));
  const where = and(matching, params.status ? eq(chefs.status, ChefStatus[params.status]) : undefined);
  const orderCol = ORDER_COLUMNS[params.order];
  const dir = params.order_dir === 'desc' ? desc : asc;
  const publishedMenus = sql<number>`(select count(*) from menus m where m.chef_id = "chefs"."id" and m.status = 'published')`.mapWith(Number);
  const [rows, [total], [filtered], perStatus] = await db.batch([
    db
      .select({
        id: as(chefs.id, 'chef_id'),
        uri: chefs.uri,
        status: chefs.status,
        isPro: chefs.isPro,
        isSignature: chefs.isSignature,
        isVerified: chefs.isVerified,
        displayLocation: chefs.displayLocation,
        submittedAt: chefs.submittedAt,
        createdAt: as(chefs.createdAt, 'chef_created_at'),
        reviewCount: chefs.reviewCount,
        reviewAvg: chefs.reviewAvg,
        userId: as(users.id, 'user_id_'),
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        disabledAt: users.disabledAt,
        publishedMenus: publishedMenus.as('published_menus'),
      })
      .from(chefs)
      .innerJoin(users, eq(users.id, chefs.userId))
      .where(where)
      // Nulls (never submitted) last, whichever the direction.
      .orderBy(sql`${orderCol} is null`, dir(orderCol), dir(chefs.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db.select({ n: count() }).from(chefs),
    db.select({ n: count() }).from(chefs).innerJoin(users, eq(users.id, chefs.userId)).where(where),
    db.select({ status: chefs.status, n: count() }).from(chefs).innerJoin(users, eq(users.id, chefs.userId)).where(matching).groupBy(chefs.status),
  ]);
  const data = rows.map((c) => ({
    id: c.id,
    uri: c.uri,
    status: c.status,
    status_name: statusName(c.status),
    tier: tierOf(c),
    is_pro: c.isPro,
    is_signature: c.isSignature,
    is_verified: c.isVerified,
    display_location: c.displayLocation,
    submitted_at: c.submittedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    review_count: c.reviewCount,
    review_avg: Math.round(c.reviewAvg * 10) / 10,
    published_menus: c.publishedMenus,
    user: { id: c.userId, email: c.email, firstname: c.firstname, lastname: c.lastname, disabled: c.disabledAt != null },
  }));
  const statusCounts = Object.fromEntries(Object.keys(ChefStatus).map((name) => [name, 0])) as Record<StatusName, number>;
  for (const row of perStatus) statusCounts[statusName(row.status)] = row.n;
  return { ...envelope(data, params, { total: total?.n ?? 0, filtered: filtered?.n ?? 0 }), status_counts: statusCounts };
}

// ---- the application view ----

const HISTORY_SHOWN = 30;

/** The status changes an admin may make from a status, in the order the screen offers them. */
export function adminActionsFrom(status: ChefStatusValue): ChefAdminAction[] {
  return (Object.keys(CHEF_TRANSITIONS) as ChefAdminAction[]).filter((a) => CHEF_TRANSITIONS[a].by.includes('admin') && CHEF_TRANSITIONS[a].from.includes(status));
}

/**
 * GET /v1/admin/chefs/{id}: the chef's own profile as the chef area shows it, plus the account, the onboarding steps,
 * the documents (downloaded through the uploads module, which audit-logs a super-user's download), the menus, the
 * allowed actions and the recent history. Reuses the chef area's reads, which run in parallel.
 */
export async function chefDetail(deps: Deps, chefId: number, locale: Locale) {
  const { db } = deps;
  const now = deps.clock.now();
  const [[account], history, upcoming, cancellations] = await db.batch([
    chefWithUser(db, chefId),
    auditTrailQuery(db, 'chef', chefId, { newestFirst: true, limit: HISTORY_SHOWN }),
    chefUpcomingQuery(db, chefId, now),
    chefCancellationsQuery(db, chefId),
  ]);
  if (!account) throw notFound('Chef not found.');
  const [profile, menus, onboarding, documents] = await Promise.all([
    ownProfile(deps, chefId, locale),
    listOwnMenus(deps, chefId),
    onboardingState(deps, chefId),
    listAttachments(deps, account.userId),
  ]);
  return {
    ...profile,
    status_name: statusName(profile.status),
    tier: tierOf({ isPro: profile.is_pro, isSignature: profile.is_signature }),
    status_before_ban: account.statusBeforeBan,
    status_before_ban_name: account.statusBeforeBan != null ? statusName(account.statusBeforeBan) : null,
    paused_by: account.pausedBy,
    pause_reason: account.pauseReason,
    /** What a pause or ban touches: the admin keeps or cancels each (cancel_bookings of the pause and ban bodies). */
    upcoming_bookings: chefUpcomingRows(upcoming, now, locale),
    /**
     * The confirmed bookings the chef cancelled (`count` of all, the newest `items`) and `recent_count`, those that
     * still lower the chef's menus in the ranking (bookings/cancellation-ranking.ts).
     */
    cancellations: { ...chefCancellationRows(cancellations), recent_count: account.recentCancellations },
    actions: adminActionsFrom(profile.status),
    user: { id: account.userId, email: account.email, is_su: account.isSu, disabled: account.disabledAt != null, locale: account.locale },
    onboarding: { steps: onboarding.steps, complete: onboarding.complete },
    documents,
    menus,
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      before: h.before,
      after: h.after,
      created_at: h.createdAt.toISOString(),
      actor: h.actorId != null ? { id: h.actorId, firstname: h.actorFirstname ?? '', lastname: h.actorLastname ?? '' } : null,
    })),
  };
}

export type AdminChefDetail = Awaited<ReturnType<typeof chefDetail>>;

// ---- writes ----

/** What became of one upcoming booking the admin chose to cancel with a pause or ban. */
export type BookingOutcome = { id: number; cancelled: boolean; message?: string };

/**
 * POST /v1/admin/chefs/{id}/{action}: one transition of the chef status machine, by an admin. A pause or ban may
 * cancel some of the chef's upcoming bookings (issue 14 §5): each must be one of them (else 400 and nothing changes);
 * after the status change each is cancelled on the chef's side with the admin as actor (a request is declined, an
 * unpaid booking called off, a paid one refunded in full and counted against the chef), by the bookings module's
 * own cancellation with its audit entry. Bookings not listed are kept. A booking that changed meanwhile is reported.
 */
export async function changeChefStatus(deps: Deps, actor: AdminActor, chefId: number, action: ChefAdminAction, body: ChefActionBody, ctx: ReadCtx) {
  const cancel = body.cancel_bookings ?? [];
  if (cancel.length) {
    const ids = new Set((await chefUpcomingQuery(deps.db, chefId, deps.clock.now())).map((b) => b.id));
    const unknown = cancel.filter((id) => !ids.has(id));
    if (unknown.length) {
      throw fieldError('cancel_bookings', 'validation.rule.notupcoming', { ids: unknown.map((id) => `#${id}`).join(', ') });
    }
  }
  const result = await transitionChefStatus(deps, { chefId, action, actor: { role: 'admin', userId: actor.userId, ip: actor.ip }, reason: body.reason ?? null });
  const bookings: BookingOutcome[] = [];
  for (const id of cancel) {
    try {
      await adminCancelBooking(deps, actor, id, { side: 'chef', reason: body.cancel_reason ?? '' }, ctx);
      bookings.push({ id, cancelled: true });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      bookings.push({ id, cancelled: false, message: err.message });
    }
  }
  return { ...result, bookings };
}

/**
 * PUT /v1/admin/chefs/{id}/tier: the guarded update (on the tier the admin saw), its audit row and the chef's
 * notification in one batch, then the mail in the chef's locale. Setting the current tier again changes nothing.
 */
export async function setChefTier(deps: Deps, actor: AdminActor, chefId: number, tier: ChefTierName) {
  const { db } = deps;
  const [chef] = await chefWithUser(db, chefId);
  if (!chef) throw notFound('Chef not found.');
  const from = tierOf(chef);
  if (from === tier) return { changed: false, tier };

  const flags = TIER_FLAGS[tier];
  await writeChefChange(deps, chef, {
    set: { ...flags, updatedAt: actor.now },
    guard: and(eq(chefs.isPro, chef.isPro), eq(chefs.isSignature, chef.isSignature))!,
    audit: (w) =>
      auditIfChanged(db, actor, w, {
        action: 'chef.tier',
        targetType: 'chef',
        targetId: chef.id,
        before: { tier: from, is_pro: chef.isPro, is_signature: chef.isSignature },
        after: { tier, is_pro: flags.isPro, is_signature: flags.isSignature },
      }),
    notice: { key: `chef_tier.${tier}`, type: tier === 'chef' ? 'info' : 'success', link: '/account/me/chefprofile' },
    lost: conflict('The tier of this chef changed in the meantime. Please reload and try again.', 'TIER_CHANGED'),
  });
  return { changed: true, tier };
}
