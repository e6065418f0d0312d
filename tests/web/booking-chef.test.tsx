// The chef's booking screens: the list with open requests first (and the time left to answer), and one booking with
// accept, decline with a reason, the dietary conflicts highlighted, the earnings (expected before payment, what is
// left after a refund, always adding up) and the reply to a review.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it } from 'vitest';
import ChefBookingPage from '../../web/src/features/bookings/ChefBookingPage';
import ChefBookingsPage from '../../web/src/features/bookings/ChefBookingsPage';
import { ensureAreaTexts, setLocale } from '../../web/src/lib/i18n';
import { ui } from '../../web/src/state/ui';
import { DAY } from '#shared/time';
import { bookingResponse, customerReview, earnings, heldEarnings, type Booking } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const signInChef = () => givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: 1, is_public: false } } }) }));
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const bodyOf = (calls: { url: string; init: RequestInit }[], url: string) => JSON.parse(String(calls.filter((c) => c.url === url).at(-1)!.init.body));

const chefPrice = {
  ...bookingResponse().price,
  commission: 7200,
  commission_bp: 1500,
  chef_earnings: 40800,
  commission_formatted: 'CHF 72.00',
  chef_earnings_formatted: 'CHF 408.00',
};
const noNeeds = { diets: [], allergens: [], conflicts: [] };
const money = (paid: number, refunded: number, chef: number, commission: number, fee: number) => {
  const f = (n: number) => `CHF ${(n / 100).toFixed(2)}`;
  return {
    currency: 'CHF',
    paid,
    refunded,
    chef_earnings: chef,
    commission,
    service_fee: fee,
    paid_formatted: f(paid),
    refunded_formatted: f(refunded),
    chef_earnings_formatted: f(chef),
    commission_formatted: f(commission),
    service_fee_formatted: f(fee),
  };
};
const PAID = money(50400, 0, 40800, 7200, 2400);
const UNPAID = money(0, 0, 0, 0, 0);

/** A booking as GET /v1/chefs/me/bookings/{id} returns it to the chef. */
const chefBooking = (overrides: Partial<Booking> = {}) =>
  bookingResponse({
    customer: { firstname: 'Anna', lastname: 'M.', avatar: null },
    price: chefPrice,
    dietary: noNeeds,
    conflicts: [],
    earnings: earnings(40800, 'pending'),
    money: PAID,
    ...overrides,
  });

/** An open request: nothing paid yet, the earnings expected. */
const request = (overrides: Partial<Booking> = {}) =>
  chefBooking({
    status: 'requested',
    respond_by: inDays(1),
    respond_seconds_left: 2 * 3600 + 5 * 60,
    actions: ['accept', 'decline', 'message'],
    earnings: earnings(40800, 'expected'),
    money: UNPAID,
    ...overrides,
  });

