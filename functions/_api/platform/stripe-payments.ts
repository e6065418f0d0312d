// Stripe Checkout through Stripe's REST API with fetch (form-encoded, as Stripe expects), so it runs on Workers
// without the SDK: hosted checkout sessions (cards incl. Apple Pay, plus TWINT for CHF), refunds, and webhooks
// verified with WebCrypto (HMAC-SHA256 over "t.payload", 5-minute tolerance, constant-time comparison).
import { safeEqual } from '../lib/crypto';
import type { Checkout, CheckoutInput, Payments, RefundInput, RefundResult, WebhookEvent } from './payments';

export const STRIPE_API = 'https://api.stripe.com/v1';
/**
 * A provider that hangs must not hang the customer's request: after this the call is aborted and the caller answers
 * with a clear error (checkout) or keeps the refund for the sweep to retry under the same idempotency key.
 */
export const STRIPE_TIMEOUT_MS = 10_000;
/** Stripe's own default tolerance for webhook timestamps. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {}

/** Nested params → Stripe's form encoding: line_items[0][price_data][currency]=chf. */
export function formEncode(params: Record<string, unknown>): string {
  const out = new URLSearchParams();
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}[${k}]` : k, v);
    else out.append(prefix, String(value));
  };
  walk('', params);
  return out.toString();
}

/** Stripe's payment methods for Checkout: cards (Apple Pay and Google Pay ride on them) and TWINT in CHF. */
export const paymentMethodTypes = (currency: string) => (currency.toUpperCase() === 'CHF' ? ['card', 'twint'] : ['card']);

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Checks a Stripe-Signature header ("t=…,v1=…[,v1=…]") against the raw payload; throws WebhookSignatureError. */
export async function verifyStripeSignature(payload: string, header: string | null, secret: string, now: Date, toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS): Promise<void> {
  if (!header) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  const parts = header.split(',').map((p) => p.trim().split('=') as [string, string?]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v!);
  if (!Number.isFinite(t) || !signatures.length) throw new WebhookSignatureError('The Stripe-Signature header is malformed.');
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) throw new WebhookSignatureError('The webhook timestamp is outside the tolerance.');
  const expected = await hmacHex(secret, `${t}.${payload}`);
  // Compare against every v1 signature without stopping early (Stripe sends several while a secret rolls).
  let ok = false;
  for (const s of signatures) ok = safeEqual(expected, s) || ok;
  if (!ok) throw new WebhookSignatureError('The webhook signature does not match.');
}

/** Test helper and documentation of the scheme: the header Stripe would send for a payload. */
export async function signStripePayload(payload: string, secret: string, timestampSeconds: number): Promise<string> {
  return `t=${timestampSeconds},v1=${await hmacHex(secret, `${timestampSeconds}.${payload}`)}`;
}

/** `apiBase` (STRIPE_API_BASE) points the adapter at another endpoint; the reliability suite's fault stub uses it. */
export function stripePayments(opts: { secretKey: string; webhookSecret: string | null; fetch: typeof fetch; apiBase?: string; timeoutMs?: number }): Payments {
  const api = opts.apiBase ?? STRIPE_API;
  const call = async (path: string, params: Record<string, unknown>, idempotencyKey: string) => {
    const res = await opts.fetch(`${api}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${opts.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': idempotencyKey,
      },
      body: formEncode(params),
      signal: AbortSignal.timeout(opts.timeoutMs ?? STRIPE_TIMEOUT_MS),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown> & { error?: { message?: string } };
    if (!res.ok) throw new Error(`Stripe ${path} answered ${res.status}: ${body.error?.message ?? 'no message'}`);
    return body;
  };

  return {
    provider: 'stripe',

    async createCheckout(input: CheckoutInput): Promise<Checkout> {
      const currency = input.currency.toLowerCase();
      const session = await call(
        '/checkout/sessions',
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency, unit_amount: input.amount, product_data: { name: input.description } } }],
          payment_method_types: paymentMethodTypes(input.currency),
          customer_email: input.customerEmail,
          client_reference_id: input.reference,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: input.expiresAt ? Math.floor(input.expiresAt.getTime() / 1000) : undefined,
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata },
        },
        input.idempotencyKey,
      );
      if (typeof session.id !== 'string' || typeof session.url !== 'string') throw new Error('Stripe returned a checkout session without id or url');
      return { providerRef: session.id, url: session.url };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const refund = await call('/refunds', { payment_intent: input.providerRef, amount: input.amount }, input.idempotencyKey);
      const status = String(refund.status);
      return {
        providerRef: String(refund.id),
        status: status === 'succeeded' ? 'succeeded' : status === 'failed' || status === 'canceled' ? 'failed' : 'pending',
      };
    },

    async parseWebhook(payload: string, signature: string | null, now: Date): Promise<WebhookEvent> {
      if (!opts.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured.');
      await verifyStripeSignature(payload, signature, opts.webhookSecret, now);
      const event = JSON.parse(payload) as { id?: unknown; type?: unknown; data?: { object?: unknown } };
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data?.object || typeof event.data.object !== 'object') {
        throw new WebhookSignatureError('The webhook payload is not a Stripe event.');
      }
      return { id: event.id, type: event.type, object: event.data.object as Record<string, unknown> };
    },
  };
}
