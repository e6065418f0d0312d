// The cancellation terms with real dates: on the booking form for the date being picked, on the booking page with the
// booking's own deadlines (the cooling-off included), and in the cancel dialog; deadlines read on the event's clocks,
// the zone named when the viewer's differs (formatEventTime). The viewer is in New York, the event in Zürich.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import BookingBeginPage from '../../web/src/features/bookings/BookingBeginPage';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { availabilityResponse, bookingResponse, type Booking } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';
import { MINUTE } from '#shared/time';

setupDomTests();
const savedTz = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = 'America/New_York';
  await ensureAreaTexts();
});
afterAll(() => {
  process.env.TZ = savedTz;
});
beforeEach(() => {
  sessionStorage.clear();
  updateBooking(defaultBookingSettings());
});

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const stepsText = () => within(screen.getByTestId('policy-steps')).getAllByRole('listitem').map((li) => li.textContent);

// The repro: paid on 25 Nov at 20:56 in Zürich for dinner on 9 Dec at 19:00.
const PAID_AT = new Date('2026-11-25T19:56:00Z');
const STARTS_AT = '2026-12-09T18:00:00.000Z';
const at = (now: Date) => vi.useFakeTimers({ now, toFake: ['Date'] });

describe('the booking page', () => {
  const confirmed = (over: Partial<Booking> = {}) =>
    bookingResponse({
      status: 'confirmed',
      starts_at: STARTS_AT,
      timezone: 'Europe/Zurich',
      cancellation_policy: { free_until: '2026-11-25T18:00:00.000Z', half_refund_until: '2026-12-06T18:00:00.000Z', cooling_off_until: '2026-11-26T19:56:00.000Z' },
      ...over,
    });

  it('shows the cooling-off with its date two minutes after paying, never a free cancellation that has passed', async () => {
    at(new Date(PAID_AT.getTime() + 2 * MINUTE));
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: confirmed() } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await screen.findByTestId('policy-steps');
    expect(stepsText()).toEqual([
      'Full refund if you cancel by 11/26/2026 20:56, Zurich time: you paid less than 24 hours ago.',
      '50 % refund until 12/06/2026 19:00, Zurich time.',
      'No refund after that.',
    ]);
    expect(screen.getByTestId('cancellation-policy').textContent).not.toContain('Free cancellation');
  });

  it('says what is left once the cooling-off is over, and in the last 72 hours that nothing is refunded', async () => {
    at(new Date('2026-11-27T12:00:00Z'));
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: confirmed() } } });
    const view = fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await screen.findByTestId('policy-steps');
    expect(stepsText()).toEqual(['This date is less than 14 days away: 50 % is refunded if you cancel by 12/06/2026 19:00, Zurich time.', 'No refund after that.']);
    view.unmount();

    at(new Date('2026-12-07T12:00:00Z'));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: confirmed() } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await screen.findByTestId('policy-steps');
    expect(stepsText()).toEqual(['This date is less than 72 hours away: nothing is refunded if you cancel.']);
  });

  it('shows no terms on a booking that is over', async () => {
    at(new Date('2026-12-20T12:00:00Z'));
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: confirmed({ status: 'cancelled_by_customer', actions: ['message'] }) } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await screen.findByRole('heading', { name: 'Autumn feast' });
    expect(screen.queryByTestId('cancellation-policy')).toBeNull();
  });

  it('previews the cooling-off refund in the cancel dialog', async () => {
    at(new Date(PAID_AT.getTime() + 2 * MINUTE));
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const preview = {
      booking_id: 42,
      status: 'confirmed',
      can_cancel: true,
      reason_required: false,
      paid: 68670,
      paid_formatted: 'CHF 686.70',
      refund_tier: 'cooling_off',
      refund_percent: 100,
      refund_formatted: 'CHF 686.70',
      free_until: '2026-11-25T18:00:00.000Z',
      half_refund_until: '2026-12-06T18:00:00.000Z',
      cooling_off_until: '2026-11-26T19:56:00.000Z',
    };
    stubFetch({ '/v1/users/me/orders/42': { body: { data: confirmed() } }, '/v1/bookings/42/cancellation': { body: { data: preview } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(await within(dialog).findByText('You paid less than 24 hours ago: you get everything back, CHF 686.70.')).toBeTruthy();
    expect(within(dialog).getByTestId('policy-steps').textContent).toContain('Full refund if you cancel by 11/26/2026 20:56, Zurich time');
  });
});

describe('the booking form', () => {
  const menu = { id: 7, name: 'Autumn feast', min_guests: 2, max_guests: 12, at_customer: true, at_chef: true, booking_mode: 'request' };
  const routes = () => ({
    '/v1/menus/7': { body: { data: menu } },
    // The chef's zone comes with the date field's availability read.
    '/v1/menus/7/availability': { body: availabilityResponse({}, new Date()) },
    '/v1/lists': { body: { data: { diet: [], allergy: [] } } },
    '/v1/bookings/quote': { body: { data: { booking_mode: 'request', currency: 'CHF', lc_currency: 'CHF', price_per_person_formatted: 'CHF 120', subtotal_formatted: 'CHF 480', service_fee_formatted: 'CHF 24', total_formatted: 'CHF 504', total_lc_formatted: 'CHF 504' } } },
  });

  it('shows the terms of the picked date: less than 14 days away, 50 % back, and the cooling-off after paying', async () => {
    at(PAID_AT);
    updateBooking({ date: STARTS_AT });
    stubFetch(routes());
    fresh('/booking/begin/7', <BookingBeginPage params={{ menuId: '7' }} />);
    await waitFor(() => expect(screen.getByTestId('policy-steps').textContent).toContain('Zurich time'));
    const [first, ...rest] = stepsText();
    expect(first).toBe('This date is less than 14 days away: 50 % is refunded if you cancel by 12/06/2026 19:00, Zurich time.');
    expect(rest).toEqual([
      'No refund after that.',
      'Changed your mind after paying? Within 24 hours of paying you get everything back, as long as the event is more than 72 hours away.',
    ]);
  });

  it('shows free cancellation until a real date for a date far enough away, and the general rules before a date is picked', async () => {
    at(PAID_AT);
    updateBooking({ date: '2027-01-20T18:00:00.000Z' });
    stubFetch(routes());
    const view = fresh('/booking/begin/7', <BookingBeginPage params={{ menuId: '7' }} />);
    await waitFor(() => expect(screen.getByTestId('policy-steps').textContent).toContain('Zurich time'));
    expect(stepsText()[0]).toBe('Free cancellation until 01/06/2027 19:00, Zurich time.');
    view.unmount();

    updateBooking(defaultBookingSettings());
    sessionStorage.clear();
    stubFetch(routes());
    fresh('/booking/begin/7', <BookingBeginPage params={{ menuId: '7' }} />);
    expect(await screen.findByText('Free cancellation until 14 days before the event.')).toBeTruthy();
    expect(screen.queryByTestId('policy-steps')).toBeNull();
  });
});
