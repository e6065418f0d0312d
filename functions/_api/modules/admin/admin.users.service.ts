// Admin: users. The search, one account's full picture (roles, sign-in methods, sessions, bookings) and the writes
// on an account: end sessions, grant or remove super-user, disable or enable. Each write is one db.batch with its
// audit row; the rules that must hold under concurrency (a super-user always remains) sit in the update's WHERE.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { guardedWrite } from '../../db/guarded-write';
import { bookings } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';
import { oauthAccounts, sessions, users } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Deps } from '../../platform/deps';
import { SESSION_LIMITS } from '../session/session.middleware';
import { effectiveStatusSql } from '../bookings/bookings.facade.service';
import { CHEF_STATUS_NAMES } from '../chef-area/chef-status.service';
import { publicSessionId } from '../users/users.service';
import { auditEntry, auditIfChanged, type AdminActor, type AuditRecord } from './audit';
import type { USER_ORDER, UserRoleFilter } from '#shared/schemas/admin.users.schema';
import { matchAccountWords } from '../../db/search';

type AdminDeps = Pick<Deps, 'db' | 'clock'>;

// ---- shared by the admin lists ----

/** One guarded write whose only dependent is its audit row; the batch's first result is the guard's. */
export function auditedWrite(db: DB, actor: AdminActor, guard: BatchItem<'sqlite'>, r: AuditRecord) {
  const write = guardedWrite(db);
  return write.statements(guard, [auditIfChanged(db, actor, write.witness, r)]);
}

// ---- search ----

const ORDER_COLUMNS: Record<(typeof USER_ORDER)[number], SQLiteColumn> = {
  created_at: users.createdAt,
  email: users.email,
  lastname: users.lastname,
  id: users.id,
};

const isChefUser = (db: DB) => inArray(users.id, db.select({ id: chefs.userId }).from(chefs));

function roleFilter(db: DB, role: UserRoleFilter | undefined): SQL | undefined {
  if (role === 'su') return eq(users.isSu, true);
  if (role === 'chef') return isChefUser(db);
  if (role === 'disabled') return isNotNull(users.disabledAt);
  return undefined;
}

export type UserSearch = ListParams<(typeof USER_ORDER)[number]> & { q?: string; role?: UserRoleFilter };

