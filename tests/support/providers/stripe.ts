// Stripe's REST API as our server calls it (Checkout Sessions and Refunds): the tests' one Stripe. API tests reach it
// through the stubbed fetch (api.stripe.com, providers/fetch.ts), the reliability suite over HTTP
// (reliability/support/provider-stub.ts). Like Stripe, it answers a repeated Idempotency-Key with the first answer;
// `mode` makes it fail with a 500 or never answer. It records every call.
import type { ProviderMode, ProviderRoute } from './fetch';

export type StripeCall = { path: string; headers: Headers; params: URLSearchParams; idempotencyKey: string | null; at: number };

export function fakeStripe() {
  const byKey = new Map<string, unknown>();
  let seq = 0;
  const stripe = {
    calls: [] as StripeCall[],
    mode: 'ok' as ProviderMode,
    /** The status of the refunds it creates (`failed` for a refund the bank refuses). */
    refundStatus: 'succeeded',
    /** Back to answering, with no calls recorded. */
    reset() {
      stripe.calls = [];
      stripe.mode = 'ok';
      stripe.refundStatus = 'succeeded';
    },
    /** One call to Stripe's `path` (/v1/…); null when it hangs. */
    answer(path: string, headers: Headers, body: string): Response | null {
      const params = new URLSearchParams(body);
      const idempotencyKey = headers.get('idempotency-key');
      stripe.calls.push({ path, headers, params, idempotencyKey, at: Date.now() });
      if (stripe.mode === 'hang') return null;
      if (stripe.mode === 'fail') return Response.json({ error: { message: 'Internal server error (fake)' } }, { status: 500 });
      if (idempotencyKey && byKey.has(idempotencyKey)) return Response.json(byKey.get(idempotencyKey));
      const n = ++seq;
      let json: unknown;
      if (path === '/v1/checkout/sessions') json = { id: `cs_test_${n}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_test_${n}` };
      else if (path === '/v1/refunds') json = { id: `re_${n}`, object: 'refund', status: stripe.refundStatus, amount: Number(params.get('amount')) };
      else return Response.json({ error: { message: 'Unknown path (fake)' } }, { status: 404 });
      if (idempotencyKey) byKey.set(idempotencyKey, json);
      return Response.json(json);
    },
    /** The route for providers/fetch.ts. */
    route: ((url, init) => stripe.answer(url.pathname, new Headers(init?.headers), String(init?.body ?? ''))) as ProviderRoute,
  };
  return stripe;
}

export type FakeStripe = ReturnType<typeof fakeStripe>;
