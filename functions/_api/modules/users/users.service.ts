// The signed-in user's own account: profile, sessions, sign-in methods and notifications.
import { and, count, desc, eq, gt, inArray, isNull, like, ne } from 'drizzle-orm';
import * as v from 'valibot';
import { notifications } from '../../db/schema/messages';
import { oauthAccounts, sessions, users } from '../../db/schema/users';
import { notFound } from '../../lib/errors';
import { offsetOf, type ListParams } from '../../lib/list';
import { notificationTexts } from '../notifications/notify.service';
import type { Deps } from '../../platform/deps';
import type { profileBody } from '#shared/schemas/auth.schema';

export async function updateProfile(deps: Deps, userId: number, input: v.InferOutput<typeof profileBody>) {
  const [u] = await deps.db
    .update(users)
    .set({ firstname: input.firstname, lastname: input.lastname, updatedAt: deps.clock.now() })
    .where(eq(users.id, userId))
    .returning({ firstname: users.firstname, lastname: users.lastname });
  return u!;
}

/** Sessions are listed by a short public id (a prefix of the stored hash), never by the secret itself. */
export const publicSessionId = (hash: string) => hash.slice(0, 16);

export async function listSessions(deps: Deps, userId: number, currentHash: string) {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    id: publicSessionId(s.idHash),
    current: s.idHash === currentHash,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    user_agent: s.userAgent,
    ip: s.ip,
  }));
}

export async function revokeSessionById(deps: Deps, userId: number, publicId: string) {
  const [row] = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.userId, userId), like(sessions.idHash, `${publicId}%`), isNull(sessions.revokedAt)))
    .returning({ idHash: sessions.idHash });
  if (!row) throw notFound('Session not found.');
}

export async function revokeOtherSessions(deps: Deps, userId: number, currentHash: string) {
  const rows = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, currentHash), isNull(sessions.revokedAt)))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}

export async function signInMethods(deps: Deps, userId: number) {
  const [user, accounts] = await deps.db.batch([
    deps.db.select({ hasPassword: users.passwordHash }).from(users).where(eq(users.id, userId)),
    deps.db.select({ provider: oauthAccounts.provider, email: oauthAccounts.email, createdAt: oauthAccounts.createdAt }).from(oauthAccounts).where(eq(oauthAccounts.userId, userId)),
  ]);
  return {
    password: Boolean(user[0]?.hasPassword),
    providers: accounts.map((a) => ({ provider: a.provider, email: a.email, linked_at: a.createdAt.toISOString() })),
  };
}

/** The user's notifications, newest first, each in the reader's language (notify.service.ts notificationTexts). */
export async function listNotifications(deps: Deps, userId: number, params: ListParams, locale: string) {
  const [rows, total, unread] = await deps.db.batch([
    deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(params.page_size)
      .offset(offsetOf(params)),
    deps.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
    deps.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    data: rows.map((n) => ({ id: n.id, ...notificationTexts(locale, n), type: n.type, link: n.link, read: n.readAt != null, created_at: n.createdAt.toISOString() })),
    total_count: total[0]?.n ?? 0,
    filter_count: total[0]?.n ?? 0,
    unread_count: unread[0]?.n ?? 0,
  };
}

export async function markNotificationsRead(deps: Deps, userId: number, ids: number[] | 'all') {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  const rows = await deps.db
    .update(notifications)
    .set({ readAt: deps.clock.now() })
    .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return rows.length;
}
