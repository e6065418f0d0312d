// "Add to calendar" on the booking page: the customer and the chef of a booking still to take place get a link to
// the server's calendar file of that booking, in the page's language; a booking that was called off has none.
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { bookingResponse } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);

describe('Add to calendar', () => {
  it('links the customer to the booking’s calendar file', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ id: 42, status: 'confirmed' }) } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link.getAttribute('href')).toBe('/v1/bookings/42/calendar.ics?locale=en');
    expect(link.getAttribute('download')).toBe('booking-42.ics');
  });

  it('links the chef too', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: 1, is_public: false } } }) }));
    stubFetch({ '/v1/chefs/me/bookings/42': { body: { data: bookingResponse({ id: 42, status: 'requested' }) } } });
    fresh('/account/me/chefbookings/42', <BookingDetail view="chef" bookingId="42" />);
    expect((await screen.findByRole('link', { name: 'Add to calendar' })).getAttribute('href')).toBe('/v1/bookings/42/calendar.ics?locale=en');
  });

  it('is not offered for a cancelled booking', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ id: 42, status: 'cancelled_by_chef', actions: [] }) } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).toBeNull();
  });
});
