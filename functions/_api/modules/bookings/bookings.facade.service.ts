// The bookings module as the other modules see it. Payments, reviews, messages, the sweep and the admin take a booking
// through its steps and read its state with these, and with the use-case services (`*.service.ts`); they never
// import the machine, the transition runner, the ledger or the queries directly (tests/architecture enforces it), so
// the bookings module can change how it does these things without touching its callers.
export { ACTIVE_STATUSES, BOOKING_STATUSES, TRANSITIONS, barredParty, chefInGoodStandingSql, complaintUntilOf, effectiveStatus, effectiveStatusSql, partiesInGoodStandingSql, reviewUntilOf, REVIEW_WITHIN_MS } from './bookings.machine';
export { assertStanding, assertTransition, isUniqueViolation, releaseHold, runTransition, type Actor } from './bookings.transition';
export { bookingSelect, chefUser, customerUser, recipientOf, timed, toRecord, type BookingRecord } from './bookings.query';
export { bookingLink, formatWhen } from './bookings.notices';
export { EVENT_DURATION_MS } from '#shared/booking-window';
export { heldReasonSql, LEDGER_STATUSES, ledgerLine, ledgerLineAfterCancel, type HeldReason } from './ledger';
export { fingerprintOf, idempotent } from './idempotency';
export { sendBookingDigests } from './request-limits';
export { bookingEvent, calendarOf, uidDomain, zoneSpans } from './booking-calendar';
export { sendReminders } from './booking-reminders.service';
export { expireCancellations } from './cancellation-ranking';
