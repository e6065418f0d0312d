// Outgoing mail: a real HTTP mail API when MAIL_API_URL/MAIL_API_KEY are set, otherwise the local outbox table.
import type { DB } from '../db/client';
import { outbox } from '../db/schema/system';

/** A file sent with a mail (a calendar invite, a receipt); content is base64. */
export type MailAttachment = { filename: string; contentType: string; content: string };
/** text is the plain-text part; html, when given, the HTML part of the same message. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  template?: string;
  locale?: string;
};
export type Mail = { readonly kind: 'http' | 'outbox'; send(message: MailMessage): Promise<void> };

export function outboxMail(db: DB): Mail {
  return {
    kind: 'outbox',
    async send(m) {
      await db.insert(outbox).values({
        channel: 'mail',
        recipient: m.to,
        subject: m.subject,
        body: m.text,
        html: m.html,
        attachments: m.attachments?.length ? m.attachments : null,
        template: m.template,
        locale: m.locale,
      });
    },
  };
}

/** Mail goes out after the change it reports has committed; a hanging mail API must not hold that request open. */
export const MAIL_TIMEOUT_MS = 10_000;

/** Posts { from, to, subject, text } with a bearer key — the shape of common transactional mail APIs. */
export function httpMail(opts: { url: string; key: string; from: string; fetch: typeof fetch; timeoutMs?: number }): Mail {
  return {
    kind: 'http',
    async send(m) {
      const res = await opts.fetch(opts.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: opts.from, to: m.to, subject: m.subject, text: m.text }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? MAIL_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`mail API answered ${res.status}`);
    },
  };
}
