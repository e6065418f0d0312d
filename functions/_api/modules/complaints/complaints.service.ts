// Complaints (issue 18 §3): for 48 hours after the event ended the customer may report one problem with a booking;
// the chef is told and may answer (editable until an administrator decides); the administrator decides with no,
// a partial or a full refund. While the complaint is open the chef's earnings of the booking are held: the payout
// query (admin.payouts dueItem) leaves out every booking with an open complaint, and a complaint is refused once a
// payout carries the earnings, both conditions written into the statements themselves, so no order of requests
// can pay a held booking. The decision's refund goes through the refunds table and the payment provider like every
// other refund, and the chef's ledger line becomes their share of what the customer keeps paying (pricing.settle),
// so paid = refunded + chef + platform holds for every outcome.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { DB } from '../../db/client';
import { guardedWrite, type Witness } from '../../db/guarded-write';
import { payments } from '../../db/schema/bookings';
import { complaints } from '../../db/schema/complaints';
import { attachments } from '../../db/schema/files';
import { ApiError, conflict, fieldError, forbidden, keyedConflict, notFound } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { insertSelect, moneyParam, param, prepareNotice, sendNotices, superUsers, whenParam, type PreparedNotice } from '../notifications/notify.service';
import { formatMoney, settle } from '#shared/pricing';
import { recordRefund, sendRecordedRefund } from '../refunds/refunds.service';
import {
  bookingLink,
  complaintUntilOf,
  effectiveStatus,
  formatWhen,
  isUniqueViolation,
  ledgerLineAfterCancel,
  recipientOf,
  timed,
  type BookingRecord,
} from '../bookings/bookings.facade.service';
import { bookingFor, loadBooking, type ReadCtx, type Viewer } from '../bookings/bookings.service';
import { COMPLAINT_CATEGORIES, type ComplaintInput, type ComplaintOutcome, type DecisionInput } from './complaints.schema';

type Complaint = typeof complaints.$inferSelect;

/** The statuses of a booking that took place: a problem can be reported only then. */
const TOOK_PLACE = ['completed', 'reviewed'];

export const complaintOf = async (db: DB, bookingId: number) => (await db.select().from(complaints).where(eq(complaints.bookingId, bookingId)).limit(1))[0] ?? null;

const photoUrl = (c: Pick<Complaint, 'bookingId'>, photoId: number) => `/v1/bookings/${c.bookingId}/complaint/photos/${photoId}`;

/** A complaint as either party and the admins read it; the refund in the booking's currency. */
export function presentComplaint(c: Complaint, currency: string, locale: string) {
  return {
    id: c.id,
    booking_id: c.bookingId,
    category: c.category,
    text: c.text,
    photos: c.photoIds.map((id) => ({ id, url: photoUrl(c, id) })),
    status: c.status as 'open' | 'decided',
    created_at: c.createdAt.toISOString(),
    chef_answer: c.chefAnswer,
    chef_answered_at: c.chefAnsweredAt?.toISOString() ?? null,
    outcome: c.outcome as ComplaintOutcome | null,
    refund_amount: c.refundAmount,
    refund_formatted: c.refundAmount == null ? null : formatMoney(c.refundAmount, currency, locale),
    decision_note: c.decisionNote,
    decided_at: c.decidedAt?.toISOString() ?? null,
  };
}
export type PresentedComplaint = ReturnType<typeof presentComplaint>;

/** Why the customer cannot report a problem now, or null when they can. */
function windowProblem(b: BookingRecord, now: Date, locale: string): ApiError | null {
  if (!TOOK_PLACE.includes(effectiveStatus(timed(b), now))) return conflict('You can report a problem once the event has taken place.', 'INVALID_BOOKING_STATE');
  const until = complaintUntilOf(b.startsAt);
  if (now.getTime() >= until.getTime()) {
    return keyedConflict('validation.refusal.complaint_window_closed', 'COMPLAINT_WINDOW_CLOSED', { until: formatWhen(until, b.timezone, locale) });
  }
  return null;
}

/**
 * GET /v1/bookings/{id}/complaint: the window (`until`, in the event's zone on the page), whether the customer can
 * report now (with the categories to choose from), and the complaint once there is one. Either party; 404 otherwise.
 */
