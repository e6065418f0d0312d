// Admin settings, outbox and audit log: fees, rates and launch mode apply to the next booking and the session at
// once while existing bookings keep their snapshot; the outbox shows what the local mail and SMS adapters sent;
// the audit log lists every admin write with who, when, before and after, filtered by action, target and actor.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, payments } from '../../functions/_api/db/schema/bookings';
import { auditLog, outbox, settings } from '../../functions/_api/db/schema/system';
import { agent, signedUp } from '../support/agent';
import { COMPANY, superUser, useAdminParties } from '../support/admin-fixtures';
import { acceptBooking, as, book, bookingBody, pay, world } from '../support/booking-fixtures';
import { testDeps } from '../support/chef-fixtures';
import { ok, refused, typedClient } from '../support/typed-client';

const suite = useAdminParties();

/** The admin calls as the super-user. */
const admin = () => typedClient(suite.p.su).admin;
type SettingsChange = Parameters<ReturnType<typeof admin>['settings']['$put']>[0]['json'];
const change = (body: SettingsChange) => admin().settings.$put({ json: body });
const settingsAudit = () => suite.h.db.select().from(auditLog).where(eq(auditLog.targetType, 'settings')).orderBy(auditLog.id);
const storedSetting = async (key: string) => (await suite.h.db.select().from(settings).where(eq(settings.key, key)))[0];
/** The session's app settings, as a visitor reads them. */
const sessionApp = async () => (await ok(typedClient(agent(suite.h)).auth.session.user.$get())).body.app;
type OutboxQuery = Parameters<ReturnType<typeof admin>['outbox']['$get']>[0]['query'];
const outboxList = (query: OutboxQuery) => ok(admin().outbox.$get({ query }));
type AuditQuery = Parameters<ReturnType<typeof admin>['audit']['$get']>[0]['query'];
const auditList = (query: AuditQuery) => ok(admin().audit.$get({ query }));

