// The booking time rules exist twice: in TypeScript (dueSystemStep, behind effectiveStatus, for reads and
// transitions) and in SQL (effectiveStatusSql, for list filters, the sweep's selection and every transition's
// guard). One table of cases runs through both forms against the real database, for every stored status at every
// deadline (just before, at, just after), so that changing either form alone fails here.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingDayHolds, bookings, type BookingStatus } from '../../functions/_api/db/schema/bookings';
import { BOOKING_STATUSES, effectiveStatus, effectiveStatusSql } from '../../functions/_api/modules/bookings/bookings.machine';
import { bookingSelect, timed, toRecord } from '../../functions/_api/modules/bookings/bookings.query';
import { EVENT_DURATION_MS } from '#shared/booking-window';
import { HOUR } from '#shared/time';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { createBooking } from '../support/chef-fixtures';
import { createChef, createMenu, createUser } from '../support/fixtures';

const h = useHarness();

/** The deadlines of every case row, an hour apart so that no two boundaries touch. */
const T = START.getTime() + 5 * 24 * HOUR;
const DEADLINES = {
  respond_by: T,
  payment_due_by: T + HOUR,
  hold_expires: T + 2 * HOUR,
  event_end: T + 3 * HOUR,
} as const;
type Deadline = keyof typeof DEADLINES;
const STARTS_AT = DEADLINES.event_end - EVENT_DURATION_MS;

type Row = {
  name: string;
  status: BookingStatus;
  /** Deadline columns left empty (a booking that never had one). */
  without?: ('respond_by' | 'payment_due_by')[];
  /** The booking's day hold (a checkout running) expires at this instant. */
  holdUntil?: number;
  /** The status the clock moves it to, from which deadline on; none: the stored status stays at every instant. */
  becomes?: { status: BookingStatus; from: Deadline };
};

const STEP_ROWS: Row[] = [
  { name: 'requested: expires at respond_by', status: 'requested', becomes: { status: 'expired', from: 'respond_by' } },
  { name: 'requested without respond_by: never expires', status: 'requested', without: ['respond_by'] },
  { name: 'accepted: payment expires at payment_due_by', status: 'accepted', becomes: { status: 'payment_expired', from: 'payment_due_by' } },
  { name: 'accepted in a checkout that outlives payment_due_by: expires with the hold', status: 'accepted', holdUntil: DEADLINES.hold_expires, becomes: { status: 'payment_expired', from: 'hold_expires' } },
  { name: 'accepted with a hold that ended before payment_due_by: expires at payment_due_by', status: 'accepted', holdUntil: T + HOUR / 2, becomes: { status: 'payment_expired', from: 'payment_due_by' } },
  { name: 'accepted without payment_due_by: never expires', status: 'accepted', without: ['payment_due_by'] },
  { name: 'confirmed: completed when the event ends', status: 'confirmed', becomes: { status: 'completed', from: 'event_end' } },
];
/** Every other stored status: no deadline moves it, even with every deadline column set and passed. */
const STILL_ROWS: Row[] = BOOKING_STATUSES.filter((s) => !['requested', 'accepted', 'confirmed'].includes(s)).map((status) => ({ name: `${status}: stays`, status }));
const ROWS = [...STEP_ROWS, ...STILL_ROWS];

/** Every boundary: one millisecond before each deadline, at it, and one after. */
const INSTANTS = (Object.keys(DEADLINES) as Deadline[]).flatMap((d) => [-1, 0, 1].map((delta) => ({ label: `${d}${delta < 0 ? ' − 1 ms' : delta > 0 ? ' + 1 ms' : ''}`, at: DEADLINES[d] + delta })));

const expected = (row: Row, at: number): BookingStatus => (row.becomes && at >= DEADLINES[row.becomes.from] ? row.becomes.status : row.status);

describe('the booking time rules in TypeScript and in SQL', () => {
  let ids: number[] = [];

  beforeAll(async () => {
    const { chef } = await createChef(h.db, { timezone: 'Europe/Zurich' });
    const menu = await createMenu(h.db, chef.id);
    const customer = await createUser(h.db);
    ids = [];
    for (const [i, row] of ROWS.entries()) {
      const day = `2026-07-${String(i + 1).padStart(2, '0')}`;
      const b = await createBooking(h.db, { chefId: chef.id, menuId: menu.id, customerId: customer.id, status: row.status, eventDate: day });
      await h.db
        .update(bookings)
        .set({
          startsAt: new Date(STARTS_AT),
          respondBy: row.without?.includes('respond_by') ? null : new Date(DEADLINES.respond_by),
          paymentDueBy: row.without?.includes('payment_due_by') ? null : new Date(DEADLINES.payment_due_by),
        })
        .where(eq(bookings.id, b.id));
      if (row.holdUntil) await h.db.insert(bookingDayHolds).values({ chefId: chef.id, day, bookingId: b.id, expiresAt: new Date(row.holdUntil) });
      ids.push(b.id);
    }
  });

  it.each(INSTANTS)('agree with each other and with the table at $label', async ({ at }) => {
    const now = new Date(at);
    const [records, sqlRows] = await h.db.batch([
      bookingSelect(h.db, now).where(inArray(bookings.id, ids)),
      h.db.select({ id: bookings.id, status: effectiveStatusSql(now) }).from(bookings).where(inArray(bookings.id, ids)),
    ]);
    const ts = new Map(records.map((r) => toRecord(r)).map((b) => [b.id, effectiveStatus(timed(b), now)]));
    const inSql = new Map(sqlRows.map((r) => [r.id, r.status]));
    const seen = ROWS.map((row, i) => ({ row: row.name, ts: ts.get(ids[i]!), sql: inSql.get(ids[i]!) }));
    expect(seen).toEqual(ROWS.map((row) => ({ row: row.name, ts: expected(row, at), sql: expected(row, at) })));
  });

  it('covers every stored status and moves each time-based one at its deadline', () => {
    expect([...new Set(ROWS.map((r) => r.status))].sort()).toEqual([...BOOKING_STATUSES].sort());
    // Each step row is seen on both sides of its deadline, so a rule that never fires cannot pass.
    for (const row of STEP_ROWS.filter((r) => r.becomes)) {
      const statuses = new Set(INSTANTS.map((i) => expected(row, i.at)));
      expect(statuses).toEqual(new Set([row.status, row.becomes!.status]));
    }
  });
});
