// Issue 15 M2 on the booking screens: when the booking machine bars a party (the chef banned or disabled, the
// customer's account closed), the booking says so to each side, offers only what calls it off, and its thread takes
// no new message.
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import ChefBookingPage from '../../web/src/features/bookings/ChefBookingPage';
import MyBookingPage from '../../web/src/features/bookings/MyBookingPage';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { bookingResponse, customerReview, earnings } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);

describe('a booking whose chef is barred', () => {
  it('tells the customer, offers only to cancel, and closes the thread', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({
      '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'accepted', actions: ['cancel'], barred_party: 'chef' }) } },
      '/v1/bookings/42/messages': { body: { data: [], total_count: 0, filter_count: 0 } },
    });
    fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    expect((await screen.findByTestId('booking-barred')).textContent).toBe(
      'This chef can no longer take bookings or messages on YourLocalChef. Nothing more will be charged. You can cancel this booking, and our support team can help you with it.',
    );
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    // What would come next does not: the chef takes no part any more.
    expect(screen.queryByRole('heading', { name: 'What happens next' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /Messages/ }));
    expect((await screen.findByTestId('messages-closed')).textContent).toBe('Messages are closed for this booking.');
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('tells the blocked chef what is left', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: 1, is_public: false } } }) }));
    stubFetch({
      '/v1/chefs/me/bookings/42': {
        body: { data: bookingResponse({ status: 'requested', actions: ['decline'], barred_party: 'chef', dietary: { diets: [], allergens: [], conflicts: [] }, conflicts: [], earnings: earnings(0, 'none') }) },
      },
    });
    fresh('/account/me/chefbookings/42', <ChefBookingPage params={{ bookingId: '42' }} />);
    expect((await screen.findByTestId('booking-barred')).textContent).toContain('Your chef profile is blocked');
    expect(screen.queryByRole('button', { name: 'Accept request' })).toBeNull();
  });

  it('after the event, shows the blocked chef the published review without a reply form, and says why', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: -1, is_public: false } } }) }));
    const review = customerReview({ published: true, published_at: '2026-07-01T10:00:00.000Z' });
    stubFetch({
      '/v1/chefs/me/bookings/42': {
        body: { data: bookingResponse({ status: 'reviewed', actions: [], barred_party: 'chef', review, dietary: { diets: [], allergens: [], conflicts: [] }, conflicts: [], earnings: earnings(30000, 'held') }) },
      },
    });
    fresh('/account/me/chefbookings/42', <ChefBookingPage params={{ bookingId: '42' }} />);
    expect((await screen.findByTestId('booking-barred')).textContent).toBe(
      'Your chef profile is blocked: you can no longer send messages, reply to reviews or rate your guests. Please contact support.',
    );
    expect(screen.getByTestId('booking-review').textContent).toContain('A lovely evening.');
    expect(screen.queryByLabelText('Reply publicly to this review')).toBeNull();
    expect(screen.queryByTestId('guest-review-form')).toBeNull();
  });

  it('after the event, tells the customer without offering to cancel', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'completed', actions: ['rate'], barred_party: 'chef' }) } } });
    fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    expect((await screen.findByTestId('booking-barred')).textContent).toBe(
      'This chef can no longer take bookings or messages on YourLocalChef. Our support team can help you with this booking.',
    );
  });
});

describe('a request to a paused chef', () => {
  it('shows no accept button but says why, next to decline', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: 2, is_public: false } } }) }));
    stubFetch({
      '/v1/chefs/me/bookings/42': {
        body: { data: bookingResponse({ status: 'requested', actions: ['decline', 'message'], chef_paused: true, dietary: { diets: [], allergens: [], conflicts: [] }, conflicts: [], earnings: earnings(0, 'none') }) },
      },
    });
    fresh('/account/me/chefbookings/42', <ChefBookingPage params={{ bookingId: '42' }} />);
    expect((await screen.findByTestId('cannot-accept-paused')).textContent).toBe(
      'You cannot accept this request: your chef profile is paused. You can still decline it; your confirmed bookings go ahead.',
    );
    expect(screen.queryByRole('button', { name: 'Accept request' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    // What comes next says the same instead of asking for an answer within the time left.
    expect(screen.queryByText(/Please answer within/)).toBeNull();
  });
});
