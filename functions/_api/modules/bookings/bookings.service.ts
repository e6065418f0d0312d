// Bookings: reading one booking as its customer, its chef or an admin sees it. The uses each have a service of their
// own: the price quote (booking-quote), creating a booking (booking-create), the chef's answer (booking-answer),
// cancellation with the refund policy (booking-cancel), the customer's and chef's lists (booking-lists) and the
// time-based steps (booking-sweep). Every state change goes through the machine (bookings.machine.ts) and its
// executor (bookings.transition.ts); every read shows the effective status.
import { eq } from 'drizzle-orm';
import type { DB } from '../../db/client';
import { bookings } from '../../db/schema/bookings';
import { notFound } from '../../lib/errors';
import type { Locale } from '#shared/locales';
import type { Deps } from '../../platform/deps';
import { settingsQuery, toSettings } from '../settings/settings.service';
import { bookingCalendar, phaseOf } from './booking-calendar';
import { effectiveStatus } from './bookings.machine';
import { presentBooking } from './bookings.present';
import { bookingSelect, relationOf, timed, toRecord, type BookingRecord } from './bookings.query';

export type ReadCtx = { locale: Locale; currency: string };
export type Viewer = { userId: number };

export async function loadBooking(db: DB, id: number, now: Date, detailsFor?: number): Promise<BookingRecord | null> {
  const [row] = await bookingSelect(db, now, detailsFor === undefined ? {} : { detailsFor }).where(eq(bookings.id, id)).limit(1);
  return row ? toRecord(row) : null;
}

/**
 * The booking and how the viewer relates to it. Somebody with no relation gets 404, whatever the booking: its
 * existence is never revealed.
 */
export async function bookingFor(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, id: number, opts: { details?: boolean } = {}) {
  const b = await loadBooking(deps.db, id, deps.clock.now(), opts.details ? viewer.userId : undefined);
  const relation = b ? relationOf(b, viewer.userId) : null;
  if (!b || !relation) throw notFound('Booking not found.');
  return { b, relation };
}

/** GET /v1/bookings/{id}, /v1/users/me/orders/{id} (only: 'customer'), /v1/chefs/me/bookings/{id} (only: 'chef'). */
export async function getBooking(deps: Pick<Deps, 'db' | 'clock'>, viewer: Viewer, id: number, ctx: ReadCtx, only?: 'customer' | 'chef') {
  const now = deps.clock.now();
  const [[row], settingRows] = await deps.db.batch([bookingSelect(deps.db, now, { detailsFor: viewer.userId }).where(eq(bookings.id, id)).limit(1), settingsQuery(deps.db)]);
  const b = row ? toRecord(row) : null;
  const relation = b ? relationOf(b, viewer.userId) : null;
  if (!b || !relation || (only && relation !== only)) throw notFound('Booking not found.');
  return presentBooking(b, relation, { now, ...ctx, settings: toSettings(settingRows) });
}

/** A booking as admins see it (both sides, contact details, earnings); for the admin area's booking details. */
export async function adminBooking(deps: Pick<Deps, 'db' | 'clock'>, adminUserId: number, id: number, ctx: ReadCtx) {
  const now = deps.clock.now();
  const [[row], settingRows] = await deps.db.batch([bookingSelect(deps.db, now, { detailsFor: adminUserId }).where(eq(bookings.id, id)).limit(1), settingsQuery(deps.db)]);
  if (!row) throw notFound('Booking not found.');
  return presentBooking(toRecord(row), 'admin', { now, ...ctx, settings: toSettings(settingRows) });
}

/**
 * GET /v1/bookings/{id}/calendar.ics: the booking's event as its customer, its chef (the street once the booking
 * takes place) or a super-user reads it, in the reader's language; anybody else 404, as for the booking itself.
 */
export async function bookingCalendarFile(deps: Pick<Deps, 'db' | 'clock' | 'config'>, viewer: Viewer & { isSu: boolean }, id: number, ctx: ReadCtx) {
  const now = deps.clock.now();
  const b = await loadBooking(deps.db, id, now);
  const relation = b ? relationOf(b, viewer.userId) : null;
  if (!b || (!relation && !viewer.isSu)) throw notFound('Booking not found.');
  const phase = phaseOf(effectiveStatus(timed(b), now));
  return bookingCalendar(b, 'PUBLISH', { viewer: relation ?? 'admin', phase, locale: ctx.locale, config: deps.config, now });
}
