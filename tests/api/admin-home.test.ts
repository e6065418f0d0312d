// The admin dashboard's figures against the rows behind them (bookings by effective status, money per currency over
// 7 and 30 days from the bookings' snapshots, applications, images, payouts due, what needs attention), and the
// "run sweep" action: what it changed, written down, audited.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings } from '../../functions/_api/db/schema/bookings';
import { ChefStatus } from '../../functions/_api/db/schema/chefs';
import { payoutDetails } from '../../functions/_api/db/schema/chefs';
import { useHarness } from '../support/use-harness';
import { auditLog } from '../../functions/_api/db/schema/system';
import { superUserParty } from '../support/admin-fixtures';
import { as, confirmedBooking, requestBooking, startsIn, world } from '../support/booking-fixtures';
import { createChef, createImage } from '../support/fixtures';
import { START } from '../support/harness';
import { ok, typedClient } from '../support/typed-client';
import { DAY } from '#shared/time';


const h = useHarness();
beforeAll(() => h.clock.set(START));
const admin = superUserParty(h);

const home = async () => ok((await admin.client()).admin.home.$get());

describe('the admin home', () => {
  let ids: { chf: number[]; eur: number; request: number; cancelled: number };

  beforeAll(async () => {
    h.clock.set(START);
    const chf = await world(h);
    const eur = await world(h, { menu: { currency: 'EUR', pricePerPerson: 10000 } });
    await h.db.insert(payoutDetails).values({ chefId: chf.chef.chefId, accountHolder: 'Marco Rossi', iban: 'CH9300762011623852957' });
    ids = {
      chf: [await confirmedBooking(h, chf, { starts_at: startsIn(h, 20) }), await confirmedBooking(h, chf, { starts_at: startsIn(h, 21), guests: 6 })],
      eur: await confirmedBooking(h, eur, { starts_at: startsIn(h, 22) }),
      request: await requestBooking(h, chf, { starts_at: startsIn(h, 40) }),
      cancelled: await confirmedBooking(h, chf, { starts_at: startsIn(h, 45) }),
    };
    await ok(typedClient(await as(h, chf.customer)).bookings[':id{[0-9]{1,12}}'].cancel.$post({ param: { id: String(ids.cancelled) }, json: { reason: 'Plans changed.' } }));
    await createChef(h.db, { status: ChefStatus.Onboarded });
    await createChef(h.db, { status: ChefStatus.Onboarded });
    await createChef(h.db, { status: ChefStatus.New });
    await createImage(h.db, { t512_1x1: 'img/a' }, { status: 'pending' });
    await createImage(h.db, { t512_1x1: 'img/b' }, { status: 'approved' });
  });

  it('counts bookings by status and the money of the last 7 and 30 days per currency from the snapshots', async () => {
    const res = await home();
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.bookings_by_status).toMatchObject({ confirmed: 3, requested: 1, cancelled_by_customer: 1, completed: 0, expired: 0 });
    expect(d.bookings_total).toBe(5);

    // The rows' own snapshots: gross of every paid booking, fees and commission of those that still take place.
    const rows = await h.db.select().from(bookings);
    const paid = (cur: string) => rows.filter((b) => b.currency === cur && b.confirmedAt);
    const standing = (cur: string) => paid(cur).filter((b) => b.status === 'confirmed');
    const sum = (list: typeof rows, key: 'total' | 'commission' | 'serviceFee') => list.reduce((s, b) => s + b[key], 0);
    const chf = d.money.last_7_days.per_currency.find((x) => x.currency === 'CHF')!;
    expect(chf).toMatchObject({ bookings: 3, gross: sum(paid('CHF'), 'total'), commission: sum(standing('CHF'), 'commission'), service_fees: sum(standing('CHF'), 'serviceFee'), refunded: 39900 });
    expect(chf.gross).toBe(39900 + 59850 + 39900);
    expect(chf.commission).toBe(5700 + 8550);
    expect(chf.gross_formatted).toMatch(/1[’',]?396\.50/);
    const eur = d.money.last_7_days.per_currency.find((x) => x.currency === 'EUR');
    expect(eur).toMatchObject({ bookings: 1, gross: 42000, commission: 6000, refunded: 0 });
    // The indication in CHF converts the EUR at the default rate (1.07 EUR per CHF).
    expect(d.money.last_7_days.total).toMatchObject({ currency: 'CHF', gross: chf.gross + Math.round(42000 / 1.07), commission: chf.commission + Math.round(6000 / 1.07) });
    expect(d.money.last_30_days.per_currency).toEqual(d.money.last_7_days.per_currency);

    expect(d.pending_applications).toBe(2);
    expect(d.images_waiting).toBe(1);
    expect(d.payouts_due).toEqual([]);
    expect(d.attention).toEqual(
      expect.arrayContaining([
        { key: 'applications', count: 2, route: 'ylcadmin.chefs' },
        { key: 'images', count: 1, route: 'ylcadmin.images' },
      ]),
    );
    expect(d.attention.map((a) => a.key)).not.toContain('sweep_due');
  });

  it('moves the money out of the 7-day window, and shows payouts due and the sweep once time passed', async () => {
    h.clock.set(new Date(START.getTime() + 10 * DAY));
    let d = (await home()).body.data;
    expect(d.money.last_7_days.per_currency).toEqual([]);
    expect(d.money.last_7_days.total.gross).toBe(0);
    expect(d.money.last_30_days.per_currency.map((x) => [x.currency, x.bookings])).toEqual([
      ['CHF', 3],
      ['EUR', 1],
    ]);

    // 25 days on, the first three events are over and their earnings released: due, one chef without bank details.
    h.clock.set(new Date(START.getTime() + 25 * DAY));
    d = (await home()).body.data;
    expect(d.bookings_by_status).toMatchObject({ confirmed: 0, completed: 3, expired: 1 });
    expect(d.payouts_due).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'CHF', amount: 32300 + 48450, items: 2, chefs: 1, chefs_without_bank_details: 0 }),
        expect.objectContaining({ currency: 'EUR', amount: 34000, items: 1, chefs: 1, chefs_without_bank_details: 1 }),
      ]),
    );
    expect(d.attention).toEqual(
      expect.arrayContaining([
        { key: 'payouts_due', count: 1, route: 'ylcadmin.payouts' },
        { key: 'bank_details_missing', count: 1, route: 'ylcadmin.payouts' },
        { key: 'sweep_due', count: 4, route: null, action: 'sweep' },
      ]),
    );
  });

  it('runs the sweep: the due steps are written down, reported and audited; the home no longer asks for it', async () => {
    h.clock.set(new Date(START.getTime() + 25 * DAY));
    const sweep = (await admin.client()).admin.sweep;
    const res = await ok(sweep.$post({ json: {} }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The sweep ran and wrote down the changes below.');
    expect(res.body.data).toMatchObject({ expired: 1, completed: 3, payment_expired: 0, more: false });
    expect(res.body.data.changed).toEqual(
      expect.arrayContaining([
        { booking_id: ids.request, to: 'expired' },
        ...ids.chf.map((id) => ({ booking_id: id, to: 'completed' })),
        { booking_id: ids.eur, to: 'completed' },
      ]),
    );
    expect((await h.db.select().from(bookings).where(eq(bookings.id, ids.request)))[0]!.status).toBe('expired');
    expect((await h.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, ids.eur))).at(-1)).toMatchObject({ toStatus: 'completed', actorRole: 'system' });
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.action, 'sweep.run'));
    expect(audit).toMatchObject({ actorUserId: admin.party.userId, targetType: 'sweep', targetId: null, after: expect.objectContaining({ expired: 1, completed: 3 }) });

    const again = await ok(sweep.$post({ json: {} }));
    expect(again.body).toMatchObject({ message: 'The sweep ran. Nothing was due.', data: { expired: 0, completed: 0, changed: [] } });
    expect((await home()).body.data.attention.map((x) => x.key)).not.toContain('sweep_due');
    // Raw on purpose: a field the sweep's empty body does not take (its type, Record<string, never>, lets the typed client send none).
    expect((await (await admin.agent()).post('/v1/admin/sweep', { now: true })).status).toBe(400);
  });
});
