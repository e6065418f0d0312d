// The audit log of admin writes: who did what to which object, when, from where, with the values before and after.
// auditEntry() returns an insert to run inside the same db.batch as the write it records.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { JSONValue } from 'hono/utils/types';
import type { DB } from '../../db/client';
import { as, asJoined } from '../../db/columns-alias';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import type { AppEnv } from '../../env';
import { clientIp, requireSuperUser } from '../session/session.middleware';
import type { Witness } from '../../db/guarded-write';
import { auditIfWon } from '../audit/audit.service';

/**
 * The values an audit entry records before and after, as they read back: the object of the fields it names, or null.
 * The column's own type is `unknown` (JSON text); the screens read fields of it (a reason, a status).
 */
export type AuditValues = { [field: string]: JSONValue } | null;

/** Who acts, from where, and the request's clock reading (so tests with a manual clock see consistent times). */
export type AdminActor = { userId: number; ip: string | null; now: Date };

export type AuditRecord = {
  /** Dotted verb, e.g. 'user.disable', 'chef.tier', 'payout.paid'. */
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** The signed-in super-user making this request (the admin router has already checked is_su). */
export async function adminActor(c: Context<AppEnv>): Promise<AdminActor> {
  const user = await requireSuperUser(c);
  return { userId: user.userId, ip: clientIp(c), now: c.get('deps').clock.now() };
}

export function auditEntry(db: DB, actor: AdminActor, r: AuditRecord) {
  return db.insert(auditLog).values({
    actorUserId: actor.userId,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId === null ? null : String(r.targetId),
    before: r.before ?? null,
    after: r.after ?? null,
    ip: actor.ip,
    createdAt: actor.now,
  });
}

/**
 * auditEntry() written only with the witness of a guarded write (db/guarded-write.ts), in the same batch: a write
 * that lost its race leaves no audit row.
 */
export function auditIfChanged(db: DB, actor: AdminActor, w: Witness, r: AuditRecord) {
  const row = { actorUserId: actor.userId, action: r.action, targetType: r.targetType, targetId: r.targetId === null ? null : String(r.targetId), before: r.before, after: r.after, ip: actor.ip };
  return auditIfWon(db, w, row, actor.now);
}

/**
 * The audit rows of one object with the name of who acted, for an admin detail view (a query to put in that view's
 * batch): oldest first, or newest first; `limit` caps the rows (none by default).
 */
export function auditTrailQuery(db: DB, targetType: string, targetId: string | number, opts: { newestFirst?: boolean; limit?: number } = {}) {
  return db
    .select({
      id: as(auditLog.id, 'audit_id'),
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: as(auditLog.createdAt, 'audit_created_at'),
      actorUserId: auditLog.actorUserId,
      actorId: asJoined(users.id, 'actor_id'),
      actorFirstname: asJoined(users.firstname, 'actor_firstname'),
      actorLastname: asJoined(users.lastname, 'actor_lastname'),
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(opts.newestFirst ? desc(auditLog.id) : asc(auditLog.id))
    .limit(opts.limit ?? -1); // SQLite: a negative limit is no limit
}
