// The guaranteed dinner on the customer's screens (issue 18 §4): a booking the chef cancelled shows the menus still
// free that evening (menus near with the booking's date, place, guests and dietary needs; the cancelling chef's menu
// left out), each with a rebooking that opens the booking form filled in from the cancelled booking and sends which
// booking it replaces, so that its guests' allergy passport comes along.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import BookingBeginPage, { toCreateBody } from '../../web/src/features/bookings/BookingBeginPage';
import MyBookingPage from '../../web/src/features/bookings/MyBookingPage';
import { draftKey } from '../../web/src/features/bookings/draft';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { availabilityResponse, bookingResponse } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';
import { DAY } from '#shared/time';

setupDomTests();
beforeAll(() => ensureAreaTexts());
beforeEach(() => {
  sessionStorage.clear();
  updateBooking(defaultBookingSettings());
  givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
});

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);

const startsAt = new Date(Date.now() + 20 * DAY).toISOString();
const rebook = {
  booking_id: 42,
  cancelled_chef_id: 1,
  region_id: 5,
  date: startsAt.slice(0, 10),
  starts_at: startsAt,
  timezone: 'Europe/Zurich',
  guests: 6,
  at_chefs_place: false,
  address: { street: 'Seestrasse 9', zip: '8001', city: 'Zürich' },
  occasion: 'birthday',
  diets: ['vegan'],
  allergens: [{ key: 'nuts', guests: 2 }],
  kitchen_notes: 'Small oven.',
  message: 'Surprise party!',
  guest_answers: 3,
};
const cancelled = bookingResponse({ status: 'cancelled_by_chef', actions: ['message'], reason: 'My kitchen flooded.', rebook });
const card = (id: number, chefId: number, name: string) => ({
  id,
  chef_id: chefId,
  name,
  description: '',
  review_count: 3,
  review_avg: 4.5,
  min_guests: 2,
  max_guests: 10,
  at_customer: true,
  at_chef: false,
  booking_mode: 'request',
  effective_per_person_cost_lc_formatted: 'CHF 90.00',
  currency: 'CHF',
  image: null,
  chef: { data: { id: chefId, uri: `chef-${chefId}`, firstname: `Chef${chefId}`, lastname: 'X', review_count: 3, review_avg: 4.5, is_pro: false, is_signature: false, is_verified: true, verified_at: null, display_location: 'Zürich' } },
});

describe('a booking the chef cancelled', () => {
  it('shows the menus still free for its date, place, guests and needs, without the cancelling chef, each with a rebooking', async () => {
    const { calls } = stubFetch({
      '/v1/users/me/orders/42': { body: { data: cancelled } },
      '/v1/menus/near/5': { body: { data: [card(11, 3, 'Green Garden'), card(12, 1, 'Alpine Autumn'), card(13, 4, 'Lake Supper')], filters: {} } },
    });
    fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    const section = await screen.findByTestId('alternatives');
    await waitFor(() => expect(within(section).getAllByTestId('alternative-menu')).toHaveLength(2));
    expect(within(section).getByRole('heading', { name: 'Still free for your evening' })).toBeTruthy();
    expect(within(section).getByText(/Your chef cancelled and your payment is refunded in full/)).toBeTruthy();
    expect(within(section).getAllByRole('heading', { level: 3 }).map((h) => h.textContent?.replace(/ \(.*\)$/, ''))).toEqual(['Green Garden', 'Lake Supper']);
    expect(within(section).getAllByTestId('rebook').map((a) => a.getAttribute('href'))).toEqual(['/booking/begin/11?rebook=42', '/booking/begin/13?rebook=42']);
    // On a phone the same menus are a compact list: each row one link to the filled-in booking form of its menu,
    // with its name, chef and price per person (CSS shows the list below the `sm` breakpoint and the cards above).
    const rows = within(within(section).getByTestId('alternatives-compact')).getAllByTestId('alternative-row');
    expect(rows.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/booking/begin/11?rebook=42', 'Green GardenChef3 XCHF 90.00 per person'],
      ['/booking/begin/13?rebook=42', 'Lake SupperChef4 XCHF 90.00 per person'],
    ]);
    expect(within(section).getByTestId('alternatives-compact').className).toContain('sm:hidden');
    expect(within(section).getByTestId('alternatives-cards').className).toMatch(/(^| )hidden .*sm:grid/);
    const near = new URL(calls.find((c) => c.url.startsWith('/v1/menus/near/5'))!.url, 'http://x');
    expect(Object.fromEntries([...near.searchParams].filter(([k]) => !['resolve', 'stacks'].includes(k)))).toEqual({
      page: '0',
      page_size: '7',
      date: rebook.date,
      guests: '6',
      at_chefs_place: '0',
      diets: 'vegan',
      allergies_exclude: 'nuts',
    });
  });

  it('says so when no other menu is free', async () => {
    stubFetch({ '/v1/users/me/orders/42': { body: { data: cancelled } }, '/v1/menus/near/5': { body: { data: [card(12, 1, 'Alpine Autumn')], filters: {} } } });
    fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    expect((await screen.findByTestId('alternatives-none')).textContent).toContain('No other menu is free for that evening');
  });

  it('offers nothing once the evening can no longer be booked, and does not search', async () => {
    const past = new Date(Date.now() - 2 * DAY).toISOString();
    const { calls } = stubFetch({ '/v1/users/me/orders/42': { body: { data: { ...cancelled, rebook: { ...rebook, date: past.slice(0, 10), starts_at: past } } } } });
    fresh('/account/me/bookings/42', <MyBookingPage params={{ bookingId: '42' }} />);
    await screen.findByTestId('booking-status');
    expect(screen.queryByTestId('alternatives')).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/v1/menus/near'))).toBe(false);
  });
});

