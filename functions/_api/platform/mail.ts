// Outgoing mail: Postmark's Email API when POSTMARK_SERVER_TOKEN and MAIL_FROM are set, otherwise the local outbox
// table (development and tests; a production instance does not start without them, platform/config.ts).
import type { DB } from '../db/client';
import { outbox } from '../db/schema/system';
import { providerError } from './provider-error';

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
export type Mail = { readonly kind: 'postmark' | 'outbox'; send(message: MailMessage): Promise<void> };

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

export const POSTMARK_API_BASE = 'https://api.postmarkapp.com';

/**
 * Postmark's "send a single email" (`POST /email`, JSON, the server token in `X-Postmark-Server-Token`): both parts,
 * the attachments as `{ Name, Content (base64), ContentType }`, the template as the `Tag` (Postmark's statistics per
 * kind of mail) and the transactional message stream. Postmark answers an error with a 4xx/5xx and
 * `{ ErrorCode, Message }`, which the thrown error carries; callers log it and the change the mail reports stands.
 */
export function postmarkMail(opts: { serverToken: string; from: string; messageStream?: string; fetch: typeof fetch; apiBase?: string; timeoutMs?: number }): Mail {
  return {
    kind: 'postmark',
    async send(m) {
      const res = await opts.fetch(`${opts.apiBase ?? POSTMARK_API_BASE}/email`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-postmark-server-token': opts.serverToken },
        body: JSON.stringify({
          From: opts.from,
          To: m.to,
          Subject: m.subject,
          TextBody: m.text,
          HtmlBody: m.html,
          Tag: m.template,
          MessageStream: opts.messageStream ?? 'outbound',
          Attachments: m.attachments?.length ? m.attachments.map((a) => ({ Name: a.filename, Content: a.content, ContentType: a.contentType })) : undefined,
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? MAIL_TIMEOUT_MS),
      });
      if (!res.ok) throw await providerError('Postmark', res, (b) => b?.ErrorCode !== undefined && `ErrorCode ${b.ErrorCode}: ${b.Message ?? ''}`);
    },
  };
}
