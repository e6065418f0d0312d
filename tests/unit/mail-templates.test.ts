// Every mail template (each notice, verification, reset, newsletter) renders in all five locales through the one
// layout: an HTML part and a plain-text part, absolute links from the public origin only, every value escaped.
import { describe, expect, it } from 'vitest';
import de from '../../i18n/de.json';
import deCh from '../../i18n/de-ch.json';
import en from '../../i18n/en.json';
import fr from '../../i18n/fr.json';
import it_ from '../../i18n/it.json';
import { LOCALE_INFO, LOCALES } from '#shared/locales';
import { escapeHtml, renderMail, type RenderedMail } from '../../functions/_api/lib/mail-layout';
import { newsletterMail, resetMail, verifyMail } from '../../functions/_api/lib/mail-templates';
import { noticeMail } from '../../functions/_api/modules/notifications/notify.service';

const ORIGIN = 'https://www.yourlocalchef.test';
const EVIL = 'Lé<script>alert("x")</script> & Co\'s';

/** Every notice key: the objects under "notify" that hold a title and a message. */
function noticeKeys(node: unknown, path: string[] = []): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const o = node as Record<string, unknown>;
  if ('title' in o && 'message' in o) return [path.join('.')];
  return Object.entries(o).flatMap(([k, v]) => noticeKeys(v, [...path, k]));
}
const NOTICES = noticeKeys(en.notify);
const TEXTS = [de, deCh, en, fr, it_];
// Every {{param}} any notice text of any locale uses gets the hostile value (count stays a number for the plural
// forms): a plain object, as the services pass, whose every parameter the rendering reads.
const PARAMS: Record<string, string | number> = Object.fromEntries(
  [...new Set(TEXTS.flatMap((texts) => [...JSON.stringify(texts.notify).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!)))].map((name) => [name, name === 'count' ? 2 : EVIL]),
);

function expectWellFormed(mail: RenderedMail, locale: string) {
  const { html, text, subject } = mail;
  expect(subject.trim()).not.toBe('');
  expect(html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${LOCALE_INFO[locale as keyof typeof LOCALE_INFO].hreflang}" dir="ltr">`));
  for (const part of [html, text, subject]) {
    // No missing text (a key shown instead of words) and no placeholder left unfilled.
    expect(part).not.toMatch(/\{\{|\b(mail|notify)\.[a-z_]+\.[a-z_]/);
  }
  // Absolute links, all from the configured origin.
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href.startsWith(`${ORIGIN}/`)).toBe(true);
  for (const url of text.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(`${ORIGIN}/`)).toBe(true);
  // Only the layout's own markup: no script, no event handler, no external style sheet or image.
  expect(html).not.toMatch(/<script|<img|<link|<style|\son[a-z]+=/i);
  // The text part is plain: no markup of its own (a value people typed stays as typed).
  expect(text.replaceAll(EVIL, '')).not.toMatch(/<[a-z/]/i);
}

describe('mail templates', () => {
  it('finds the notices to render', () => {
    expect(NOTICES).toContain('booking.confirm.customer');
    expect(NOTICES).toContain('message.new');
    expect(NOTICES.length).toBeGreaterThan(40);
  });

  for (const locale of LOCALES) {
    it(`renders every notice in ${locale} with both parts, a button to its absolute link and escaped values`, () => {
      for (const key of NOTICES) {
        const mail = noticeMail({ publicOrigin: ORIGIN }, { email: 'lea@example.com', locale, firstname: EVIL }, { key, params: PARAMS, link: '/account/me/bookings/7' });
        expectWellFormed(mail, locale);
        const url = `${ORIGIN}/account/me/bookings/7`;
        expect(mail.html).toContain(`href="${url}"`);
        expect(mail.text).toContain(`:\n${url}\n`);
        expect(mail.html).not.toContain(EVIL);
        expect(mail.html).toContain(escapeHtml(EVIL));
        expect(mail.text).toContain(EVIL);
      }
    });

    it(`renders the verification, reset and newsletter mails in ${locale}`, () => {
      const link = `${ORIGIN}/auth/recovery?email=a%40b.ch&token=t1`;
      const mails = [
        verifyMail(locale, ORIGIN, { link: `${ORIGIN}/v1/auth/verify/email?token=t0` }),
        resetMail(locale, ORIGIN, { name: EVIL, link }),
        newsletterMail(locale, ORIGIN, { confirm: `${ORIGIN}/newsletter/confirm?token=t2`, unsubscribe: `${ORIGIN}/newsletter/unsubscribe?email=a%40b.ch&token=t3` }),
      ];
      for (const mail of mails) expectWellFormed(mail, locale);
      const [verify, reset, newsletter] = mails;
      expect(verify!.text).toContain(`${ORIGIN}/v1/auth/verify/email?token=t0`);
      // An & in a link is escaped in the attribute and stays a plain & in the text part.
      expect(reset!.html).toContain(`href="${ORIGIN}/auth/recovery?email=a%40b.ch&amp;token=t1"`);
      expect(reset!.text).toContain(link);
      expect(reset!.html).toContain(escapeHtml(EVIL));
      expect(reset!.html).not.toContain('<script>');
      expect(newsletter!.html).toContain(`${ORIGIN}/newsletter/unsubscribe?email=a%40b.ch&amp;token=t3`);
      expect(newsletter!.text).toContain(`${ORIGIN}/newsletter/unsubscribe?email=a%40b.ch&token=t3`);
    });
  }

  it('writes one paragraph per blank line and a line break per newline, the preheader from the message', () => {
    const mail = renderMail('en', ORIGIN, { subject: 'S', greeting: 'Hi,', message: 'First line\nsecond line\n\nNext paragraph', reason: 'Why' });
    expect(mail.html).toContain('>First line<br>second line</p>');
    expect(mail.html).toContain('>Next paragraph</p>');
    expect(mail.html).toMatch(/<div style="display:none[^"]*">First line second line Next paragraph<\/div>/);
    expect(mail.text).toBe(`Hi,\n\nFirst line\nsecond line\n\nNext paragraph\n\nYour YourLocalChef team\n\n--\nWhy\nYourLocalChef · www.yourlocalchef.test`);
  });

  it('refuses a link that is not absolute http(s)', () => {
    expect(() => renderMail('en', ORIGIN, { subject: 'S', greeting: 'Hi', message: 'M', reason: 'R', action: { label: 'Go', url: '/relative' } })).toThrow();
    expect(() => renderMail('en', ORIGIN, { subject: 'S', greeting: 'Hi', message: 'M', reason: 'R', action: { label: 'Go', url: 'javascript:alert(1)' } })).toThrow(/not http/);
  });
});