describe('settings', () => {
  it('shows the current values; defaults until an admin changes them', async () => {
    const res = await ok(admin().settings.$get());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      service_fee_bp: 500,
      commission_bp: 1500,
      currency_rates: { CHF: 1, EUR: 1.07, USD: 1.25, GBP: 0.93 },
      launch_mode: 'live',
      company: { name: '', street: '', postcode: '', city: '', country: '', vatId: '', iban: '', bic: '', email: '' },
      currencies: ['CHF', 'EUR', 'USD', 'GBP'],
      changes: {},
    });
  });

  it('refuses a negative fee, a zero rate, a CHF rate, unknown keys and an empty change, writing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ service_fee_bp: -1 }, 'service_fee_bp'],
      [{ commission_bp: 5001 }, 'commission_bp'],
      [{ service_fee_bp: 2.5 }, 'service_fee_bp'],
      [{ currency_rates: { EUR: 0 } }, 'currency_rates.EUR'],
      [{ currency_rates: { CHF: 2 } }, 'currency_rates.CHF'],
      [{ currency_rates: { JPY: 150 } }, 'currency_rates.JPY'],
      [{ launch_mode: 'beta' }, 'launch_mode'],
      [{ vat_bp: 800 }, 'vat_bp'],
      [{}, 'body'],
    ];
    // Raw on purpose: unknown currencies, modes and keys, which the body's type forbids, are among them.
    for (const [body, field] of cases) {
      const res = await suite.p.su.json(suite.p.su.put('/v1/admin/settings', body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    const negative = await refused(change({ service_fee_bp: -1 }));
    expect(negative.body.errors.service_fee_bp).toEqual(['The service fee cannot be negative.']);
    expect((await refused(change({}))).body.errors.body).toEqual(['Change at least one setting.']);
    expect(await suite.h.db.select().from(settings)).toEqual([]);
    expect(await settingsAudit()).toEqual([]);
  });

  it('saves only what changes, records before and after, and the session shows it at once', async () => {
    const res = await ok(change({ currency_rates: { EUR: 1.1, GBP: 0.93 }, launch_mode: 'prelaunch', commission_bp: 1500 }));
    expect(res.status).toBe(200);
    expect(res.body.changed).toEqual(['currency_rates', 'launch_mode']);
    expect(res.body.data).toMatchObject({ currency_rates: { CHF: 1, EUR: 1.1, USD: 1.25, GBP: 0.93 }, launch_mode: 'prelaunch', commission_bp: 1500 });
    expect(res.body.data.changes.launch_mode).toEqual({ updated_at: suite.h.clock.now().toISOString(), updated_by: { id: suite.p.suUserId, name: 'Anna Muster' } });
    expect(await storedSetting('currency_rates')).toMatchObject({ value: { CHF: 1, EUR: 1.1, USD: 1.25, GBP: 0.93 }, updatedBy: suite.p.suUserId });
    expect(await storedSetting('launch_mode')).toMatchObject({ value: 'prelaunch' });
    expect(await storedSetting('commission_bp')).toBeUndefined();
    const audit = await settingsAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'settings.update',
      actorUserId: suite.p.suUserId,
      targetId: null,
      before: { currency_rates: { CHF: 1, EUR: 1.07, USD: 1.25, GBP: 0.93 }, launch_mode: 'live' },
      after: { currency_rates: { CHF: 1, EUR: 1.1, USD: 1.25, GBP: 0.93 }, launch_mode: 'prelaunch' },
    });
    const app = await sessionApp();
    expect(app.launch_mode).toBe('prelaunch');
    expect(app.supported_currencies.EUR?.rate).toBe(1.1);

    const again = await ok(change({ launch_mode: 'prelaunch' }));
    expect(again.body).toMatchObject({ message: 'Nothing changed.', changed: [] });
    expect(await settingsAudit()).toHaveLength(1);

    expect((await ok(change({ launch_mode: 'live' }))).status).toBe(200);
    expect((await sessionApp()).launch_mode).toBe('live');
  });

  it('applies a new fee and commission to new bookings only: an existing booking keeps its quote and pays its old total', async () => {
    const w = await world(suite.h);
    const first = await ok(book(await as(suite.h, w.customer), bookingBody(w.menu.id, suite.h)));
    expect(first.status).toBe(201);
    expect(first.body.data.price).toMatchObject({ service_fee_bp: 500, service_fee: 1900, total: 39900 });

    const changed = await ok(change({ service_fee_bp: 800, commission_bp: 2000 }));
    expect(changed.status).toBe(200);
    expect(changed.body.changed).toEqual(['service_fee_bp', 'commission_bp']);
    expect((await sessionApp()).service_fee_bp).toBe(800);

    const second = await ok(book(await as(suite.h, w.customer), bookingBody(w.menu.id, suite.h, { starts_at: bookingBody(w.menu.id, suite.h).starts_at.replace(/T\d\d/, 'T18') })));
    expect(second.status).toBe(201);
    expect(second.body.data.price).toMatchObject({ service_fee_bp: 800, service_fee: 3040, total: 41040 });

    const [a, b] = (await Promise.all([first, second].map(async (r) => (await suite.h.db.select().from(bookings).where(eq(bookings.id, r.body.data.id)))[0]!))) as [typeof bookings.$inferSelect, typeof bookings.$inferSelect];
    expect(a).toMatchObject({ serviceFeeBp: 500, commissionBp: 1500, serviceFee: 1900, total: 39900, commission: 5700, chefEarnings: 32300 });
    expect(b).toMatchObject({ serviceFeeBp: 800, commissionBp: 2000, serviceFee: 3040, total: 41040, commission: 7600, chefEarnings: 30400 });

    // The first booking reads and pays as it was quoted.
    const customer = await as(suite.h, w.customer);
    const read = await ok(typedClient(customer).users.me.orders[':id{[0-9]{1,12}}'].$get({ param: { id: String(a.id) } }));
    expect(read.body.data.price).toMatchObject({ service_fee_bp: 500, service_fee: 1900, total: 39900 });
    await acceptBooking(suite.h, w, a.id);
    const started = await pay(customer, a.id);
    expect(started.status).toBe(201);
    const [payment] = await suite.h.db.select().from(payments).where(eq(payments.bookingId, a.id));
    expect(payment).toMatchObject({ amount: 39900, currency: 'CHF' });

    expect((await ok(change({ service_fee_bp: 500, commission_bp: 1500 }))).status).toBe(200);
  });
});