const DETAIL = '/v1/chefs/me/bookings/42';
/** A money table's rows as [label, amount]. */
const lines = (table: HTMLElement) => Array.from(table.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
const renderDetail = () => fresh('/account/me/chefbookings/42', <ChefBookingPage params={{ bookingId: '42' }} />);

describe('chef bookings list', () => {
  it('shows everything in the server’s order, requests first with the time left, and filters by tab', async () => {
    signInChef();
    const list = [
      request({ id: 1, menu: { id: 7, name: 'Autumn feast' }, conflicts: [{ key: 'nuts', name: 'Nuts', guests: 1, courses: [] }] }),
      chefBooking({ id: 2, menu: { id: 8, name: 'Summer table' }, status: 'confirmed', earnings: earnings(25000, 'pending', inDays(9)) }),
      chefBooking({ id: 3, menu: { id: 9, name: 'Winter table' }, status: 'confirmed', earnings: heldEarnings(32300, 'chef_banned', inDays(12)) }),
    ];
    const { calls } = stubFetch({
      '/v1/chefs/me/bookings': { body: { data: list, total_count: 3, filter_count: 3 } },
    });
    fresh('/account/me/chefbookings', <ChefBookingsPage />);
    const rows = within(await screen.findByRole('list', { name: 'All' })).getAllByRole('listitem');
    expect(calls[0]!.url).toBe('/v1/chefs/me/bookings?page=0&page_size=20&count=1');
    expect(rows.map((r) => within(r).getByRole('link').getAttribute('href'))).toEqual(['/account/me/chefbookings/1', '/account/me/chefbookings/2', '/account/me/chefbookings/3']);
    expect(rows[0]!.textContent).toContain('2 h 5 min left to respond');
    expect(rows[0]!.textContent).toContain('Dietary conflicts: 1');
    expect(rows[0]!.textContent).toContain('Requested');
    // A request shows what it will earn, marked as expected, never CHF 0.
    expect(within(rows[0]!).getByTestId('row-earnings').textContent).toBe('CHF 408.00expected');
    expect(rows[0]!.textContent).not.toContain('CHF 0');
    expect(rows[1]!.textContent).not.toContain('left to respond');
    // The chef sees what they earn, not what the customer pays.
    expect(rows[1]!.textContent).toContain('CHF 250.00');
    // A banned chef's kept booking: its earnings are on hold, not simply listed as what is earned.
    expect(within(rows[2]!).getByTestId('row-earnings').textContent).toBe('CHF 323.00on hold');

    stubFetch({ '/v1/chefs/me/bookings': { body: { data: [], total_count: 0, filter_count: 0 } } });
    fireEvent.click(screen.getByRole('tab', { name: 'Requests' }));
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No requests are waiting for your answer.');
    expect(screen.getByRole('tab', { name: 'Requests' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says a paused chef cannot accept a request in the list, instead of counting down the time to respond', async () => {
    signInChef();
    stubFetch({ '/v1/chefs/me/bookings': { body: { data: [request({ id: 1, chef_paused: true, actions: ['decline', 'message'] })], total_count: 1, filter_count: 1 } } });
    fresh('/account/me/chefbookings', <ChefBookingsPage />);
    const rows = within(await screen.findByRole('list', { name: 'All' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByTestId('row-cannot-accept').textContent).toBe(
      'You cannot accept this request: your chef profile is paused. You can still decline it; your confirmed bookings go ahead.',
    );
    expect(within(rows[0]!).queryByText(/left to respond/)).toBeNull();
  });

  it('says a blocked chef cannot accept a request instead of counting down the time to respond, in the chef’s language', async () => {
    signInChef();
    stubFetch({
      '/v1/chefs/me/bookings': {
        body: { data: [request({ id: 1, barred_party: 'chef', actions: ['decline'] }), request({ id: 4, menu: { id: 8, name: 'Summer table' }, barred_party: 'customer', actions: ['decline'] })], total_count: 2, filter_count: 2 },
      },
    });
    await setLocale('de');
    try {
      fresh('/account/me/chefbookings', <ChefBookingsPage />);
      const rows = within(await screen.findByRole('list', { name: 'Alle' })).getAllByRole('listitem');
      expect(within(rows[0]!).getByTestId('row-cannot-accept').textContent).toBe('Du kannst diese Anfrage nicht annehmen: Dein Kochprofil ist gesperrt. Ablehnen kannst du sie weiterhin.');
      expect(within(rows[1]!).getByTestId('row-cannot-accept').textContent).toBe('Du kannst diese Anfrage nicht annehmen: Das Konto der Kundschaft ist geschlossen. Du kannst sie ablehnen.');
      for (const row of rows) expect(row.textContent).not.toContain('zum Antworten');
    } finally {
      await setLocale('en');
    }
  });

  it('asks for scope=requests on the Requests tab and offers a retry when the list fails', async () => {
    signInChef();
    const { calls } = stubFetch({ '/v1/chefs/me/bookings': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } });
    fresh('/account/me/chefbookings', <ChefBookingsPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('We couldn\'t load this.');
    fireEvent.click(screen.getByRole('tab', { name: 'Requests' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/chefs/me/bookings?scope=requests&page=0&page_size=20&count=1')).toBe(true));
  });
});

describe('chef booking', () => {
  it('accepts a request: posts accept, says so and shows the new state', async () => {
    signInChef();
    stubFetch({ [DETAIL]: { body: { data: request() } } });
    renderDetail();
    expect(await screen.findByText('Please answer within 2 h 5 min, otherwise the request expires.')).toBeTruthy();
    const { calls } = stubFetch({
      [DETAIL]: { body: { data: chefBooking({ status: 'accepted', actions: ['cancel', 'message'] }) } },
      '/v1/bookings/42/accept': { body: { message: 'You accepted the request. The customer has been asked to pay.', data: {} } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept request' }));
    await screen.findByText('The customer has been asked to pay. The booking is confirmed once paid.');
    expect(calls.find((c) => c.url === '/v1/bookings/42/accept')!.init.method).toBe('POST');
    expect(ui.notifications.map((n) => [n.title, n.message])).toContainEqual(['Request accepted', 'You accepted the request. The customer has been asked to pay.']);
    expect(screen.queryByRole('button', { name: 'Accept request' })).toBeNull();
  });

  it('tells a German chef in German that the request was accepted or declined, not in the server’s English', async () => {
    signInChef();
    await setLocale('de');
    try {
      stubFetch({
        [DETAIL]: { body: { data: request() } },
        '/v1/bookings/42/accept': { body: { message: 'You accepted the request. The customer has been asked to pay.', data: {} } },
      });
      renderDetail();
      fireEvent.click(await screen.findByRole('button', { name: 'Anfrage annehmen' }));
      await waitFor(() => expect(ui.notifications.map((n) => [n.title, n.message])).toContainEqual(['Anfrage angenommen', 'Du hast die Anfrage angenommen. Der Kunde wurde gebeten zu bezahlen.']));

      stubFetch({
        [DETAIL]: { body: { data: request() } },
        '/v1/bookings/42/decline': { body: { message: 'You declined the request.', data: {} } },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('Begründung'), { target: { value: 'Diese Woche ausgebucht' } });
      fireEvent.click(within(dialog).getByRole('button', { name: /^Ablehnen/ }));
      await waitFor(() => expect(ui.notifications.map((n) => [n.title, n.message])).toContainEqual(['Anfrage abgelehnt', 'Du hast die Anfrage abgelehnt.']));
      expect(ui.notifications.map((n) => n.message).join(' ')).not.toMatch(/You (accepted|declined)/);
    } finally {
      await setLocale('en');
    }
  });

  it('shows why an accept failed next to the actions', async () => {
    signInChef();
    stubFetch({
      [DETAIL]: { body: { data: request() } },
      '/v1/bookings/42/accept': { status: 409, body: { message: 'You already have a booking on this day.', code: 'DAY_TAKEN' } },
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept request' }));
    expect((await screen.findByTestId('action-error')).textContent).toBe('You already have a booking on this day.');
  });

  it('shows a refusal without a field in the chef’s language by its code', async () => {
    signInChef();
    stubFetch({
      [DETAIL]: { body: { data: request() } },
      '/v1/bookings/42/accept': { status: 409, body: { message: 'Someone else changed this booking.', code: 'BOOKING_CHANGED' } },
    });
    await setLocale('fr');
    try {
      renderDetail();
      fireEvent.click(await screen.findByRole('button', { name: 'Accepter la demande' }));
      expect((await screen.findByTestId('action-error')).textContent).toBe('Cette réservation a changé entre-temps. Veuillez recharger la page et réessayer.');
    } finally {
      await setLocale('en');
    }
  });

  it('tells the chef about their own calendar when the day is not free, not of “the chef’s calendar”', async () => {
    signInChef();
    const english = 'You blocked this day in your calendar. Unblock it first to accept the request.';
    stubFetch({
      [DETAIL]: { body: { data: request() } },
      '/v1/bookings/42/accept': { status: 409, body: { message: english, code: 'CHEF_UNAVAILABLE', message_key: { key: 'validation.answer.dayblocked' }, error_keys: {} } },
    });
    await setLocale('fr');
    try {
      renderDetail();
      fireEvent.click(await screen.findByRole('button', { name: 'Accepter la demande' }));
      expect((await screen.findByTestId('action-error')).textContent).toBe('Vous avez bloqué ce jour dans votre calendrier. Débloquez-le d’abord pour accepter la demande.');
    } finally {
      await setLocale('en');
    }
  });

  it('declines only with a reason, and shows the server’s reason error under the field', async () => {
    signInChef();
    const { calls } = stubFetch({
      [DETAIL]: { body: { data: request() } },
      '/v1/bookings/42/decline': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION', errors: { reason: ['The reason can be at most 500 characters long.'] } } },
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request' });
    // The dialog's button keeps its loading state for a moment after each answer (Button's minimum duration).
    const declineButton = () => within(dialog).getByRole('button', { name: /^Decline/ });
    const idle = () => waitFor(() => expect(declineButton().getAttribute('aria-busy')).toBeNull());
    fireEvent.click(declineButton());
    const reason = within(dialog).getByLabelText('Reason');
    // The decline's shared schema refuses an empty reason before anything is sent, in the server's words.
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Please enter a reason for the customer.')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(calls.some((c) => c.url === '/v1/bookings/42/decline')).toBe(false);

    await idle();
    fireEvent.change(reason, { target: { value: 'x'.repeat(20) } });
    fireEvent.click(declineButton());
    await within(dialog).findByText('The reason can be at most 500 characters long.');
    expect(bodyOf(calls, '/v1/bookings/42/decline')).toEqual({ reason: 'x'.repeat(20) });
    // The server's refusal shows at the reason with the focus there, not above the form.
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(reason));

    const { calls: second } = stubFetch({
      [DETAIL]: { body: { data: chefBooking({ status: 'declined', reason: 'Fully booked that week', actions: ['message'] }) } },
      '/v1/bookings/42/decline': { body: { message: 'The request was declined.', data: {} } },
    });
    await idle();
    fireEvent.change(reason, { target: { value: 'Fully booked that week' } });
    fireEvent.click(declineButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(second, '/v1/bookings/42/decline')).toEqual({ reason: 'Fully booked that week' });
    expect(await screen.findByText('Fully booked that week')).toBeTruthy();
    expect(ui.notifications.map((n) => n.title)).toContain('Request declined');
  });

  it('cancels only with a reason from the chef, and shows the server’s reason error at the field with the focus there', async () => {
    signInChef();
    const preview = { booking_id: 42, status: 'confirmed', can_cancel: true, reason_required: true, counts_against_you: true, paid: 50400, paid_formatted: 'CHF 504.00', refund_tier: 'full', refund_percent: 100, refund_formatted: 'CHF 504.00' };
    const { calls } = stubFetch({
      [DETAIL]: { body: { data: chefBooking({ status: 'confirmed', actions: ['cancel', 'message'] }) } },
      '/v1/bookings/42/cancellation': { body: { data: preview } },
      '/v1/bookings/42/cancel': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION', errors: { reason: ['The reason can be at most 500 characters long.'] } } },
    });
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    const confirm = () => within(dialog).getByRole('button', { name: /^Yes, cancel/ });
    const idle = () => waitFor(() => expect(confirm().getAttribute('aria-busy')).toBeNull());
    fireEvent.click(await within(dialog).findByRole('button', { name: /^Yes, cancel/ }));
    // The preview says the chef must give a reason: an empty one is refused before anything is sent.
    const reason = within(dialog).getByLabelText('Reason');
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Please give a reason.')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(calls.some((c) => c.url === '/v1/bookings/42/cancel')).toBe(false);

    await idle();
    fireEvent.change(reason, { target: { value: 'Ill' } });
    fireEvent.click(confirm());
    await within(dialog).findByText('The reason can be at most 500 characters long.');
    expect(bodyOf(calls, '/v1/bookings/42/cancel')).toEqual({ reason: 'Ill' });
    expect(within(dialog).queryByText('Please check the highlighted fields.')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(reason));
  });

  it('highlights diets the menu is not marked for and allergens a course contains', async () => {
    signInChef();
    const conflict = { key: 'nuts', name: 'Nuts', guests: 2, conflict: true, courses: [{ id: 3, course_type: 'dessert', name: 'Hazelnut tart' }] };
    const dietary = {
      diets: [
        { key: 'vegetarian', name: 'Vegetarian', menu_has_diet: true },
        { key: 'vegan', name: 'Vegan', menu_has_diet: false },
      ],
      allergens: [conflict, { key: 'gluten', name: 'Gluten', guests: 1, conflict: false, courses: [] }],
      conflicts: [conflict],
    };
    stubFetch({ [DETAIL]: { body: { data: request({ dietary, conflicts: dietary.conflicts }) } } });
    renderDetail();
    const needs = await screen.findByTestId('dietary-needs');
    const items = within(needs).getAllByRole('listitem');
    const conflicts = items.filter((li) => li.dataset.conflict === 'true').map((li) => li.textContent);
    expect(conflicts).toEqual(['Diet: Vegan – this menu is not marked as Vegan', 'Nuts: 2 guests – contained in Hazelnut tart']);
    expect(items.filter((li) => !li.dataset.conflict).map((li) => li.textContent)).toEqual(['Diet: Vegetarian', 'Gluten: 1 guest']);
  });

  it('shows what the payment leaves the chef, when it is released, and the customer’s contact once confirmed', async () => {
    signInChef();
    const customer = { firstname: 'Anna', lastname: 'Muster', avatar: null, contact: { email: 'anna@example.com', phone: '+41 79 123 45 67' } };
    stubFetch({ [DETAIL]: { body: { data: chefBooking({ customer }) } } });
    renderDetail();
    const table = await screen.findByTestId('chef-earnings');
    expect(lines(table)).toEqual([
      ['Paid by the customer', 'CHF 504.00'],
      ['Service fee', '− CHF 24.00'],
      ['Platform commission', '− CHF 72.00'],
      ['Your earnings', 'CHF 408.00'],
    ]);
    expect(screen.getByTestId('earnings-state').textContent).toMatch(/^Releases on /);
    expect(screen.getAllByText(/Your earnings/)).toHaveLength(2); // the section's heading and the one amount
    expect(screen.getByText('Dietary needs')).toBeTruthy();
    expect(screen.getByText('No dietary needs given.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'anna@example.com' }).getAttribute('href')).toBe('mailto:anna@example.com');
    expect(screen.getByRole('link', { name: '+41 79 123 45 67' }).getAttribute('href')).toBe('tel:+41 79 123 45 67');
  });

  it('shows a request’s expected earnings once, and no “No earnings”', async () => {
    signInChef();
    stubFetch({ [DETAIL]: { body: { data: request() } } });
    renderDetail();
    const table = await screen.findByTestId('chef-earnings');
    expect(lines(table)).toEqual([
      ['Subtotal (4 guests)', 'CHF 480.00'],
      ['Platform commission', '− CHF 72.00'],
      ['Your expected earnings', 'CHF 408.00'],
    ]);
    expect(screen.getByTestId('earnings-state').textContent).toBe('You earn this once the booking is paid.');
    expect(document.body.textContent).not.toContain('CHF 0');
    expect(document.body.textContent).not.toContain('No earnings');
  });

  it('shows what a customer’s late cancellation left the chef, adding up', async () => {
    signInChef();
    const half = money(50400, 25200, 20400, 3600, 1200);
    stubFetch({ [DETAIL]: { body: { data: chefBooking({ status: 'cancelled_by_customer', actions: ['message'], money: half, earnings: earnings(20400, 'pending') }) } } });
    renderDetail();
    expect(lines(await screen.findByTestId('chef-earnings'))).toEqual([
      ['Paid by the customer', 'CHF 504.00'],
      ['Refunded to the customer', '− CHF 252.00'],
      ['Service fee', '− CHF 12.00'],
      ['Platform commission', '− CHF 36.00'],
      ['Your earnings', 'CHF 204.00'],
    ]);
    expect(half.refunded + half.service_fee + half.commission + half.chef_earnings).toBe(half.paid);
  });

  it('says a declined request earns nothing, without a table of zeros', async () => {
    signInChef();
    stubFetch({ [DETAIL]: { body: { data: request({ status: 'declined', actions: ['message'], earnings: earnings(0, 'none') }) } } });
    renderDetail();
    expect(await screen.findByText('No earnings: this booking was not paid.')).toBeTruthy();
    expect(screen.queryByTestId('chef-earnings')).toBeNull();
  });

  it('replies once to the customer’s review, with errors under the field', async () => {
    signInChef();
    const review = customerReview({ rating: 4.4, text: 'Lovely evening.', created_at: inDays(-1) });
    const reviewed = (extra: Partial<Booking> = {}) => chefBooking({ status: 'reviewed', actions: ['reply', 'message'], review, ...extra });
    const { calls } = stubFetch({
      [DETAIL]: { body: { data: reviewed() } },
      '/v1/bookings/42/review/reply': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION', errors: { text: ['The reply can be at most 2000 characters long.'] } } },
    });
    renderDetail();
    const section = await screen.findByTestId('booking-review');
    expect(within(section).getByText('The customer’s review')).toBeTruthy();
    expect(section.textContent).toContain('4.4 of 5');
    expect(within(section).getByText('Lovely evening.')).toBeTruthy();

    const field = within(section).getByLabelText('Reply publicly to this review');
    fireEvent.click(within(section).getByRole('button', { name: 'Publish reply' }));
    expect(await within(section).findByText('Please write your reply.')).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(calls.some((c) => c.url.endsWith('/review/reply'))).toBe(false);

    fireEvent.change(field, { target: { value: 'Thank you, Anna!' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Publish reply' }));
    await within(section).findByText('The reply can be at most 2000 characters long.');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    const { calls: second } = stubFetch({
      [DETAIL]: { body: { data: reviewed({ actions: ['message'], review: { ...review, reply: 'Thank you, Anna!', replied_at: inDays(0) } }) } },
      '/v1/bookings/42/review/reply': { status: 201, body: { message: 'Your reply was published.', data: {} } },
    });
    await waitFor(() => expect(within(section).getByRole('button', { name: /^Publish reply/ }).getAttribute('aria-busy')).toBeNull());
    fireEvent.click(within(section).getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(within(screen.getByTestId('booking-review')).queryByRole('button', { name: 'Publish reply' })).toBeNull());
    expect(bodyOf(second, '/v1/bookings/42/review/reply')).toEqual({ text: 'Thank you, Anna!' });
    expect(within(screen.getByTestId('booking-review')).getByText('Your reply')).toBeTruthy();
    expect(within(screen.getByTestId('booking-review')).getByText('Thank you, Anna!')).toBeTruthy();
    expect(ui.notifications.map((n) => n.title)).toContain('Reply published');
  });

  it('says when the booking does not exist', async () => {
    signInChef();
    stubFetch({});
    renderDetail();
    expect((await screen.findByRole('alert')).textContent).toContain('This booking was not found.');
  });
});
