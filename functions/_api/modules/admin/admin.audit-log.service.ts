// The audit log for admins: who did what to which object, when and from where, with the values before and after.
// Newest first; filters by action (a dotted prefix such as "image." or a full action), target and actor.
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { as } from '../../db/columns-alias';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { envelope, offsetOf } from '../../lib/list';
import { listQuery } from '#shared/schemas/list.schema';
import type { Deps } from '../../platform/deps';
import { containsPattern } from './admin.outbox.service';
import type { AuditValues } from './audit';

const text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `Search for at most ${max} characters.`)));

export const auditQuery = v.object({
  ...listQuery(['id']),
  order_dir: v.optional(v.picklist(['asc', 'desc']), 'desc'),
  action: text(60),
  target_type: text(40),
  target_id: text(40),
  /** A user id, or a part of the actor's e-mail address. */
  actor: text(120),
});
export type AuditQuery = v.InferOutput<typeof auditQuery>;

/** "image." → everything that starts with it (range on the text, so the comparison needs no LIKE escaping). */
function actionFilter(action: string): SQL {
  return action.endsWith('.') ? and(gte(auditLog.action, action), lt(auditLog.action, `${action}\uffff`))! : eq(auditLog.action, action);
}

function actorFilter(actor: string): SQL {
  if (/^\d{1,12}$/.test(actor)) return eq(auditLog.actorUserId, Number(actor));
  return sql`${auditLog.actorUserId} in (select ${users.id} from ${users} where lower(${users.email}) like ${containsPattern(actor)} escape '\\')`;
}

/** GET /v1/admin/audit: the page, both counts and the actions and target types seen so far; one round trip. */
export async function listAudit(deps: Pick<Deps, 'db'>, q: AuditQuery) {
  const { db } = deps;
  const conds: SQL[] = [];
  if (q.action) conds.push(actionFilter(q.action));
  if (q.target_type) conds.push(eq(auditLog.targetType, q.target_type));
  if (q.target_id) conds.push(eq(auditLog.targetId, q.target_id));
  if (q.actor) conds.push(actorFilter(q.actor));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, filtered, total, actions, targetTypes] = await db.batch([
    db
      .select({
        id: as(auditLog.id, 'audit_id'),
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        ip: auditLog.ip,
        createdAt: as(auditLog.createdAt, 'audit_created_at'),
        actorId: auditLog.actorUserId,
        actorFirstname: users.firstname,
        actorLastname: users.lastname,
        actorEmail: users.email,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(q.order_dir === 'asc' ? auditLog.id : desc(auditLog.id))
      .limit(q.page_size)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(auditLog).where(where),
    db.select({ n: count() }).from(auditLog),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
    db.selectDistinct({ targetType: auditLog.targetType }).from(auditLog).orderBy(auditLog.targetType),
  ]);
  return {
    ...envelope(
      rows.map((r) => ({
        id: r.id,
        action: r.action,
        target_type: r.targetType,
        target_id: r.targetId,
        actor: r.actorId != null ? { id: r.actorId, firstname: r.actorFirstname ?? '', lastname: r.actorLastname ?? '', email: r.actorEmail ?? '' } : null,
        ip: r.ip,
        before: (r.before ?? null) as AuditValues,
        after: (r.after ?? null) as AuditValues,
        created_at: r.createdAt.toISOString(),
      })),
      q,
      { total: total[0]?.n ?? 0, filtered: filtered[0]?.n ?? 0 },
    ),
    facets: { actions: actions.map((a) => a.action), target_types: targetTypes.map((t) => t.targetType) },
  };
}
