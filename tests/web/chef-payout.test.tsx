// Payout details: the live IBAN hint (length towards the country's, then the mod-97 checksum), the form that sends
// the password with every change and shows the server's errors at their field, the masked display afterwards and the
// request to fix details a payout failed to; the earnings per booking with their state and totals; the monthly statements with what is held.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatementList } from '../../web/src/components/StatementList';
import PayoutPage from '../../web/src/features/chef-area/PayoutPage';
import { PayoutDetailsSection } from '../../web/src/features/chef-area/PayoutDetailsForm';
import { formatIban, ibanHint } from '../../web/src/features/chef-area/ibanHint';
import { describedText, givenChef, ownProfile, press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';

setupChefTests();

describe('IBAN hint', () => {
  it('counts towards the country’s length while typing', () => {
    expect(ibanHint('')).toEqual({ state: 'empty' });
    expect(ibanHint('ch93 0076')).toEqual({ state: 'typing', length: 8, expected: 21 });
    expect(ibanHint('DE89 3704')).toEqual({ state: 'typing', length: 8, expected: 22 });
  });

  it('accepts valid IBANs of several countries, with spaces, dashes and lower case', () => {
    expect(ibanHint('CH93 0076 2011 6238 5295 7')).toEqual({ state: 'valid', formatted: 'CH93 0076 2011 6238 5295 7', country: 'CH' });
    expect(ibanHint('de89-3704-0044-0532-0130-00').state).toBe('valid');
    expect(ibanHint('GB82 WEST 1234 5698 7654 32').state).toBe('valid');
    expect(formatIban('ch9300762011623852957')).toBe('CH93 0076 2011 6238 5295 7');
  });

  it('flags a wrong check digit, a wrong length and a wrong start', () => {
    expect(ibanHint('CH93 0076 2011 6238 5295 8')).toMatchObject({ state: 'invalid', reason: 'checksum' });
    expect(ibanHint('CH93 0076 2011 6238 5295 71')).toMatchObject({ state: 'invalid', reason: 'length', length: 22, expected: 21 });
    expect(ibanHint('1234 5678')).toMatchObject({ state: 'invalid', reason: 'format' });
    expect(ibanHint('CHX3')).toMatchObject({ state: 'invalid', reason: 'format' });
  });
});

describe('payout details', () => {
  it('shows the live hint under the IBAN field', async () => {
    givenChef();
    stubApi({ '/v1/chefs/me/payout-details': { body: { data: null } } });
    renderFresh('/account/me/payout', <PayoutDetailsSection />);
    const iban = await screen.findByLabelText('IBAN');
    await type(iban, 'CH93 0076 2011');
    expect(describedText(iban)).toBe('12 of 21 characters');
    await type(iban, 'CH93 0076 2011 6238 5295 8');
    expect(describedText(iban)).toBe('This IBAN is not valid. Please check it for typing errors.');
    expect(screen.getByTestId('iban-hint').getAttribute('data-state')).toBe('invalid');
    await type(iban, 'CH93 0076 2011 6238 5295 7');
    expect(describedText(iban)).toBe('Valid IBAN (CH)');
  });

  it('sets only the IBAN typed in monospace: its label, hint and error read in the page’s type', async () => {
    givenChef();
    stubApi({ '/v1/chefs/me/payout-details': { body: { data: null } } });
    renderFresh('/account/me/payout', <PayoutDetailsSection />);
    const form = await screen.findByTestId('payout-details-form');
    const iban = within(form).getByLabelText('IBAN');
    await type(iban, 'CH93 0076 2011');
    expect(iban.classList.contains('font-mono')).toBe(true);
    const monospaced = (element: Element | null) => element?.closest('.font-mono') ?? null;
    expect(monospaced(form.querySelector(`label[for="${iban.id}"]`))).toBeNull();
    expect(monospaced(screen.getByTestId('iban-hint'))).toBeNull();
    await press(form, 'Save payout details');
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    expect(monospaced(form.querySelector('[data-field-error="iban"]'))).toBeNull();
  });

  it('says once what is wrong with an invalid IBAN, also after submitting it', async () => {
    givenChef();
    const api = stubApi({ '/v1/chefs/me/payout-details': { body: { data: null } } });
    renderFresh('/account/me/payout', <PayoutDetailsSection />);
    const form = await screen.findByTestId('payout-details-form');
    await type(within(form).getByLabelText('Account holder'), 'Anna Muster');
    const iban = within(form).getByLabelText('IBAN');
    await type(iban, 'CH93 0076 2011 6238 5295 71');
    await type(within(form).getByLabelText('Your password'), 'secret');
    await press(form, 'Save payout details');
    // The shared schema's check speaks (as the server would), in place of the live hint.
    const said = 'An IBAN from CH has 21 characters; this one has 22.';
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    expect(form.textContent!.split(said)).toHaveLength(2);
    expect(form.textContent).not.toContain('Too long: 22 characters');
    expect(describedText(iban)).toContain(said);
    expect(document.activeElement).toBe(iban);
    expect(api.sent('PUT', '/v1/chefs/me/payout-details')).toHaveLength(0);
    // Editing the IBAN brings the live hint back, in place of the error.
    await type(iban, 'CH93 0076 2011 6238 5295 7');
    expect(iban.getAttribute('aria-invalid')).not.toBe('true');
    expect(describedText(iban)).toBe('Valid IBAN (CH)');
  });

  it('asks for the password, shows a wrong one at its field, and shows the IBAN masked once saved', async () => {
    givenChef();
    let saved = false;
    const api = stubApi({
      '/v1/chefs/me/payout-details': () => ({ body: { data: saved ? { account_holder: 'Anna Muster', iban_masked: 'CH93 **** **** **** *295 7', country: 'CH', updated_at: '2026-03-01T10:00:00.000Z' } : null } }),
      'PUT /v1/chefs/me/payout-details': ({ body }) => {
        if ((body as { password: string }).password !== 'right-password') {
          return { status: 400, body: { message: 'Your password is not correct.', code: 'VALIDATION_FAILED', errors: { password: ['Your password is not correct.'] } } };
        }
        saved = true;
        return { body: { message: 'Your payout details were saved.', data: { account_holder: 'Anna Muster', iban_masked: 'CH93 **** **** **** *295 7', country: 'CH', updated_at: '2026-03-01T10:00:00.000Z' } } };
      },
    });
    renderFresh('/account/me/payout', <PayoutDetailsSection />);
    const form = await screen.findByTestId('payout-details-form');
    await type(within(form).getByLabelText('Account holder'), 'Anna Muster');
    await type(within(form).getByLabelText('IBAN'), 'CH93 0076 2011 6238 5295 7');
    await press(form, 'Save payout details');
    const password = within(form).getByLabelText('Your password');
    expect(describedText(password)).toContain('Please enter your password.');
    expect(document.activeElement).toBe(password);
    expect(api.sent('PUT', '/v1/chefs/me/payout-details')).toHaveLength(0);

    // The server's refusal shows at the password, which is emptied to be typed again and has the focus.
    await type(password, 'wrong');
    await press(form, 'Save payout details');
    await waitFor(() => expect(describedText(password)).toContain('Your password is not correct.'));
    expect((password as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(password);

    await type(within(form).getByLabelText('Your password'), 'right-password');
    await press(form, 'Save payout details');
    expect((await screen.findByTestId('iban-masked')).textContent).toBe('CH93 **** **** **** *295 7');
    // Sent as the schema gives it back: the IBAN as it is stored.
    expect(api.sent('PUT', '/v1/chefs/me/payout-details').at(-1)!.body).toEqual({ account_holder: 'Anna Muster', iban: 'CH9300762011623852957', password: 'right-password' });
    expect(screen.queryByLabelText('IBAN')).toBeNull();
  });

  it('asks the chef to fix details a payout failed to', async () => {
    givenChef();
    const failed = { payout_id: 11, failed_reason: 'Account closed.', iban_masked: 'CH93 **** **** **** *295 7' };
    stubApi({ '/v1/chefs/me/payout-details': { body: { data: { account_holder: 'Anna Muster', iban_masked: 'CH93 **** **** **** *295 7', country: 'CH', updated_at: '2026-03-01T10:00:00.000Z', failed_payout: failed } } } });
    renderFresh('/account/me/payout', <PayoutDetailsSection />);
    expect((await screen.findByTestId('payout-details-failed')).textContent).toBe(
      'Your bank details need fixing: the payout to CH93 **** **** **** *295 7 failed (Account closed.). Please change your payout details. Your earnings are paid out once you have.',
    );
    expect(screen.getByRole('button', { name: 'Change payout details' })).toBeTruthy();
  });
});

describe('earnings', () => {
  it('lists upcoming bookings with the day their earnings are released, and totals for every state', async () => {
    givenChef();
    const earning = (booking_id: number, status: string, chef_earnings: number, release_at: string, extra: Record<string, unknown> = {}) => ({
      booking_id,
      event_date: release_at.slice(0, 10),
      menu_name: `Menu ${booking_id}`,
      booking_status: status === 'upcoming' ? 'confirmed' : 'completed',
      chef_earnings,
      currency: 'CHF',
      status,
      release_at,
      payout_id: null,
      paid_at: null,
      ...extra,
    });
    stubApi({
      '/v1/chefs/me': { body: { data: ownProfile() } },
      '/v1/chefs/me/payout-details': { body: { data: null } },
      '/v1/chefs/me/payouts': { body: { data: [], total_count: 0, filter_count: 0 } },
      '/v1/chefs/me/earnings': {
        body: {
          data: [earning(1, 'upcoming', 40800, '2027-01-12T20:00:00.000Z'), earning(2, 'released', 32300, '2026-05-03T20:00:00.000Z')],
          total_count: 2,
          filter_count: 2,
          totals: [{ currency: 'CHF', upcoming: 40800, pending: 0, released: 32300, paid: 0 }],
        },
      },
    });
    renderFresh('/account/me/payout', <PayoutPage />);
    const rows = await screen.findAllByTestId('earning');
    expect(rows[0]!.textContent).toContain('Upcoming');
    expect(rows[0]!.textContent).toContain('Releases on 01/12/2027');
    expect(rows[0]!.textContent).toMatch(/CHF\s408/);
    expect(rows[1]!.textContent).toContain('With the next payout');
    const totals = screen.getByTestId('earnings-totals');
    expect(Array.from(totals.children).map((c) => c.firstElementChild!.textContent)).toEqual(['Upcoming', 'Pending', 'Released', 'Paid out']);
    expect(totals.children[0]!.textContent).toMatch(/CHF\s408/);
  });
});

describe('monthly statements', () => {
  it('show how each month adds up: gross − commission + adjustments = net, carried over + net − paid out − held = due', async () => {
    givenChef();
    const chf = (minor: number) => `CHF ${(minor / 100).toFixed(2)}`;
    const statement = (month: string, label: string, n: { bookings: number; gross: number; commission: number; adjustments: number; opening: number; paid: number; held: number }) => {
      const net = n.gross - n.commission + n.adjustments;
      const due = n.opening + net - n.paid - n.held;
      return {
        month,
        currency: 'CHF',
        label,
        bookings: n.bookings,
        gross: n.gross,
        commission: n.commission,
        adjustments: n.adjustments,
        net,
        opening_balance: n.opening,
        paid_out: n.paid,
        held: n.held,
        formatted: {
          gross: chf(n.gross),
          commission: chf(n.commission),
          adjustments: chf(n.adjustments),
          net: chf(net),
          opening_balance: chf(n.opening),
          paid_out: chf(n.paid),
          held: chf(n.held),
          closing_balance: chf(due),
        },
        pdf_url: `/v1/chefs/me/statements/${month}.pdf?currency=CHF`,
        csv_url: `/v1/chefs/me/statements/${month}.csv?currency=CHF`,
      };
    };
    stubApi({
      '/v1/chefs/me/statements': {
        body: {
          data: [
            statement('2026-10', 'October 2026', { bookings: 0, gross: 0, commission: 0, adjustments: 0, opening: 157250, paid: 157250, held: 0 }),
            statement('2026-09', 'September 2026', { bookings: 3, gross: 230000, commission: 34500, adjustments: -38250, opening: 0, paid: 0, held: 0 }),
            statement('2026-07', 'July 2026', { bookings: 1, gross: 38000, commission: 5700, adjustments: 0, opening: 25000, paid: 25000, held: 32300 }),
          ],
          total_count: 3,
          filter_count: 3,
        },
      },
    });
    renderFresh('/account/me/payout', <StatementList path="/v1/chefs/me/statements" />);
    const rows = await screen.findAllByTestId('statement');
    const sums = (i: number) =>
      Array.from(within(rows[i]!).getByTestId('statement-sums').querySelectorAll('dt')).map((dt) => `${dt.textContent} ${dt.nextElementSibling!.textContent}`);
    // A month with only a payout: what was carried over, paid out, and nothing left.
    expect(sums(0)).toEqual(['Carried over CHF 1572.50', 'Paid out − CHF 1572.50', 'Due at month end CHF 0.00']);
    // A month of bookings with a late cancellation's adjustment, nothing carried over or paid yet.
    expect(sums(1)).toEqual(['Gross CHF 2300.00', 'Commission − CHF 345.00', 'Refunds and adjustments CHF -382.50', 'Net earnings CHF 1572.50', 'Due at month end CHF 1572.50']);
    // Held earnings (a complaint) are named apart from what was paid out.
    expect(sums(2)).toEqual(['Gross CHF 380.00', 'Commission − CHF 57.00', 'Net earnings CHF 323.00', 'Carried over CHF 250.00', 'Paid out − CHF 250.00', 'On hold − CHF 323.00', 'Due at month end CHF 0.00']);
  });
});
