// The mails that are not notices, one template each (the notices' template is mailNotice in notify.service.ts): texts
// from i18n/ "mail.<template>.*", rendered by the one mail layout. Links are absolute, from the public origin.
import { translate } from './i18n';
import { renderMail, type RenderedMail } from './mail-layout';

/** E-mail verification after sign-up or on request. */
export function verifyMail(locale: string, origin: string, p: { link: string }): RenderedMail {
  const t = (key: string) => translate(locale, key);
  return renderMail(locale, origin, {
    subject: t('mail.verify.subject'),
    greeting: t('mail.layout.hello'),
    message: t('mail.verify.message'),
    action: { label: t('mail.verify.action'), url: p.link },
    reason: t('mail.reason.verify'),
  });
}

/** Password reset link (one hour, once). */
export function resetMail(locale: string, origin: string, p: { name: string; link: string }): RenderedMail {
  const t = (key: string, params?: Record<string, string>) => translate(locale, key, params);
  return renderMail(locale, origin, {
    subject: t('mail.reset.subject'),
    greeting: t('notify.mail.greeting', { name: p.name }),
    message: t('mail.reset.message'),
    action: { label: t('mail.reset.action'), url: p.link },
    note: t('mail.reset.note'),
    reason: t('mail.reason.reset'),
  });
}

/** Newsletter double opt-in: the confirmation link, and the unsubscribe link that works for as long as the address is listed. */
export function newsletterMail(locale: string, origin: string, p: { confirm: string; unsubscribe: string }): RenderedMail {
  const t = (key: string) => translate(locale, key);
  return renderMail(locale, origin, {
    subject: t('mail.newsletter.subject'),
    greeting: t('mail.layout.hello'),
    message: t('mail.newsletter.message'),
    action: { label: t('mail.newsletter.action'), url: p.confirm },
    note: t('mail.newsletter.note'),
    footerLinks: [{ label: t('mail.newsletter.unsubscribe'), url: p.unsubscribe }],
    reason: t('mail.reason.newsletter'),
  });
}
