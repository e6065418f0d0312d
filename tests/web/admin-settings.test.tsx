// Admin settings, outbox and audit screens: fees in percent sent as basis points with the checks before sending and
// the server's errors at their field; the outbox read in full with clickable links and filters in the URL; the audit
// log with who, when and a before/after table, filtered by action, target and actor.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditDiff } from '../../web/src/features/admin/AdminAuditDiff';
import AdminAuditPage, { type AuditEntry } from '../../web/src/features/admin/AdminAuditPage';
import { linkParts, type OutboxMessage } from '../../web/src/features/admin/AdminOutboxMessage';
import AdminOutboxPage from '../../web/src/features/admin/AdminOutboxPage';
import AdminSettingsPage, { percentToBp, type AdminSettings } from '../../web/src/features/admin/AdminSettingsPage';
import { ui } from '../../web/src/state/ui';
import { COMPANY } from '../support/company';
import { describedText, press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';
import { expectFooter, filteredEnvelope } from './helpers';

setupChefTests();

const envelope = <T,>(data: T[], extra: Record<string, unknown> = {}) => ({ data, total_count: data.length, filter_count: data.length, ...extra });

describe('settings', () => {
  const settings = (over: Partial<AdminSettings> = {}): AdminSettings => ({
    service_fee_bp: 500,
    commission_bp: 1500,
    currency_rates: { CHF: 1, EUR: 1.07, USD: 1.25, GBP: 0.93 },
    launch_mode: 'live',
    company: { name: '', street: '', postcode: '', city: '', country: '', vatId: '', iban: '', bic: '', email: '' },
    currencies: ['CHF', 'EUR', 'USD', 'GBP'],
    changes: { service_fee_bp: { updated_at: '2026-05-01T10:00:00.000Z', updated_by: { id: 1, name: 'Ada Admin' } } },
    ...over,
  });

  it('reads percent as basis points', () => {
    expect(percentToBp('5')).toBe(500);
    expect(percentToBp('6,5')).toBe(650);
    expect(percentToBp('12.25')).toBe(1225);
    expect(percentToBp('')).toBeNaN();
  });

  it('shows the current values and who changed them', async () => {
    stubApi({ '/v1/admin/settings': { body: { data: settings() } } });
    renderFresh('/ylcadmin/settings', <AdminSettingsPage />);
    const form = await screen.findByTestId('settings-form');
    expect((within(form).getByLabelText('Service fee') as HTMLInputElement).value).toBe('5');
    expect((within(form).getByLabelText('Commission') as HTMLInputElement).value).toBe('15');
    expect((within(form).getByLabelText('1 CHF in EUR') as HTMLInputElement).value).toBe('1.07');
    expect((within(form).getByLabelText(/^Live/) as HTMLInputElement).checked).toBe(true);
    expect(form.textContent).toContain('by Ada Admin');
    expect(form.textContent).toContain('Default value, never changed.');
  });

  it('says a value the seed wrote was set up with the marketplace, not changed "by –"', async () => {
    const seeded = { updated_at: '2026-05-01T10:00:00.000Z', updated_by: null };
    stubApi({ '/v1/admin/settings': { body: { data: settings({ changes: { service_fee_bp: seeded, commission_bp: seeded, currency_rates: seeded } }) } } });
    renderFresh('/ylcadmin/settings', <AdminSettingsPage />);
    const form = await screen.findByTestId('settings-form');
    expect(form.textContent).toMatch(/Set when the marketplace was set up \(.*2026.*\), never changed\./);
    expect(form.textContent).not.toContain('by –');
  });

  it('checks before sending, sends basis points, and shows the server’s errors at their field', async () => {
    let saved = settings();
    const api = stubApi({
      '/v1/admin/settings': () => ({ body: { data: saved } }),
      'PUT /v1/admin/settings': ({ body }) => {
        const b = body as { currency_rates: Record<string, number> };
        if (b.currency_rates.GBP === 900) return { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { 'currency_rates.GBP': ['The GBP rate looks wrong.'] } } };
        saved = settings({ ...(body as Partial<AdminSettings>), currency_rates: { ...saved.currency_rates, ...b.currency_rates, CHF: 1 } });
        return { body: { message: 'ok', changed: ['service_fee_bp', 'launch_mode'], data: saved } };
      },
    });
    renderFresh('/ylcadmin/settings', <AdminSettingsPage />);
    const form = await screen.findByTestId('settings-form');
    const fee = within(form).getByLabelText('Service fee');
    await type(fee, '-1');
    await press(form, 'Save settings');
    expect(describedText(fee)).toContain('The service fee cannot be negative.');
    expect(api.sent('PUT', '/v1/admin/settings')).toHaveLength(0);

    await type(fee, '6,5');
    await type(within(form).getByLabelText('1 CHF in GBP'), '900');
    await press(form, 'Save settings');
    await waitFor(() => expect(describedText(within(form).getByLabelText('1 CHF in GBP'))).toContain('The GBP rate looks wrong.'));

    await type(within(form).getByLabelText('1 CHF in GBP'), '0.9');
    (within(form).getByLabelText(/^Pre-launch/) as HTMLInputElement).click();
    await press(form, 'Save settings');
    await waitFor(() => expect(api.sent('PUT', '/v1/admin/settings')).toHaveLength(2));
    expect(api.sent('PUT', '/v1/admin/settings')[1]!.body).toEqual({
      service_fee_bp: 650,
      commission_bp: 1500,
      currency_rates: { EUR: 1.07, USD: 1.25, GBP: 0.9 },
      launch_mode: 'prelaunch',
    });
    await waitFor(() => expect(ui.notifications.at(-1)?.title).toBe('The settings were saved. They apply to new bookings.'));
    expect((within(form).getByLabelText('Service fee') as HTMLInputElement).value).toBe('6.5');
  });

  it('sends the company only when edited, with its IBAN, UID and e-mail checked before sending, and shows what was saved', async () => {
    let saved = settings();
    const api = stubApi({
      '/v1/admin/settings': () => ({ body: { data: saved } }),
      'PUT /v1/admin/settings': ({ body }) => {
        const company = (body as { company: AdminSettings['company'] }).company;
        saved = settings({ company });
        return { body: { message: 'ok', changed: ['company'], data: saved } };
      },
    });
    renderFresh('/ylcadmin/settings', <AdminSettingsPage />);
    const form = await screen.findByTestId('settings-form');
    const company = within(form).getByRole('region', { name: 'Company' });
    const fields: [string, string][] = [
      ['Legal name', COMPANY.name],
      ['Street and number', COMPANY.street],
      ['Postcode', COMPANY.postcode],
      ['City', COMPANY.city],
      ['Country', COMPANY.country.toLowerCase()],
      ['VAT or UID number', 'CHE-109.322.552'],
      ['IBAN of the payout account', 'CH57 0483 5012 3456 7800 9'],
      ['BIC', COMPANY.bic.toLowerCase()],
      ['Contact e-mail', 'info(at)yourlocalchef.ch'],
    ];
    for (const [label, value] of fields) await type(within(company).getByLabelText(label), value);
    await press(form, 'Save settings');
    expect(describedText(within(company).getByLabelText('IBAN of the payout account'))).toContain('This IBAN is not valid. Please check it for typing errors.');
    expect(describedText(within(company).getByLabelText('VAT or UID number'))).toContain('This UID number is not valid. Please check it for typing errors.');
    expect(describedText(within(company).getByLabelText('Contact e-mail'))).toContain('Please enter a valid e-mail address.');
    expect(api.sent('PUT', '/v1/admin/settings')).toHaveLength(0);

    await type(within(company).getByLabelText('IBAN of the payout account'), COMPANY.iban);
    await type(within(company).getByLabelText('VAT or UID number'), COMPANY.vatId);
    await type(within(company).getByLabelText('Contact e-mail'), COMPANY.email);
    await press(form, 'Save settings');
    await waitFor(() => expect(api.sent('PUT', '/v1/admin/settings')).toHaveLength(1));
    // Sent as entered, the IBAN without its spaces.
    expect((api.sent('PUT', '/v1/admin/settings')[0]!.body as { company: unknown }).company).toEqual({ ...COMPANY, iban: 'CH5604835012345678009' });
    await waitFor(() => expect((within(company).getByLabelText('IBAN of the payout account') as HTMLInputElement).value).toBe('CH5604835012345678009'));
  }, 20_000);

  it('shows an error with a retry when the settings cannot load', async () => {
    stubApi({ '/v1/admin/settings': { status: 500, body: { message: 'boom', code: 'INTERNAL_ERROR' } } });
    renderFresh('/ylcadmin/settings', <AdminSettingsPage />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('outbox', () => {
  const message = (over: Partial<OutboxMessage> = {}): OutboxMessage => ({
    id: 31,
    channel: 'mail',
    recipient: 'anna@example.com',
    subject: 'Reset your password',
    body: 'Hello Anna,\n\nopen http://localhost:8787/auth/recovery?token=abc123. It works for one hour.',
    html: null,
    attachments: [],
    template: 'password_reset',
    locale: 'en',
    created_at: '2026-06-01T10:00:00.000Z',
    ...over,
  });

  it('finds links in plain text, leaving trailing punctuation as text', () => {
    expect(linkParts('see https://x.ch/a?b=1. ok')).toEqual([{ text: 'see ' }, { text: 'https://x.ch/a?b=1', href: 'https://x.ch/a?b=1' }, { text: '. ok' }]);
    expect(linkParts('<b>no html</b> javascript:alert(1)')).toEqual([{ text: '<b>no html</b> javascript:alert(1)' }]);
  });

  it('lists the messages and shows one in full with its link clickable', async () => {
    const api = stubApi({ '/v1/admin/outbox': { body: envelope([message(), message({ id: 30, channel: 'sms', recipient: '+41791112233', subject: '', body: 'Your code is 123456' })]) } });
    renderFresh('/ylcadmin/outbox', <AdminOutboxPage />);
    const mail = await screen.findByTestId('outbox-31');
    expect(api.calls[0]!.url).toContain('order_dir=desc');
    expect(mail.textContent).toContain('Reset your password');
    const link = within(mail).getByRole('link', { name: 'http://localhost:8787/auth/recovery?token=abc123' });
    expect(link.getAttribute('href')).toBe('http://localhost:8787/auth/recovery?token=abc123');
    expect(within(mail).getByTestId('outbox-body').textContent).toBe(message().body);
    expect(mail.textContent).toContain('password_reset');
    expect(screen.getByTestId('outbox-30').textContent).toContain('Your code is 123456');
  });

  it('shows a mail’s HTML part in a sandboxed frame without scripts, and its attachments by name, type and size', async () => {
    const html = '<!doctype html><html lang="en"><body><h1>Booking confirmed</h1><a href="http://localhost:8787/account/me/bookings/7">View the booking</a></body></html>';
    const attachments = [{ filename: 'booking-7.ics', content_type: 'text/calendar', size: 2300 }];
    stubApi({ '/v1/admin/outbox': { body: envelope([message({ html, attachments })]) } });
    renderFresh('/ylcadmin/outbox', <AdminOutboxPage />);
    const mail = await screen.findByTestId('outbox-31');
    const frame = within(mail).getByTitle('How the mail “Reset your password” looks') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(frame.getAttribute('srcdoc')).toBe(`<base target="_blank">${html}`);
    expect(within(mail).getByTestId('outbox-attachments').textContent).toBe('booking-7.ics (text/calendar, 2 KB)');
    // The plain-text part is still there, below the HTML part.
    expect(within(mail).getByText('Plain-text part')).toBeTruthy();
    expect(within(mail).getByTestId('outbox-body').textContent).toBe(message().body);
  });

  it('pages by the messages the filters leave, not by all messages', async () => {
    stubApi({ '/v1/admin/outbox': { body: filteredEnvelope([message()], 1, 780) } });
    renderFresh('/ylcadmin/outbox?recipient=anna', <AdminOutboxPage />);
    await expectFooter(document.body, { range: '1–1 of 1 (780 in all)', pages: [] });
  });

  it('filters by channel and recipient through the URL', async () => {
    const api = stubApi({ '/v1/admin/outbox': { body: envelope([]) } });
    const { location } = renderFresh('/ylcadmin/outbox', <AdminOutboxPage />);
    expect(await screen.findByText('Nothing was sent yet.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'SMS' }));
    });
    await type(screen.getByLabelText('Recipient'), '+4179');
    await press(document.body, 'Search');
    await waitFor(() => expect(api.calls.at(-1)!.url).toContain('channel=sms'));
    expect(api.calls.at(-1)!.url).toContain('recipient=%2B4179');
    expect(location.history?.at(-1)).toContain('recipient=%2B4179');
    expect(await screen.findByText('No messages match.')).toBeTruthy();
  });
});

describe('audit log', () => {
  it('turns before and after into rows, changed fields first', () => {
    expect(auditDiff({ status: 'pending', kind: 'menu' }, { status: 'hidden', kind: 'menu' })).toEqual([
      { field: 'status', before: 'pending', after: 'hidden', changed: true },
      { field: 'kind', before: 'menu', after: 'menu', changed: false },
    ]);
    expect(auditDiff({ currency_rates: { EUR: 1.07, USD: 1.25 } }, { currency_rates: { EUR: 1.1, USD: 1.25 } })[0]).toEqual({ field: 'currency_rates.EUR', before: '1.07', after: '1.1', changed: true });
    expect(auditDiff(null, { names: { en: 'Paleo' }, tags: ['a'] })).toEqual([
      { field: 'names.en', before: null, after: 'Paleo', changed: true },
      { field: 'tags', before: null, after: '["a"]', changed: true },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
  });

  const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
    id: 77,
    action: 'settings.update',
    target_type: 'settings',
    target_id: null,
    actor: { id: 1, firstname: 'Ada', lastname: 'Admin', email: 'ada@example.com' },
    ip: '10.0.0.1',
    before: { service_fee_bp: 500 },
    after: { service_fee_bp: 650 },
    created_at: '2026-06-01T10:00:00.000Z',
    ...over,
  });

  it('pages by the entries the filters leave, not by the whole log', async () => {
    stubApi({ '/v1/admin/audit': { body: { ...filteredEnvelope([entry(), entry({ id: 76 })], 2, 5120), facets: { actions: ['settings.update'], target_types: ['settings'] } } } });
    renderFresh('/ylcadmin/audit?action=settings.update', <AdminAuditPage />);
    await expectFooter(document.body, { range: '1–2 of 2 (5,120 in all)', pages: [] });
  });

  it('shows who, what, when and the change, and filters through the URL', async () => {
    const api = stubApi({
      '/v1/admin/audit': ({ url }) => ({
        body: envelope(url.includes('actor=') ? [] : [entry(), entry({ id: 76, action: 'user.disable', target_type: 'user', target_id: '5', actor: null, before: null, after: null })], {
          facets: { actions: ['settings.update', 'user.disable'], target_types: ['settings', 'user'] },
        }),
      }),
    });
    const { location } = renderFresh('/ylcadmin/audit', <AdminAuditPage />);
    const first = await screen.findByTestId('audit-77');
    expect(first.textContent).toContain('settings.update');
    expect(within(first).getByRole('link', { name: 'Ada Admin' }).getAttribute('href')).toBe('/ylcadmin/users/1');
    expect(first.textContent).toContain('IP 10.0.0.1');
    const rows = within(within(first).getByTestId('audit-diff')).getAllByRole('row');
    expect(rows[1]!.textContent).toBe('service_fee_bp500650');
    const second = screen.getByTestId('audit-76');
    expect(within(second).getByRole('link', { name: 'user #5' }).getAttribute('href')).toBe('/ylcadmin/users/5');
    expect(second.textContent).toContain('the system');
    expect(second.textContent).toContain('No details recorded.');

    const filters = screen.getByTestId('audit-filters');
    await type(within(filters).getByLabelText('Action'), 'user.disable');
    await type(within(filters).getByLabelText('Done by'), 'ada@');
    await press(filters, 'Filter');
    await waitFor(() => expect(api.calls.at(-1)!.url).toContain('actor=ada%40'));
    expect(api.calls.at(-1)!.url).toContain('action=user.disable');
    expect(location.history?.at(-1)).toContain('action=user.disable');
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
  });
});
