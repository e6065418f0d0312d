// The money invariant (PRODUCT "Booking lifecycle"): for every booking, what the customer paid = what was refunded
// + the chef's earnings (the booking's ledger line) + what the platform keeps of its commission and service fee. The
// platform's shares come from the price snapshot by pricing.settle's rule, never from the ledger, so a ledger line
// that is missing or wrong, or a refund that went nowhere, shows up as a booking that does not add up.
import { sql } from 'drizzle-orm';
import type { DB } from '../../functions/_api/db/client';
import { bookings } from '../../functions/_api/db/schema/bookings';
import { settle } from '#shared/pricing';

const CAPTURED = sql.raw(`('succeeded', 'refunded', 'partially_refunded')`);

export type BookingMoney = {
  id: number;
  status: string;
  paid: number;
  refunded: number;
  chef_earnings: number;
  commission: number;
  service_fee: number;
  /** paid − refunded − chef − commission − fee: 0 when the booking adds up. */
  balance: number;
  /** The payments' refunded totals against the refunds the provider took (those with its reference). */
  provider_refunded: number;
  refunds_taken: number;
};

export async function bookingMoney(db: DB): Promise<BookingMoney[]> {
  const B = sql.raw('"bookings"."id"');
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      serviceFee: bookings.serviceFee,
      chefEarnings: bookings.chefEarnings,
      paid: sql<number>`coalesce((select sum(p.amount) from payments p where p.booking_id = ${B} and p.status in ${CAPTURED}), 0)`.mapWith(Number).as('m_paid'),
      refunded: sql<number>`coalesce((select sum(r.amount) from refunds r where r.booking_id = ${B}), 0)`.mapWith(Number).as('m_refunded'),
      refundsTaken: sql<number>`coalesce((select sum(r.amount) from refunds r where r.booking_id = ${B} and r.provider_ref is not null), 0)`.mapWith(Number).as('m_refunds_taken'),
      providerRefunded: sql<number>`coalesce((select sum(p.refunded_amount) from payments p where p.booking_id = ${B}), 0)`.mapWith(Number).as('m_provider_refunded'),
      chef: sql<number>`coalesce((select sum(i.amount) from payout_items i where i.booking_id = ${B}), 0)`.mapWith(Number).as('m_chef'),
    })
    .from(bookings)
    .orderBy(bookings.id);
  return rows.map((r) => {
    const platform = settle({ serviceFee: r.serviceFee, chefEarnings: r.chefEarnings }, r.paid, r.refunded);
    return {
      id: r.id,
      status: r.status,
      paid: r.paid,
      refunded: r.refunded,
      chef_earnings: r.chef,
      commission: platform.commission,
      service_fee: platform.service_fee,
      balance: r.paid - r.refunded - r.chef - platform.commission - platform.service_fee,
      provider_refunded: r.providerRefunded,
      refunds_taken: r.refundsTaken,
    };
  });
}

/** The bookings that break the invariant (expected: none). */
export async function unbalanced(db: DB): Promise<BookingMoney[]> {
  return (await bookingMoney(db)).filter(
    (m) => m.balance !== 0 || m.refunded > m.paid || m.commission < 0 || m.service_fee < 0 || m.chef_earnings < 0 || m.provider_refunded !== m.refunds_taken,
  );
}
