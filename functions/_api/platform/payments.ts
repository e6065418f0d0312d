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
};
export type Checkout = { providerRef: string; url: string };
export type RefundInput = { providerRef: string; amount: number; currency: string; idempotencyKey: string };
export type RefundResult = { providerRef: string; status: 'succeeded' | 'pending' | 'failed' };

export type Payments = {
  readonly provider: 'local' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<Checkout>;
  refund(input: RefundInput): Promise<RefundResult>;
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
