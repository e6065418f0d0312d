// Payment calls: start a checkout for a booking (Idempotency-Key), the built-in test checkout (local provider
// only), the provider's webhook, and the customer's payments with their refunds.
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { valid, validList } from '../../lib/validator';
import { authenticate, requireUser } from '../session/session.middleware';
import { ID, idempotent, readCtx } from '../bookings/booking-request.middleware';
import { bookingIdParam } from '#shared/schemas/bookings.schema';
import { emptyBody } from '#shared/schemas/fields';
import { completeTestPayment, handleWebhook, listMyPayments, startPayment, testCheckout } from './payments.service';

const REF = ':ref{[A-Za-z0-9_-]{1,100}}';
const refParam = v.object({ ref: v.string() });
const completeBody = v.strictObject({ outcome: v.picklist(['succeed', 'fail'], 'Choose "succeed" or "fail".') });

export const paymentRoutes = new Hono<AppEnv>()
  // The Idempotency-Key first: a missing key is answered before the body is read.
  .post(`/bookings/${ID}/pay`, authenticate, idempotent, valid('json', emptyBody), valid('param', bookingIdParam), async (c) => {
    const user = await requireUser(c);
    const result = await startPayment(c.get('deps'), user, c.req.valid('param').id, c.req.valid('header')['idempotency-key']);
    if (result.replayed) c.header('Idempotent-Replayed', 'true');
    return c.json(result.body, result.status as 200 | 201);
  })

  .get(`/payments/test/${REF}`, authenticate, valid('param', refParam), async (c) => {
    const user = await requireUser(c);
    return c.json({ data: await testCheckout(c.get('deps'), user, c.req.valid('param').ref, readCtx(c)) });
  })

  .post(`/payments/test/${REF}/complete`, authenticate, valid('json', completeBody), valid('param', refParam), async (c) => {
    const user = await requireUser(c);
    const { outcome } = c.req.valid('json');
    return c.json(await completeTestPayment(c.get('deps'), user, c.req.valid('param').ref, outcome, readCtx(c)));
  })

  // An 'external' write in app.ts: no cookie, no CSRF check; the signature is the authentication.
  .post('/payments/webhook', async (c) => {
    const payload = await c.req.text();
    return c.json(await handleWebhook(c.get('deps'), payload, c.req.header('stripe-signature') ?? null));
  })

  .get('/users/me/payments', authenticate, validList(['id']), async (c) => {
    const user = await requireUser(c);
    return c.json(await listMyPayments(c.get('deps'), user.userId, c.req.valid('query'), readCtx(c)));
  });