describe('the rebooking form', () => {
  const menu = { id: 11, name: 'Green Garden', min_guests: 2, max_guests: 12, at_customer: true, at_chef: true, booking_mode: 'request' };
  const lists = { diet: [{ key: 'vegan', name: 'Vegan' }], allergy: [{ key: 'nuts', name: 'Nuts' }] };
  const routes = {
    '/v1/users/me/orders/42': { body: { data: cancelled } },
    '/v1/menus/11': { body: { data: menu } },
    '/v1/menus/11/availability': { body: availabilityResponse({ menu_id: 11 }) },
    '/v1/lists': { body: { data: lists } },
    '/v1/bookings/quote': { status: 400, body: { message: 'x', code: 'X', errors: {} } },
  };

  it('is filled in from the cancelled booking, over an older draft of the same menu', async () => {
    sessionStorage.setItem(draftKey('11'), JSON.stringify({ occasion: 'dinner', street: 'Old street 1', guests: 2 }));
    stubFetch(routes);
    fresh('/booking/begin/11?rebook=42', <BookingBeginPage params={{ menuId: '11' }} />);
    expect((await screen.findByTestId('rebook-note')).textContent).toContain('Filled in from your cancelled booking');
    expect((screen.getByLabelText('Occasion') as HTMLSelectElement).value).toBe('birthday');
    expect((screen.getByLabelText('Street and number') as HTMLInputElement).value).toBe('Seestrasse 9');
    expect((screen.getByLabelText('Postal code') as HTMLInputElement).value).toBe('8001');
    expect((screen.getByLabelText('Message to the chef') as HTMLTextAreaElement).value).toBe('Surprise party!');
    // The rebooking is where the form starts: nothing is kept until the customer changes something, and then the
    // draft carries the rebooking along with the change.
    expect(sessionStorage.getItem(draftKey('11'))).toBeNull();
    fireEvent.change(screen.getByLabelText('Message to the chef'), { target: { value: 'Surprise party, again!' } });
    const kept = JSON.parse(sessionStorage.getItem(draftKey('11'))!);
    expect(kept).toMatchObject({ rebook_of: 42, guests: 6, starts_at: startsAt, diets: ['vegan'], allergens: [{ key: 'nuts', guests: 2 }], kitchen_notes: 'Small oven.', message: 'Surprise party, again!' });
    // The passport is not in the form: the server copies it from the booking named in `rebook_of`.
    expect(screen.getByTestId('rebook-note').textContent).toContain('Your guests’ allergy passport comes along: 3 answers');
    expect(toCreateBody(11, kept)).toMatchObject({ menu_id: 11, rebook_of: 42, guests: 6 });
  });

  it('starts from the booking settings when the booking cannot be read', async () => {
    stubFetch({ ...routes, '/v1/users/me/orders/42': { status: 404, body: { message: 'Not found', code: 'NOT_FOUND', errors: {} } } });
    fresh('/booking/begin/11?rebook=42', <BookingBeginPage params={{ menuId: '11' }} />);
    expect(((await screen.findByLabelText('Street and number')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('rebook-note')).toBeNull();
  });
});