/** GET /v1/admin/users: one page of accounts with their roles, plus the totals; one round trip. */
export async function searchUsers(deps: AdminDeps, params: UserSearch) {
  const { db } = deps;
  // Every word in the name or e-mail ("anna muster", "muster@"), through the full-text index (db/search.ts).
  const where = and(matchAccountWords(params.q, users), roleFilter(db, params.role));
  const orderCol = ORDER_COLUMNS[params.order];
  const [rows, [total], [filtered]] = await db.batch([
    db
      .select({
        id: as(users.id, 'user_id_'),
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        isSu: users.isSu,
        disabledAt: users.disabledAt,
        emailVerifiedAt: users.emailVerifiedAt,
        createdAt: as(users.createdAt, 'user_created_at'),
        chefId: asJoined(chefs.id, 'chef_id'),
        chefStatus: asJoined(chefs.status, 'chef_status'),
      })
      .from(users)
      .leftJoin(chefs, eq(chefs.userId, users.id))
      .where(where)
      .orderBy(params.order_dir === 'desc' ? desc(orderCol) : asc(orderCol), params.order_dir === 'desc' ? desc(users.id) : asc(users.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const data = rows.map((u) => ({
    id: u.id,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    is_su: u.isSu,
    is_chef: u.chefId != null,
    chef: u.chefId != null && u.chefStatus != null ? { id: u.chefId, status: u.chefStatus, status_name: CHEF_STATUS_NAMES[u.chefStatus] } : null,
    disabled: u.disabledAt != null,
    email_verified: u.emailVerifiedAt != null,
    created_at: u.createdAt.toISOString(),
  }));
  return envelope(data, params, { total: total?.n ?? 0, filtered: filtered?.n ?? 0 });
}

// ---- one account ----

const BOOKINGS_SHOWN = 50;
const chefUser = alias(users, 'chef_user');

function userBookingsWhere(db: DB, userId: number) {
  return or(eq(bookings.customerId, userId), inArray(bookings.chefId, db.select({ id: chefs.id }).from(chefs).where(eq(chefs.userId, userId))));
}

/** GET /v1/admin/users/{id}: the account, its roles, sign-in methods, live sessions and bookings; one round trip. */
export async function userDetail(deps: AdminDeps, viewerId: number, userId: number) {
  const { db, clock } = deps;
  const now = clock.now();
  const [[u], accounts, live, bookingRows, [bookingCount]] = await db.batch([
    db
      .select({
        id: as(users.id, 'user_id_'),
        email: users.email,
        firstname: users.firstname,
        lastname: users.lastname,
        phone: users.phone,
        phoneVerifiedAt: users.phoneVerifiedAt,
        emailVerifiedAt: users.emailVerifiedAt,
        hasPassword: sql<number>`${users.passwordHash} is not null`.mapWith(Boolean).as('has_password'),
        locale: users.locale,
        currency: as(users.currency, 'user_currency'),
        isSu: users.isSu,
        disabledAt: users.disabledAt,
        createdAt: as(users.createdAt, 'user_created_at'),
        chefId: asJoined(chefs.id, 'chef_id'),
        chefUri: chefs.uri,
        chefStatus: asJoined(chefs.status, 'chef_status'),
      })
      .from(users)
      .leftJoin(chefs, eq(chefs.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({ provider: oauthAccounts.provider, email: oauthAccounts.email, createdAt: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId))
      .orderBy(asc(oauthAccounts.id)),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt)),
    db
      .select({
        id: as(bookings.id, 'booking_id'),
        customerId: bookings.customerId,
        status: effectiveStatusSql(now).as('effective_status'),
        menuName: bookings.menuName,
        eventDate: bookings.eventDate,
        startsAt: bookings.startsAt,
        timezone: as(bookings.timezone, 'booking_timezone'),
        guests: bookings.guests,
        total: bookings.total,
        currency: as(bookings.currency, 'booking_currency'),
        createdAt: as(bookings.createdAt, 'booking_created_at'),
        customerFirstname: as(users.firstname, 'customer_firstname'),
        customerLastname: as(users.lastname, 'customer_lastname'),
        chefId: as(chefs.id, 'chef_id'),
        chefFirstname: as(chefUser.firstname, 'chef_firstname'),
        chefLastname: as(chefUser.lastname, 'chef_lastname'),
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.customerId))
      .innerJoin(chefs, eq(chefs.id, bookings.chefId))
      .innerJoin(chefUser, eq(chefUser.id, chefs.userId))
      .where(userBookingsWhere(db, userId))
      .orderBy(desc(bookings.startsAt), desc(bookings.id))
      .limit(BOOKINGS_SHOWN),
    db.select({ n: count() }).from(bookings).where(userBookingsWhere(db, userId)),
  ]);
  if (!u) throw notFound('User not found.');

  // Idle sessions have ended even though their row still looks alive.
  const active = live.filter((s) => now.getTime() - s.lastSeenAt.getTime() <= (s.rememberMe ? SESSION_LIMITS.remembered.idle : SESSION_LIMITS.browser.idle));
  return {
    id: u.id,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    phone: u.phone,
    phone_verified: u.phoneVerifiedAt != null,
    email_verified: u.emailVerifiedAt != null,
    locale: u.locale,
    currency: u.currency,
    created_at: u.createdAt.toISOString(),
    is_su: u.isSu,
    is_self: u.id === viewerId,
    disabled: u.disabledAt != null,
    disabled_at: u.disabledAt?.toISOString() ?? null,
    is_chef: u.chefId != null,
    chef: u.chefId != null && u.chefStatus != null ? { id: u.chefId, uri: u.chefUri, status: u.chefStatus, status_name: CHEF_STATUS_NAMES[u.chefStatus] } : null,
    sign_in_methods: {
      password: Boolean(u.hasPassword),
      providers: accounts.map((a) => ({ provider: a.provider, email: a.email, linked_at: a.createdAt.toISOString() })),
    },
    sessions: active.map((s) => ({
      id: publicSessionId(s.idHash),
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      remember_me: s.rememberMe,
      user_agent: s.userAgent,
      ip: s.ip,
    })),
    bookings: {
      data: bookingRows.map((b) => ({
        id: b.id,
        role: b.customerId === u.id ? ('customer' as const) : ('chef' as const),
        status: b.status,
        menu_name: b.menuName,
        event_date: b.eventDate,
        starts_at: b.startsAt.toISOString(),
        timezone: b.timezone,
        guests: b.guests,
        total: b.total,
        currency: b.currency,
        created_at: b.createdAt.toISOString(),
        customer: { id: b.customerId, firstname: b.customerFirstname, lastname: b.customerLastname },
        chef: { id: b.chefId, firstname: b.chefFirstname, lastname: b.chefLastname },
      })),
      total_count: bookingCount?.n ?? 0,
    },
  };
}

export type AdminUserDetail = Awaited<ReturnType<typeof userDetail>>;

// ---- sessions ----

/** POST /v1/admin/users/{id}/sessions/revoke: ends every session of the account. */
export async function revokeAllSessions(deps: AdminDeps, actor: AdminActor, userId: number) {
  const { db } = deps;
  const [[u], [live]] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)),
    db.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, actor.now))),
  ]);
  if (!u) throw notFound('User not found.');
  const [revoked] = await db.batch([
    db
      .update(sessions)
      .set({ revokedAt: actor.now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ idHash: sessions.idHash }),
    auditEntry(db, actor, { action: 'user.sessions.revoke_all', targetType: 'user', targetId: userId, before: { active_sessions: live?.n ?? 0 }, after: { active_sessions: 0 } }),
  ]);
  return { revoked: revoked.length };
}

