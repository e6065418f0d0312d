// The booking status badge on the customer's and the chef's lists and on the booking page: the translated label of
// the effective status the server sent, findable by `data-testid="booking-status"` and its `data-status`.
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import ChefBookingsPage from '../../web/src/features/bookings/ChefBookingsPage';
import MyBookingsPage from '../../web/src/features/bookings/MyBookingsPage';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { bookingResponse } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';
import { DAY } from '#shared/time';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const badges = (root: HTMLElement) => within(root).getAllByTestId('booking-status').map((b) => [b.getAttribute('data-status'), b.textContent]);

describe('the booking status badge', () => {
  it("marks each row of the customer's list with its status", async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const list = [
      bookingResponse({ id: 1, status: 'requested' }),
      bookingResponse({ id: 2, status: 'accepted' }),
      bookingResponse({ id: 3, status: 'completed' }),
    ];
    stubFetch({ '/v1/users/me/orders': { body: { data: list, total_count: 3, filter_count: 3 } } });
    fresh('/account/me/bookings', <MyBookingsPage />);
    const rows = within(await screen.findByRole('list', { name: 'Upcoming' })).getAllByRole('listitem');
    expect(rows.map(badges)).toEqual([[['requested', 'Requested']], [['accepted', 'Accepted – awaiting payment']], [['completed', 'Completed']]]);
  });

  it("marks each row of the chef's list with its status", async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: 1, is_public: false } } }) }));
    const list = [bookingResponse({ id: 1, status: 'confirmed' }), bookingResponse({ id: 2, status: 'cancelled_by_customer' })];
    stubFetch({ '/v1/chefs/me/bookings': { body: { data: list, total_count: 2, filter_count: 2 } } });
    fresh('/account/me/chefbookings', <ChefBookingsPage />);
    const rows = within(await screen.findByRole('list', { name: 'All' })).getAllByRole('listitem');
    expect(rows.map(badges)).toEqual([[['confirmed', 'Confirmed']], [['cancelled_by_customer', 'Cancelled by the customer']]]);
  });

  it('shows one badge next to the heading of the booking page', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'payment_expired', actions: [] }) } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Autumn feast' });
    expect(badges(heading.parentElement!)).toEqual([['payment_expired', 'Payment expired']]);
    expect(screen.getAllByTestId('booking-status')).toHaveLength(1);
  });
});

describe('a customer on the chef’s bookings', () => {
  const notAChef = { status: 404, body: { message: 'You have no chef profile yet. Start your application first.', code: 'NOT_A_CHEF' } };

  it('sees "You are not a chef yet" with the way to apply, not an error, on the list and on a booking', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/chefs/me/bookings': notAChef, '/v1/chefs/me/bookings/42': notAChef });
    const list = fresh('/account/me/chefbookings', <ChefBookingsPage />);
    const panel = await screen.findByTestId('not-a-chef');
    expect(panel.textContent).toContain('You are not a chef on YourLocalChef yet');
    expect(within(panel).getByRole('link', { name: 'Become a chef' }).getAttribute('href')).toBe('/become-a-chef');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    list.unmount();
    fresh('/account/me/chefbookings/42', <BookingDetail view="chef" bookingId="42" />);
    expect((await screen.findByTestId('not-a-chef')).textContent).toContain('You are not a chef on YourLocalChef yet');
  });
});

describe('an instant booking', () => {
  it('never says that the chef accepted it: badge, timeline and next step say it is reserved', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const booking = bookingResponse({
      status: 'accepted',
      instant: true,
      payment_due_by: new Date(Date.now() + DAY).toISOString(),
      actions: ['pay', 'cancel', 'message'],
      timeline: [{ from: null, to: 'accepted', actor_role: 'customer', note: null, created_at: new Date().toISOString() }],
    });
    stubFetch({ '/v1/users/me/orders/42': { body: { data: booking } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Autumn feast' });
    expect(badges(heading.parentElement!)).toEqual([['accepted', 'Reserved – awaiting payment']]);
    const page = document.body.textContent!;
    expect(page).toContain('Your booking is reserved. Pay by');
    expect(page).not.toMatch(/chef accepted|Accepted/);
  });

  it('says "the chef accepted" for a request the chef accepted', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'accepted', instant: false, actions: ['pay', 'cancel', 'message'] }) } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await screen.findByRole('heading', { level: 1, name: 'Autumn feast' });
    expect(document.body.textContent).toContain('The chef accepted.');
  });
});
