// Every mail the app sends, rendered by one layout into its two parts from the same content: an HTML part (brand,
// heading, greeting, message, one call-to-action button, signature, a footer saying why the person gets it) and a
// plain-text part that reads well on its own (the button becomes its label, then the address on a line of its own).
// The HTML is small and accessible: semantic elements, inline styles only, no tables and no images (a client that
// blocks images shows the same mail), lang and dir on the root, a hidden preheader, and colours of the site's palette
// whose pairings meet WCAG AA. Every value is escaped, since messages carry names and texts people typed.
import { translate } from './i18n';
import { isLocale, LOCALE_INFO, type Locale, DEFAULT_LOCALE } from '#shared/locales';

export type MailAction = { label: string; url: string };

/** What a mail says; texts are plain (a blank line starts a paragraph, a newline a line), links absolute. */
export type MailContent = {
  subject: string;
  greeting: string;
  message: string;
  action?: MailAction;
  /** Paragraphs after the button, e.g. "If it was not you, ignore this e-mail". */
  note?: string;
  /** Smaller links in the footer, e.g. unsubscribe. */
  footerLinks?: MailAction[];
  /** Why this person gets this mail. */
  reason: string;
};

export type RenderedMail = { subject: string; text: string; html: string };

const BRAND = 'YourLocalChef';
// The site's palette (web/uno.config.ts): ink-900 on white 16:1, ink-600 on cream-100 6.2:1, white on brand-700 7:1.
const C = { ink: '#2b1d16', muted: '#6b5a4e', page: '#fff8f1', card: '#ffffff', brand: '#9a3412', line: '#f6e7d8' };
const FONT = 'font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
const PREHEADER_LENGTH = 110;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** An absolute http(s) address or nothing: a relative or scripted link must never reach a mail. */
function absolute(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`mail link is not http(s): ${parsed.protocol}`);
  return parsed.href;
}

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

const htmlParagraphs = (text: string, style: string) => paragraphsOf(text).map((p) => `<p style="${style}">${p.split('\n').map(escapeHtml).join('<br>')}</p>`);

/** The preheader: the start of the message, shown by inboxes next to the subject. */
function preheaderOf(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length <= PREHEADER_LENGTH ? flat : `${flat.slice(0, PREHEADER_LENGTH - 1).trimEnd()}…`;
}

/** Renders both parts of a mail in `locale`; `origin` is the configured public origin (never a request's Host). */
export function renderMail(locale: string, origin: string, content: MailContent): RenderedMail {
  const loc: Locale = isLocale(locale) ? (locale.toLowerCase() as Locale) : DEFAULT_LOCALE;
  const t = (key: string, params?: Record<string, string | number>) => translate(loc, key, params);
  const home = absolute(`${origin}/`);
  const action = content.action && { label: content.action.label, url: absolute(content.action.url) };
  const footerLinks = (content.footerLinks ?? []).map((l) => ({ label: l.label, url: absolute(l.url) }));
  const signature = t('notify.mail.signature');
  const site = `${BRAND} · ${new URL(home).host}`;
  // A link in the text part: its label, then the address on a line of its own.
  const linked = (l: MailAction) => `${t('mail.layout.link', { label: l.label })}\n${l.url}`;

  const text = [
    content.greeting,
    ...paragraphsOf(content.message),
    ...(action ? [linked(action)] : []),
    ...(content.note ? paragraphsOf(content.note) : []),
    signature,
    ['--', content.reason, ...footerLinks.map(linked), site].join('\n'),
  ].join('\n\n');

  const p = `margin:0 0 16px;font-size:16px;line-height:1.5;color:${C.ink}`;
  const small = `margin:0 0 8px;font-size:13px;line-height:1.5;color:${C.muted}`;
  const link = `color:${C.brand};text-decoration:underline`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;border-radius:8px;background:${C.brand};color:#ffffff;font-size:16px;font-weight:700;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="${small};margin-bottom:16px">${escapeHtml(t('mail.layout.fallback'))}<br><a href="${escapeHtml(action.url)}" style="${link};word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    // All five locales are written left to right.
    `<html lang="${LOCALE_INFO[loc].hreflang}" dir="ltr">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(content.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${C.page};${FONT}">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(preheaderOf(content.message))}</div>`,
    `<div role="article" aria-roledescription="email" aria-label="${escapeHtml(content.subject)}" lang="${LOCALE_INFO[loc].hreflang}" dir="ltr" style="max-width:600px;margin:0 auto;padding:24px 16px">`,
    `<header style="margin:0 0 16px"><a href="${escapeHtml(home)}" style="color:${C.brand};font-size:22px;font-weight:800;text-decoration:none">${BRAND}</a></header>`,
    `<main style="padding:24px;border-radius:12px;background:${C.card};border:1px solid ${C.line}">`,
    `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${C.ink}">${escapeHtml(content.subject)}</h1>`,
    `<p style="${p}">${escapeHtml(content.greeting)}</p>`,
    ...htmlParagraphs(content.message, p),
    button,
    ...(content.note ? htmlParagraphs(content.note, p) : []),
    `<p style="${p};margin-bottom:0">${escapeHtml(signature)}</p>`,
    '</main>',
    `<footer style="padding:16px 8px 0">`,
    `<p style="${small}">${escapeHtml(content.reason)}</p>`,
    ...footerLinks.map((l) => `<p style="${small}"><a href="${escapeHtml(l.url)}" style="${link}">${escapeHtml(l.label)}</a></p>`),
    `<p style="${small}"><a href="${escapeHtml(home)}" style="${link}">${escapeHtml(site)}</a></p>`,
    '</footer>',
    '</div>',
    '</body></html>',
  ].join('\n');

  return { subject: content.subject, text, html };
}
