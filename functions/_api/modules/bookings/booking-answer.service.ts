// The chef's answer to a request: accept (the day must still be free) or decline with a reason the customer reads.
import { forbidden, keyedConflict } from '../../lib/errors';
import type { Deps } from '../../platform/deps';
import { effectiveStatus, paymentDueByFor } from './bookings.machine';
import { timed } from './bookings.query';
import { bookingFor, getBooking, type ReadCtx, type Viewer } from './bookings.service';
import { runTransition } from './bookings.transition';
import { dayConflict, dayStateQuery, toDayState } from './day-conflicts';

function requireRelation(relation: 'customer' | 'chef', needed: 'customer' | 'chef', message: string) {
  if (relation !== needed) throw forbidden(message);
}

/** POST /v1/bookings/{id}/accept */
export async function acceptBooking(deps: Deps, viewer: Viewer, id: number, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, id);
  requireRelation(relation, 'chef', 'Only the chef can accept a request.');
  const now = deps.clock.now();
  const current = effectiveStatus(timed(b), now);
  if (current === 'requested') {
    const [dayRow] = await dayStateQuery(deps.db, b.chefId, b.eventDate);
    const clash = dayConflict(toDayState(dayRow), b.id);
    // The chef reads about their own calendar, not the customer's "the chef's calendar" of validation.refusal.*.
    if (clash === 'booked') throw keyedConflict('validation.answer.daybooked', 'CHEF_UNAVAILABLE');
    if (clash === 'blocked') throw keyedConflict('validation.answer.dayblocked', 'CHEF_UNAVAILABLE');
  }
  const paymentDueBy = paymentDueByFor(now, b.startsAt);
  await runTransition(deps, {
    booking: b,
    name: 'accept',
    actor: { role: 'chef', userId: viewer.userId },
    set: { acceptedAt: now, paymentDueBy },
    notice: { deadline: paymentDueBy },
  });
  return getBooking(deps, viewer, id, ctx, 'chef');
}

/** POST /v1/bookings/{id}/decline {reason} */
export async function declineBooking(deps: Deps, viewer: Viewer, id: number, reason: string, ctx: ReadCtx) {
  const { b, relation } = await bookingFor(deps, viewer, id);
  requireRelation(relation, 'chef', 'Only the chef can decline a request.');
  await runTransition(deps, {
    booking: b,
    name: 'decline',
    actor: { role: 'chef', userId: viewer.userId },
    set: { reason, cancelledAt: deps.clock.now() },
    note: reason,
    notice: { reason },
  });
  return getBooking(deps, viewer, id, ctx, 'chef');
}
