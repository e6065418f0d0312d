// The booking page's dialogs and actions as the customer and the chef meet them: the cancel and decline dialogs ask
// before a typed reason is thrown away (their close button, Escape, the backdrop, the back button), as the admin's
// dialogs do; and a refusal the server answers without a field (a code and its English) reads in the visitor's
// language by its code.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import { ensureAreaTexts, setLocale } from '../../web/src/lib/i18n';
import { hasUnsavedChanges } from '../../web/src/lib/unsaved-changes';
import { bookingResponse } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();
beforeAll(() => ensureAreaTexts());

const LEAVE_TEXT = 'You have changes that are not saved. Leave this page and lose them?';
const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
const signInChef = () => givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, chef: { data: { id: 7, uri: 'marco-1', status: 1, is_public: false } } }) }));
const signInCustomer = () => givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
const preview = { booking_id: 42, status: 'confirmed', can_cancel: true, reason_required: false, counts_against_you: false, paid: 50400, paid_formatted: 'CHF 504.00', refund_tier: 'full', refund_percent: 100, refund_formatted: 'CHF 504.00' };

/** Answers the leave question; returns the questions asked. */
function answerLeave(leave: boolean) {
  const confirm = vi.fn((_question?: string) => leave);
  vi.stubGlobal('confirm', confirm);
  return confirm;
}

const escape = () =>
  act(async () => {
    fireEvent.keyDown(document, { key: 'Escape' });
  });
const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

/**
 * Every way of closing the open dialog while `typed` is in its reason: each asks, staying keeps the text, and
 * agreeing closes it. `back` names the dialog's own back button.
 */
async function closingAsks(name: string, back: string, typed: string) {
  const dialog = screen.getByRole('dialog', { name });
  const reason = within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement;
  fireEvent.change(reason, { target: { value: typed } });
  expect(hasUnsavedChanges()).toBe(true);
  const asked = answerLeave(false);
  await click(within(dialog).getByRole('button', { name: back }));
  await click(within(dialog).getByRole('button', { name: 'Close' }));
  await escape();
  await click(screen.getByTestId('modal-backdrop'));
  expect(asked).toHaveBeenCalledTimes(4);
  expect(asked).toHaveBeenLastCalledWith(LEAVE_TEXT);
  expect(screen.getByRole('dialog', { name })).toBe(dialog);
  expect(reason.value).toBe(typed);

  answerLeave(true);
  await escape();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(hasUnsavedChanges()).toBe(false);
}

describe('the booking dialogs keep a typed reason', () => {
  it('the chef’s decline dialog asks before the reason is closed away, and closes at once when nothing was typed', async () => {
    signInChef();
    stubFetch({ '/v1/chefs/me/bookings/42': { body: { data: bookingResponse({ status: 'requested', actions: ['accept', 'decline', 'message'] }) } } });
    fresh('/account/me/chefbookings/42', <BookingDetail view="chef" bookingId="42" />);
    await click(await screen.findByRole('button', { name: 'Decline' }));
    const asked = answerLeave(false);
    await click(within(screen.getByRole('dialog', { name: 'Decline this request' })).getByRole('button', { name: 'Close' }));
    expect(asked).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await click(screen.getByRole('button', { name: 'Decline' }));
    await closingAsks('Decline this request', 'Back', 'Fully booked that week');
  });

  it('the chef’s cancel dialog asks before the reason is closed away', async () => {
    signInChef();
    stubFetch({
      '/v1/chefs/me/bookings/42': { body: { data: bookingResponse({ status: 'confirmed', actions: ['cancel', 'message'] }) } },
      '/v1/bookings/42/cancellation': { body: { data: { ...preview, reason_required: true, counts_against_you: true } } },
    });
    fresh('/account/me/chefbookings/42', <BookingDetail view="chef" bookingId="42" />);
    await click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await within(screen.getByRole('dialog')).findByTestId('refund-preview');
    await closingAsks('Cancel this booking?', 'Keep booking', 'I am ill.');
  });

  it('the customer’s cancel dialog asks before the reason is closed away', async () => {
    signInCustomer();
    stubFetch({
      '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'confirmed', actions: ['cancel', 'message'] }) } },
      '/v1/bookings/42/cancellation': { body: { data: preview } },
    });
    fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
    await click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await within(screen.getByRole('dialog')).findByTestId('refund-preview');
    await closingAsks('Cancel this booking?', 'Keep booking', 'Our plans changed.');
  });
});

describe('a refusal without a field on the customer’s booking', () => {
  it('reads in the customer’s language by its code: a payment the day was taken from, a cancellation the booking moved past', async () => {
    signInCustomer();
    stubFetch({
      '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'accepted', instant: false, actions: ['pay', 'cancel', 'message'] }) } },
      '/v1/bookings/42/pay': { status: 409, body: { message: 'This chef has just been booked for that day.', code: 'DAY_TAKEN' } },
      '/v1/bookings/42/cancellation': { body: { data: { ...preview, status: 'accepted', paid: 0, paid_formatted: 'CHF 0', refund_tier: 'none', refund_percent: 0, refund_formatted: 'CHF 0' } } },
      '/v1/bookings/42/cancel': { status: 409, body: { message: 'This booking can no longer be cancelled. It is confirmed.', code: 'INVALID_BOOKING_STATE' } },
    });
    await setLocale('de');
    try {
      fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
      await click(await screen.findByRole('button', { name: 'Jetzt bezahlen' }));
      expect((await screen.findByTestId('action-error')).textContent).toBe('Dieser Koch wurde gerade für diesen Tag gebucht.');

      await click(screen.getByRole('button', { name: 'Buchung stornieren' }));
      const dialog = screen.getByRole('dialog', { name: 'Diese Buchung stornieren?' });
      await click(await within(dialog).findByRole('button', { name: /^Ja, stornieren/ }));
      expect(
        await within(dialog).findByText('Der Status dieser Buchung lässt das (nicht mehr) zu. Bitte lade die Seite neu, um den aktuellen Stand zu sehen.'),
      ).toBeTruthy();
    } finally {
      await setLocale('en');
    }
  });
});
