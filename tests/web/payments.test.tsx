// me/payment-payout: the customer's payments with their refunds (GET /v1/users/me/payments), with loading, empty and
// error states.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import AccountHomePage from '../../web/src/features/account/AccountHomePage';
import PaymentPayoutPage from '../../web/src/features/chef-area/PaymentPayoutPage';
import type { CustomerPayment } from '../../web/src/features/chef-area/MyPayments';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const PAYMENTS = '/v1/users/me/payments';
const renderPage = () => renderAt('/account/me/payment-payout', <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}><PaymentPayoutPage /></SWRConfig>);
const signIn = () => givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));

const payment = (overrides: Partial<CustomerPayment> = {}): CustomerPayment => ({
  id: 9,
  order_id: 42,
  menu_name: 'Autumn feast',
  starts_at: '2026-12-05T12:00:00.000Z',
  timezone: 'Europe/Zurich',
  provider: 'local',
  status: 'succeeded',
  amount: 50400,
  refunded_amount: 0,
  currency: 'CHF',
  amount_formatted: 'CHF 504.00',
  refunded_formatted: 'CHF 0.00',
  created_at: '2026-11-20T12:00:00.000Z',
  updated_at: '2026-11-20T12:00:00.000Z',
  refunds: [],
  ...overrides,
});

describe('payments on me/payment-payout', () => {
  it('lists each payment with amount, status, date, its booking and its refunds', async () => {
    signIn();
    const refunded = payment({
      id: 8,
      order_id: 41,
      menu_name: 'Summer table',
      status: 'partially_refunded',
      amount: 30000,
      refunded_amount: 15000,
      amount_formatted: 'EUR 300.00',
      currency: 'EUR',
      refunds: [{ id: 3, amount: 15000, currency: 'EUR', amount_formatted: 'EUR 150.00', status: 'succeeded', reason: 'Cancelled by the customer: 50 % refund', created_at: '2026-11-22T12:00:00.000Z' }],
    });
    const { calls } = stubFetch({ [PAYMENTS]: { body: { data: [payment(), refunded], total_count: 2, filter_count: 2 } } });
    renderPage();
    const section = screen.getByTestId('customer-payments');
    const items = await within(section).findAllByTestId('payment');
    expect(calls.map((c) => c.url)).toContain(`${PAYMENTS}?page=0&page_size=10&count=1`);

    const [first, second] = items;
    expect(within(first!).getByRole('link', { name: 'Autumn feast' }).getAttribute('href')).toBe('/account/me/bookings/42');
    expect(first!.textContent).toContain('CHF 504.00');
    expect(first!.textContent).toContain('Paid');
    expect(first!.textContent).toContain('Payment date: 11/20/2026');
    expect(first!.textContent).toContain('Event on 12/05/2026');
    expect(within(first!).queryByTestId('refund')).toBeNull();

    expect(within(second!).getByRole('link', { name: 'Summer table' }).getAttribute('href')).toBe('/account/me/bookings/41');
    expect(second!.textContent).toContain('EUR 300.00');
    expect(second!.textContent).toContain('Partly refunded');
    const refund = within(second!).getByTestId('refund');
    expect(refund.textContent).toContain('Refund of EUR 150.00 on 11/22/2026');
    expect(refund.textContent).toContain('Cancelled by the customer: 50 % refund');
    expect(refund.textContent).toContain('Refunded');
    expect(within(section).getByTestId('paged-range').textContent).toContain('2');
  });

  it('says when there are no payments yet', async () => {
    signIn();
    stubFetch({ [PAYMENTS]: { body: { data: [], total_count: 0, filter_count: 0 } } });
    renderPage();
    expect((await within(screen.getByTestId('customer-payments')).findByTestId('empty-state')).textContent).toBe('You have not paid for a booking yet.');
  });

  it('shows an error with a retry when the payments cannot be loaded', async () => {
    signIn();
    stubFetch({ [PAYMENTS]: { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } });
    renderPage();
    const section = screen.getByTestId('customer-payments');
    const alert = await within(section).findByRole('alert');
    stubFetch({ [PAYMENTS]: { body: { data: [payment()], total_count: 1, filter_count: 1 } } });
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    expect(await within(section).findByRole('link', { name: 'Autumn feast' })).toBeTruthy();
  });
});

describe('payments and payouts by who is signed in', () => {
  const asChef = () => givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'anna-muster-1', status: 1, is_public: true } } }) }));
  const accountCard = () => screen.getByRole('link', { name: /^Payments/ });

  it('shows a customer "Payments" on the account home and the screen, with nothing about payouts', async () => {
    signIn();
    const { calls } = stubFetch({ [PAYMENTS]: { body: { data: [], total_count: 0, filter_count: 0 } } });
    const home = renderAt('/account/me', <AccountHomePage />);
    expect(accountCard().textContent).toBe('PaymentsPayments and refunds of your bookings.');
    expect(accountCard().getAttribute('href')).toBe('/account/me/payment-payout');
    expect(document.body.textContent).not.toMatch(/payout/i);
    home.unmount();

    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payments');
    await within(screen.getByTestId('customer-payments')).findByTestId('empty-state');
    expect(screen.queryByTestId('chef-payout-summary')).toBeNull();
    expect(document.body.textContent).not.toMatch(/payout/i);
    expect(calls.map((c) => c.url).filter((u) => u.includes('payout'))).toEqual([]);
  });

  it('shows a chef "Payments & payouts" with the payout summary', async () => {
    asChef();
    stubFetch({ [PAYMENTS]: { body: { data: [], total_count: 0, filter_count: 0 } }, '/v1/chefs/me/payout-details': { body: { data: null } } });
    const home = renderAt('/account/me', <AccountHomePage />);
    expect(accountCard().textContent).toBe('Payments & payoutsPayment methods and payouts.');
    home.unmount();

    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payments & payouts');
    expect(await within(screen.getByTestId('chef-payout-summary')).findByText('You have not entered payout details yet.')).toBeTruthy();
  });
});
