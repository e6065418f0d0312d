// Outgoing SMS: a real HTTP SMS API when SMS_API_URL/SMS_API_KEY are set, otherwise the local outbox table.
import type { DB } from '../db/client';
import { outbox } from '../db/schema/system';

export type SmsMessage = { to: string; text: string; template?: string; locale?: string };
export type Sms = { readonly kind: 'http' | 'outbox'; send(message: SmsMessage): Promise<void> };

export function outboxSms(db: DB): Sms {
  return {
    kind: 'outbox',
    async send(m) {
      await db.insert(outbox).values({ channel: 'sms', recipient: m.to, body: m.text, template: m.template, locale: m.locale });
    },
  };
}

export function httpSms(opts: { url: string; key: string; fetch: typeof fetch }): Sms {
  return {
    kind: 'http',
    async send(m) {
      const res = await opts.fetch(opts.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: m.to, text: m.text }),
      });
      if (!res.ok) throw new Error(`SMS API answered ${res.status}`);
    },
  };
}
