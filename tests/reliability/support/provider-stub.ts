// A local HTTP stand-in for the third-party APIs the server calls (Stripe's REST API and Postmark's Email API), whose
// behaviour the test switches at run time: answer like the provider, fail with a 500, or hang without answering.
// Like Stripe, it answers a repeated Idempotency-Key with the first answer. It records every call.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Mode = 'ok' | 'fail' | 'hang';
export type StubCall = { service: 'stripe' | 'mail'; path: string; idempotencyKey: string | null; body: string; at: number };

export type ProviderStub = {
  /** STRIPE_API_BASE */
  stripeBase: string;
  /** POSTMARK_API_BASE */
  mailBase: string;
  mode: { stripe: Mode; mail: Mode };
  calls: StubCall[];
  close(): Promise<void>;
};

export async function startProviderStub(): Promise<ProviderStub> {
  const calls: StubCall[] = [];
  const mode: ProviderStub['mode'] = { stripe: 'ok', mail: 'ok' };
  const byKey = new Map<string, unknown>();
  const hanging = new Set<http.ServerResponse>();
  let seq = 0;

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://stub');
    const service = url.pathname.startsWith('/stripe/') ? 'stripe' : 'mail';
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    calls.push({ service, path: url.pathname, idempotencyKey: key, body, at: Date.now() });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const m = mode[service];
    if (m === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (m === 'fail') return send(500, { error: { message: 'Internal server error (stub)' } });
    if (service === 'mail') return send(200, { ErrorCode: 0, Message: 'OK', MessageID: `mail_${++seq}` });
    if (key && byKey.has(key)) return send(200, byKey.get(key));
    const params = new URLSearchParams(body);
    let answer: unknown;
    if (url.pathname === '/stripe/v1/checkout/sessions') {
      const id = `cs_test_stub_${++seq}`;
      answer = { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` };
    } else if (url.pathname === '/stripe/v1/refunds') {
      answer = { id: `re_stub_${++seq}`, object: 'refund', status: 'succeeded', amount: Number(params.get('amount')) };
    } else return send(404, { error: { message: 'unknown path (stub)' } });
    if (key) byKey.set(key, answer);
    send(200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    stripeBase: `${base}/stripe/v1`,
    mailBase: `${base}/mail`,
    mode,
    calls,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
