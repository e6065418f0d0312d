// Reminders 48 hours and 3 hours before a confirmed event: both sides get a notification with its mail, and an SMS
// where they verified a phone; each reminder goes once, also when two sweeps run at the same time; none for a
// cancelled booking, and none that the confirmation mail made needless.
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingReminders } from '../../functions/_api/db/schema/calendar';
import { notifications } from '../../functions/_api/db/schema/messages';
import { outbox } from '../../functions/_api/db/schema/system';
import { users } from '../../functions/_api/db/schema/users';
import { zonedTime } from '#shared/booking-window';
import { HOUR } from '#shared/time';
import { sendReminders } from '../../functions/_api/modules/bookings/bookings.facade.service';
import { runSweep } from '../../functions/_api/modules/sweep/sweep';
import { useHarness } from '../support/use-harness';
import { START } from '../support/harness';
import { testDeps } from '../support/chef-fixtures';
import { as, bookingCalls, confirmedBooking, TZ, world, type World } from '../support/booking-fixtures';
import { ok, on } from '../support/typed-client';

const h = useHarness();
beforeEach(() => h.clock.set(START));

const CUSTOMER_PHONE = '+41791234501';
const CHEF_PHONE = '+41791234502';

/** A world whose customer verified a phone and whose chef entered one without verifying it. */
async function phones(w: World) {
  await h.db.update(users).set({ phone: CUSTOMER_PHONE, phoneCountry: 'CH', phoneVerifiedAt: START }).where(eq(users.id, w.customer.userId));
  await h.db.update(users).set({ phone: CHEF_PHONE, phoneCountry: 'CH', phoneVerifiedAt: null }).where(eq(users.id, w.chef.userId));
}

const mails = (email: string, kind: string) =>
  h.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.channel, 'mail'), like(outbox.template, `notify.booking.reminder_${kind}.%`)));
const sms = (phone: string) => h.db.select().from(outbox).where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'sms')));
const notes = (userId: number, title: string) => h.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
const sweep = () => runSweep(testDeps(h));

describe('reminders before a confirmed event', () => {
  let w: World;
  let id: number;
  const startsAt = zonedTime('2026-06-10', 19, 0, TZ);
  beforeAll(async () => {
    h.clock.set(START);
    w = await world(h);
    await phones(w);
    id = await confirmedBooking(h, w, { starts_at: startsAt.toISOString() });
  });

  it('sends nothing before the 48-hour mark', async () => {
    h.clock.set(new Date(startsAt.getTime() - 49 * HOUR));
    expect((await sweep()).reminders_sent).toBe(0);
    expect(await mails(w.customer.email, '48h')).toEqual([]);
  });

  it('sends the 48-hour reminder once when two sweeps run at the same time: mail to both, SMS only to the verified phone', async () => {
    h.clock.set(new Date(startsAt.getTime() - 47 * HOUR));
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect(a.reminders_sent + b.reminders_sent).toBe(1);
    const [customerMail] = await mails(w.customer.email, '48h');
    expect(await mails(w.customer.email, '48h')).toHaveLength(1);
    expect(await mails(w.chef.email, '48h')).toHaveLength(1);
    expect(customerMail!.subject).toBe('Your dinner is in two days');
    expect(customerMail!.body).toContain('Marco cooks “Alpine Autumn” for 4 guests on June 10, 2026 at 19:00 (Zurich time).');
    expect(customerMail!.body).toContain(`http://localhost/account/me/bookings/${id}`);
    expect(await notes(w.customer.userId, 'Your dinner is in two days')).toHaveLength(1);
    expect(await notes(w.chef.userId, 'You cook in two days')).toHaveLength(1);
    const texts = await sms(CUSTOMER_PHONE);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.template).toBe('reminder_48h');
    expect(texts[0]!.body).toBe(`YourLocalChef: “Alpine Autumn” on June 10, 2026 at 19:00 (Zurich time), 4 guests. http://localhost/account/me/bookings/${id}`);
    expect(await sms(CHEF_PHONE)).toEqual([]);
    expect(await h.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, id))).toHaveLength(1);

    expect((await sweep()).reminders_sent).toBe(0);
    expect(await mails(w.customer.email, '48h')).toHaveLength(1);
  });

  it('sends the 3-hour reminder once even when two reminder runs race from the same read', async () => {
    h.clock.set(new Date(startsAt.getTime() - 2 * HOUR));
    // Both runs read the due bookings before either claims: only the claim keeps the second from sending.
    const counts = await Promise.all([sendReminders(testDeps(h), 100), sendReminders(testDeps(h), 100), sweep().then((r) => r.reminders_sent)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await mails(w.customer.email, '3h')).toHaveLength(1);
    expect(await mails(w.chef.email, '3h')).toHaveLength(1);
    expect(await sms(CUSTOMER_PHONE)).toHaveLength(2);
    expect(await sms(CHEF_PHONE)).toEqual([]);
    // The runs that lost the claim wrote no notification either: theirs ride on the claim's guarded write.
    expect(await notes(w.customer.userId, 'Your dinner is in three hours')).toHaveLength(1);
    expect(await notes(w.chef.userId, 'You cook in three hours')).toHaveLength(1);
    expect(await mails(w.customer.email, '48h')).toHaveLength(1);
  });

  it('sends nothing once the event has started', async () => {
    h.clock.set(new Date(startsAt.getTime() + HOUR));
    expect((await sweep()).reminders_sent).toBe(0);
  });
});

describe('reminders that are not sent', () => {
  it('skips the 48-hour reminder of a booking confirmed after its mark, and of a sweep that first runs within 3 hours', async () => {
    const w = await world(h);
    const startsAt = zonedTime('2026-06-02', 19, 0, TZ); // 31 hours after START: confirmed within the last 48 hours
    const late = await confirmedBooking(h, w, { starts_at: startsAt.toISOString() });
    h.clock.set(new Date(startsAt.getTime() - 30 * HOUR));
    expect((await sweep()).reminders_sent).toBe(0);
    h.clock.set(new Date(startsAt.getTime() - 1 * HOUR));
    expect((await sweep()).reminders_sent).toBe(1);
    expect(await mails(w.customer.email, '48h')).toEqual([]);
    expect(await mails(w.customer.email, '3h')).toHaveLength(1);
    expect((await h.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, late))).map((r) => r.kind)).toEqual(['3h']);
  });

  it('sends none for a cancelled booking', async () => {
    const w = await world(h);
    await phones(w);
    const startsAt = zonedTime('2026-06-20', 19, 0, TZ);
    const id = await confirmedBooking(h, w, { starts_at: startsAt.toISOString() });
    const a = await as(h, w.customer);
    expect((await ok(bookingCalls(a).cancel.$post({ ...on(id), json: {} }))).status).toBe(200);
    h.clock.set(new Date(startsAt.getTime() - 47 * HOUR));
    expect((await sweep()).reminders_sent).toBe(0);
    h.clock.set(new Date(startsAt.getTime() - 2 * HOUR));
    expect((await sweep()).reminders_sent).toBe(0);
    expect(await h.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, id))).toEqual([]);
  });
});
