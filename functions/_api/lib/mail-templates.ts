// The mails that are not notices, one template each (the notices' template is noticeMail in notify.service.ts): the
// texts of "mail.<template>.*" (subject, message, action, note) and "mail.reason.<template>", rendered by the one mail
// layout. Links are absolute, from the public origin.
import { translate } from './i18n';
import { renderMail, type MailAction, type RenderedMail } from './mail-layout';

type AccountTemplate = 'verify' | 'reset' | 'newsletter';

function accountMail(template: AccountTemplate, locale: string, origin: string, p: { greeting?: string; url: string; note?: boolean; footerLinks?: MailAction[] }): RenderedMail {
  const t = (part: string) => translate(locale, `mail.${template}.${part}`);
  return renderMail(locale, origin, {
    subject: t('subject'),
    greeting: p.greeting ?? translate(locale, 'mail.layout.hello'),
    message: t('message'),
    action: { label: t('action'), url: p.url },
    note: p.note ? t('note') : undefined,
    footerLinks: p.footerLinks,
    reason: translate(locale, `mail.reason.${template}`),
  });
}

/** E-mail verification after sign-up or on request. */
export const verifyMail = (locale: string, origin: string, p: { link: string }) => accountMail('verify', locale, origin, { url: p.link });

/** Password reset link (one hour, once). */
export const resetMail = (locale: string, origin: string, p: { name: string; link: string }) =>
  accountMail('reset', locale, origin, { greeting: translate(locale, 'notify.mail.greeting', { name: p.name }), url: p.link, note: true });

/** Newsletter double opt-in: the confirmation link, and the unsubscribe link that works for as long as the address is listed. */
export const newsletterMail = (locale: string, origin: string, p: { confirm: string; unsubscribe: string }) =>
  accountMail('newsletter', locale, origin, { url: p.confirm, note: true, footerLinks: [{ label: translate(locale, 'mail.newsletter.unsubscribe'), url: p.unsubscribe }] });
