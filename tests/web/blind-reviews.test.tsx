// Blind two-sided reviews on the booking screens (issue 18 §5): the chef's review form for the guest on a past
// booking, the "published when…" states of both sides, the customer's rating by chefs on the chef's request page,
// and the admin's view of both reviews.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ChefBookingPage from '../../web/src/features/bookings/ChefBookingPage';
import MyBookingPage from '../../web/src/features/bookings/MyBookingPage';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { bookingResponse, customerReview, earnings, guestReview } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const asChef = () => givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: 1, is_public: true } } }) }));
const chefExtras = { dietary: { diets: [], allergens: [], conflicts: [] }, conflicts: [], earnings: earnings(30000, 'pending') };
const rateUntil = '2026-07-15T19:00:00.000Z';

describe('the chef on a past booking', () => {
  it('rates the guest with three star ratings and a text, told who reads it and when', async () => {
    asChef();
    const completed = bookingResponse({ status: 'completed', actions: ['rate_guest', 'message'], rate_until: rateUntil, customer: { firstname: 'Anna', lastname: 'Muster', avatar: null, guest_rating: { avg: 4.3, count: 2 } }, ...chefExtras });
    const rated = { ...completed, actions: ['message'], guest_review: guestReview() };
    let posted: unknown = null;
    const { calls } = stubFetch({
      '/v1/chefs/me/bookings/42': { body: { data: completed } },
      '/v1/bookings/42/guest-review': { status: 201, body: { message: 'Thank you for rating your guest!', data: rated } },
    });
    fresh('/account/me/chefbookings/42', <ChefBookingPage params={{ bookingId: '42' }} />);
    const form = await screen.findByTestId('guest-review-form');
    expect(within(form).getByRole('heading', { name: 'Rate your guest Anna' })).toBeTruthy();
    expect(within(form).getByTestId('review-blind').textContent).toMatch(/^Anna reads your review once they have rated the booking too, or on .+ at the latest\. Then both reviews are published together\.$/);
    // The customer's rating by other chefs shows with the request.
    expect(screen.getByTestId('guest-rating').textContent).toBe('4.3 of 5 from 2 chefs');
    const send = within(form).getByRole('button', { name: 'Send rating' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    for (const field of ['Punctuality', 'Kitchen as described', 'Respect']) fireEvent.click(within(within(form).getByRole('group', { name: field })).getByRole('radio', { name: '5 of 5 stars' }));
    fireEvent.change(within(form).getByLabelText('Your review (optional)'), { target: { value: 'Kind hosts.' } });
    fireEvent.click(send);
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/bookings/42/guest-review')).toBe(true));
    posted = JSON.parse(String(calls.find((c) => c.url === '/v1/bookings/42/guest-review')!.init.body));
    expect(posted).toEqual({ rating_punctuality: 5, rating_kitchen: 5, rating_respect: 5, text: 'Kind hosts.' });
  });

  it('shows its own review as waiting, and no customer review before it is published', async () => {
    asChef();
    stubFetch({ '/v1/chefs/me/bookings/42': { body: { data: bookingResponse({ status: 'reviewed', actions: ['message'], rate_until: rateUntil, review: null, guest_review: guestReview(), customer: { firstname: 'Anna', lastname: 'Muster', avatar: null, guest_rating: { avg: 0, count: 0 } }, ...chefExtras }) } } });
    fresh('/account/me/chefbookings/42', <ChefBookingPage params={{ bookingId: '42' }} />);
    const mine = await screen.findByTestId('guest-review');
    expect(within(mine).getByRole('heading', { name: 'Your review of Anna' })).toBeTruthy();
    expect(within(mine).getByTestId('review-pending').textContent).toMatch(/^Published when Anna has rated the booking too, or on .+ at the latest\. Until then only you can read it\.$/);
    expect(screen.queryByTestId('booking-review')).toBeNull();
    expect(screen.queryByTestId('guest-review-form')).toBeNull();
    expect(screen.getByTestId('guest-rating').textContent).toBe('Not rated by chefs yet');
  });
});

describe('the customer', () => {
  const savedTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = savedTz;
  });

  it('reads their review as waiting for the chef, then both once published', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'reviewed', actions: ['message'], rate_until: rateUntil, review: customerReview() }) } } });
    const first = fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    const mine = await screen.findByTestId('booking-review');
    expect(within(mine).getByTestId('review-pending').textContent).toMatch(/^Published when Marco has reviewed you too, or on .+ at the latest\. Until then only you can read it\.$/);
    expect(screen.queryByTestId('guest-review')).toBeNull();
    expect(screen.queryByTestId('guest-rating')).toBeNull();
    first.unmount();

    const published = { published: true, published_at: '2026-07-01T10:00:00.000Z' };
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'reviewed', actions: ['message'], rate_until: rateUntil, review: customerReview(published), guest_review: guestReview({ ...published, created_at: '2026-06-30T22:30:00.000Z' }) }) } } });
    fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    const theirs = await screen.findByTestId('guest-review');
    expect(within(theirs).getByRole('heading', { name: 'Marco’s review of you' })).toBeTruthy();
    expect(theirs.textContent).toContain('Kind hosts.');
    // Written at half past midnight on the event's clock: a viewer in New York reads that day and time, named.
    expect(theirs.textContent).toContain('07/01/2026 00:30, Zurich time');
    expect(within(screen.getByTestId('booking-review')).queryByTestId('review-pending')).toBeNull();
  });
});
