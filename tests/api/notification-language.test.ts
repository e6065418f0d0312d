// People read the marketplace in their own language: an in-app notification is rendered from its key in the language
// its reader uses when reading it, whatever language the actor used; a mail goes out once, in the recipient's stored
// locale. Rows written before notifications kept their key show the text they were stored with.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../functions/_api/db/schema/messages';
import { outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { as, requestBooking, world, type Party } from '../support/booking-fixtures';

const h = useHarness();
beforeEach(() => h.clock.set(START));

type Listed = { data: { title: string; message: string; link: string | null }[]; unread_count: number };
const listAs = async (who: Party, locale: string) => {
  const a = await as(h, who);
  const res = await a.json<Listed>(a.get('/v1/users/me/notifications', { 'x-locale': locale }));
  expect(res.status).toBe(200);
  return res.body;
};
const act = async (who: Party, id: number, action: string, body: unknown, locale: string) => {
  const a = await as(h, who);
  const res = await a.post(`/v1/bookings/${id}/${action}`, body, { 'x-locale': locale });
  expect(res.status).toBe(200);
};

describe('notifications in the reader’s language', () => {
  it('shows a notice written while the chef used German in French to a reader who reads French, dates and amounts too', async () => {
    const w = await world(h, { chefLocale: 'de' });
    await h.db.update(users).set({ locale: 'de' }).where(eq(users.id, w.customer.userId));
    const id = await requestBooking(h, w);
    await act(w.chef, id, 'accept', {}, 'de');

    const fr = await listAs(w.customer, 'fr');
    const accepted = fr.data.find((n) => n.link === `/account/me/bookings/${id}`)!;
    expect(accepted.title).toBe('Réservation acceptée');
    expect(accepted.message).toMatch(/^Marco a accepté ta demande pour « Alpine Autumn » le 1 juillet 2026/);
    expect(accepted.message).toContain('CHF');
    expect(accepted.message).not.toMatch(/Juli|Ortszeit/);
    expect(fr.unread_count).toBe(fr.data.length);

    const de = await listAs(w.customer, 'de');
    expect(de.data.find((n) => n.link === `/account/me/bookings/${id}`)!.title).toBe('Buchung angenommen');
    // The stored row keeps its key and neutral parameters, and the German text it was written in as a fallback.
    const [row] = await h.db.select().from(notifications).where(eq(notifications.title, 'Buchung angenommen'));
    expect(row).toMatchObject({ key: 'booking.accept.customer', userId: w.customer.userId });
    expect(row!.params).toMatchObject({ menu: 'Alpine Autumn', date: { tz: 'Europe/Zurich' }, total: { currency: 'CHF' } });
  });

  it('writes a masked contact detail in a reason in the reader’s language', async () => {
    const w = await world(h, { chefLocale: 'de' });
    const id = await requestBooking(h, w);
    await act(w.chef, id, 'decline', { reason: 'Ruf mich an: 079 123 45 67.' }, 'de');
    const declined = (await listAs(w.customer, 'fr')).data.find((n) => n.title === 'Demande refusée')!;
    expect(declined.message).toContain('Ruf mich an: [masqué jusqu’à la confirmation de la réservation].');
    expect(declined.message).not.toContain('079');
    const en = (await listAs(w.customer, 'en')).data.find((n) => n.link === `/account/me/bookings/${id}`)!;
    expect(en.message).toContain('[hidden until the booking is confirmed]');
  });

  it('shows a row stored before notifications kept their key as it was stored', async () => {
    const w = await world(h);
    await h.db.insert(notifications).values({ userId: w.customer.userId, title: 'Alte Nachricht', message: 'So geschrieben.', createdAt: h.clock.now() });
    const listed = await listAs(w.customer, 'fr');
    expect(listed.data).toEqual([expect.objectContaining({ title: 'Alte Nachricht', message: 'So geschrieben.' })]);
  });
});

describe('mails in the recipient’s stored locale', () => {
  it('writes the accept and cancel mails to an Italian customer in Italian while the chef acts in German', async () => {
    const w = await world(h, { chefLocale: 'de' });
    await h.db.update(users).set({ locale: 'it' }).where(eq(users.id, w.customer.userId));
    const id = await requestBooking(h, w);
    await act(w.chef, id, 'accept', {}, 'de');
    await act(w.chef, id, 'cancel', { reason: 'Krank.' }, 'de');
    const mails = await h.db.select().from(outbox).where(eq(outbox.recipient, w.customer.email)).orderBy(outbox.id);
    const accept = mails.find((m) => m.template === 'notify.booking.accept.customer')!;
    expect(accept).toMatchObject({ locale: 'it', subject: 'Prenotazione accettata' });
    expect(accept.body).toContain('1 luglio 2026');
    const cancel = mails.find((m) => m.template?.startsWith('notify.booking.chef_cancel'))!;
    expect(cancel.locale).toBe('it');
    expect(cancel.body).toContain('del 1 luglio 2026');
    expect(cancel.body).not.toMatch(/\bJuli\b|Buchung|Ortszeit/);
    // The chef's own notice stays German.
    const chefMail = (await h.db.select().from(outbox).where(eq(outbox.recipient, w.chef.email))).find((m) => m.template === 'notify.booking.request.chef')!;
    expect(chefMail.locale).toBe('de');
  });
});
