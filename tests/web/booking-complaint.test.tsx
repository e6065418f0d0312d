// The complaint window on the booking page and the admin's decision: the promise with its deadline on the event's
// clocks, the customer's "Report a problem" form (checked before sending, the exact POST body, the server's field
// errors next to their fields), the complaint's state for both sides, the chef's answer, and the admin's decision
// form with the partial refund checked against what can still be refunded.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import AdminComplaintPage from '../../web/src/features/admin/AdminComplaintPage';
import AdminComplaintsPage from '../../web/src/features/admin/AdminComplaintsPage';
import type { AdminComplaintDetail } from '../../web/src/features/admin/ComplaintsApi';
import type { Complaint } from '../../web/src/features/bookings/BookingComplaint';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import { ensureAreaTexts, setLocale } from '../../web/src/lib/i18n';
import { bookingResponse, earnings, heldEarnings, type Booking } from './booking-fixtures';
import { describedText } from './chef-fixtures';
import { filteredEnvelope, givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';
import { HOUR } from '#shared/time';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const signIn = (isSu = false) => givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_su: isSu }) }));
const hoursFromNow = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const UNTIL = hoursFromNow(30);

const booking = (overrides: Partial<Booking> = {}) =>
  bookingResponse({
    status: 'completed',
    starts_at: hoursFromNow(-22),
    ends_at: hoursFromNow(-18),
    timezone: 'America/New_York',
    actions: ['rate', 'message'],
    complaint_until: UNTIL,
    ...overrides,
  });

const CATEGORIES = ['no_show_or_late', 'food_quality', 'dietary_not_respected', 'hygiene', 'behaviour', 'other'];
const view = (complaint: Complaint | null = null, canReport = complaint === null) => ({ data: { until: UNTIL, timezone: 'America/New_York', can_report: canReport, categories: canReport ? CATEGORIES : [], complaint } });

const complaint = (overrides: Partial<Complaint> = {}): Complaint => ({
  id: 5,
  booking_id: 42,
  category: 'food_quality',
  text: 'The main course was cold and the dessert never came.',
  photos: [{ id: 9, url: '/v1/bookings/42/complaint/photos/9' }],
  status: 'open',
  created_at: hoursFromNow(-2),
  chef_answer: null,
  chef_answered_at: null,
  outcome: null,
  refund_amount: null,
  refund_formatted: null,
  decision_note: null,
  decided_at: null,
  ...overrides,
});

/** The customer's booking page with the complaint window open and no complaint yet. */
async function customerPage() {
  signIn();
  const { calls } = stubFetch({
    '/v1/users/me/orders/42': { body: { data: booking() } },
    '/v1/bookings/42/complaint': { body: view() },
  });
  fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
  return { calls, section: await screen.findByTestId('booking-complaint') };
}