/** DELETE /v1/admin/users/{id}/sessions/{sessionId}: ends one session; an unknown or ended one is 404. */
export async function revokeOneSession(deps: AdminDeps, actor: AdminActor, userId: number, sessionId: string) {
  const { db } = deps;
  const [revoked] = await db.batch(
    auditedWrite(
      db,
      actor,
      db
        .update(sessions)
        .set({ revokedAt: actor.now })
        .where(and(eq(sessions.userId, userId), like(sessions.idHash, `${sessionId}%`), isNull(sessions.revokedAt)))
        .returning({ idHash: sessions.idHash }),
      { action: 'user.sessions.revoke', targetType: 'user', targetId: userId, before: { session: sessionId, revoked: false }, after: { session: sessionId, revoked: true } },
    ),
  );
  if (!revoked.length) throw notFound('Session not found.');
}

// ---- super-user and disabled ----

/**
 * True while at least one other enabled super-user exists. Raw SQL over an aliased table, so that inside an UPDATE
 * of users the names cannot bind to the updated row. SQLite runs one write at a time, so of two admins demoting each
 * other at once the second update already sees the first one's result and changes nothing.
 */
const anotherSuperUserRemains = (userId: number) =>
  sql`(select count(*) from users o where o.is_su = 1 and o.disabled_at is null and o.id <> ${userId}) > 0`;

export const LAST_SUPER_USER = 'At least one super-user must remain. Make someone else a super-user first.';
const lastSuperUser = () => conflict(LAST_SUPER_USER, 'LAST_SUPER_USER');

