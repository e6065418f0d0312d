// The cancellation policy (PRODUCT "Booking lifecycle"), shown at checkout and on the booking: free until 14 days
// before the event, 50 % until 72 hours before, nothing after; within 24 hours of paying everything, as long as the
// event is more than 72 hours away (cooling-off); a chef's cancellation is always refunded in full. The refund is a
// share of what the customer paid, service fee included; what is kept is split by pricing.settle(). Pure, so the
// booking form computes the same terms for the date being picked.
import { settle, share, type Settlement } from './pricing';
import { HOUR } from './time';

export const FULL_REFUND_BEFORE_MS = 14 * 24 * HOUR;
export const HALF_REFUND_BEFORE_MS = 72 * HOUR;
export const COOLING_OFF_MS = 24 * HOUR;

/** `cooling_off`: a full refund only because the customer paid less than 24 hours ago. */
export type RefundTier = 'full' | 'cooling_off' | 'half' | 'none';

/** The policy's deadlines for one event; a customer's cancellation up to a deadline gets that step's refund. */
export type PolicyDates = {
  free_until: Date;
  half_refund_until: Date;
  /** The end of the cooling-off period: 24 hours after paying, and never later than 72 hours before the event. */
  cooling_off_until: Date | null;
};

export function policyDates(startsAt: Date, paidAt: Date | null): PolicyDates {
  const start = startsAt.getTime();
  const halfUntil = start - HALF_REFUND_BEFORE_MS;
  const coolingEnd = paidAt ? Math.min(paidAt.getTime() + COOLING_OFF_MS, halfUntil) : null;
  return {
    free_until: new Date(start - FULL_REFUND_BEFORE_MS),
    half_refund_until: new Date(halfUntil),
    cooling_off_until: paidAt && coolingEnd! > paidAt.getTime() ? new Date(coolingEnd!) : null,
  };
}

/** The tier a cancellation at `now` gets. */
export function refundTier(by: 'customer' | 'chef', startsAt: Date, paidAt: Date | null, now: Date): RefundTier {
  const before = startsAt.getTime() - now.getTime();
  if (by === 'chef' || before >= FULL_REFUND_BEFORE_MS) return 'full';
  if (paidAt && now.getTime() - paidAt.getTime() <= COOLING_OFF_MS && before > HALF_REFUND_BEFORE_MS) return 'cooling_off';
  return before >= HALF_REFUND_BEFORE_MS ? 'half' : 'none';
}

const TIER_BP: Record<RefundTier, number> = { full: 10_000, cooling_off: 10_000, half: 5_000, none: 0 };

export type PolicyStep = { tier: RefundTier; until: Date | null };

/**
 * The refund steps still ahead at `now`, in order: the first is what cancelling now gives, each lasts until its
 * `until` (inclusive), and the last (`none`) has no end. What the form and the booking page list, with their dates.
 */
export function policySteps(dates: PolicyDates, now: Date): PolicyStep[] {
  const t = now.getTime();
  const steps: PolicyStep[] = [{ tier: 'full', until: dates.free_until }];
  if (dates.cooling_off_until && dates.cooling_off_until > dates.free_until) steps.push({ tier: 'cooling_off', until: dates.cooling_off_until });
  steps.push({ tier: 'half', until: dates.half_refund_until }, { tier: 'none', until: null });
  return steps.filter((s) => s.until === null || s.until.getTime() >= t);
}

export type CancellationTerms = PolicyDates & {
  tier: RefundTier;
  /** Share of what can still be refunded that is refunded now, in basis points. */
  refund_bp: number;
  refund_amount: number;
  /** The payment after this refund: what the chef earns and the platform keeps (pricing.settle). */
  settlement: Settlement;
};

export function cancellationTerms(input: {
  by: 'customer' | 'chef';
  startsAt: Date;
  now: Date;
  /** When the booking was paid (confirmed); null when it was not. */
  paidAt: Date | null;
  /** What the customer paid (0 when nothing was paid yet), and how much of it was refunded before. */
  paid: number;
  refunded?: number;
  price: { serviceFee: number; chefEarnings: number };
  /** An administrator's refund (support cases) instead of the policy's. */
  chosenRefund?: number;
}): CancellationTerms {
  const tier = refundTier(input.by, input.startsAt, input.paidAt, input.now);
  const before = input.refunded ?? 0;
  const refundable = Math.max(0, input.paid - before);
  const refund = input.chosenRefund ?? share(refundable, TIER_BP[tier]);
  return {
    ...policyDates(input.startsAt, input.paidAt),
    tier,
    refund_bp: input.chosenRefund === undefined ? TIER_BP[tier] : refundable > 0 ? Math.round((refund * 10_000) / refundable) : 0,
    refund_amount: refund,
    settlement: settle(input.price, input.paid, before + refund),
  };
}

/** The reason stored with the refund, in the words the demo data uses. */
export function refundReason(by: 'customer' | 'chef', tier: RefundTier): string {
  if (by === 'chef') return 'Cancelled by the chef: full refund';
  if (tier === 'full') return 'Cancelled 14 or more days before the event: full refund';
  if (tier === 'cooling_off') return 'Cancelled within 24 hours of paying: full refund';
  if (tier === 'half') return 'Cancelled 72 hours to 14 days before the event: 50% refund';
  return 'Cancelled less than 72 hours before the event: no refund';
}

/** The refund reason when an administrator set the amount instead of the policy. */
export const ADMIN_REFUND_REASON = 'Cancelled by support: refund set by an administrator';
