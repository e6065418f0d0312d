// The booking form, the test checkout and the cancellation with its refund preview.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../web/src/app/ModalHost';
import BookingBeginPage from '../../web/src/features/bookings/BookingBeginPage';
import TestCheckoutPage from '../../web/src/features/bookings/TestCheckoutPage';
import { draftKey } from '../../web/src/features/bookings/draft';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import { ensureAreaTexts } from '../../web/src/lib/i18n';
import { browser, confirmLeavingUnsaved, hasUnsavedChanges } from '../../web/src/lib/unsaved-changes';
import { defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { MODALS, ui } from '../../web/src/state/ui';
import { availabilityResponse, bookingResponse } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';
import { DAY } from '#shared/time';

setupDomTests();
beforeAll(() => ensureAreaTexts());
beforeEach(() => {
  sessionStorage.clear();
  updateBooking(defaultBookingSettings());
});

const fresh = (path: string, ui: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{ui}</SWRConfig>);
const signIn = () => givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));

const menu = { id: 7, name: 'Autumn feast', min_guests: 2, max_guests: 12, at_customer: true, at_chef: true, booking_mode: 'request' };
const lists = { diet: [{ key: 'vegan', name: 'Vegan' }], allergy: [{ key: 'nuts', name: 'Nuts' }] };
const quote = {
  booking_mode: 'request',
  currency: 'CHF',
  lc_currency: 'CHF',
  price_per_person_formatted: 'CHF 120.00',
  subtotal_formatted: 'CHF 480.00',
  service_fee_formatted: 'CHF 24.00',
  total_formatted: 'CHF 504.00',
  total_lc_formatted: 'CHF 504.00',
};
const inFiveDays = () => new Date(Date.now() + 5 * DAY).toISOString();
const menuRoutes = { '/v1/menus/7': { body: { data: menu } }, '/v1/menus/7/availability': { body: availabilityResponse() }, '/v1/lists': { body: { data: lists } }, '/v1/bookings/quote': { body: { data: quote } } };
const renderForm = () => fresh('/booking/begin/7', <BookingBeginPage params={{ menuId: '7' }} />);
const headerOf = (init: RequestInit, name: string) => new Headers(init.headers).get(name);
/** The messages shown at a field (components/Field.tsx FieldErrorList), once they are there. */
const fieldErrorList = (name: string) =>
  waitFor(() => {
    const list = document.querySelector<HTMLElement>(`[data-field-error="${name}"]`);
    if (!list) throw new Error(`no errors at ${name}`);
    return list;
  });