export async function complaintView(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, bookingId: number, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  const c = await complaintOf(deps.db, b.id);
  const canReport = relation === 'customer' && !c && windowProblem(b, deps.clock.now(), ctx.locale) === null;
  return {
    until: complaintUntilOf(b.startsAt).toISOString(),
    timezone: b.timezone,
    can_report: canReport,
    categories: canReport ? [...COMPLAINT_CATEGORIES] : [],
    complaint: c ? presentComplaint(c, b.currency, ctx.locale) : null,
  };
}

/** The customer's photos for a complaint: their own, not deleted, uploaded as complaint photos. */
async function checkPhotos(db: DB, customerId: number, ids: number[]) {
  if (!ids.length) return;
  const rows = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(inArray(attachments.id, ids), eq(attachments.userId, customerId), eq(attachments.kind, 'complaint_photo'), isNull(attachments.deletedAt)));
  if (rows.length !== ids.length) throw fieldError('photo_ids', 'validation.rule.nophoto');
}

/** The admins' list of open complaints (client route ylcadmin.complaints), where a new one is on top. */
const OPEN_COMPLAINTS = '/ylcadmin/complaints?status=open';

const EXISTS = () => conflict('You have already reported a problem with this booking.', 'COMPLAINT_EXISTS');

/**
 * POST /v1/bookings/{id}/complaint. The insert is conditioned on no payout carrying the booking's earnings (a chef
 * already paid is a case for support); the unique index on the booking makes it one complaint per booking whatever
 * the timing. The chef's notice is written in the same batch, only when the complaint was.
 */
export async function fileComplaint(deps: Deps, viewer: Viewer, bookingId: number, input: ComplaintInput, ctx: ReadCtx) {
  const { db, clock } = deps;
  const now = clock.now();
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  if (relation !== 'customer') throw forbidden('Only the customer can report a problem with this booking.');
  const problem = windowProblem(b, now, ctx.locale);
  if (problem) throw problem;
  if (await complaintOf(db, b.id)) throw EXISTS();
  await checkPhotos(db, b.customerId, input.photo_ids);

  const write = guardedWrite(db);
  // The administrators decide: each active super-user is told in the app and by mail, in their own locale.
  const admins = (await superUsers(db)).map((to) =>
    prepareNotice(deps, to, {
      key: 'admin_complaint.filed',
      params: {
        customer: `${b.customerFirstname} ${b.customerLastname}`.trim(),
        chef: `${b.chefFirstname} ${b.chefLastname}`.trim(),
        menu: b.menuName,
        date: whenParam(b.startsAt, b.timezone),
      },
      type: 'info',
      link: OPEN_COMPLAINTS,
    }, { when: write.witness }),
  );
  const notices = [
    prepareNotice(deps, recipientOf(b, 'chef'), {
      key: 'complaint.filed.chef',
      params: { customer: b.customerFirstname, menu: b.menuName, date: whenParam(b.startsAt, b.timezone) },
      type: 'error',
      link: bookingLink(b.id, 'chef'),
    }, { when: write.witness }),
    prepareNotice(deps, recipientOf(b, 'customer'), {
      key: 'complaint.filed.customer',
      params: { chef: b.chefFirstname, menu: b.menuName },
      type: 'info',
      link: bookingLink(b.id, 'customer'),
    }, { when: write.witness }),
    ...admins,
  ];
  let inserted: unknown[];
  try {
    [inserted] = await db.batch(
      write.statements(
        insertSelect(
        db,
        complaints,
        {
          bookingId: param(complaints.bookingId, b.id),
          customerId: param(complaints.customerId, b.customerId),
          chefId: param(complaints.chefId, b.chefId),
          category: param(complaints.category, input.category),
          text: param(complaints.text, input.text),
          photoIds: param(complaints.photoIds, input.photo_ids),
          status: param(complaints.status, 'open'),
          createdAt: param(complaints.createdAt, now),
          updatedAt: param(complaints.updatedAt, now),
        },
        sql`where not exists (select 1 from payout_items pi where pi.booking_id = ${b.id} and pi.payout_id is not null)`,
      ).returning({ id: complaints.id }),
        notices.map((n) => n.insert),
      ),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw EXISTS();
    throw err;
  }
  if (!inserted.length) throw conflict('The chef’s earnings for this booking are already being paid out. Please contact support about this problem.', 'PAYOUT_STARTED');
  await sendNotices(deps, notices);
  return complaintView(deps, viewer, b.id, ctx);
}

/** PUT /v1/bookings/{id}/complaint/answer: the chef's one answer, editable until the decision. */
export async function answerComplaint(deps: Deps, viewer: Viewer, bookingId: number, text: string, ctx: ReadCtx) {
  const { db, clock } = deps;
  const now = clock.now();
  const { b, relation } = await bookingFor(deps, viewer, bookingId);
  if (relation !== 'chef') throw forbidden('Only the chef can answer this complaint.');
  const c = await complaintOf(db, b.id);
  if (!c) throw notFound('No problem was reported for this booking.');
  if (c.status !== 'open') throw decided();
  // The customer hears of the first answer; edits before the decision are read on the page.
  const write = guardedWrite(db);
  const notices = c.chefAnswer == null
    ? [prepareNotice(deps, recipientOf(b, 'customer'), { key: 'complaint.answered.customer', params: { chef: b.chefFirstname, menu: b.menuName }, type: 'info', link: bookingLink(b.id, 'customer') }, { when: write.witness })]
    : [];
  const [updated] = await db.batch(
    write.statements(
      db
        .update(complaints)
        .set({ chefAnswer: text, chefAnsweredAt: now, updatedAt: now })
        .where(and(eq(complaints.id, c.id), eq(complaints.status, 'open')))
        .returning({ id: complaints.id }),
      notices.map((n) => n.insert),
    ),
  );
  if (!updated.length) throw decided();
  await sendNotices(deps, notices);
  return complaintView(deps, viewer, b.id, ctx);
}

const decided = () => conflict('This complaint has been decided. The decision is final.', 'COMPLAINT_DECIDED');

/** GET /v1/bookings/{id}/complaint/photos/{photoId}: a photo of the complaint, for either party and the admins. */
export async function openComplaintPhoto(deps: Pick<Deps, 'db' | 'files' | 'clock'>, viewer: Viewer & { isSu: boolean }, bookingId: number, photoId: number) {
  const { db } = deps;
  let customerId: number;
  if (viewer.isSu) {
    const b = await loadBooking(db, bookingId, deps.clock.now());
    if (!b) throw notFound('Photo not found.');
    customerId = b.customerId;
  } else customerId = (await bookingFor(deps, viewer, bookingId)).b.customerId;
  const c = await complaintOf(db, bookingId);
  if (!c || !c.photoIds.includes(photoId)) throw notFound('Photo not found.');
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, photoId), eq(attachments.userId, customerId), isNull(attachments.deletedAt)));
  const object = row ? await deps.files.get(row.storageKey) : null;
  if (!row || !object) throw notFound('Photo not found.');
  return { object, contentType: row.contentType, filename: row.filename };
}

