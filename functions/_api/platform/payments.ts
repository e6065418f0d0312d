// Payment provider interface. The local implementation is the built-in test-mode checkout (no real charge); the
// Stripe Checkout implementation is selected when STRIPE_SECRET_KEY is configured.
export type CheckoutInput = {
  reference: string;
  amount: number;
  currency: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /** When the checkout closes (Stripe accepts 30 minutes to 24 hours ahead). */
  expiresAt?: Date;
  /** Ids the provider echoes back in webhooks, e.g. { booking_id, payment_id }. */
  metadata?: Record<string, string>;
};
export type Checkout = { providerRef: string; url: string };
export type RefundInput = { providerRef: string; amount: number; currency: string; idempotencyKey: string };
export type RefundResult = { providerRef: string; status: 'succeeded' | 'pending' | 'failed' };

/** A provider event whose signature was verified. */
export type WebhookEvent = { id: string; type: string; object: Record<string, unknown> };

export type Payments = {
  readonly provider: 'local' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Verifies a webhook's signature and parses it; throws on a bad signature. Absent when the provider sends none. */
  parseWebhook?(payload: string, signature: string | null, now: Date): Promise<WebhookEvent>;
};

/** Test mode: the checkout is our own page (/checkout/test/{ref}) that completes or fails the payment. */
export function localPayments(): Payments {
  return {
    provider: 'local',
    async createCheckout(input) {
      const providerRef = `test_${crypto.randomUUID()}`;
      return { providerRef, url: `/checkout/test/${providerRef}?reference=${encodeURIComponent(input.reference)}` };
    },
    async refund(input) {
      return { providerRef: `test_refund_${crypto.randomUUID()}`, status: input.amount >= 0 ? 'succeeded' : 'failed' };
    },
  };
}
