// Outgoing SMS: Twilio's Messages API when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set, otherwise
// the local outbox table (development and tests; a production instance does not start without them).
import type { DB } from '../db/client';
import { outbox } from '../db/schema/system';
import { providerError } from './provider-error';

export type SmsMessage = { to: string; text: string; template?: string; locale?: string };
export type Sms = { readonly kind: 'twilio' | 'outbox'; send(message: SmsMessage): Promise<void> };

export function outboxSms(db: DB): Sms {
  return {
    kind: 'outbox',
    async send(m) {
      await db.insert(outbox).values({ channel: 'sms', recipient: m.to, body: m.text, template: m.template, locale: m.locale });
    },
  };
}

/** A code is asked for while the person waits; a hanging SMS API must not hold that request open. */
export const SMS_TIMEOUT_MS = 10_000;

export const TWILIO_API_BASE = 'https://api.twilio.com';

/** A Messaging Service SID ("MG" and 32 hex digits) sends from the service's own numbers or sender ID. */
const MESSAGING_SERVICE = /^MG[0-9a-f]{32}$/i;

/**
 * Twilio's "create a Message" (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` or
 * `MessagingServiceSid`, `Body`, HTTP Basic auth with the Account SID and Auth Token). Twilio answers an error with a
 * 4xx/5xx and `{ code, message }`, which the thrown error carries.
 */
export function twilioSms(opts: { accountSid: string; authToken: string; from: string; fetch: typeof fetch; apiBase?: string; timeoutMs?: number }): Sms {
  return {
    kind: 'twilio',
    async send(m) {
      const form = new URLSearchParams({ To: m.to, [MESSAGING_SERVICE.test(opts.from) ? 'MessagingServiceSid' : 'From']: opts.from, Body: m.text });
      const res = await opts.fetch(`${opts.apiBase ?? TWILIO_API_BASE}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${btoa(`${opts.accountSid}:${opts.authToken}`)}` },
        body: form.toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? SMS_TIMEOUT_MS),
      });
      if (!res.ok) throw await providerError('Twilio', res, (b) => b?.code !== undefined && `code ${b.code}: ${b.message ?? ''}`);
    },
  };
}