async function accountState(db: DB, userId: number) {
  const [u] = await db.select({ id: users.id, isSu: users.isSu, disabledAt: users.disabledAt }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound('User not found.');
  return u;
}

export type AccountChange = { changed: boolean; is_su: boolean; disabled: boolean; sessions_revoked?: number };

/** PUT /v1/admin/users/{id}/super-user: grants or removes the right; never one's own, never the last one. */
export async function setSuperUser(deps: AdminDeps, actor: AdminActor, userId: number, isSu: boolean): Promise<AccountChange> {
  const { db } = deps;
  if (!isSu && userId === actor.userId) {
    throw conflict('You cannot remove your own super-user right. Another super-user has to do it.', 'OWN_SUPER_USER');
  }
  const u = await accountState(db, userId);
  if (u.isSu === isSu) return { changed: false, is_su: u.isSu, disabled: u.disabledAt != null };
  const guard = isSu ? eq(users.isSu, false) : and(eq(users.isSu, true), anotherSuperUserRemains(userId));
  const [updated] = await db.batch(
    auditedWrite(
      db,
      actor,
      db
        .update(users)
        .set({ isSu, updatedAt: actor.now })
        .where(and(eq(users.id, userId), guard))
        .returning({ id: users.id }),
      { action: isSu ? 'user.super_user.grant' : 'user.super_user.remove', targetType: 'user', targetId: userId, before: { is_su: !isSu }, after: { is_su: isSu } },
    ),
  );
  if (!updated.length) {
    // Either someone else made the same change just now (fine), or this was the last super-user.
    const now = await accountState(db, userId);
    if (now.isSu === isSu) return { changed: false, is_su: now.isSu, disabled: now.disabledAt != null };
    throw lastSuperUser();
  }
  return { changed: true, is_su: isSu, disabled: u.disabledAt != null };
}

/**
 * PUT /v1/admin/users/{id}/disabled. Disabling ends every session of the account in the same batch (the sign-in and
 * the session check refuse disabled accounts from then on); a super-user can only be disabled while another enabled
 * super-user remains. Enabling leaves the ended sessions ended.
 */
export async function setDisabled(deps: AdminDeps, actor: AdminActor, userId: number, disabled: boolean): Promise<AccountChange> {
  const { db } = deps;
  if (disabled && userId === actor.userId) throw conflict('You cannot disable your own account.', 'OWN_ACCOUNT');
  const u = await accountState(db, userId);
  if ((u.disabledAt != null) === disabled) return { changed: false, is_su: u.isSu, disabled };

  if (!disabled) {
    const [updated] = await db.batch(
      auditedWrite(
        db,
        actor,
        db.update(users).set({ disabledAt: null, updatedAt: actor.now }).where(and(eq(users.id, userId), isNotNull(users.disabledAt))).returning({ id: users.id }),
        { action: 'user.enable', targetType: 'user', targetId: userId, before: { disabled: true, disabled_at: u.disabledAt?.toISOString() ?? null }, after: { disabled: false } },
      ),
    );
    return { changed: updated.length > 0, is_su: u.isSu, disabled: false };
  }

  const [updated, , , , revoked] = await db.batch([
    ...auditedWrite(
      db,
      actor,
      db
        .update(users)
        .set({ disabledAt: actor.now, updatedAt: actor.now })
        .where(and(eq(users.id, userId), isNull(users.disabledAt), or(eq(users.isSu, false), anotherSuperUserRemains(userId))))
        .returning({ id: users.id }),
      { action: 'user.disable', targetType: 'user', targetId: userId, before: { disabled: false }, after: { disabled: true, disabled_at: actor.now.toISOString() } },
    ),
    // Only when the account is disabled now (by this batch or by a parallel one): a refused disable ends nothing.
    db
      .update(sessions)
      .set({ revokedAt: actor.now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`exists (select 1 from users d where d.id = ${userId} and d.disabled_at is not null)`))
      .returning({ idHash: sessions.idHash }),
  ]);
  if (!updated.length) {
    const now = await accountState(db, userId);
    if (now.disabledAt != null) return { changed: false, is_su: now.isSu, disabled: true, sessions_revoked: revoked.length };
    throw lastSuperUser();
  }
  return { changed: true, is_su: u.isSu, disabled: true, sessions_revoked: revoked.length };
}