describe('company', () => {
  it('refuses a wrong IBAN check digit, a malformed BIC, UID or country and a missing name, writing nothing', async () => {
    const logged = (await settingsAudit()).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ iban: 'CH57 0483 5012 3456 7800 9' }, 'company.iban', 'This IBAN is not valid. Please check it for typing errors.'],
      [{ iban: '' }, 'company.iban', "Please enter the company's IBAN."],
      [{ bic: 'CRES' }, 'company.bic', 'A BIC has 8 or 11 letters and digits, e.g. UBSWCHZH80A.'],
      [{ vatId: 'CHE-109.322.552' }, 'company.vatId', 'This UID number is not valid. Please check it for typing errors.'],
      [{ vatId: 'CHE-1093' }, 'company.vatId', 'A Swiss UID number reads CHE-123.456.789, optionally followed by MWST.'],
      [{ country: 'Schweiz' }, 'company.country', 'Enter the two-letter country code, e.g. CH.'],
      [{ name: '  ' }, 'company.name', 'Please enter the company name.'],
      [{ city: 'x'.repeat(36) }, 'company.city', 'The city can be at most 35 characters long.'],
    ];
    for (const [fix, field, message] of cases) {
      const res = await refused(change({ company: { ...COMPANY, ...fix } }));
      expect(res.status, JSON.stringify(fix)).toBe(400);
      expect(res.body.errors, JSON.stringify(fix)).toEqual({ [field]: [message] });
    }
    // Raw on purpose: a company without the fields its type requires.
    const partial = await suite.p.su.json(suite.p.su.put('/v1/admin/settings', { company: { name: 'Only a name' } }));
    expect(Object.keys(partial.body.errors).sort()).toEqual(['company.bic', 'company.city', 'company.country', 'company.email', 'company.iban', 'company.postcode', 'company.street', 'company.vatId']);
    expect(await storedSetting('company')).toBeUndefined();
    expect(await settingsAudit()).toHaveLength(logged);
  });

  it('saves the company normalised, logs its IBAN masked, and keeps it out of the public session', async () => {
    const logged = (await settingsAudit()).length;
    const res = await ok(change({ company: { ...COMPANY, country: 'ch', bic: 'cresch zz80a', vatId: '' } }));
    expect(res.status).toBe(200);
    expect(res.body.changed).toEqual(['company']);
    const saved = { ...COMPANY, iban: 'CH5604835012345678009', bic: 'CRESCHZZ80A', vatId: '' };
    expect(res.body.data.company).toEqual(saved);
    expect(res.body.data.changes.company).toEqual({ updated_at: suite.h.clock.now().toISOString(), updated_by: { id: suite.p.suUserId, name: 'Anna Muster' } });
    expect(await storedSetting('company')).toMatchObject({ value: saved, updatedBy: suite.p.suUserId });
    const audit = (await settingsAudit()).at(-1);
    expect(audit).toMatchObject({ before: { company: { name: '', iban: '' } }, after: { company: { ...saved, iban: 'CH56 **** **** **** *800 9' } } });

    // The same details again change nothing; a new UID is one more logged change.
    expect((await ok(change({ company: saved }))).body.changed).toEqual([]);
    const uid = await ok(change({ company: { ...saved, vatId: 'CHE-109.322.551 MWST' } }));
    expect(uid.body.data.company.vatId).toBe('CHE-109.322.551 MWST');
    expect(await settingsAudit()).toHaveLength(logged + 2);

    expect(JSON.stringify(await sessionApp())).not.toContain('CH5604835012345678009');
    expect((await refused(typedClient(agent(suite.h)).admin.settings.$get())).status).toBe(401);
  });
});

