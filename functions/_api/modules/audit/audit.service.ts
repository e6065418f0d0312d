// The one conditional audit insert, shared by the admin's writes (admin/audit.ts) and the chef status changes
// (chef-area/chef-status.service.ts): an audit_log row written only with the witness of a guarded write
// (db/guarded-write.ts), so a write that lost its race leaves no audit row. It is a module of its own so that the chef area does not import the admin module, which
// imports the chef area.
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import type { Witness } from '../../db/guarded-write';
import { auditLog } from '../../db/schema/system';
import { insertSelect, param } from '../notifications/notify.service';

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

/** The one conditional audit insert: an audit_log row written only when the guarded write of `w` won its race. */
export function auditIfWon(db: DB, w: Witness, e: AuditRow, now: Date): BatchItem<'sqlite'> {
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
    sql`where ${w}`,
  );
}
