// Request helpers shared by the booking, payment, message and review routes: the booking id in the path, the
// reader's locale and display currency, and the Idempotency-Key header of create and pay.
import type { Context, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../env';
import { badRequest } from '../../lib/errors';
import { requestCurrency, requestLocale } from '../../lib/request-prefs';
import { parse } from '../../lib/validate';
import { bookingIdParam, idempotencyKey } from '#shared/schemas/bookings.schema';
import type { ReadCtx } from './bookings.service';

export const ID = ':id{[0-9]{1,12}}';

export const readCtx = (c: Context<AppEnv>): ReadCtx => ({ locale: requestLocale(c), currency: requestCurrency(c) });
export const bookingId = (c: Context<AppEnv>) => parse(bookingIdParam, { id: c.req.param('id') }).id;

/** The client's Idempotency-Key of a create or pay call; required so a double submission is harmless. */
function requireIdempotencyKey(c: Context<AppEnv>): string {
  const result = v.safeParse(idempotencyKey, c.req.header('idempotency-key'));
  if (!result.success) {
    const message = result.issues[0].message;
    throw badRequest(message, { 'Idempotency-Key': [message] }, 'IDEMPOTENCY_KEY_REQUIRED');
  }
  return result.output;
}


type IdempotencyHeader = { 'idempotency-key': string };

/**
 * requireIdempotencyKey as a validator middleware: the handler reads the key as `c.req.valid('header')`, and the app's
 * type tells the typed client to send it. Place it before the body's validator: a missing key is answered first.
 */
export const idempotent: MiddlewareHandler<AppEnv, string, { in: { header: IdempotencyHeader }; out: { header: IdempotencyHeader } }> = async (c, next) => {
  c.req.addValidatedData('header', { 'idempotency-key': requireIdempotencyKey(c) });
  await next();
};