describe('outbox', () => {
  it('lists what the local adapters sent, newest first, in full, filtered by channel and recipient', async () => {
    const { email } = await signedUp(suite.h, { email: `Outbox.Reader+${suite.h.runtime}@example.com` });
    await testDeps(suite.h).sms.send({ to: '+41791112233', text: 'Your code is 123456', template: 'verify_mobile', locale: 'de' });

    const all = await outboxList({ count: '1' });
    expect(all.status).toBe(200);
    const ids = all.body.data.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(all.body.total_count).toBe((await suite.h.db.select({ n: count() }).from(outbox))[0]!.n);
    expect(all.body.data[0]).toMatchObject({ channel: 'sms', recipient: '+41791112233', subject: '', body: 'Your code is 123456', template: 'verify_mobile', locale: 'de' });

    const sms = await outboxList({ channel: 'sms', count: '1' });
    expect(sms.body.data.every((m) => m.channel === 'sms')).toBe(true);
    expect(sms.body.filter_count).toBeLessThan(sms.body.total_count!);

    const mine = await outboxList({ channel: 'mail', recipient: 'OUTBOX.reader+', count: '1' });
    expect(mine.body.filter_count).toBe(1);
    const mail = mine.body.data[0]!;
    expect(mail).toMatchObject({ channel: 'mail', recipient: email.toLowerCase(), template: expect.any(String), locale: 'en' });
    expect(mail.subject).not.toBe('');
    expect(mail.body).toMatch(/https?:\/\/\S+/);

    const one = await ok(admin().outbox[':id'].$get({ param: { id: String(mail.id) } }));
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(mail);
    expect((await refused(admin().outbox[':id'].$get({ param: { id: '999999999' } }))).status).toBe(404);
    // A LIKE wildcard in the search is taken literally.
    expect((await outboxList({ recipient: '%', count: '1' })).body.filter_count).toBe(0);
  });

  it('gives a mail’s HTML part and its attachments by name, type and size, never their contents', async () => {
    const to = `outbox.parts.${suite.h.runtime}@example.com`;
    const content = btoa('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    await testDeps(suite.h).mail.send({ to, subject: 'Booking confirmed', text: 'Hello', html: '<p>Hello</p>', attachments: [{ filename: 'booking-7.ics', contentType: 'text/calendar', content }], template: 'notify.booking.confirm.customer', locale: 'en' });
    const list = await outboxList({ recipient: to });
    const mail = list.body.data[0]!;
    expect(mail).toMatchObject({ body: 'Hello', html: '<p>Hello</p>', attachments: [{ filename: 'booking-7.ics', content_type: 'text/calendar', size: 32 }] });
    expect(JSON.stringify(mail)).not.toContain(content);
    expect((await ok(admin().outbox[':id'].$get({ param: { id: String(mail.id) } }))).body.data).toEqual(mail);
    // An SMS has neither.
    const sms = (await outboxList({ channel: 'sms' })).body.data[0];
    expect(sms).toMatchObject({ html: null, attachments: [] });
  });

  it('refuses unknown channels and page sizes in the error shape', async () => {
    const res = await refused(admin().outbox.$get({ query: { channel: 'fax', page_size: 500 } }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['channel', 'page_size']);
  });
});

describe('audit log', () => {
  it('lists admin writes newest first with who, what, when, before and after, filtered by action, target and actor', async () => {
    const other = await superUser(suite.h, { firstname: 'Otto', lastname: 'Admin', email: `otto.${suite.h.runtime}@example.com` });
    expect((await ok(typedClient(other.agent).admin.settings.$put({ json: { service_fee_bp: 650 } }))).status).toBe(200);
    expect((await ok(change({ service_fee_bp: 500 }))).status).toBe(200);

    const all = await auditList({ count: '1' });
    expect(all.status).toBe(200);
    const ids = all.body.data.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(all.body.data[0]).toMatchObject({
      action: 'settings.update',
      target_type: 'settings',
      target_id: null,
      actor: { id: suite.p.suUserId, firstname: 'Anna', lastname: 'Muster' },
      before: { service_fee_bp: 650 },
      after: { service_fee_bp: 500 },
      created_at: suite.h.clock.now().toISOString(),
    });
    expect(all.body.facets.actions).toContain('settings.update');
    expect(all.body.facets.target_types).toContain('settings');

    const byOtto = await auditList({ actor: `otto.${suite.h.runtime}`, count: '1' });
    expect(byOtto.body.filter_count).toBe(1);
    expect(byOtto.body.data[0]).toMatchObject({ actor: { id: other.userId, firstname: 'Otto' }, before: { service_fee_bp: 500 }, after: { service_fee_bp: 650 } });
    const byId = await auditList({ actor: other.userId, count: '1' });
    expect(byId.body.data.map((e) => e.id)).toEqual(byOtto.body.data.map((e) => e.id));

    const settingsRows = (await suite.h.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'settings.update')))[0]!.n;
    expect((await auditList({ action: 'settings.update', count: '1' })).body.filter_count).toBe(settingsRows);
    expect((await auditList({ action: 'settings.', count: '1' })).body.filter_count).toBe(settingsRows);
    expect((await auditList({ action: 'settings', count: '1' })).body.filter_count).toBe(0);

    // A target: the chef application the chef fixture started has its own row.
    const [chefRow] = await suite.h.db.select().from(auditLog).where(eq(auditLog.targetType, 'chef')).limit(1);
    const byTarget = await auditList({ target_type: 'chef', target_id: chefRow!.targetId!, count: '1' });
    expect(byTarget.body.data.map((e) => e.id)).toContain(chefRow!.id);
    expect(byTarget.body.data.every((e) => e.target_type === 'chef' && e.target_id === chefRow!.targetId)).toBe(true);

    const paged = await auditList({ page_size: 1, page: 1, count: '1' });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.data[0]!.id).toBe(ids[1]);
  });

  it('refuses malformed filters in the error shape', async () => {
    const res = await refused(admin().audit.$get({ query: { action: 'x'.repeat(61), order_dir: 'up' } }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['action', 'order_dir']);
  });
});
