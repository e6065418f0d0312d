// Admin chefs screens: the list with status tabs and their counts (the review queue oldest first), tier filter and
// search in the URL; the application view with documents to download, regions, menus and missing steps; the
// decisions (approve at once, reject only with a reason, block after a confirmation), the tier, and refusals shown
// where they happen.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AdminChefPage from '../../web/src/features/admin/AdminChefPage';
import AdminChefsPage from '../../web/src/features/admin/AdminChefsPage';
import type { AdminChefDetail, AdminChefRow } from '../../web/src/features/admin/ChefsApi';
import { setLocale } from '../../web/src/lib/i18n';
import { ui } from '../../web/src/state/ui';
import { describedText, ownMenu, ownProfile, press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';
import { expectFooter, filteredEnvelope } from './helpers';

setupChefTests();

const row = (over: Partial<AdminChefRow> = {}): AdminChefRow => ({
  id: 7,
  uri: 'anna-muster-7',
  status: 3,
  status_name: 'Onboarded',
  tier: 'chef',
  is_pro: false,
  is_signature: false,
  is_verified: false,
  display_location: 'Zürich',
  submitted_at: '2026-05-20T10:00:00.000Z',
  created_at: '2026-05-01T10:00:00.000Z',
  review_count: 0,
  review_avg: 0,
  published_menus: 0,
  user: { id: 5, email: 'anna@example.com', firstname: 'Anna', lastname: 'Muster', disabled: false },
  ...over,
});

const COUNTS = { New: 4, Active: 50, Paused: 2, Onboarded: 3, OnboardingFailed: 1, Banned: 1 };

const chef = (over: Partial<AdminChefDetail> = {}): AdminChefDetail =>
  ({
    ...ownProfile({ status: 3, status_name: 'Onboarded', is_signature: false, is_verified: false, verified_at: null, submitted_at: '2026-05-20T10:00:00.000Z' }),
    status_name: 'Onboarded',
    tier: 'chef',
    status_before_ban: null,
    status_before_ban_name: null,
    paused_by: null,
    pause_reason: null,
    upcoming_bookings: [],
    cancellations: { count: 0, recent_count: 0, items: [] },
    actions: ['approve', 'reject', 'ban'],
    user: { id: 5, email: 'anna@example.com', is_su: false, disabled: false, locale: 'de' },
    onboarding: {
      complete: false,
      steps: [
        { key: 'personal', complete: true, missing: [] },
        { key: 'documents', complete: false, missing: ['id_document', 'liability_insurance'] },
      ],
    },
    documents: [{ id: 31, kind: 'hygiene_certificate', filename: 'hygiene.pdf', content_type: 'application/pdf', size: 52_000, created_at: '2026-05-10T10:00:00.000Z', download_url: '/v1/users/me/attachments/31/download' }],
    menus: [ownMenu({ name: 'Autumn in Ticino', status: 'draft' })],
    regions: { data: [{ id: 1, name: 'Zürich', zip: '8001', state: 'ZH', country_code: 'CH' }] },
    history: [{ id: 1, action: 'chef.status.submit', before: { status: 0 }, after: { status: 3 }, created_at: '2026-05-20T10:00:00.000Z', actor: { id: 5, firstname: 'Anna', lastname: 'Muster' } }],
    ...over,
  }) as AdminChefDetail;

describe('chefs list', () => {
  it('shows the status tabs with counts and filters by status, tier and search in the URL', async () => {
    const api = stubApi({ '/v1/admin/chefs': { body: { data: [row(), row({ id: 8, status: 1, status_name: 'Active', tier: 'signature', user: { ...row().user, firstname: 'Marco' } })], total_count: 61, filter_count: 2, status_counts: COUNTS } } });
    const { location } = renderFresh('/ylcadmin/chefs', <AdminChefsPage />);
    const rows = await screen.findAllByTestId('chef-row');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/ylcadmin/chefs/7', '/ylcadmin/chefs/8']);
    expect(rows[0]!.textContent).toContain('Under review');
    expect(rows[1]!.textContent).toContain('Signature');
    expect(screen.getByRole('tab', { name: 'All 61' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Under review 3' })).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Under review 3' }));
    });
    await waitFor(() => expect(api.calls.at(-1)!.url).toContain('status=Onboarded'));
    // The review queue: oldest submission first.
    expect(api.calls.at(-1)!.url).toContain('order=submitted_at&order_dir=asc');
    expect(location.history?.at(-1)).toBe('/ylcadmin/chefs?status=Onboarded');

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Tier'), { target: { value: 'pro' } });
    });
    await waitFor(() => expect(api.calls.at(-1)!.url).toContain('tier=pro'));
    await type(screen.getByLabelText('Search by name, e-mail or location'), 'zürich');
    await act(async () => {
      fireEvent.submit(screen.getByRole('search'));
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/ylcadmin/chefs?status=Onboarded&tier=pro&q=${encodeURIComponent('zürich')}`));
  });

  it('pages by the chefs the search finds, not by all chefs', async () => {
    stubApi({ '/v1/admin/chefs': { body: { ...filteredEnvelope([row(), row({ id: 8 })], 2, 61), status_counts: COUNTS } } });
    renderFresh('/ylcadmin/chefs?q=muller', <AdminChefsPage />);
    await expectFooter(document.body, { range: '1–2 of 2 (61 in all)', pages: [] });
  });

  it('says when no chef matches', async () => {
    stubApi({ '/v1/admin/chefs': { body: { data: [], total_count: 61, filter_count: 0, status_counts: COUNTS } } });
    renderFresh('/ylcadmin/chefs?status=Banned&q=x', <AdminChefsPage />);
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No chefs match.');
  });
});

describe('the application view', () => {
  const renderChef = () => renderFresh('/ylcadmin/chefs/7', <AdminChefPage params={{ chefId: '7' }} />);

  it('names every history entry in words, never by its action code', async () => {
    const actor = { id: 5, firstname: 'Anna', lastname: 'Muster' };
    const history = [
      { id: 3, action: 'chef.payout_details.update', before: null, after: null, created_at: '2026-05-22T10:00:00.000Z', actor },
      { id: 2, action: 'chef.payout_details.create', before: null, after: null, created_at: '2026-05-21T10:00:00.000Z', actor },
      { id: 1, action: 'chef.something_new', before: null, after: null, created_at: '2026-05-20T10:00:00.000Z', actor },
    ];
    stubApi({ '/v1/admin/chefs/7': { body: { data: chef({ history }) } } });
    renderChef();
    const section = await screen.findByTestId('history-section');
    const entries = within(section).getAllByRole('listitem').map((li) => li.querySelector('span')!.textContent);
    expect(entries).toEqual(['Bank details changed', 'Bank details added', 'Other change']);
    expect(section.textContent).not.toMatch(/chef\./);
  });

  it('shows the profile, missing steps, documents to download, regions, menus and history', async () => {
    stubApi({ '/v1/admin/chefs/7': { body: { data: chef() } } });
    renderChef();
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Muster' })).toBeTruthy();
    expect(screen.getByTestId('chef-status').textContent).toBe('Under review');
    expect(screen.getByRole('link', { name: 'User account' }).getAttribute('href')).toBe('/ylcadmin/users/5');
    expect(screen.getByTestId('profile-section').textContent).toContain('anna@example.com');
    expect(screen.getByTestId('step-documents').textContent).toContain('Upload your ID document.');
    const download = within(screen.getByTestId('documents-section')).getByRole('link', { name: 'Download hygiene.pdf' });
    expect(download.getAttribute('href')).toBe('/v1/users/me/attachments/31/download');
    expect(screen.getByTestId('documents-section').textContent).toContain('Food hygiene certificate');
    expect(screen.getByTestId('regions-section').textContent).toContain('8001 Zürich');
    expect(screen.getByTestId('menu-row').textContent).toContain('Autumn in Ticino');
    expect(screen.getByTestId('menu-row').textContent).toContain('Draft');
    expect(screen.getByTestId('history-section').textContent).toContain('Submitted for review');
    const decisions = within(screen.getByTestId('decision-section')).getAllByRole('button').map((b) => b.textContent);
    expect(decisions).toEqual(expect.arrayContaining(['Approve', 'Reject', 'Block']));
    expect(decisions).not.toContain('Pause');
    expect(screen.getByTestId('chef-cancellations').textContent).toContain('The chef has not cancelled a confirmed booking.');
  });

  it("lists the chef's cancellations with their count and those that lower the ranking (issue 18 §4)", async () => {
    const item = { booking_id: 91, menu_name: 'Autumn in Ticino', starts_at: '2026-06-12T17:00:00.000Z', timezone: 'Europe/Zurich', guests: 6, hours_before_event: 30, reason: 'I was ill.', cancelled_at: '2026-06-11T11:00:00.000Z' };
    stubApi({ '/v1/admin/chefs/7': { body: { data: chef({ cancellations: { count: 3, recent_count: 1, items: [item] } }) } } });
    renderChef();
    const section = await screen.findByTestId('chef-cancellations');
    expect(within(section).getByRole('heading', { name: 'Cancellations by the chef' })).toBeTruthy();
    expect(section.textContent).toContain('3 cancellations');
    expect(section.textContent).toContain('1 lowers the ranking');
    expect(within(section).getByRole('link', { name: /Autumn in Ticino/ }).getAttribute('href')).toBe('/ylcadmin/bookings/91');
    expect(section.textContent).toContain('30 hours before the event, 6 guests');
    expect(section.textContent).toContain('Reason: I was ill.');
  });

  it('approves at once and shows the new status with the screen’s own (translated) success text', async () => {
    let status: [number, AdminChefDetail['status_name']] = [3, 'Onboarded'];
    const api = stubApi({
      '/v1/admin/chefs/7': () => ({ body: { data: chef({ status: status[0] as never, status_name: status[1], actions: status[0] === 1 ? ['pause', 'ban'] : ['approve', 'reject', 'ban'] }) } }),
      'POST /v1/admin/chefs/7/approve': () => {
        status = [1, 'Active'];
        return { body: { message: 'Server sentence, never shown on success.', data: { status: 1, status_name: 'Active' } } };
      },
    });
    renderChef();
    await press(await screen.findByTestId('decision-section'), 'Approve');
    await waitFor(() => expect(screen.getByTestId('chef-status').textContent).toBe('Active'));
    expect(api.sent('POST', '/v1/admin/chefs/7/approve')[0]!.body).toEqual({});
    expect(ui.notifications.at(-1)?.title).toBe('The application was approved. The chef profile is active.');
  });

  it('rejects only with a reason, which is checked before sending', async () => {
    const api = stubApi({
      '/v1/admin/chefs/7': { body: { data: chef() } },
      'POST /v1/admin/chefs/7/reject': { body: { message: 'The application was returned to the chef with your reason.', data: { status: -2, status_name: 'OnboardingFailed', bookings: [] } } },
    });
    renderChef();
    await press(await screen.findByTestId('decision-section'), 'Reject');
    const dialog = screen.getByRole('dialog', { name: 'Reject the application of Anna Muster?' });
    await press(dialog, 'Reject application');
    const reason = within(dialog).getByLabelText('Reason for the chef');
    expect(describedText(reason)).toBe('Please give the chef a reason.');
    expect(api.sent('POST', '/v1/admin/chefs/7/reject')).toHaveLength(0);

    await type(reason, 'Please add your ID document.');
    await press(dialog, 'Reject application');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/v1/admin/chefs/7/reject')[0]!.body).toEqual({ reason: 'Please add your ID document.' });
  });

  it('blocks only after a confirmation, and shows a refusal in the dialog', async () => {
    const api = stubApi({
      '/v1/admin/chefs/7': { body: { data: chef() } },
      'POST /v1/admin/chefs/7/ban': { status: 409, body: { message: 'The status of this chef profile changed in the meantime. Please reload and try again.', code: 'STATUS_CHANGED' } },
    });
    renderChef();
    await press(await screen.findByTestId('decision-section'), 'Block');
    const dialog = screen.getByRole('dialog', { name: 'Block Anna Muster?' });
    expect(api.sent('POST', '/v1/admin/chefs/7/ban')).toHaveLength(0);
    await type(within(dialog).getByLabelText('Note for the audit log (optional)'), 'No-shows');
    await press(dialog, 'Block chef');
    expect((await within(dialog).findByTestId('dialog-error')).textContent).toContain('changed in the meantime');
    expect(api.sent('POST', '/v1/admin/chefs/7/ban')[0]!.body).toEqual({ reason: 'No-shows' });
    // The typed note is unsaved work: closing asks first (tests/web/unsaved-changes.test.tsx), and the admin agrees.
    const asked = vi.fn(() => true);
    vi.stubGlobal('confirm', asked);
    await press(dialog, 'Cancel');
    expect(asked).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  const upcoming = (id: number, status: string, total: string) =>
    ({
      id,
      status,
      stored_status: status,
      created_at: '2026-05-01T10:00:00.000Z',
      starts_at: '2026-07-01T17:00:00.000Z',
      event_date: '2026-07-01',
      timezone: 'Europe/Zurich',
      guests: 4,
      menu: { id: 41, name: 'Autumn in Ticino' },
      customer: { id: 9, firstname: 'Julia', lastname: 'Gast', email: 'julia@example.com' },
      chef: { id: 7, user_id: 5, firstname: 'Anna', lastname: 'Muster', email: 'anna@example.com' },
      currency: 'CHF',
      total: 39900,
      total_formatted: total,
    }) as AdminChefDetail['upcoming_bookings'][number];
  const active = () => chef({ status: 1 as never, status_name: 'Active', actions: ['pause', 'ban'], upcoming_bookings: [upcoming(31, 'confirmed', 'CHF 399.00'), upcoming(32, 'requested', 'CHF 250.00')] });

  it('pauses only with the reason the chef reads, and lets the admin keep or cancel each upcoming booking (issue 14 §5)', async () => {
    const api = stubApi({
      '/v1/admin/chefs/7': { body: { data: active() } },
      'POST /v1/admin/chefs/7/pause': { body: { message: 'The chef profile was paused.', data: { status: 2, status_name: 'Paused', bookings: [{ id: 31, cancelled: true }] } } },
    });
    renderChef();
    await press(await screen.findByTestId('decision-section'), 'Pause');
    const dialog = screen.getByRole('dialog', { name: 'Pause Anna Muster?' });
    const list = within(dialog).getByTestId('upcoming-bookings');
    expect(within(list).getByTestId('upcoming-31').textContent).toContain('#31 · Autumn in Ticino');
    expect(within(list).getByTestId('upcoming-31').textContent).toContain('Full refund of CHF 399.00; it counts against the chef.');
    expect(within(list).getByTestId('upcoming-32').textContent).toContain('The request is declined; nothing was paid.');
    // Every booking is kept until the admin chooses otherwise; no message to customers is asked for then.
    expect((within(list).getAllByRole('radio', { name: /Keep/ }) as HTMLInputElement[]).map((r) => r.checked)).toEqual([true, true]);
    expect(within(dialog).queryByLabelText('Message to the customers of the cancelled bookings')).toBeNull();

    await press(dialog, 'Pause chef');
    expect(describedText(within(dialog).getByLabelText('Reason for the chef (the chef reads it)'))).toBe('Please give the chef a reason.');
    expect(api.sent('POST', '/v1/admin/chefs/7/pause')).toHaveLength(0);

    await type(within(dialog).getByLabelText('Reason for the chef (the chef reads it)'), 'Complaint under review.');
    await act(async () => {
      fireEvent.click(within(within(list).getByTestId('upcoming-31')).getByRole('radio', { name: /Cancel/ }));
    });
    const message = within(dialog).getByLabelText('Message to the customers of the cancelled bookings') as HTMLTextAreaElement;
    expect(message.value).toBe('We are sorry: the chef can no longer take your booking. Anything you paid is refunded in full.');
    await press(dialog, 'Pause chef');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/v1/admin/chefs/7/pause')[0]!.body).toEqual({
      reason: 'Complaint under review.',
      cancel_bookings: [31],
      cancel_reason: 'We are sorry: the chef can no longer take your booking. Anything you paid is refunded in full.',
    });
    expect(ui.notifications.at(-1)?.title).toBe('The chef profile was paused.');
  });

  it('shows the server’s refusal in the dialog at its field, in the admin’s language from its key, with the focus there', async () => {
    await setLocale('de');
    try {
      const refusal = (field: string, key: string, params: Record<string, unknown> | undefined, english: string) => ({
        status: 400,
        body: { message: english, code: 'VALIDATION_FAILED', errors: { [field]: [english] }, message_key: { key, params }, error_keys: { [field]: [{ key, params }] } },
      });
      let answer = refusal('reason', 'validation.admin.reason', undefined, 'Please give the chef a reason.');
      const api = stubApi({ '/v1/admin/chefs/7': { body: { data: active() } }, 'POST /v1/admin/chefs/7/pause': () => answer });
      renderChef();
      await press(await screen.findByTestId('decision-section'), 'Pausieren');
      const dialog = screen.getByRole('dialog', { name: 'Anna Muster pausieren?' });
      const reason = within(dialog).getByLabelText('Grund für den Koch (der Koch liest ihn)');
      await type(reason, 'Beschwerde');
      await press(dialog, 'Koch pausieren');
      await waitFor(() => expect(describedText(reason)).toBe('Bitte gib dem Koch eine Begründung.'));
      expect(document.activeElement).toBe(reason);
      expect(within(dialog).queryByTestId('dialog-error')).toBeNull();

      // A rule only the server knows (the booking is no longer upcoming), with its parameters, at the bookings' list.
      answer = refusal('cancel_bookings', 'validation.rule.notupcoming', { ids: '#31' }, 'Not an upcoming booking of this chef: #31. Please reload and choose again.');
      await act(async () => {
        fireEvent.click(within(within(dialog).getByTestId('upcoming-31')).getByRole('radio', { name: /Stornieren/ }));
      });
      await press(dialog, 'Koch pausieren');
      const list = await within(dialog).findByText('Keine bevorstehende Buchung dieses Kochs: #31. Bitte lade neu und wähle noch einmal.');
      expect(list.closest('[data-field-error]')?.getAttribute('data-field-error')).toBe('cancel_bookings');
      expect(api.sent('POST', '/v1/admin/chefs/7/pause')).toHaveLength(2);
      expect(screen.getByRole('dialog')).toBeTruthy();
    } finally {
      await setLocale('en');
    }
  });

  it('blocks with a note alone, keeping the bookings, and names those that could not be cancelled', async () => {
    const api = stubApi({
      '/v1/admin/chefs/7': { body: { data: active() } },
      'POST /v1/admin/chefs/7/ban': ({ body }) => ({
        body: {
          message: 'The chef profile was blocked.',
          data: { status: -1, status_name: 'Banned', bookings: ((body as { cancel_bookings?: number[] }).cancel_bookings ?? []).map((id) => ({ id, cancelled: false, message: 'This booking changed in the meantime. Please reload and try again.' })) },
        },
      }),
    });
    renderChef();
    await press(await screen.findByTestId('decision-section'), 'Block');
    let dialog = screen.getByRole('dialog', { name: 'Block Anna Muster?' });
    expect(within(dialog).getByTestId('upcoming-bookings').textContent).toContain('A blocked chef can no longer accept, be paid or write in the bookings you keep.');
    // The kept bookings' earnings wait for the ban to be lifted or for a super-user's decision per booking on the payouts page.
    expect(within(dialog).getByTestId('upcoming-bookings').textContent).toContain(
      'held, not paid out, until the ban is lifted or a super-user releases it to the chef or refunds the customer, one booking at a time, under Payouts.',
    );
    await press(dialog, 'Block chef');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/v1/admin/chefs/7/ban')[0]!.body).toEqual({});

    await press(screen.getByTestId('decision-section'), 'Block');
    dialog = screen.getByRole('dialog', { name: 'Block Anna Muster?' });
    await act(async () => {
      fireEvent.click(within(within(dialog).getByTestId('upcoming-32')).getByRole('radio', { name: /Cancel/ }));
    });
    await press(dialog, 'Block chef');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/v1/admin/chefs/7/ban')[1]!.body).toMatchObject({ cancel_bookings: [32] });
    expect(screen.getByTestId('not-cancelled').textContent).toBe(
      'These bookings changed in the meantime and were not cancelled: #32: This booking changed in the meantime. Please reload and try again.',
    );
  });

  it('says who paused a paused chef, with support’s reason', async () => {
    stubApi({ '/v1/admin/chefs/7': { body: { data: chef({ status: 2 as never, status_name: 'Paused', actions: ['resume', 'ban'], paused_by: 'admin', pause_reason: 'Complaint under review.' }) } } });
    renderChef();
    expect((await screen.findByTestId('paused-by')).textContent).toBe('Paused by our team. Reason given to the chef: Complaint under review.');
  });

  it('shows a refused status change next to the buttons', async () => {
    stubApi({
      '/v1/admin/chefs/7': { body: { data: chef() } },
      'POST /v1/admin/chefs/7/approve': { status: 409, body: { message: 'Only a submitted application can be approved. This chef profile is Active.', code: 'INVALID_STATUS_TRANSITION' } },
    });
    renderChef();
    const section = await screen.findByTestId('decision-section');
    await press(section, 'Approve');
    expect((await within(section).findByTestId('status-error')).textContent).toBe('Only a submitted application can be approved. This chef profile is Active.');
  });

  it('shows a refusal without a field in the admin’s language by its code, the English as sent for an English admin', async () => {
    const english = 'Only a submitted application can be approved. This chef profile is Active.';
    stubApi({
      '/v1/admin/chefs/7': { body: { data: chef() } },
      'POST /v1/admin/chefs/7/approve': { status: 409, body: { message: english, code: 'INVALID_STATUS_TRANSITION' } },
    });
    await setLocale('de');
    try {
      renderChef();
      const section = await screen.findByTestId('decision-section');
      await press(section, 'Freigeben');
      expect((await within(section).findByTestId('status-error')).textContent).toBe('Der aktuelle Status dieses Kochprofils lässt das nicht zu. Bitte lade die Seite neu.');
    } finally {
      await setLocale('en');
    }
  });

  it('names the action tried and the chef’s status in the admin’s language when the server sends them by key', async () => {
    stubApi({
      '/v1/admin/chefs/7': { body: { data: chef() } },
      'POST /v1/admin/chefs/7/approve': {
        status: 409,
        body: {
          message: 'Only a submitted application can be approved. This chef profile is Active.',
          code: 'INVALID_STATUS_TRANSITION',
          message_key: { key: 'validation.refusal.invalid_status_transition_now', params: { requires: { key: 'validation.chefrule.approve' }, status: { key: 'validation.chefstatus.active' } } },
        },
      },
    });
    await setLocale('de');
    try {
      renderChef();
      const section = await screen.findByTestId('decision-section');
      await press(section, 'Freigeben');
      expect((await within(section).findByTestId('status-error')).textContent).toBe('Nur eine eingereichte Bewerbung kann angenommen werden. Dieses Kochprofil ist im Status „Aktiv“.');
    } finally {
      await setLocale('en');
    }
  });

  it('says in the admin’s language that the server was not reached, not the browser’s “Failed to fetch”', async () => {
    stubApi({
      '/v1/admin/chefs/7': { body: { data: chef() } },
      'POST /v1/admin/chefs/7/approve': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await setLocale('de');
    try {
      renderChef();
      const section = await screen.findByTestId('decision-section');
      await press(section, 'Freigeben');
      expect((await within(section).findByTestId('status-error')).textContent).toBe('Wir konnten den Server nicht erreichen. Prüfe deine Verbindung und versuche es noch einmal.');
    } finally {
      await setLocale('en');
    }
  });

  it('sets the tier and shows a refused change next to the field', async () => {
    let tier: AdminChefDetail['tier'] = 'chef';
    const api = stubApi({
      '/v1/admin/chefs/7': () => ({ body: { data: chef({ tier }) } }),
      'PUT /v1/admin/chefs/7/tier': ({ body }) => {
        const next = (body as { tier: AdminChefDetail['tier'] }).tier;
        if (next === 'signature') return { status: 409, body: { message: 'The tier of this chef changed in the meantime. Please reload and try again.', code: 'TIER_CHANGED' } };
        tier = next;
        return { body: { message: 'Server sentence, never shown on success.', data: { changed: true, tier: next } } };
      },
    });
    renderChef();
    const section = await screen.findByTestId('decision-section');
    const select = within(section).getByLabelText('Tier') as HTMLSelectElement;
    expect((within(section).getByRole('button', { name: 'Save tier' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'pro' } });
    });
    await press(section, 'Save tier');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).parentElement!.textContent).toContain('PRO'));
    expect(api.sent('PUT', '/v1/admin/chefs/7/tier')[0]!.body).toEqual({ tier: 'pro' });
    expect(ui.notifications.at(-1)?.title).toBe('The tier was changed. The chef was notified.');

    await act(async () => {
      fireEvent.change(select, { target: { value: 'signature' } });
    });
    await press(section, 'Save tier');
    expect((await within(section).findByTestId('tier-error')).textContent).toContain('The tier of this chef changed in the meantime.');
  });

  it('says when the chef does not exist', async () => {
    stubApi({ '/v1/admin/chefs/7': { status: 404, body: { message: 'Chef not found.', code: 'NOT_FOUND' } } });
    renderChef();
    expect((await screen.findByTestId('empty-state')).textContent).toBe('This chef was not found.');
  });

  it('offers a retry when loading fails', async () => {
    stubApi({ '/v1/admin/chefs/7': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } });
    renderChef();
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