describe('reporting a problem (customer)', () => {
  it('promises the deadline in the event’s zone, checks the form, and posts exactly the complaint', async () => {
    const { calls, section } = await customerPage();
    const promise = within(section).getByTestId('complaint-promise');
    expect(promise.textContent).toContain('48 hours after the event');
    expect(promise.textContent).toContain('New York');
    fireEvent.click(await within(section).findByRole('button', { name: 'Report a problem' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Send report' }));
    expect(await within(section).findByText('Please choose what went wrong.')).toBeTruthy();
    expect(within(section).getByText('Please describe what happened.')).toBeTruthy();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);

    const select = within(section).getByLabelText('What went wrong?') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', ...CATEGORIES]);
    fireEvent.change(select, { target: { value: 'hygiene' } });
    fireEvent.change(within(section).getByLabelText('What happened?'), { target: { value: 'The kitchen was left dirty after the dinner.' } });
    stubFetch({
      '/v1/users/me/orders/42': { body: { data: booking() } },
      '/v1/bookings/42/complaint': { status: 400, body: { message: 'Please check the fields.', code: 'VALIDATION_FAILED', errors: { text: ['Please describe what happened in at least 20 characters.'] } } },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Send report' }));
    const error = await within(section).findByText('Please describe what happened in at least 20 characters.');
    const text = within(section).getByLabelText('What happened?');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(text.getAttribute('aria-describedby')).toContain(error.closest('[id]')!.id);
  });

  it('refuses a short report at its field before sending, with the focus on the first field to fix', async () => {
    const { calls, section } = await customerPage();
    fireEvent.click(await within(section).findByRole('button', { name: 'Report a problem' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Send report' }));
    await within(section).findByText('Please choose what went wrong.');
    expect(document.activeElement).toBe(within(section).getByLabelText('What went wrong?'));

    fireEvent.change(within(section).getByLabelText('What went wrong?'), { target: { value: 'hygiene' } });
    fireEvent.change(within(section).getByLabelText('What happened?'), { target: { value: 'Dirty kitchen.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send report' }));
    const error = await within(section).findByText('Please describe what happened in at least 20 characters.');
    const text = within(section).getByLabelText('What happened?');
    expect(text.getAttribute('aria-describedby')).toContain(error.closest('[id]')!.id);
    expect(document.activeElement).toBe(text);
    expect(within(section).queryByText('Please choose what went wrong.')).toBeNull();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
  });

  it('sends category, text and no photos as the API takes them', async () => {
    const { calls, section } = await customerPage();
    fireEvent.click(await within(section).findByRole('button', { name: 'Report a problem' }));
    fireEvent.change(within(section).getByLabelText('What went wrong?'), { target: { value: 'food_quality' } });
    fireEvent.change(within(section).getByLabelText('What happened?'), { target: { value: 'The main course was cold and the dessert never came.' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(calls.find((c) => c.init.method === 'POST')).toBeTruthy());
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(post.url).toBe('/v1/bookings/42/complaint');
    expect(JSON.parse(String(post.init.body))).toEqual({ category: 'food_quality', text: 'The main course was cold and the dessert never came.', photo_ids: [] });
  });

  it('shows the open complaint with its photo and, once decided, the outcome, the chef’s answer and the decision', async () => {
    signIn();
    stubFetch({
      '/v1/users/me/orders/42': { body: { data: booking() } },
      '/v1/bookings/42/complaint': {
        body: view(complaint({ status: 'decided', outcome: 'partial_refund', refund_amount: 10000, refund_formatted: 'CHF 100.00', chef_answer: 'The oven failed.', decision_note: 'Cold main course: 100 back.', decided_at: hoursFromNow(-1) })),
      },
    });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    const state = await screen.findByTestId('complaint-state');
    expect(state.dataset.status).toBe('decided');
    expect(state.textContent).toContain('Decided: Partial refund CHF 100.00');
    expect(within(state).getByTestId('complaint-answer').textContent).toContain('The oven failed.');
    expect(within(state).getByTestId('complaint-decision').textContent).toContain('Cold main course: 100 back.');
    expect((within(state).getByAltText('Photo 1 of the report') as HTMLImageElement).getAttribute('src')).toBe('/v1/bookings/42/complaint/photos/9');
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });
});

describe('answering (chef)', () => {
  it('says the earnings wait, and saves the answer with PUT', async () => {
    signIn();
    const { calls } = stubFetch({
      '/v1/chefs/me/bookings/42': { body: { data: booking({ earnings: earnings(32300, 'held', UNTIL) }) } },
      '/v1/bookings/42/complaint': { body: view(complaint(), false) },
    });
    fresh('/account/me/chefbookings/42', <BookingDetail view="chef" bookingId="42" />);
    const state = await screen.findByTestId('complaint-state');
    expect(state.textContent).toContain('Your earnings for this booking wait until our team has decided');
    fireEvent.click(within(state).getByRole('button', { name: 'Send answer' }));
    expect(await within(state).findByText('Please write your answer.')).toBeTruthy();
    expect(document.activeElement).toBe(within(state).getByLabelText('Your answer to the report'));
    fireEvent.change(within(state).getByLabelText('Your answer to the report'), { target: { value: 'The oven of the kitchen failed.' } });
    fireEvent.click(within(state).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(calls.find((c) => c.init.method === 'PUT')).toBeTruthy());
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(put.url).toBe('/v1/bookings/42/complaint/answer');
    expect(JSON.parse(String(put.init.body))).toEqual({ text: 'The oven of the kitchen failed.' });
  });
});

describe('a banned chef’s booking (chef)', () => {
  it('says the earnings are on hold until our team decides, never that they are released after the window', async () => {
    signIn();
    stubFetch({
      '/v1/chefs/me/bookings/42': { body: { data: booking({ earnings: heldEarnings(32300, 'chef_banned', UNTIL) }) } },
      '/v1/bookings/42/complaint': { body: view(null, false) },
    });
    fresh('/account/me/chefbookings/42', <BookingDetail view="chef" bookingId="42" />);
    const promise = await screen.findByTestId('complaint-promise');
    expect(promise.textContent).toBe('Your profile is blocked, so your earnings for this booking are not released after the event: they are on hold until our team has decided.');
    // What happens next says the same, instead of a release 48 hours after the event.
    expect(screen.getByRole('region', { name: 'What happens next' }).textContent).toBe(`What happens next${promise.textContent}`);
  });
});

describe('the admin decides', () => {
  const detail = (overrides: Partial<AdminComplaintDetail> = {}): { data: AdminComplaintDetail } => ({
    data: {
      ...complaint({ chef_answer: 'The oven failed.' }),
      refundable: 39900,
      refundable_formatted: 'CHF 399.00',
      booking: booking({
        customer: { firstname: 'Julia', lastname: 'Meier', avatar: null },
        money: { paid: 39900, refunded: 0, chef_earnings: 32300, commission: 5700, service_fee: 1900, currency: 'CHF', paid_formatted: 'CHF 399.00', refunded_formatted: 'CHF 0.00', chef_earnings_formatted: 'CHF 323.00', commission_formatted: 'CHF 57.00', service_fee_formatted: 'CHF 19.00' },
      }),
      audit: [],
      ...overrides,
    },
  });

  it('lists complaints with their state', async () => {
    signIn(true);
    stubFetch({
      '/v1/admin/complaints': {
        body: filteredEnvelope([{ ...complaint(), booking: { id: 42, menu_name: 'Autumn feast', starts_at: hoursFromNow(-22), timezone: 'America/New_York', total: 39900, currency: 'CHF' }, customer: { id: 1, firstname: 'Julia', lastname: 'Meier' }, chef: { id: 2, firstname: 'Marco', lastname: 'Rossi' } }], 1, 1),
      },
    });
    fresh('/ylcadmin/complaints', <AdminComplaintsPage />);
    const row = await screen.findByTestId('complaint-row');
    expect(row.textContent).toContain('#42 · Autumn feast · Food quality');
    expect(row.textContent).toContain('Open');
    expect(row.getAttribute('href')).toBe('/ylcadmin/complaints/5');
  });

  it('shows both sides and the money, refuses a partial refund of everything at the field, and posts minor units', async () => {
    signIn(true);
    const { calls } = stubFetch({ '/v1/admin/complaints/5': { body: detail() } });
    fresh('/ylcadmin/complaints/5', <AdminComplaintPage params={{ complaintId: '5' }} />);
    expect((await screen.findByTestId('complaint-report')).textContent).toContain('The main course was cold');
    expect(screen.getByTestId('complaint-chef').textContent).toContain('The oven failed.');
    expect(screen.getByTestId('complaint-refundable').textContent).toContain('CHF 399.00');
    const form = screen.getByTestId('complaint-decision-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Decide' }));
    expect(await within(form).findByText('Choose the decision.')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('No refund'));
    fireEvent.click(within(form).getByLabelText('Partial refund'));
    fireEvent.change(within(form).getByLabelText('Refund (CHF)'), { target: { value: '399' } });
    fireEvent.change(within(form).getByLabelText('Note to both sides'), { target: { value: 'Cold main course.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Decide' }));
    expect(await within(form).findByText(/A partial refund is less than CHF 399.00/)).toBeTruthy();
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);
    expect(document.activeElement).toBe(within(form).getByLabelText('Refund (CHF)'));
    fireEvent.change(within(form).getByLabelText('Refund (CHF)'), { target: { value: '100.50' } });
    const second = stubFetch({ '/v1/admin/complaints/5': { body: detail({ status: 'decided', outcome: 'partial_refund', refund_amount: 10050, refund_formatted: 'CHF 100.50' }) }, '/v1/admin/complaints/5/decision': { body: { message: 'ok', data: {} } } });
    fireEvent.click(within(form).getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect(second.calls.find((c) => c.init.method === 'POST')).toBeTruthy());
    expect(JSON.parse(String(second.calls.find((c) => c.init.method === 'POST')!.init.body))).toEqual({ outcome: 'partial_refund', note: 'Cold main course.', refund_amount: 10050 });
    expect((await screen.findByTestId('complaint-decided')).textContent).toContain('CHF 100.50');
  });

  it('checks with the shared schema before sending, and shows the server’s refusal at its field in the admin’s language, with the focus there', async () => {
    await setLocale('de');
    try {
      signIn(true);
      const english = 'A partial refund is less than CHF 99.00, what can still be refunded; choose a full refund to give back everything.';
      const { calls } = stubFetch({
        '/v1/admin/complaints/5': { body: detail() },
        '/v1/admin/complaints/5/decision': {
          status: 400,
          body: { message: english, code: 'VALIDATION_FAILED', errors: { refund_amount: [english] }, error_keys: { refund_amount: [{ key: 'validation.rule.partialrefund', params: { amount: 'CHF 99.00' } }] } },
        },
      });
      fresh('/ylcadmin/complaints/5', <AdminComplaintPage params={{ complaintId: '5' }} />);
      const form = await screen.findByTestId('complaint-decision-form');
      fireEvent.click(within(form).getByLabelText('Keine Rückerstattung'));
      fireEvent.click(within(form).getByRole('button', { name: 'Entscheiden' }));
      const note = within(form).getByLabelText('Notiz an beide Seiten');
      await waitFor(() => expect(describedText(note)).toContain('Bitte begründe die Entscheidung. Beide Seiten lesen sie.'));
      expect(document.activeElement).toBe(note);
      expect(calls.some((c) => c.init.method === 'POST')).toBe(false);

      fireEvent.click(within(form).getByLabelText('Teilweise Rückerstattung'));
      fireEvent.change(within(form).getByLabelText('Rückerstattung (CHF)'), { target: { value: '100' } });
      fireEvent.change(note, { target: { value: 'Kalter Hauptgang.' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Entscheiden' }));
      const amount = within(form).getByLabelText('Rückerstattung (CHF)');
      await waitFor(() => expect(describedText(amount)).toContain('Eine Teilrückerstattung ist kleiner als CHF 99.00, was noch zurückerstattet werden kann'));
      expect(document.activeElement).toBe(amount);
      expect(within(form).queryByTestId('decision-error')).toBeNull();
      expect(JSON.parse(String(calls.find((c) => c.init.method === 'POST')!.init.body))).toEqual({ outcome: 'partial_refund', note: 'Kalter Hauptgang.', refund_amount: 10000 });
    } finally {
      await setLocale('en');
    }
  });
});