// ---------------------------------------------------------------- the decision

/** What the customer paid for the booking, and what all its refunds so far (sent or not) gave back. */
export async function paidAndRefunded(db: DB, bookingId: number) {
  const [p] = await db
    .select({
      id: payments.id,
      amount: payments.amount,
      currency: payments.currency,
      // Written out: a bare "id" inside the subquery would be the refund's own.
      refunded: sql<number>`coalesce((select sum(r.amount) from refunds r where r.payment_id = "payments"."id"), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.status, ['succeeded', 'partially_refunded', 'refunded'])))
    .orderBy(desc(payments.id))
    .limit(1);
  return p ? { ...p, refundable: Math.max(0, p.amount - p.refunded) } : null;
}

/** What a decision can still give back (the captured payment less every refund so far), for the admin's detail. */
export async function refundableOf(db: DB, bookingId: number, currency: string, locale: string) {
  const refundable = (await paidAndRefunded(db, bookingId))?.refundable ?? 0;
  return { refundable, refundable_formatted: formatMoney(refundable, currency, locale) };
}

/** The refund an outcome means, checked against what can still be refunded. */
function refundFor(input: DecisionInput, refundable: number, currency: string): number {
  if (input.outcome === 'no_refund') return 0;
  if (input.outcome === 'full_refund') {
    if (refundable <= 0) throw conflict('Nothing is left to refund for this booking.', 'NOTHING_TO_REFUND');
    return refundable;
  }
  const amount = input.refund_amount!;
  if (amount >= refundable) {
    throw refundable <= 0
      ? fieldError('refund_amount', 'validation.rule.nothingleft')
      : fieldError('refund_amount', 'validation.rule.partialrefund', { amount: { amount: refundable, currency } });
  }
  return amount;
}

export type DecisionActor = { userId: number; ip: string | null; now: Date };

/** The audit entry of a decision, written by the caller's audit helper inside the decision's batch, with its witness. */
export type DecisionAudit = (w: Witness, after: Record<string, unknown>) => BatchItem<'sqlite'>;

/**
 * POST /v1/admin/complaints/{id}/decision. One guarded write (db/guarded-write.ts) led by the complaint's update
 * guarded by "still open": the refund row, the chef's ledger line (their settle() share of what the customer keeps,
 * removed at nothing), the audit entry and both parties' notices are written only with its witness, so of two
 * admins deciding at once one decision is written whole and the other gets 409. The refund then goes to the
 * provider (refunds.service), retried by the sweep if the provider does not take it.
 */
export async function decideComplaint(deps: Deps, actor: DecisionActor, complaintId: number, input: DecisionInput, audit: DecisionAudit): Promise<void> {
  const { db } = deps;
  const now = actor.now;
  const [c] = await db.select().from(complaints).where(eq(complaints.id, complaintId)).limit(1);
  if (!c) throw notFound('Complaint not found.');
  if (c.status !== 'open') throw decided();
  const b = (await loadBooking(db, c.bookingId, now))!;
  const paid = await paidAndRefunded(db, b.id);
  if (!paid && input.outcome !== 'no_refund') throw conflict('This booking has no captured payment to refund.', 'NOTHING_TO_REFUND');
  const refund = paid ? refundFor(input, paid.refundable, b.currency) : 0;
  const split = settle({ serviceFee: b.serviceFee, chefEarnings: b.chefEarnings }, paid?.amount ?? 0, (paid?.refunded ?? 0) + refund);

  const write = guardedWrite(db);
  const w = write.witness;
  const f = (amount: number) => moneyParam(amount, b.currency);
  const dependents: BatchItem<'sqlite'>[] = [];
  if (paid && refund > 0) {
    const reason = COMPLAINT_REFUND_REASON[input.outcome];
    dependents.push(recordRefund(db, { paymentId: paid.id, bookingId: b.id, amount: refund, currency: paid.currency, reason }, w, now));
  }
  if (paid) dependents.push(ledgerLineAfterCancel(db, b, split.chef_earnings, w, now));
  dependents.push(
    audit(w, {
      booking_id: b.id,
      outcome: input.outcome,
      refund_amount: refund,
      chef_earnings: split.chef_earnings,
      currency: b.currency,
      note: input.note,
    }),
  );
  const params = (side: 'customer' | 'chef') => ({
    menu: b.menuName,
    refund: f(refund),
    earnings: f(split.chef_earnings),
    note: input.note,
    ...(side === 'customer' ? { chef: b.chefFirstname } : { customer: b.customerFirstname }),
  });
  const notices: PreparedNotice[] = (['customer', 'chef'] as const).map((side) =>
    prepareNotice(
      deps,
      recipientOf(b, side),
      { key: `complaint.decided.${input.outcome}.${side}`, params: params(side), type: 'info', link: bookingLink(b.id, side) },
      { when: w },
    ),
  );
  dependents.push(...notices.map((n) => n.insert));
  const [updated] = (await db.batch(
    write.statements(
      db
        .update(complaints)
        .set({ status: 'decided', outcome: input.outcome, refundAmount: refund, decisionNote: input.note, decidedBy: actor.userId, decidedAt: now, updatedAt: now })
        .where(and(eq(complaints.id, c.id), eq(complaints.status, 'open')))
        .returning({ id: complaints.id }),
      dependents,
    ),
  )) as [unknown[], ...unknown[]];
  if (!updated.length) throw decided();
  await sendNotices(deps, notices);
  if (refund > 0) await sendRecordedRefund(deps, b.id);
}

/** The refund's reason in the ledger (refunds.reason), which statements and the admin's booking view show. */
export const COMPLAINT_REFUND_REASON: Record<ComplaintOutcome, string> = {
  no_refund: 'Complaint decided: no refund',
  partial_refund: 'Complaint decided: partial refund',
  full_refund: 'Complaint decided: full refund',
};
