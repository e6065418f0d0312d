// Admin complaints: the list (open first by default, filtered by status and category, paged), the detail with both
// sides, the photos, the booking's money and the decision's audit trail, and the decision itself, which the
// complaints module writes in one batch with this module's audit entry.
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { as } from '../../db/columns-alias';
import { complaints } from '../../db/schema/complaints';
import { bookings } from '../../db/schema/bookings';
import { chefs } from '../../db/schema/chefs';
import { users } from '../../db/schema/users';
import { alias } from 'drizzle-orm/sqlite-core';
import { notFound } from '../../lib/errors';
import { envelope, offsetOf, type ListParams } from '../../lib/list';
import type { Deps } from '../../platform/deps';
import { adminBooking, type ReadCtx } from '../bookings/bookings.service';
import { decideComplaint, presentComplaint, refundableOf } from '../complaints/complaints.service';
import type { DecisionInput } from '../complaints/complaints.schema';
import { auditIfChanged, auditTrailQuery, type AdminActor } from './audit';

const customer = alias(users, 'cc');
const chefUser = alias(users, 'ccu');

export type AdminComplaintsFilter = ListParams<'created_at'> & { status?: 'open' | 'decided'; category?: string; explicitDir: boolean };

/** GET /v1/admin/complaints: newest first (the client may order), with both parties' names. One round trip. */
export async function listAdminComplaints(deps: Pick<Deps, 'db'>, f: AdminComplaintsFilter, ctx: ReadCtx) {
  const { db } = deps;
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(complaints.status, f.status));
  if (f.category) conds.push(eq(complaints.category, f.category));
  const where = conds.length ? and(...conds) : undefined;
  const dir = f.explicitDir ? f.order_dir : 'desc';
  const [rows, filtered, total] = await db.batch([
    db
      .select({
        complaint: complaints,
        currency: bookings.currency,
        timezone: bookings.timezone,
        startsAt: bookings.startsAt,
        menuName: bookings.menuName,
        total: bookings.total,
        customerFirstname: as(customer.firstname, 'c_firstname'),
        customerLastname: as(customer.lastname, 'c_lastname'),
        chefFirstname: as(chefUser.firstname, 'ch_firstname'),
        chefLastname: as(chefUser.lastname, 'ch_lastname'),
      })
      .from(complaints)
      .innerJoin(bookings, eq(bookings.id, complaints.bookingId))
      .innerJoin(customer, eq(customer.id, complaints.customerId))
      .innerJoin(chefs, eq(chefs.id, complaints.chefId))
      .innerJoin(chefUser, eq(chefUser.id, chefs.userId))
      .where(where)
      .orderBy(dir === 'asc' ? asc(complaints.id) : desc(complaints.id))
      .limit(f.page_size)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(complaints).where(where),
    db.select({ n: count() }).from(complaints),
  ]);
  return envelope(
    rows.map((r) => ({
      ...presentComplaint(r.complaint, r.currency, ctx.locale),
      booking: { id: r.complaint.bookingId, menu_name: r.menuName, starts_at: r.startsAt.toISOString(), timezone: r.timezone, total: r.total, currency: r.currency },
      customer: { id: r.complaint.customerId, firstname: r.customerFirstname, lastname: r.customerLastname },
      chef: { id: r.complaint.chefId, firstname: r.chefFirstname, lastname: r.chefLastname },
    })),
    f,
    { total: total[0]?.n ?? 0, filtered: filtered[0]?.n ?? 0 },
  );
}

/** GET /v1/admin/complaints/{id}: the complaint, its booking as admins see it (both sides, payment, refunds, money), and its audit trail. */
export async function adminComplaintDetail(deps: Pick<Deps, 'db' | 'clock'>, actor: AdminActor, id: number, ctx: ReadCtx) {
  const { db } = deps;
  const [[c], trail] = await db.batch([db.select().from(complaints).where(eq(complaints.id, id)).limit(1), auditTrailQuery(db, 'complaint', id)]);
  if (!c) throw notFound('Complaint not found.');
  const booking = await adminBooking(deps, actor.userId, c.bookingId, ctx);
  const money = await refundableOf(db, c.bookingId, booking.price.currency, ctx.locale);
  return {
    ...presentComplaint(c, booking.price.currency, ctx.locale),
    ...money,
    booking,
    audit: trail.map((a) => ({
      id: a.id,
      action: a.action,
      after: a.after,
      created_at: a.createdAt.toISOString(),
      actor: a.actorId ? { id: a.actorId, firstname: a.actorFirstname ?? '', lastname: a.actorLastname ?? '' } : null,
    })),
  };
}

/** POST /v1/admin/complaints/{id}/decision: the decision with its audit entry, then the detail as it now is. */
export async function adminDecideComplaint(deps: Deps, actor: AdminActor, id: number, input: DecisionInput, ctx: ReadCtx) {
  await decideComplaint(deps, actor, id, input, (w, after) => auditIfChanged(deps.db, actor, w, { action: `complaint.${input.outcome}`, targetType: 'complaint', targetId: id, before: { status: 'open' }, after }));
  return adminComplaintDetail(deps, actor, id, ctx);
}