describe('booking form', () => {
  it('shows the live price breakdown and the cancellation policy', async () => {
    updateBooking({ expected_guests: 4 });
    const { calls } = stubFetch(menuRoutes);
    renderForm();
    const table = await screen.findByTestId('price-breakdown');
    expect(within(table).getByText('CHF 120.00')).toBeTruthy();
    expect(within(table).getByText('Subtotal (4 guests)')).toBeTruthy();
    expect(within(table).getByText('CHF 24.00')).toBeTruthy();
    expect(within(table).getByText('CHF 504.00')).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.url === '/v1/bookings/quote')!.init.body))).toEqual({ menu_id: 7, guests: 4 });
    expect(screen.getByText('Free cancellation until 14 days before the event.')).toBeTruthy();
    expect(screen.getByText('50 % refund until 72 hours before.')).toBeTruthy();
  });

  it('asks a visitor to sign in on submit and keeps the values', async () => {
    givenSession();
    const { calls } = stubFetch(menuRoutes);
    const view = renderForm();
    fireEvent.change(await screen.findByLabelText('Occasion'), { target: { value: 'birthday' } });
    fireEvent.change(screen.getByLabelText('Street and number'), { target: { value: 'Seestrasse 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    expect(ui.modal?.name).toBe(MODALS.signIn);
    expect(calls.some((c) => c.url === '/v1/bookings')).toBe(false);
    expect(JSON.parse(sessionStorage.getItem(draftKey('7'))!).street).toBe('Seestrasse 1');

    view.unmount();
    renderForm();
    expect(((await screen.findByLabelText('Street and number')) as HTMLInputElement).value).toBe('Seestrasse 1');
    expect((screen.getByLabelText('Occasion') as HTMLSelectElement).value).toBe('birthday');
  });

  it('sends the draft’s Idempotency-Key and places the server’s field errors next to their fields', async () => {
    signIn();
    // A draft the form's own check passes (shared/schemas/bookings.schema.ts), so the server is asked.
    sessionStorage.setItem(draftKey('7'), JSON.stringify({ occasion: 'birthday', starts_at: inFiveDays(), street: 'Seestrasse 1', zip: '8001', city: 'Zürich', idempotency_key: 'draft-key-123456' }));
    const { calls } = stubFetch({
      ...menuRoutes,
      '/v1/bookings': {
        status: 400,
        body: { message: 'Please check the highlighted fields.', code: 'VALIDATION', errors: { 'address.street': ['Please enter the street and number.'], starts_at: ['The chef needs a day to answer a request.'] } },
      },
    });
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Send booking request' }));
    await screen.findByText('Please enter the street and number.');
    const post = calls.find((c) => c.url === '/v1/bookings')!;
    expect(headerOf(post.init, 'Idempotency-Key')).toBe('draft-key-123456');
    const street = screen.getByLabelText('Street and number');
    expect(street.getAttribute('aria-invalid')).toBe('true');
    const described = (street.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(described.join(' ')).toContain('Please enter the street and number.');
    expect(document.querySelector('[data-field-error="starts_at"]')?.textContent).toContain('The chef needs a day to answer a request.');
    // The first field to fix, in the order of the page, has the focus; what the fields say is not repeated above the button.
    expect(document.activeElement).toBe(street);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a guest count outside the menu’s range at the guests, and a day taken meanwhile at the date, in the visitor’s words, with the focus there', async () => {
    signIn();
    sessionStorage.setItem(draftKey('7'), JSON.stringify({ occasion: 'birthday', at_chefs_place: true, starts_at: inFiveDays(), idempotency_key: 'draft-key-123456' }));
    stubFetch({
      ...menuRoutes,
      '/v1/bookings': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION', errors: { guests: ['This menu is for 2 to 12 guests.'] } } },
    });
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Send booking request' }));
    const guests = await fieldErrorList('guests');
    expect(guests.textContent).toBe('This menu is for 2 to 12 guests.');
    expect(document.activeElement).toBe(guests);

    // The code, not the server's English, says what happened.
    stubFetch({ ...menuRoutes, '/v1/bookings': { status: 409, body: { message: 'Day gone (the server’s text).', code: 'CHEF_UNAVAILABLE', errors: {} } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send booking request' }).getAttribute('aria-busy')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    const date = await fieldErrorList('starts_at');
    expect(date.textContent).toBe('The chef is not available on that day. Please choose another date.');
    expect(document.activeElement).toBe(date);
    // A refused send keeps the draft, and with it the Idempotency-Key of this submission.
    expect(JSON.parse(sessionStorage.getItem(draftKey('7'))!).idempotency_key).toBe('draft-key-123456');
  });

  it('refuses with the shared schema before sending: nothing goes to the server, each message is at its field, the focus on the first', async () => {
    signIn();
    updateBooking({ expected_guests: 4 });
    const { calls } = stubFetch(menuRoutes);
    renderForm();
    fireEvent.change(await screen.findByLabelText('Postal code'), { target: { value: '8!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    const occasion = screen.getByLabelText('Occasion');
    await waitFor(() => expect(occasion.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(occasion);
    const text = (name: string) => document.querySelector(`[data-field-error="${name}"]`)?.textContent;
    expect(text('occasion')).toBe('Choose an occasion.');
    expect(text('address.street')).toBe('Please enter the street and number.');
    expect(text('address.zip')).toBe('Please enter a valid postal code.');
    expect(text('address.city')).toBe('Please enter the city.');
    expect(text('starts_at')).toBe('Choose a date and time.');
    expect(calls.some((c) => c.url === '/v1/bookings')).toBe(false);
  });

  it('lets a visitor with typing leave for Apple, Google or Meta from the sign-in dialog without the browser asking: the typing comes back', async () => {
    givenSession(sessionResponse({}, { oauth_providers: ['google'] }));
    stubFetch({ ...menuRoutes, '/v1/auth/oauth': { body: { redirect: 'https://accounts.google.com/o/oauth2/auth?x=1' } } });
    // What the browser does as the page is left: asks if a beforeunload listener cancels the event.
    const asked: boolean[] = [];
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      asked.push(event.defaultPrevented);
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fresh('/booking/begin/7', <><BookingBeginPage params={{ menuId: '7' }} /><ModalHost /></>);
    fireEvent.change(await screen.findByLabelText('Street and number'), { target: { value: 'Seestrasse 1' } });
    expect(hasUnsavedChanges()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send booking request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    expect(asked).toEqual([false]);
    expect(confirm).not.toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem(draftKey('7'))!).street).toBe('Seestrasse 1');
    // Leaving the site any other way still asks.
    const close = new Event('beforeunload', { cancelable: true });
    await new Promise((resolve) => setTimeout(resolve));
    window.dispatchEvent(close);
    expect(close.defaultPrevented).toBe(true);
  });

  it('counts a draft kept from before the sign-in as unsaved work, until it is sent or the visitor agrees to leave it', async () => {
    signIn();
    sessionStorage.setItem(draftKey('7'), JSON.stringify({ occasion: 'birthday', street: 'Seestrasse 1', idempotency_key: 'draft-key-123456' }));
    stubFetch(menuRoutes);
    const view = renderForm();
    expect((await screen.findByLabelText('Occasion') as HTMLSelectElement).value).toBe('birthday');
    expect(hasUnsavedChanges()).toBe(true);
    vi.stubGlobal('confirm', () => true);
    expect(confirmLeavingUnsaved()).toBe(true);
    expect(sessionStorage.getItem(draftKey('7'))).toBeNull();
    view.unmount();

    // Nothing typed, nothing kept, nothing to ask about.
    renderForm();
    expect((await screen.findByLabelText('Occasion') as HTMLSelectElement).value).toBe('');
    expect(hasUnsavedChanges()).toBe(false);
    expect(sessionStorage.getItem(draftKey('7'))).toBeNull();
  });

  it('warns before submitting when the menu does not fit the chosen diets and allergies, in the words the chef reads', async () => {
    const dietMenu = {
      ...menu,
      diets: { data: [{ key: 'vegetarian', name: 'Vegetarian' }] },
      items: {
        data: [
          { id: 1, course_type: 'starter', name: 'Hazelnut salad', allergens: { data: [{ key: 'nuts', name: 'Nuts' }] } },
          { id: 2, course_type: 'main', name: 'Risotto', allergens: { data: [] } },
          { id: 3, course_type: 'dessert', name: 'Praline', allergens: { data: [{ key: 'nuts', name: 'Nuts' }] } },
        ],
      },
    };
    stubFetch({ ...menuRoutes, '/v1/menus/7': { body: { data: dietMenu } } });
    renderForm();
    fireEvent.click(await screen.findByLabelText('Vegan'));
    const warning = await screen.findByTestId('dietary-warning');
    const lines = () => within(screen.getByTestId('dietary-warning')).getAllByRole('listitem').map((li) => li.textContent);
    expect(within(warning).getByRole('heading').textContent).toBe('This menu may not suit your dietary needs');
    expect(lines()).toEqual(['Diet: Vegan – this menu is not marked as Vegan']);
    fireEvent.click(screen.getByLabelText('Nuts'));
    await waitFor(() => expect(lines()).toEqual(['Diet: Vegan – this menu is not marked as Vegan', 'Nuts: 1 guest – contained in Hazelnut salad, Praline']));
    // Needs the menu meets raise no warning.
    fireEvent.click(screen.getByRole('checkbox', { name: /Vegan/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Nuts/ }));
    await waitFor(() => expect(screen.queryByTestId('dietary-warning')).toBeNull());
  });

  it('goes to the booking after a request, and to the checkout with a new key for an instant booking', async () => {
    signIn();
    sessionStorage.setItem(draftKey('7'), JSON.stringify({ occasion: 'birthday', at_chefs_place: true, starts_at: inFiveDays(), idempotency_key: 'draft-key-abcdef' }));
    const { calls } = stubFetch({
      ...menuRoutes,
      '/v1/bookings': { status: 201, body: { next_action: 'pay', data: { id: 42 } } },
      '/v1/bookings/42/pay': { status: 201, body: { data: { checkout_url: '/checkout/test/ref_1?reference=x' } } },
    });
    const { location } = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Send booking request' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/checkout/test/ref_1?reference=x'));
    const pay = calls.find((c) => c.url === '/v1/bookings/42/pay')!;
    expect(headerOf(pay.init, 'Idempotency-Key')).toBeTruthy();
    expect(headerOf(pay.init, 'Idempotency-Key')).not.toBe('draft-key-abcdef');
    expect(JSON.parse(String(calls.find((c) => c.url === '/v1/bookings')!.init.body))).toMatchObject({ at_chefs_place: true, address: null, occasion: 'birthday' });
    expect(sessionStorage.getItem(draftKey('7'))).toBeNull();
    // Sent: the visitor leaves for the checkout without being asked.
    expect(hasUnsavedChanges()).toBe(false);
  });
});

const checkout = {
  reference: 'ref_1',
  status: 'pending',
  amount_formatted: 'CHF 504.00',
  expires_at: null,
  booking: { id: 42, menu_name: 'Autumn feast', chef_firstname: 'Marco', starts_at: inFiveDays(), timezone: 'Europe/Zurich', guests: 4, at_chefs_place: false },
};

describe('test checkout', () => {
  it.each([
    ['Pay (test)', 'succeed', 'Payment received'],
    ['Simulate failure', 'fail', 'Payment failed'],
  ])('shows the test-mode label and %s completes with %s', async (button, outcome, title) => {
    signIn();
    const { calls } = stubFetch({
      '/v1/payments/test/ref_1': { body: { data: checkout } },
      '/v1/payments/test/ref_1/complete': { body: { message: 'done', data: { id: 42 } } },
    });
    const { location } = fresh('/checkout/test/ref_1', <TestCheckoutPage params={{ ref: 'ref_1' }} />);
    expect((await screen.findByRole('note')).textContent).toBe('Test mode – no real charge');
    expect(screen.getByTestId('checkout-amount').textContent).toBe('CHF 504.00');
    expect(screen.getByText('Autumn feast')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/me/bookings/42'));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/complete'))!.init.body))).toEqual({ outcome });
    expect(ui.notifications.map((n) => n.title)).toContain(title);
  });
});

describe('cancelling a booking', () => {
  it('shows the refund preview before the customer confirms', async () => {
    signIn();
    const booking = bookingResponse();
    const preview = {
      booking_id: 42,
      status: 'confirmed',
      can_cancel: true,
      reason_required: false,
      paid_formatted: 'CHF 504.00',
      refund_tier: 'half',
      refund_percent: 50,
      refund_formatted: 'CHF 252.00',
      free_until: inFiveDays(),
      half_refund_until: inFiveDays(),
    };
    const { calls } = stubFetch({
      '/v1/users/me/orders/42': { body: { data: booking } },
      '/v1/bookings/42/cancellation': { body: { data: preview } },
      '/v1/bookings/42/cancel': { body: { message: 'The booking was cancelled.', data: { ...booking, status: 'cancelled_by_customer' } } },
    });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await within(dialog).findByText('You get CHF 252.00 back (50 % of CHF 504.00).');
    expect(calls.some((c) => c.url === '/v1/bookings/42/cancel')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Plans changed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/bookings/42/cancel')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.url === '/v1/bookings/42/cancel')!.init.body))).toEqual({ reason: 'Plans changed' });
  });
});

describe('the payment on the booking page', () => {
  it('shows what was paid and each refund with its status', async () => {
    signIn();
    const booking = bookingResponse({
      status: 'cancelled_by_customer',
      actions: ['message'],
      payment: {
        id: 5,
        status: 'partially_refunded',
        provider: 'stripe',
        amount: 50400,
        amount_formatted: 'CHF 504.00',
        paid_amount: 50400,
        refunded_amount: 25200,
        currency: 'CHF',
        created_at: '2026-11-20T12:00:00.000Z',
        expires_at: null,
        refunds: [{ id: 2, payment_id: 5, amount: 25200, currency: 'CHF', amount_formatted: 'CHF 252.00', status: 'succeeded', reason: 'Plans changed', created_at: '2026-11-22T12:00:00.000Z' }],
      },
    });
    stubFetch({ '/v1/users/me/orders/42': { body: { data: booking } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    const panel = await screen.findByTestId('booking-payment');
    expect(within(panel).getByRole('heading', { name: 'Payment' })).toBeTruthy();
    expect(panel.textContent).toContain('CHF 504.00');
    expect(panel.textContent).toContain('Partly refunded');
    const refund = within(within(panel).getByRole('list', { name: 'Refunds' })).getByTestId('refund');
    expect(refund.textContent).toContain('Refund of CHF 252.00 on 11/22/2026');
    expect(refund.textContent).toContain('Plans changed');
    expect(refund.textContent).toContain('Refunded');
  });

  it('shows no payment panel before anything was paid', async () => {
    signIn();
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'requested', payment: null }) } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await screen.findByRole('heading', { name: 'Price' });
    expect(screen.queryByTestId('booking-payment')).toBeNull();
  });
});

describe('the customer’s booking page', () => {
  it('shows the diets and allergies the customer entered, with the conflicts the chef sees', async () => {
    signIn();
    const nuts = { key: 'nuts', name: 'Nuts', guests: 1, conflict: true, courses: [{ id: 3, course_type: 'dessert', name: 'Praline' }] };
    const dietary = {
      diets: [{ key: 'vegan', name: 'Vegan', menu_has_diet: false }],
      allergens: [nuts, { key: 'gluten', name: 'Gluten', guests: 2, conflict: false, courses: [] }],
      conflicts: [nuts],
    };
    stubFetch({ '/v1/users/me/orders/42': { body: { data: bookingResponse({ diets: ['vegan'], allergens: [{ key: 'nuts', guests: 1 }, { key: 'gluten', guests: 2 }], dietary }) } } });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    const needs = await screen.findByTestId('dietary-needs');
    expect(screen.getByRole('heading', { name: 'Dietary needs' })).toBeTruthy();
    expect(within(needs).getAllByRole('listitem').map((li) => [li.textContent, li.dataset.conflict ?? null])).toEqual([
      ['Diet: Vegan – this menu is not marked as Vegan', 'true'],
      ['Nuts: 1 guest – contained in Praline', 'true'],
      ['Gluten: 2 guests', null],
    ]);
  });
});
