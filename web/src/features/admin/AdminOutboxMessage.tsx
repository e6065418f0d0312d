// One message of the outbox, readable in full: the plain-text body with its web addresses as links, so a local run
// can follow a sign-up, reset or booking mail to its page, and a mail's HTML part as the recipient sees it, in a
// sandboxed frame (no scripts, no forms, an origin of its own; its links open in a new tab). Text is never parsed as
// HTML, and the attachments are listed by name, type and size.
import { Fragment } from 'react';
import { client, type Answer } from '../../lib/client';
import { formatBytes, formatDateTime } from '../../lib/format';
import { useLocale, useT } from '../../lib/i18n';
import { Badge } from './parts';

export const outbox = client.admin.outbox;
export type OutboxMessage = Answer<typeof outbox.$get>['data'][number];

const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** Splits text into plain parts and http(s) links (trailing punctuation stays text). */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ text: match[0], href: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The HTML part as the frame's document; links open in a new tab, since the sandbox keeps the frame from navigating. */
export const previewDocument = (html: string) => `<base target="_blank">${html}`;

export function AdminOutboxMessage({ message, open = false }: { message: OutboxMessage; open?: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <details open={open} className="group rounded-xl bg-white ring-1 ring-cream-200" data-testid={`outbox-${message.id}`}>
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-4">
        <Badge tone={message.channel === 'mail' ? 'info' : 'neutral'}>{message.channel === 'mail' ? t('admin.outbox.mail') : t('admin.outbox.sms')}</Badge>
        <span className="font-semibold text-ink-900 break-all">{message.recipient}</span>
        <span className="min-w-0 flex-1 truncate text-ink-800">{message.subject || message.body.split('\n')[0]}</span>
        <time dateTime={message.created_at} className="text-sm text-ink-600">
          {formatDateTime(message.created_at, locale)}
        </time>
      </summary>
      <div className="border-t border-cream-200 p-4">
        <dl className="mb-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-ink-700">{t('admin.outbox.recipient')}</dt>
          <dd className="break-all">{message.recipient}</dd>
          {message.subject ? (
            <>
              <dt className="font-semibold text-ink-700">{t('admin.outbox.subject')}</dt>
              <dd>{message.subject}</dd>
            </>
          ) : null}
          <dt className="font-semibold text-ink-700">{t('admin.outbox.template')}</dt>
          <dd>
            <code>{message.template ?? '–'}</code>
          </dd>
          <dt className="font-semibold text-ink-700">{t('admin.outbox.locale')}</dt>
          <dd>{message.locale ?? '–'}</dd>
        </dl>
        {message.attachments.length ? (
          <div className="mb-3">
            <h3 className="text-sm font-semibold text-ink-700">{t('admin.outbox.attachments')}</h3>
            <ul className="text-sm" data-testid="outbox-attachments">
              {message.attachments.map((a, i) => (
                <li key={i}>
                  <span className="break-all font-semibold">{a.filename}</span>{' '}
                  <span className="text-ink-600">
                    ({a.content_type}, {formatBytes(a.size, locale)})
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {message.html ? (
          <>
            <h3 className="mb-1 text-sm font-semibold text-ink-700">{t('admin.outbox.htmlpart')}</h3>
            {/* allow-popups(-to-escape-sandbox) only lets a link open the real page in a new tab; scripts stay off. */}
            <iframe
              title={t('admin.outbox.preview', { subject: message.subject })}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={previewDocument(message.html)}
              className="mb-3 h-[32rem] w-full rounded-lg ring-1 ring-cream-200"
              data-testid="outbox-html"
            />
            <h3 className="mb-1 text-sm font-semibold text-ink-700">{t('admin.outbox.textpart')}</h3>
          </>
        ) : null}
        <pre className="whitespace-pre-wrap break-words rounded-lg bg-cream-50 p-3 font-sans text-sm text-ink-900" data-testid="outbox-body">
          {linkParts(message.body).map((part, i) =>
            part.href ? (
              <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline break-all">
                {part.text}
              </a>
            ) : (
              <Fragment key={i}>{part.text}</Fragment>
            ),
          )}
        </pre>
      </div>
    </details>
  );
}
