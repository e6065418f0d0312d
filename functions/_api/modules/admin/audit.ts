// The audit log of admin writes: who did what to which object, when, from where, with the values before and after.
// auditEntry() returns an insert to run inside the same db.batch as the write it records.
import type { SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import { auditLog } from '../../db/schema/system';
import type { AppEnv } from '../../env';
import { clientIp, requireSuperUser } from '../auth/session';
import { insertSelect, param } from '../notifications/notify';

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
 * auditEntry() as `insert … select … <rest>`: the row is written only when `rest`'s condition holds inside the
 * batch (a transition's witness), so a write that lost its race leaves no audit row either.
 */
export function auditEntryWhere(db: DB, actor: AdminActor, r: AuditRecord, rest: SQL) {
  const row = { actorUserId: actor.userId, action: r.action, targetType: r.targetType, targetId: r.targetId === null ? null : String(r.targetId), before: r.before, after: r.after, ip: actor.ip };
  return auditInsertWhere(db, row, actor.now, rest);
}

export type AuditRow = {
  actorUserId: number | null;
  action: string;
  targetType: string;
  /** A value, or a subquery when the target's id is only known inside the batch (a row inserted just before). */
  targetId: string | SQL | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

/** The one conditional audit insert: an audit_log row written by `insert … select … <rest>`. */
export function auditInsertWhere(db: DB, e: AuditRow, now: Date, rest: SQL) {
  return insertSelect(
    db,
    auditLog,
    {
      actorUserId: param(auditLog.actorUserId, e.actorUserId),
      action: param(auditLog.action, e.action),
      targetType: param(auditLog.targetType, e.targetType),
      targetId: e.targetId === null || typeof e.targetId === 'string' ? param(auditLog.targetId, e.targetId) : e.targetId,
      before: param(auditLog.before, e.before ?? null),
      after: param(auditLog.after, e.after ?? null),
      ip: param(auditLog.ip, e.ip ?? null),
      createdAt: param(auditLog.createdAt, now),
    },
    rest,
  );
}
