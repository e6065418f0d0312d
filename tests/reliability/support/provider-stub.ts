// The tests' Stripe and Postmark fakes (tests/support/providers) served over HTTP, for a live server configured for
// real providers (STRIPE_API_BASE, POSTMARK_API_BASE). Each fake's `mode` switches it at run time: answer like the
// provider, fail with a 500, or hang without answering.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakePostmark } from '../../support/providers/postmark';
import { fakeStripe } from '../../support/providers/stripe';

export type ProviderStub = {
  /** STRIPE_API_BASE */
  stripeBase: string;
  /** POSTMARK_API_BASE */
  mailBase: string;
  stripe: ReturnType<typeof fakeStripe>;
  mail: ReturnType<typeof fakePostmark>;
  close(): Promise<void>;
};

export async function startProviderStub(): Promise<ProviderStub> {
  const stripe = fakeStripe();
  const mail = fakePostmark();
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? '/', 'http://stub');
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const answer = url.pathname.startsWith('/stripe/')
      ? stripe.answer(url.pathname.slice('/stripe'.length), headers, body)
      : await mail.answer(url.href, req.method ?? 'GET', headers, body);
    if (!answer) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    stripeBase: `${base}/stripe/v1`,
    mailBase: `${base}/mail`,
    stripe,
    mail,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
