// Rating a completed booking: five star ratings and a text, the seed's exact POST body, server errors in place, and
// the explanation for a booking that cannot be rated.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import RateBookingPage from '../../web/src/features/bookings/RateBookingPage';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { ui } from '../../web/src/state/ui';
import { bookingResponse, customerReview, type Booking } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';
import { DAY } from '#shared/time';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const signIn = () => givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const booking = (overrides: Partial<Booking> = {}) =>
  bookingResponse({
    status: 'completed',
    starts_at: daysAgo(2),
    ends_at: daysAgo(2),
    actions: ['rate', 'message'],
    cancellation_policy: { free_until: daysAgo(20), half_refund_until: daysAgo(5), cooling_off_until: null },
    timeline: [{ from: null, to: 'requested', actor_role: 'customer', note: null, created_at: daysAgo(30) }],
    rate_until: new Date(Date.now() + 10 * DAY).toISOString(),
    review: null,
    ...overrides,
  });

const LEGENDS = ['Food', 'Service', 'Hygiene', 'Value for money', 'Communication'];
const renderRate = () => fresh('/account/me/bookings/42/rate', <RateBookingPage params={{ bookingId: '42' }} />);
const group = (legend: string) => screen.getByRole('group', { name: legend });
const choose = (legend: string, stars: number) => fireEvent.click(within(group(legend)).getByLabelText(`${stars} of 5 stars`));
const submitButton = () => screen.getByRole('button', { name: 'Publish rating' }) as HTMLButtonElement;

describe('rating a booking', () => {
  it('keeps submit disabled until all five ratings are chosen and posts exactly the seed fields', async () => {
    signIn();
    const { calls } = stubFetch({
      '/v1/users/me/orders/42': { body: { data: booking() } },
      '/v1/users/me/orders/42/rate': { status: 201, body: { message: 'Thank you for your review!', data: booking({ status: 'reviewed', actions: ['message'] }) } },
    });
    const { location } = renderRate();
    await screen.findByRole('group', { name: 'Food' });
    for (const legend of LEGENDS) expect(within(group(legend)).getAllByRole('radio')).toHaveLength(5);
    expect(submitButton().disabled).toBe(true);
    [5, 4, 3, 2].forEach((stars, i) => choose(LEGENDS[i]!, stars));
    expect(submitButton().disabled).toBe(true);
    choose('Communication', 1);
    expect(submitButton().disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Your review (optional)'), { target: { value: 'Wonderful evening.' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/me/bookings/42'));
    const post = calls.find((c) => c.url === '/v1/users/me/orders/42/rate')!;
    expect(post.init.method).toBe('POST');
    expect(JSON.parse(String(post.init.body))).toEqual({ rating_food: 5, rating_service: 4, rating_hygiene: 3, rating_value: 2, rating_communication: 1, text: 'Wonderful evening.' });
    expect(ui.notifications.map((n) => n.title)).toContain('Thank you for your rating');
  });

  it('places the server’s field errors next to their fields and shows a 409 in a box', async () => {
    signIn();
    stubFetch({
      '/v1/users/me/orders/42': { body: { data: booking() } },
      '/v1/users/me/orders/42/rate': {
        status: 400,
        body: { message: 'Please check the highlighted fields.', code: 'VALIDATION', errors: { rating_hygiene: ['Rate the hygiene from 1 to 5.'], text: ['The review can be at most 2000 characters long.'] } },
      },
    });
    renderRate();
    await screen.findByRole('group', { name: 'Food' });
    LEGENDS.forEach((legend) => choose(legend, 4));
    fireEvent.click(submitButton());
    await screen.findByText('Rate the hygiene from 1 to 5.');
    const hygiene = group('Hygiene');
    expect(hygiene.getAttribute('aria-invalid')).toBe('true');
    expect(within(hygiene).getByText('Rate the hygiene from 1 to 5.')).toBeTruthy();
    expect(within(group('Food')).queryByText('Rate the hygiene from 1 to 5.')).toBeNull();
    // The first field to fix has the focus: a star of the hygiene rating.
    expect(hygiene.contains(document.activeElement)).toBe(true);
    expect((document.activeElement as HTMLInputElement).type).toBe('radio');
    const text = screen.getByLabelText('Your review (optional)');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    const described = (text.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described.join(' ')).toContain('The review can be at most 2000 characters long.');

    stubFetch({
      '/v1/users/me/orders/42': { body: { data: booking() } },
      '/v1/users/me/orders/42/rate': { status: 409, body: { message: 'This booking has already been rated.', code: 'ALREADY_RATED' } },
    });
    // The button keeps its loading state for a moment after the first answer (Button's minimum duration).
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    expect((await screen.findByTestId('rate-problem')).textContent).toBe('This booking has already been rated.');
  });

  it.each<[string, Partial<Booking>, string]>([
    ['not completed', { status: 'confirmed', actions: ['cancel', 'message'] }, 'Only a completed booking can be rated.'],
    ['already rated', { status: 'reviewed', actions: ['message'], review: customerReview({ rating: 4, text: '', created_at: daysAgo(1) }) }, 'You have already rated this booking.'],
    ['past the 14 days', { actions: ['message'] }, 'The 14 days for rating this booking are over.'],
  ])('explains a booking that cannot be rated (%s) and links back', async (_, overrides, sentence) => {
    signIn();
    const { calls } = stubFetch({ '/v1/users/me/orders/42': { body: { data: booking(overrides) } } });
    renderRate();
    const box = await screen.findByTestId('not-rateable');
    expect(box.textContent).toContain(sentence);
    expect(within(box).getByRole('link', { name: 'Back to the booking' }).getAttribute('href')).toBe('/account/me/bookings/42');
    expect(screen.queryByRole('button', { name: 'Publish rating' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/rate'))).toBe(false);
  });
});

describe('booking detail', () => {
  it('links a completed booking to its rating page, and no other', async () => {
    signIn();
    stubFetch({ '/v1/users/me/orders/42': { body: { data: booking() } } });
    const view = fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    expect((await screen.findByRole('link', { name: 'Rate this booking' })).getAttribute('href')).toBe('/account/me/bookings/42/rate');
    view.unmount();
    stubFetch({ '/v1/users/me/orders/42': { body: { data: booking({ status: 'confirmed', actions: ['cancel', 'message'] }) } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await screen.findByRole('button', { name: 'Cancel booking' });
    expect(screen.queryByRole('link', { name: 'Rate this booking' })).toBeNull();
  });
});
