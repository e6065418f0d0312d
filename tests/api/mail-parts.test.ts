// Mails are real mails (issue 18 §1): a notice written through the API reaches the outbox with an HTML part and a
// plain-text part of the same content, in the recipient's locale, with the button's absolute link and every value
// escaped; a message people typed stays masked in both parts.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { escapeHtml } from '../../functions/_api/lib/mail-layout';
import { useHarness } from '../support/use-harness';
import { TEST_ORIGIN } from '../support/harness';
import { as, requestBooking, sendMessage, world } from '../support/booking-fixtures';
import { ok, visitorClient } from '../support/typed-client';

const h = useHarness();

const EVIL = 'Zoé <script>alert(1)</script> & Co';

async function lastMail(recipient: string, template: string) {
  const [row] = await h.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.template, template)))
    .orderBy(desc(outbox.id))
    .limit(1);
  return row!;
}

describe('notice mails', () => {
  it('carry an HTML and a text part in the recipient’s locale, with an absolute button link and the name escaped', async () => {
    const w = await world(h);
    await h.db.update(users).set({ firstname: EVIL, locale: 'fr' }).where(eq(users.id, w.customer.userId));
    const id = await requestBooking(h, w);
    const mail = await lastMail(w.customer.email, 'notify.booking.request.customer');
    const link = `${TEST_ORIGIN}/account/me/bookings/${id}`;

    expect(mail.locale).toBe('fr');
    expect(mail.attachments).toBeNull();
    expect(mail.subject).toBe('Ta demande a été envoyée');
    // The text part reads on its own: greeting, message, the button's label and its address, signature, why.
    expect(mail.body).toContain(`Bonjour ${EVIL},`);
    expect(mail.body).toContain(`Voir la réservation :\n${link}\n`);
    expect(mail.body).toContain('Ton équipe YourLocalChef');
    expect(mail.body).toContain('Tu reçois cet e-mail parce que tu as un compte YourLocalChef.');
    // The HTML part says the same, in French, with the name as text and never as markup.
    const html = mail.html!;
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr[-A-Z]*" dir="ltr">/);
    expect(html).toContain('<h1 style="');
    expect(html).toContain(`>Ta demande a été envoyée</h1>`);
    expect(html).toContain(`Bonjour ${escapeHtml(EVIL)},`);
    expect(html).not.toContain('<script>');
    expect(html).toContain(`<a href="${link}" style="display:inline-block;`);
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href!.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
  });

  it('keep a message’s contact details masked in both parts, before the booking is confirmed', async () => {
    const w = await world(h);
    const id = await requestBooking(h, w);
    const customer = await as(h, w.customer);
    expect((await ok(sendMessage(customer, id, 'Call me on 079 123 45 67 <b>soon</b> & bring salt'))).status).toBe(201);
    const mail = await lastMail(w.chef.email, 'notify.message.new');
    for (const part of [mail.body, mail.html!]) {
      expect(part).not.toMatch(/079|123 45 67/);
      expect(part).toContain('[hidden until the booking is confirmed]');
    }
    expect(mail.body).toContain('<b>soon</b> & bring salt');
    expect(mail.html).toContain('&lt;b&gt;soon&lt;/b&gt; &amp; bring salt');
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/account/me/chefbookings/${id}#messages"`);
  });
});

describe('account mails', () => {
  it('send the password reset with both parts and the link to the public origin', async () => {
    const w = await world(h);
    const res = await ok(visitorClient(h).auth.forgot.$post({ json: { email: w.customer.email } }));
    expect(res.status).toBe(200);
    let mail: typeof outbox.$inferSelect | undefined;
    // The reset mail goes out after the answer (equal timing for known and unknown addresses).
    for (let i = 0; i < 50 && !mail; i++) {
      [mail] = await h.db.select().from(outbox).where(and(eq(outbox.recipient, w.customer.email), eq(outbox.template, 'password_reset')));
      if (!mail) await new Promise((r) => setTimeout(r, 20));
    }
    const link = mail!.body.match(/^(http\S+\/auth\/recovery\?\S+)$/m)?.[1];
    expect(link?.startsWith(`${TEST_ORIGIN}/auth/recovery?email=`)).toBe(true);
    expect(mail!.html).toContain(`href="${escapeHtml(link!)}"`);
    expect(mail!.html).toContain('>Choose a new password</a>');
  });
});
