// The cancellation policy (PRODUCT "Booking lifecycle"), shown at checkout and on the booking: free until 14 days
// before the event, 50 % until 72 hours before, nothing after; a chef's cancellation is always refunded in full.
// The refund is a share of the total the customer paid, service fee included (as the demo data computes it).
import { share } from '../pricing/pricing';

const HOUR = 3600_000;
export const FULL_REFUND_BEFORE_MS = 14 * 24 * HOUR;
export const HALF_REFUND_BEFORE_MS = 72 * HOUR;

export type RefundTier = 'full' | 'half' | 'none';

export type CancellationTerms = {
  tier: RefundTier;
  /** Share of the total refunded, in basis points. */
  refund_bp: number;
  refund_amount: number;
  /** What the chef still earns (the same share of their earnings as the customer keeps paying). */
  chef_earnings: number;
  /** Until then a customer's cancellation is free / half refunded. */
  free_until: Date;
  half_refund_until: Date;
};

export function cancellationTerms(input: {
  by: 'customer' | 'chef';
  startsAt: Date;
  now: Date;
  /** What the customer paid (0 when nothing was paid yet). */
  paid: number;
  chefEarnings: number;
}): CancellationTerms {
  const start = input.startsAt.getTime();
  const before = start - input.now.getTime();
  const tier: RefundTier = input.by === 'chef' || before >= FULL_REFUND_BEFORE_MS ? 'full' : before >= HALF_REFUND_BEFORE_MS ? 'half' : 'none';
  const refundBp = tier === 'full' ? 10_000 : tier === 'half' ? 5_000 : 0;
  return {
    tier,
    refund_bp: refundBp,
    refund_amount: share(input.paid, refundBp),
    chef_earnings: input.paid > 0 ? share(input.chefEarnings, 10_000 - refundBp) : 0,
    free_until: new Date(start - FULL_REFUND_BEFORE_MS),
    half_refund_until: new Date(start - HALF_REFUND_BEFORE_MS),
  };
}

/** The reason stored with the refund, in the words the demo data uses. */
export function refundReason(by: 'customer' | 'chef', tier: RefundTier): string {
  if (by === 'chef') return 'Cancelled by the chef: full refund';
  if (tier === 'full') return 'Cancelled 14 or more days before the event: full refund';
  if (tier === 'half') return 'Cancelled 72 hours to 14 days before the event: 50% refund';
  return 'Cancelled less than 72 hours before the event: no refund';
}

/** The refund reason when an administrator set the amount instead of the policy. */
export const ADMIN_REFUND_REASON = 'Cancelled by support: refund set by an administrator';

/**
 * An administrator's refund instead of the policy's (support cases): the chef keeps the share of their earnings
 * that the customer keeps paying, as with the policy's tiers.
 */
export function chosenRefundTerms(terms: CancellationTerms, input: { paid: number; chefEarnings: number; refund: number }): CancellationTerms {
  const kept = input.paid - input.refund;
  return {
    ...terms,
    refund_bp: input.paid > 0 ? Math.round((input.refund * 10_000) / input.paid) : 0,
    refund_amount: input.refund,
    chef_earnings: input.paid > 0 ? Math.round((input.chefEarnings * kept) / input.paid) : 0,
  };
}
