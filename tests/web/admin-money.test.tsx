// The admin money screens: the dashboard (what needs attention with links, figures, money per currency, the sweep
// and what it changed), the bookings search and filters, a booking's details with the support cancellation (the
// policy's refund filled in, errors at their field) and its money in an operator's words, and payouts (batch from the
// chosen groups with its CSV, groups waiting for new bank details, mark paid after confirming, mark failed with a
// required reason, a banned chef's held booking released or refunded after confirming).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import AdminBookingPage from '../../web/src/features/admin/AdminBookingPage';
import AdminBookingsPage from '../../web/src/features/admin/AdminBookingsPage';
import AdminHomePage from '../../web/src/features/admin/AdminHomePage';
import AdminPayoutsPage from '../../web/src/features/admin/AdminPayoutsPage';
import type { AdminBookingDetail, AdminBookingRow } from '../../web/src/features/admin/BookingsApi';
import type { AdminHome } from '../../web/src/features/admin/HomeApi';
import type { AdminPayout, DueGroup } from '../../web/src/features/admin/PayoutsApi';
import { describedText, press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';
import { bookingResponse, earnings, emptyPassport, severePassport } from './booking-fixtures';
import { expectFooter, filteredEnvelope } from './helpers';
import { ui } from '../../web/src/state/ui';
import { setLocale } from '../../web/src/lib/i18n';

setupChefTests();

const emptyPeriod: AdminHome['money']['last_30_days'] = { per_currency: [], total: { currency: 'CHF', gross: 0, commission: 0, gross_formatted: 'CHF 0', commission_formatted: 'CHF 0' } };

function homeResponse(over: Partial<AdminHome> = {}): { data: AdminHome } {
  return {
    data: {
      generated_at: '2026-06-01T10:00:00.000Z',
      bookings_by_status: { requested: 2, accepted: 0, confirmed: 3, completed: 1, reviewed: 0, declined: 0, expired: 0, cancelled: 0, payment_expired: 0, cancelled_by_customer: 1, cancelled_by_chef: 0 },
      bookings_total: 7,
      money: {
        last_7_days: {
          per_currency: [
            { currency: 'CHF', bookings: 3, gross: 139650, service_fees: 6650, commission: 19950, refunded: 39900, gross_formatted: 'CHF 1,396.50', service_fees_formatted: 'CHF 66.50', commission_formatted: 'CHF 199.50', refunded_formatted: 'CHF 399' },
            { currency: 'EUR', bookings: 1, gross: 42000, service_fees: 2000, commission: 6000, refunded: 0, gross_formatted: '€420', service_fees_formatted: '€20', commission_formatted: '€60', refunded_formatted: '€0' },
          ],
          total: { currency: 'CHF', gross: 178903, commission: 25557, gross_formatted: 'CHF 1,789.03', commission_formatted: 'CHF 255.57' },
        },
        last_30_days: emptyPeriod,
      },
      pending_applications: 2,
      images_waiting: 1,
      payouts_due: [{ currency: 'CHF', amount: 80750, amount_formatted: 'CHF 807.50', items: 2, chefs: 1, chefs_without_bank_details: 0, chefs_waiting_for_new_details: 0 }],
      payouts_pending: 0,
      attention: [
        { key: 'complaints_open', count: 1, route: 'ylcadmin.complaints' },
        { key: 'applications', count: 2, route: 'ylcadmin.chefs' },
        { key: 'payouts_due', count: 1, route: 'ylcadmin.payouts' },
        { key: 'sweep_due', count: 4, route: null, action: 'sweep' },
      ],
      ...over,
    },
  };
}

describe('the admin dashboard', () => {
  it('shows what needs attention with links, the figures and the money per currency', async () => {
    stubApi({ '/v1/admin/home': { body: homeResponse() } });
    renderFresh('/ylcadmin/home', <AdminHomePage />);
    const attention = await screen.findByTestId('home-attention');
    expect(within(attention).getByText('Chef applications waiting for review')).toBeTruthy();
    expect(within(attention).getByText('Complaints waiting for a decision')).toBeTruthy();
    expect(within(attention).getByRole('link', { name: 'Decide complaints' }).getAttribute('href')).toBe('/ylcadmin/complaints');
    expect(within(attention).getByRole('link', { name: 'Review applications' }).getAttribute('href')).toBe('/ylcadmin/chefs');
    expect(within(attention).getByRole('link', { name: 'Go to payouts' }).getAttribute('href')).toBe('/ylcadmin/payouts');
    expect(within(attention).getByRole('button', { name: 'Run sweep' })).toBeTruthy();
    expect(within(screen.getByTestId('home-figures')).getByText('CHF 807.50')).toBeTruthy();
    expect(screen.getByTestId('status-confirmed').textContent).toContain('3');
    expect(screen.getByTestId('status-confirmed').getAttribute('href')).toBe('/ylcadmin/bookings?status=confirmed');
    const chf = screen.getByTestId('money-7-CHF');
    expect(chf.textContent).toContain('CHF 1,396.50');
    expect(chf.textContent).toContain('CHF 199.50');
    expect(screen.getByTestId('money-7-EUR').textContent).toContain('€420');
    expect(within(screen.getByTestId('money-30')).getByText('No booking was paid in this period.')).toBeTruthy();
  });

  it('names the held earnings with their chefs and amounts, linking to the payouts', async () => {
    stubApi({ '/v1/admin/home': { body: homeResponse({ attention: [{ key: 'held_earnings', count: 2, route: 'ylcadmin.payouts', amount_formatted: 'CHF 646.00 · €340.00' }] }) } });
    renderFresh('/ylcadmin/home', <AdminHomePage />);
    const attention = await screen.findByTestId('home-attention');
    const item = within(attention).getByRole('listitem');
    expect(item.textContent).toBe('2Chefs with held earnings waiting for your decision: CHF 646.00 · €340.00Go to payouts');
    expect(within(item).getByRole('link', { name: 'Go to payouts' }).getAttribute('href')).toBe('/ylcadmin/payouts');
  });

  it('runs the sweep, shows what it changed and reloads the figures; a failure shows beside the action', async () => {
    let homeCalls = 0;
    let fail = true;
    const api = stubApi({
      '/v1/admin/home': () => {
        homeCalls++;
        return { body: homeResponse(homeCalls > 1 ? { attention: [] } : {}) };
      },
      'POST /v1/admin/sweep': () =>
        fail
          ? { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' } }
          : {
              body: {
                message: 'The sweep ran and wrote down the changes below.',
                data: { expired: 1, payment_expired: 0, completed: 3, checkouts_ended: 0, refunds_sent: 0, digests_sent: 0, reminders_sent: 0, guest_answers_deleted: 2, cancellations_expired: 0, reviews_published: 0, descriptions_masked: 0, changed: [{ booking_id: 12, to: 'expired' }], more: false, ran_at: '2026-06-01T10:00:00.000Z' },
              },
            },
    });
    renderFresh('/ylcadmin/home', <AdminHomePage />);
    await screen.findByTestId('home-attention');
    const header = screen.getAllByRole('button', { name: 'Run sweep' })[0]!.parentElement!;
    await press(header, 'Run sweep');
    expect((await screen.findByTestId('sweep-error')).textContent).toContain('Something went wrong on our side.');
    fail = false;
    await press(header, 'Run sweep');
    const report = await screen.findByTestId('sweep-report');
    expect(within(report).getByText('Requests expired: 1')).toBeTruthy();
    expect(within(report).getByText('Bookings completed: 3')).toBeTruthy();
    expect(within(report).getByText('Guests’ allergy answers deleted 30 days after the dinner: 2')).toBeTruthy();
    expect(within(report).getByRole('link', { name: 'Booking #12' }).getAttribute('href')).toBe('/ylcadmin/bookings/12');
    expect(screen.queryByTestId('sweep-error')).toBeNull();
    await waitFor(() => expect(within(screen.getByTestId('home-attention')).getByText('Nothing needs your attention right now.')).toBeTruthy());
    expect(api.sent('POST', '/v1/admin/sweep')).toHaveLength(2);
  });
});

const row = (over: Partial<AdminBookingRow> = {}): AdminBookingRow => ({
  id: 42,
  status: 'confirmed',
  stored_status: 'confirmed',
  created_at: '2026-05-01T10:00:00.000Z',
  starts_at: '2026-07-01T17:00:00.000Z',
  event_date: '2026-07-01',
  timezone: 'Europe/Zurich',
  guests: 4,
  menu: { id: 7, name: 'Autumn feast' },
  customer: { id: 3, firstname: 'Anna', lastname: 'Muster', email: 'anna@example.com' },
  chef: { id: 1, user_id: 2, firstname: 'Marco', lastname: 'Rossi', email: 'marco@example.com' },
  currency: 'CHF',
  total: 39900,
  total_formatted: 'CHF 399',
  ...over,
});

describe('the admin booking list', () => {
  it('searches and filters through the URL and shows both parties', async () => {
    const api = stubApi({ '/v1/admin/bookings': { body: { data: [row()], total_count: 1, filter_count: 1 } } });
    const { location } = renderFresh('/ylcadmin/bookings', <AdminBookingsPage />);
    const item = await screen.findByTestId('booking-row');
    expect(item.textContent).toContain('#42 · Autumn feast');
    expect(item.textContent).toContain('Anna Muster with chef Marco Rossi');
    expect(item.getAttribute('href')).toBe('/ylcadmin/bookings/42');

    await type(screen.getByLabelText('Search by customer, chef, e-mail, menu or booking number'), 'anna');
    await press(screen.getByRole('search'), 'Search');
    await type(screen.getByLabelText('Status'), 'confirmed');
    await type(screen.getByLabelText('Event from'), '2026-07-01');
    await waitFor(() => expect(api.calls.at(-1)!.url).toContain('q=anna&status=confirmed&from=2026-07-01'));
    expect(location.history!.at(-1)).toBe('/ylcadmin/bookings?q=anna&status=confirmed&from=2026-07-01');
  });

  it('pages by the bookings the filters leave, not by all bookings', async () => {
    stubApi({ '/v1/admin/bookings': { body: filteredEnvelope([row(), row({ id: 43 })], 2, 347) } });
    renderFresh('/ylcadmin/bookings?q=lea', <AdminBookingsPage />);
    await expectFooter(document.body, { range: '1–2 of 2 (347 in all)', pages: [] });
  });

  it('keeps a reversed date range at the field instead of asking the server', async () => {
    const api = stubApi({ '/v1/admin/bookings': { body: { data: [], total_count: 0, filter_count: 0 } } });
    renderFresh('/ylcadmin/bookings?from=2026-07-10&to=2026-07-01', <AdminBookingsPage />);
    const to = await screen.findByLabelText('Event until');
    expect(describedText(to)).toBe('The end date cannot be before the start date.');
    expect(api.calls).toHaveLength(0);
  });
});

function detail(over: Partial<AdminBookingDetail> = {}): { data: AdminBookingDetail } {
  return {
    data: {
      ...bookingResponse({ status: 'confirmed' }),
      event_date: '2026-07-01',
      created_at: '2026-05-01T10:00:00.000Z',
      customer: { firstname: 'Anna', lastname: 'Muster', avatar: null, contact: { email: 'anna@example.com', phone: null } },
      chef: { id: 1, uri: 'marco', firstname: 'Marco', lastname: 'Rossi', avatar: null, contact: { email: 'marco@example.com', phone: '+41790000000' } },
      price: {
        ...bookingResponse().price,
        price_per_person: 9500,
        subtotal: 38000,
        service_fee: 1900,
        total: 39900,
        commission: 5700,
        chef_earnings: 32300,
        price_per_person_formatted: 'CHF 95',
        subtotal_formatted: 'CHF 380',
        service_fee_formatted: 'CHF 19',
        total_formatted: 'CHF 399',
        commission_formatted: 'CHF 57',
        chef_earnings_formatted: 'CHF 323',
      },
      timeline: [
        { from: null, to: 'requested', actor_role: 'customer', note: null, created_at: '2026-05-01T10:00:00.000Z' },
        { from: 'requested', to: 'accepted', actor_role: 'chef', note: null, created_at: '2026-05-01T11:00:00.000Z' },
        { from: 'accepted', to: 'confirmed', actor_role: 'system', note: null, created_at: '2026-05-01T12:00:00.000Z' },
      ],
      payments: [{ id: 5, provider: 'local', status: 'succeeded', amount: 39900, amount_formatted: 'CHF 399', refunded_amount: 0, refunded_formatted: 'CHF 0', currency: 'CHF', provider_ref: 'test_1', created_at: '2026-05-01T12:00:00.000Z', updated_at: '2026-05-01T12:00:00.000Z' }],
      refunds: [],
      thread: [{ id: 1, text: 'Call me on +41 79 000 00 00', created_at: '2026-05-01T12:30:00.000Z', sender: { user_id: 2, firstname: 'Marco', lastname: 'Rossi', side: 'chef' } }],
      admin_actions: [],
      ...over,
    },
  };
}

const preview = (side: 'customer' | 'chef') => ({
  data: {
    booking_id: 42,
    side,
    status: 'confirmed',
    can_cancel: true,
    to_status: side === 'customer' ? 'cancelled_by_customer' : 'cancelled_by_chef',
    reason_required: side === 'chef',
    currency: 'CHF',
    paid: 39900,
    paid_formatted: 'CHF 399',
    refund_tier: side === 'customer' ? 'half' : 'full',
    refund_percent: side === 'customer' ? 50 : 100,
    refund_amount: side === 'customer' ? 19950 : 39900,
    refund_formatted: side === 'customer' ? 'CHF 199.50' : 'CHF 399',
    free_until: '2026-06-17T17:00:00.000Z',
    half_refund_until: '2026-06-28T17:00:00.000Z',
  },
});

describe('the admin booking details', () => {
  it('show the history with who acted, the payment and the thread as written', async () => {
    stubApi({ '/v1/admin/bookings/42': { body: detail() } });
    renderFresh('/ylcadmin/bookings/42', <AdminBookingPage params={{ bookingId: '42' }} />);
    expect(await screen.findByRole('heading', { name: 'Booking #42' })).toBeTruthy();
    const history = screen.getByTestId('booking-history');
    expect(history.textContent).toContain('Accepted – awaiting payment');
    expect(history.textContent).toContain('Chef');
    expect(history.textContent).toContain('Automatic');
    expect(screen.getByTestId('booking-payments').textContent).toContain('CHF 399 via local');
    expect(screen.getByTestId('booking-thread').textContent).toContain('Call me on +41 79 000 00 00');
    expect(screen.getByTestId('booking-summary').textContent).toContain('marco@example.com · +41790000000');
  });

  it('show the guests’ allergy passport as both parties read it: the summary, each answer, the chef’s answer still awaited', async () => {
    stubApi({ '/v1/admin/bookings/42': { body: detail({ status: 'requested', passport: severePassport }) } });
    renderFresh('/ylcadmin/bookings/42', <AdminBookingPage params={{ bookingId: '42' }} />);
    const section = await screen.findByTestId('booking-passport');
    expect(within(section).getByRole('heading', { name: 'Guests’ allergy passport' })).toBeTruthy();
    expect(section.textContent).toContain('3 of 4 guests answered');
    expect(within(section).getByTestId('passport-summary').textContent).toContain('1 guest with a severe allergy (anaphylaxis) to Nuts – contained in Vermicelles');
    expect(within(section).getByTestId('passport-answers').textContent).toContain('Lena: Vegetarian, Nuts (Severe (anaphylaxis))');
    expect(within(section).getByTestId('passport-waiting').textContent).toContain('The chef must answer in writing');
    // Read-only: no answer form, no invite link.
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('show the chef’s written answer, and a booking without answers says so', async () => {
    const answered = { ...emptyPassport, ack: { text: 'A nut-free sorbet instead.', at: '2026-06-02T10:00:00.000Z' } };
    stubApi({ '/v1/admin/bookings/42': { body: detail({ passport: answered }) } });
    renderFresh('/ylcadmin/bookings/42', <AdminBookingPage params={{ bookingId: '42' }} />);
    const section = await screen.findByTestId('booking-passport');
    expect(section.textContent).toContain('No guest has answered yet.');
    expect(within(section).getByTestId('passport-ack').textContent).toBe('Marco’s answer to the severe allergiesA nut-free sorbet instead.');
    expect(within(section).queryByTestId('passport-waiting')).toBeNull();
  });

  it('label the money for an operator and show where a partly refunded payment went, adding up', async () => {
    const money = {
      currency: 'CHF',
      paid: 39900,
      refunded: 19950,
      chef_earnings: 16150,
      commission: 2850,
      service_fee: 950,
      paid_formatted: 'CHF 399',
      refunded_formatted: 'CHF 199.50',
      chef_earnings_formatted: 'CHF 161.50',
      commission_formatted: 'CHF 28.50',
      service_fee_formatted: 'CHF 9.50',
    };
    stubApi({ '/v1/admin/bookings/42': { body: detail({ status: 'cancelled_by_customer', money, earnings: earnings(16150, 'pending', '2026-07-03T21:00:00.000Z') }) } });
    renderFresh('/ylcadmin/bookings/42', <AdminBookingPage params={{ bookingId: '42' }} />);
    const split = await screen.findByTestId('payment-split');
    expect(rowsOf(split)).toEqual([
      ['Paid by the customer', 'CHF 399'],
      ['Refunded to the customer', 'CHF 199.50'],
      ['Chef earnings', 'CHF 161.50'],
      ['Platform commission', 'CHF 28.50'],
      ['Service fee', 'CHF 9.50'],
    ]);
    expect(money.refunded + money.chef_earnings + money.commission + money.service_fee).toBe(money.paid);
    expect(screen.getByTestId('chef-earnings-state').textContent).toMatch(/^Chef earnings: Releases on /);
    expect(document.body.textContent).not.toContain('Your earnings');
  });

  it('show how an unpaid booking’s total will be split', async () => {
    const none = { currency: 'CHF', paid: 0, refunded: 0, chef_earnings: 0, commission: 0, service_fee: 0, paid_formatted: 'CHF 0', refunded_formatted: 'CHF 0', chef_earnings_formatted: 'CHF 0', commission_formatted: 'CHF 0', service_fee_formatted: 'CHF 0' };
    stubApi({ '/v1/admin/bookings/42': { body: detail({ status: 'accepted', payments: [], money: none, earnings: earnings(32300, 'expected', null) }) } });
    renderFresh('/ylcadmin/bookings/42', <AdminBookingPage params={{ bookingId: '42' }} />);
    const split = await screen.findByTestId('payment-split');
    expect(screen.getByText('Nothing has been paid yet. Once the customer pays, the total is split like this:')).toBeTruthy();
    expect(rowsOf(split)).toEqual([
      ['Total the customer pays', 'CHF 399'],
      ['Chef earnings', 'CHF 323'],
      ['Platform commission', 'CHF 57'],
      ['Service fee', 'CHF 19'],
    ]);
    expect(document.body.textContent).not.toContain('Your earnings');
  });

  it('cancels with the policy’s refund filled in, keeps errors at their field and sends minor units', async () => {
    let cancelled = false;
    const api = stubApi({
      '/v1/admin/bookings/42': () => ({ body: cancelled ? detail({ status: 'cancelled_by_customer', refunds: [{ id: 9, payment_id: 5, status: 'succeeded', amount: 30000, amount_formatted: 'CHF 300', currency: 'CHF', reason: 'Cancelled by support: refund set by an administrator', provider_ref: 'x', created_at: '2026-06-01T10:00:00.000Z' }] }) : detail() }),
      '/v1/admin/bookings/42/cancellation': ({ url }) => ({ body: preview(url.includes('side=chef') ? 'chef' : 'customer') }),
      'POST /v1/admin/bookings/42/cancel': ({ body }) => {
        const b = body as { refund_amount?: number };
        if (b.refund_amount === 39000) return { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { refund_amount: ['The refund can be at most CHF 390, what was paid.'] } } };
        cancelled = true;
        return { body: { message: 'The booking was cancelled. Both sides have been notified.', data: detail().data } };
      },
    });
    renderFresh('/ylcadmin/bookings/42', <AdminBookingPage params={{ bookingId: '42' }} />);
    await screen.findByTestId('booking-summary');
    await press(document.body, 'Cancel booking');
    const dialog = await screen.findByRole('dialog');
    const amount = await within(dialog).findByLabelText('Refund (CHF)');
    expect((amount as HTMLInputElement).value).toBe('199.50');
    expect(within(dialog).getByTestId('cancel-policy').textContent).toContain('CHF 199.50 of the CHF 399 paid back');

    // The chef's side fills in its own policy amount.
    fireEvent.click(within(dialog).getByLabelText(/The chef/));
    await waitFor(() => expect((within(dialog).getByLabelText('Refund (CHF)') as HTMLInputElement).value).toBe('399'));
    fireEvent.click(within(dialog).getByLabelText(/The customer/));
    await waitFor(() => expect((within(dialog).getByLabelText('Refund (CHF)') as HTMLInputElement).value).toBe('199.50'));

    // Checked here first: a missing reason and an amount above what was paid.
    await type(within(dialog).getByLabelText('Refund (CHF)'), '500');
    await press(dialog, 'Cancel booking');
    expect(describedText(within(dialog).getByLabelText('Refund (CHF)'))).toContain('The refund can be at most CHF 399.');
    expect(describedText(within(dialog).getByLabelText('Reason'))).toContain('Please enter the reason.');
    expect(api.sent('POST', '/v1/admin/bookings/42/cancel')).toHaveLength(0);
    // The focus lands on the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Refund (CHF)')));

    // The schema's rule: a reason of spaces only is no reason, and nothing is sent.
    await type(within(dialog).getByLabelText('Refund (CHF)'), '300');
    await type(within(dialog).getByLabelText('Reason'), '   ');
    await press(dialog, 'Cancel booking');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason')));
    expect(describedText(within(dialog).getByLabelText('Reason'))).toContain('Please enter the reason. Both sides read it.');
    expect(api.sent('POST', '/v1/admin/bookings/42/cancel')).toHaveLength(0);

    // The server's field error lands at the field too.
    await type(within(dialog).getByLabelText('Reason'), 'Kitchen flooded.');
    await type(within(dialog).getByLabelText('Refund (CHF)'), '390');
    await press(dialog, 'Cancel booking');
    await waitFor(() => expect(describedText(within(dialog).getByLabelText('Refund (CHF)'))).toContain('The refund can be at most CHF 390, what was paid.'));
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Refund (CHF)'));
    expect(within(dialog).queryByTestId('cancel-error')).toBeNull();

    await type(within(dialog).getByLabelText('Refund (CHF)'), '300');
    await press(dialog, 'Cancel booking');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/v1/admin/bookings/42/cancel').at(-1)!.body).toEqual({ side: 'customer', reason: 'Kitchen flooded.', refund_amount: 30000 });
    await waitFor(() => expect(screen.getByTestId('booking-refunds').textContent).toContain('CHF 300'));
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });
});

const dueGroup = (over: Partial<DueGroup> = {}): DueGroup => ({
  chef: { id: 1, firstname: 'Marco', lastname: 'Rossi', email: 'marco@example.com' },
  currency: 'CHF',
  amount: 64600,
  amount_formatted: 'CHF 646',
  item_count: 2,
  oldest_release_at: '2026-05-20T10:00:00.000Z',
  bank: { account_holder: 'Marco Rossi', iban_masked: 'CH93 **** **** **** *295 7' },
  waiting_for_new_details: null,
  ...over,
});

const payout = (over: Partial<AdminPayout> = {}): AdminPayout => ({
  id: 11,
  status: 'pending',
  chef: { id: 1, firstname: 'Marco', lastname: 'Rossi', email: 'marco@example.com' },
  amount: 64600,
  currency: 'CHF',
  amount_formatted: 'CHF 646',
  reference: 'YLC-20260601-ABCDEF-1-CHF',
  batch: '20260601-ABCDEF',
  account_holder: 'Marco Rossi',
  iban_masked: 'CH93 **** **** **** *295 7',
  item_count: 2,
  created_at: '2026-06-01T10:00:00.000Z',
  paid_at: null,
  failed_reason: null,
  ...over,
});

/** A money table's rows as [label, amount]. */
const rowsOf = (table: HTMLElement) => Array.from(table.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

describe('the admin payouts', () => {
  it('shows why a chef’s earnings wait after a failed payout, and does not offer to pay them', async () => {
    const waiting = dueGroup({ waiting_for_new_details: { payout_id: 9, failed_reason: 'Account closed.', iban_masked: 'CH93 **** **** **** *295 7' } });
    stubApi({
      '/v1/admin/payouts/due': {
        body: { data: [waiting], total_count: 1, filter_count: 1, totals: [{ currency: 'CHF', amount: 64600, amount_formatted: 'CHF 646', items: 2, chefs: 1, chefs_without_bank_details: 0, chefs_waiting_for_new_details: 1 }] },
      },
      '/v1/admin/payouts': { body: { data: [], total_count: 0, filter_count: 0 } },
    });
    renderFresh('/ylcadmin/payouts', <AdminPayoutsPage />);
    const due = await screen.findByTestId('payouts-due');
    const row = await within(due).findByTestId('due-row');
    expect(within(row).getByText('Waits for new bank details')).toBeTruthy();
    expect(within(row).getByTestId('due-waiting').textContent).toBe(
      'The payout to CH93 **** **** **** *295 7 failed (Account closed.). It is paid again once the chef has changed their bank details.',
    );
    expect((within(row).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect((within(due).getByRole('button', { name: 'Pay everything due' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(due).getByTestId('due-totals').textContent).toContain('waiting for new bank details: 1');
  });

  it('pays the chosen groups, offers the batch’s CSV, and cannot pick a chef without bank details', async () => {
    let created = false;
    const api = stubApi({
      '/v1/admin/payouts/due': () => ({
        body: created
          ? { data: [dueGroup({ chef: { id: 2, firstname: 'Lea', lastname: 'Frei', email: 'lea@example.com' }, bank: null })], total_count: 1, filter_count: 1, totals: [] }
          : {
              data: [dueGroup(), dueGroup({ chef: { id: 2, firstname: 'Lea', lastname: 'Frei', email: 'lea@example.com' }, amount_formatted: 'CHF 323', item_count: 1, bank: null })],
              total_count: 2,
              filter_count: 2,
              totals: [{ currency: 'CHF', amount: 96900, amount_formatted: 'CHF 969', items: 3, chefs: 2, chefs_without_bank_details: 1 }],
            },
      }),
      '/v1/admin/payouts': () => ({ body: { data: created ? [payout()] : [], total_count: created ? 1 : 0, filter_count: created ? 1 : 0 } }),
      'POST /v1/admin/payouts': () => {
        created = true;
        return { status: 201, body: { message: 'One payout was created.', data: { batch: '20260601-ABCDEF', payouts: [payout()] } } };
      },
    });
    renderFresh('/ylcadmin/payouts', <AdminPayoutsPage />);
    const due = await screen.findByTestId('payouts-due');
    await within(due).findAllByTestId('due-row');
    expect(within(due).getByTestId('due-totals').textContent).toContain('CHF 969');
    expect(within(due).getByTestId('due-totals').textContent).toContain('without bank details: 1');
    const [marco, lea] = within(due).getAllByRole('checkbox') as HTMLInputElement[];
    expect(lea!.disabled).toBe(true);
    expect(within(due).getByText('No bank details')).toBeTruthy();
    expect((within(due).getByRole('button', { name: 'Pay selected (0)' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(marco!);
    await press(due, 'Pay selected (1)');
    const banner = await within(due).findByTestId('batch-created');
    expect(banner.textContent).toContain('Batch 20260601-ABCDEF created. Payouts: 1.');
    expect(within(banner).getByRole('link', { name: 'Download the CSV for the bank' }).getAttribute('href')).toBe('/v1/admin/payouts/export?batch=20260601-ABCDEF');
    // A CHF batch offers the Swiss bank file only.
    expect(within(banner).getAllByRole('button').map((b) => b.textContent)).toEqual(['pain.001 CHF (Swiss)']);
    expect(api.sent('POST', '/v1/admin/payouts')[0]!.body).toEqual({ groups: [{ chef_id: 1, currency: 'CHF' }] });
    expect(await within(screen.getByTestId('payouts-list')).findByTestId('payout-row')).toBeTruthy();
  });

  it('downloads a pain.001 file per currency, and lists each reason when the bank file cannot be written', async () => {
    let refuse = true;
    const api = stubApi({
      '/v1/admin/payouts/due': { body: { data: [], total_count: 0, filter_count: 0, totals: [] } },
      '/v1/admin/payouts': { body: { data: [payout()], total_count: 1, filter_count: 1 } },
      '/v1/admin/payouts/export': () =>
        refuse
          ? {
              status: 422,
              body: {
                message: 'The EUR bank file was not written. Correct what is listed, then download it again.',
                code: 'BANK_FILE_INVALID',
                errors: {
                  company: ["Enter the company's name, address and IBAN in the settings first: the bank file names the company as the payer."],
                  'payouts.11': ['YLC-20260601-ABCDEF-1-EUR: nothing can be sent to the IBAN CH94 **** **** **** *295 7.', 'This IBAN is not valid. Please check it for typing errors.'],
                },
              },
            }
          : { body: {} },
    });
    const saved: string[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:bank-file');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderFresh('/ylcadmin/payouts', <AdminPayoutsPage />);
    const files = await screen.findByTestId('pending-files');
    expect(within(files).getByRole('link', { name: 'CSV of all pending payouts' }).getAttribute('href')).toBe('/v1/admin/payouts/export?status=pending');

    await press(files, 'pain.001 EUR (SEPA)');
    const errors = await within(files).findByTestId('bank-file-errors');
    expect(api.calls.at(-1)!.url).toBe('/v1/admin/payouts/export?status=pending&format=pain001&currency=EUR');
    expect(errors.getAttribute('role')).toBe('alert');
    expect(within(errors).getByText('The EUR bank file was not written. Correct what is listed, then download it again.')).toBeTruthy();
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Enter the company's name, address and IBAN in the settings first: the bank file names the company as the payer.",
      // A field's second message says why its first: one reason per payout.
      'YLC-20260601-ABCDEF-1-EUR: nothing can be sent to the IBAN CH94 **** **** **** *295 7. This IBAN is not valid. Please check it for typing errors.',
    ]);
    expect(within(errors).getByRole('link', { name: 'Open the company settings' }).getAttribute('href')).toBe('/ylcadmin/settings');
    expect(saved).toEqual([]);

    refuse = false;
    await press(files, 'pain.001 CHF (Swiss)');
    await waitFor(() => expect(saved).toEqual(['ylc-payouts-CHF.xml']));
    expect(ui.notifications.at(-1)?.title).toBe('Downloaded ylc-payouts-CHF.xml. Upload it in your e-banking.');
    expect(api.calls.at(-1)!.url).toBe('/v1/admin/payouts/export?status=pending&format=pain001&currency=CHF');
    expect(within(files).queryByTestId('bank-file-errors')).toBeNull();
    createObjectURL.mockRestore();
    click.mockRestore();
  });

  it('says a refused bank file in the admin’s language: a list of currencies joined in it, a refusal without a key by its code, each problem by its key', async () => {
    const english = 'These payouts are in CHF and EUR: choose one currency. Each currency has its own bank file.';
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { message: english, code: 'VALIDATION_FAILED', errors: { currency: [english] }, message_key: { key: 'validation.rule.onecurrency', params: { list: ['CHF', 'EUR'] } } },
    };
    stubApi({
      '/v1/admin/payouts/due': { body: { data: [], total_count: 0, filter_count: 0, totals: [] } },
      '/v1/admin/payouts': { body: { data: [payout()], total_count: 1, filter_count: 1 } },
      '/v1/admin/payouts/export': () => answer,
    });
    await setLocale('de');
    try {
      renderFresh('/ylcadmin/payouts', <AdminPayoutsPage />);
      const files = await screen.findByTestId('pending-files');
      await press(files, 'pain.001 EUR (SEPA)');
      const errors = await within(files).findByTestId('bank-file-errors');
      expect(errors.querySelector('p')!.textContent).toBe('Diese Auszahlungen sind in CHF und EUR: Wähle eine Währung. Jede Währung hat ihre eigene Bankdatei.');

      answer = { status: 409, body: { message: 'No pending EUR payouts to pay.', code: 'NOTHING_TO_EXPORT' } };
      await press(files, 'pain.001 EUR (SEPA)');
      await waitFor(() => expect(within(files).getByTestId('bank-file-errors').querySelector('p')!.textContent).toBe('Für diese Bankdatei gibt es keine ausstehenden Auszahlungen.'));

      // Each problem of a bank file that cannot be written, by its key and figures (the server's English aside).
      const reference = 'YLC-20260601-ABCDEF-1-EUR';
      answer = {
        status: 422,
        body: {
          message: 'The EUR bank file was not written. Problems found: 3. Correct what is listed, then download it again.',
          code: 'BANK_FILE_INVALID',
          errors: { 'payouts.11': ['English.', 'English.'], 'payouts.12': ['English.'], total: ['English.'] },
          message_key: { key: 'validation.refusal.bank_file_invalid_count', params: { currency: 'EUR', count: 3 } },
          error_keys: {
            'payouts.11': [{ key: 'validation.bankfile.iban', params: { reference, iban: 'CH94 **** **** **** *295 7' } }, { key: 'validation.iban.checksum' }],
            'payouts.12': [{ key: 'validation.bankfile.sepaiban', params: { reference: 'YLC-20260601-ABCDEF-2-EUR', iban: 'US12 **** 3456', country: 'US' } }],
            total: [{ key: 'validation.bankfile.total', params: { sum: { amount: 97000, currency: 'EUR' }, total: { amount: 96950, currency: 'EUR' } } }],
          },
        },
      };
      await press(files, 'pain.001 EUR (SEPA)');
      await waitFor(() => expect(within(files).getByTestId('bank-file-errors').querySelector('p')!.textContent).toMatch(/^Die Bankdatei in EUR wurde nicht erstellt\. Gefundene Probleme: 3\./));
      expect(within(within(files).getByTestId('bank-file-errors')).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        `${reference}: An die IBAN CH94 **** **** **** *295 7 kann nichts überwiesen werden. Diese IBAN ist nicht gültig. Bitte prüfe sie auf Tippfehler.`,
        'YLC-20260601-ABCDEF-2-EUR: US12 **** 3456 ist aus US, das SEPA-Überweisungen nicht erreichen. Zahle sie von Hand oder markiere sie als fehlgeschlagen, damit der Koch ein SEPA-Konto erfasst.',
        'Die Auszahlungen ergeben zusammen 970\u00a0€, die Einnahmen ihrer Buchungen aber 969,50\u00a0€. Es wurde nichts geschrieben.',
      ]);
    } finally {
      await setLocale('en');
    }
  });

  it('pages the payouts of one status by their count, not by all payouts', async () => {
    stubApi({
      '/v1/admin/payouts/due': { body: { data: [], total_count: 0, filter_count: 0, totals: [] } },
      '/v1/admin/payouts': { body: filteredEnvelope([payout({ status: 'failed' })], 1, 173) },
    });
    renderFresh('/ylcadmin/payouts?status=failed', <AdminPayoutsPage />);
    await expectFooter(screen.getByTestId('payouts-list'), { range: '1–1 of 1 (173 in all)', pages: [] });
  });

  it('marks paid after confirming, and asks for the reason of a failed transfer', async () => {
    let status: AdminPayout['status'] = 'pending';
    const api = stubApi({
      '/v1/admin/payouts/due': { body: { data: [], total_count: 0, filter_count: 0, totals: [] } },
      '/v1/admin/payouts': () => ({ body: { data: [payout({ status })], total_count: 1, filter_count: 1 } }),
      'POST /v1/admin/payouts/11/paid': () => {
        status = 'paid';
        return { body: { message: 'Server sentence, never shown on success.', changed: true, data: payout({ status: 'paid' }) } };
      },
      'POST /v1/admin/payouts/11/failed': () => ({
        status: 400,
        body: { message: 'The reason can be at most 500 characters long.', code: 'VALIDATION_FAILED', errors: { reason: ['The reason can be at most 500 characters long.'] }, error_keys: { reason: [{ key: 'validation.text.toolong', params: { label: { key: 'validation.field.reason' }, max: 500 } }] } },
      }),
    });
    renderFresh('/ylcadmin/payouts', <AdminPayoutsPage />);
    expect(await screen.findByText('Nothing is due right now.')).toBeTruthy();
    const list = screen.getByTestId('payouts-list');
    const item = await within(list).findByTestId('payout-row');

    await press(item, 'Mark failed');
    let dialog = await screen.findByRole('dialog');
    await press(dialog, 'Mark failed');
    const reason = within(dialog).getByLabelText('What went wrong?');
    expect(describedText(reason)).toContain('Please enter why the transfer failed. The chef reads it.');
    expect(document.activeElement).toBe(reason);
    expect(api.sent('POST', '/v1/admin/payouts/11/failed')).toHaveLength(0);
    // The server's refusal of the reason shows at the field, the focus there, and the dialog stays.
    await type(reason, 'Account closed.');
    await press(dialog, 'Mark failed');
    await waitFor(() => expect(describedText(reason)).toContain('The reason can be at most 500 characters long.'));
    expect(document.activeElement).toBe(reason);
    expect(within(dialog).queryByTestId('fail-error')).toBeNull();
    await type(reason, '');
    await press(dialog, 'Back');

    await press(item, 'Mark paid');
    dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Confirm that CHF 646 was transferred to Marco Rossi (CH93 **** **** **** *295 7).');
    await press(dialog, 'Mark paid');
    await waitFor(() => expect(api.sent('POST', '/v1/admin/payouts/11/paid')).toHaveLength(1));
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Mark paid' })).toBeNull());
    expect(within(within(list).getByTestId('payout-row')).getByText('Paid')).toBeTruthy();
    expect(ui.notifications.at(-1)?.title).toBe('The payout was marked paid.');
  });

  it('decides a banned chef’s held booking one at a time after a confirm dialog, and shows a refusal beside that booking', async () => {
    let released = false;
    const heldGroup = () => ({
      chef: { id: 3, firstname: 'Max', lastname: 'Koch', email: 'max@example.com' },
      currency: 'CHF',
      amount: released ? 32300 : 64600,
      amount_formatted: released ? 'CHF 323' : 'CHF 646',
      item_count: released ? 1 : 2,
      reason: 'chef_banned' as const,
      bookings: [
        ...(released ? [] : [{ booking_id: 41, amount: 32300, amount_formatted: 'CHF 323', menu_name: 'Alpine Autumn', event_date: '2026-06-21' }]),
        { booking_id: 42, amount: 32300, amount_formatted: 'CHF 323', menu_name: 'Winter table', event_date: '2026-06-24' },
      ],
    });
    const api = stubApi({
      '/v1/admin/payouts/due': () => ({ body: { data: [], total_count: 0, filter_count: 0, totals: [], held: [heldGroup()] } }),
      '/v1/admin/payouts': { body: { data: [], total_count: 0, filter_count: 0 } },
      'POST /v1/admin/payouts/held/41/release': () => {
        released = true;
        return { body: { message: 'The earnings were released to the chef. They are paid with the next payout.', data: { booking_id: 41, decision: 'release', chef_earnings: 32300, refund_amount: 0, currency: 'CHF' } } };
      },
      'POST /v1/admin/payouts/held/42/refund': {
        status: 409,
        body: { message: 'These earnings are no longer held for the chef’s ban alone (released, refunded, paid out, or a complaint is open). Please reload.', code: 'STATUS_CHANGED', errors: {} },
      },
    });
    renderFresh('/ylcadmin/payouts', <AdminPayoutsPage />);
    const held = await screen.findByTestId('payouts-held');
    const rows = await within(held).findAllByTestId('held-booking');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('#41 Alpine Autumn, 06/21/2026 · CHF 323'),
      expect.stringContaining('#42 Winter table, 06/24/2026 · CHF 323'),
    ]);
    // Nothing is sent before the confirmation; keeping it held sends nothing at all.
    await press(rows[0]!, 'Refund the customer');
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Refund the customer of booking #41?');
    expect(dialog.textContent).toContain('Max Koch earns nothing from this booking (instead of CHF 323)');
    await press(dialog, 'Keep held');
    expect(api.sent('POST', '/v1/admin/payouts/held/41/refund')).toHaveLength(0);

    await press(rows[0]!, 'Release to the chef');
    dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Release the earnings of booking #41?');
    await press(dialog, 'Release to the chef');
    await waitFor(() => expect(api.sent('POST', '/v1/admin/payouts/held/41/release')).toEqual([expect.objectContaining({ body: {} })]));
    await waitFor(() => expect(within(held).getAllByTestId('held-booking')).toHaveLength(1));
    expect(ui.notifications.at(-1)?.title).toBe('The earnings were released to the chef. They are paid with the next payout.');

    const left = within(held).getByTestId('held-booking');
    await press(left, 'Refund the customer');
    await press(await screen.findByRole('dialog'), 'Refund the customer');
    const error = await within(left).findByTestId('held-error-42');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('These earnings are no longer held for the chef’s ban alone (released, refunded, paid out, or a complaint is open). Please reload.');
  });

  it('says a refused admin action and a failed connection in the admin’s language at the action, a bank file’s too', async () => {
    const heldGroup = {
      chef: { id: 3, firstname: 'Max', lastname: 'Koch', email: 'max@example.com' },
      currency: 'CHF',
      amount: 32300,
      amount_formatted: 'CHF 323',
      item_count: 1,
      reason: 'chef_banned' as const,
      bookings: [{ booking_id: 42, amount: 32300, amount_formatted: 'CHF 323', menu_name: 'Winter table', event_date: '2026-06-24' }],
    };
    stubApi({
      '/v1/admin/payouts/due': { body: { data: [], total_count: 0, filter_count: 0, totals: [{ currency: 'CHF', amount: 32300 }], held: [heldGroup] } },
      '/v1/admin/payouts': { body: { data: [], total_count: 0, filter_count: 0 } },
      'POST /v1/admin/payouts/held/42/refund': { status: 409, body: { message: 'These earnings are no longer held for the chef’s ban alone. Please reload.', code: 'STATUS_CHANGED', errors: {} } },
      'POST /v1/admin/payouts/held/42/release': () => {
        throw new TypeError('Failed to fetch');
      },
      '/v1/admin/payouts/export': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await setLocale('de');
    try {
      renderFresh('/ylcadmin/payouts', <AdminPayoutsPage />);
      const row = await within(await screen.findByTestId('payouts-held')).findByTestId('held-booking');
      await press(row, 'Kundschaft rückerstatten');
      await press(await screen.findByRole('dialog'), 'Kundschaft rückerstatten');
      const error = await within(row).findByTestId('held-error-42');
      expect(error.textContent).toBe('Der Status hat sich inzwischen geändert. Bitte lade die Seite neu und versuche es noch einmal.');

      await press(row, 'Dem Koch freigeben');
      await press(await screen.findByRole('dialog'), 'Dem Koch freigeben');
      await waitFor(() => expect(within(row).getByTestId('held-error-42').textContent).toBe('Wir konnten den Server nicht erreichen. Prüfe deine Verbindung und versuche es noch einmal.'));

      const files = await screen.findByTestId('pending-files');
      await press(files, 'pain.001 CHF (Schweiz)');
      const problem = await within(files).findByTestId('bank-file-errors');
      expect(problem.textContent).toBe('Wir konnten den Server nicht erreichen. Prüfe deine Verbindung und versuche es noch einmal.');
    } finally {
      await setLocale('en');
    }
  });
});
