// What a visitor reads when the server refuses, in their language: a refusal met on the home page, where only the core
// texts are loaded, waits for the refusals' texts instead of showing the server's English; and the figures a refusal
// names (minutes, the booking's state, an amount of money) are put into the visitor's text, money written as their language writes it.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { NewsletterForm } from '../../web/src/components/NewsletterForm';
import { BookingDetail } from '../../web/src/features/bookings/BookingDetail';
import { refusal } from '../../web/src/lib/api';
import { setLocale, t } from '../../web/src/lib/i18n';
import { ui } from '../../web/src/state/ui';
import { bookingResponse } from './booking-fixtures';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();

const click = (el: HTMLElement) =>
  act(async () => {
    fireEvent.click(el);
  });

// First in this file: nothing has asked for the lazy areas' texts yet, as on the home page.
describe('a refusal before the lazy areas’ texts are loaded', () => {
  it.each([
    ['de', 500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.', 'Bei uns ist etwas schiefgegangen. Bitte versuche es gleich noch einmal.'],
    ['fr', 503, 'BOT_CHECK_UNAVAILABLE', 'The bot check is not reachable right now. Please try again in a moment.', 'La vérification de sécurité est injoignable pour le moment. Veuillez réessayer dans un instant.'],
  ] as const)('reads in the visitor’s language (%s) on the newsletter sign-up', async (locale, status, code, english, said) => {
    await setLocale(locale);
    try {
      if (locale === 'de') expect(t('validation.refusal.internal_error')).toBe('validation.refusal.internal_error'); // only the core texts so far
      givenSession();
      stubFetch({ '/v1/newsletter/register': { status, body: { message: english, code } } });
      render(<NewsletterForm />);
      fireEvent.change(screen.getByTestId('newsletter-email'), { target: { value: 'lea@example.com' } });
      await click(screen.getByTestId('newsletter-submit'));
      await waitFor(() => expect(ui.notifications.at(-1)).toMatchObject({ message: said, type: 'error' }));
    } finally {
      await setLocale('en');
    }
  });
});

describe('the figures of a refusal', () => {
  const fresh = (path: string, el: ReactElement) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{el}</SWRConfig>);
  const PAY = { de: 'Jetzt bezahlen', fr: 'Payer maintenant' };
  // A day another customer is paying for right now: how long it may stay held.
  const held = {
    message: 'Another customer is paying for this chef on that day right now. If they do not complete the payment, the day may become available again in about 25 minutes.',
    code: 'DAY_HELD',
    message_key: { key: 'validation.refusal.day_held', params: { minutes: 25 } },
    error_keys: {},
  };
  // Paid meanwhile in another tab: the rule and the state the booking is in now.
  const paidMeanwhile = {
    message: 'Only an accepted booking can be paid. This booking is confirmed.',
    code: 'INVALID_BOOKING_STATE',
    message_key: { key: 'validation.refusal.invalid_booking_state_now', params: { requires: { key: 'validation.bookingrule.confirm' }, status: { key: 'validation.bookingstatus.confirmed' } } },
    error_keys: {},
  };

  it.each([
    { locale: 'de', body: held, said: 'Ein anderer Kunde bezahlt gerade für diesen Koch an diesem Tag. Schließt er die Zahlung nicht ab, kann der Tag in etwa 25 Min. wieder frei werden.' },
    { locale: 'fr', body: held, said: 'Un autre client est en train de payer ce chef pour ce jour-là. S’il ne termine pas le paiement, le jour pourrait se libérer dans environ 25 min.' },
    { locale: 'de', body: paidMeanwhile, said: 'Nur eine angenommene Buchung kann bezahlt werden. Status dieser Buchung: bestätigt.' },
    { locale: 'fr', body: paidMeanwhile, said: 'Seule une réservation acceptée peut être payée. Statut de cette réservation : confirmée.' },
  ] as const)('are in the customer’s text when paying is refused ($body.code, $locale)', async ({ locale, body, said }) => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({
      '/v1/users/me/orders/42': { body: { data: bookingResponse({ status: 'accepted', instant: false, actions: ['pay', 'cancel', 'message'] }) } },
      '/v1/bookings/42/pay': { status: 409, body },
    });
    await setLocale(locale);
    try {
      fresh('/account/me/bookings/42', <BookingDetail view="customer" bookingId="42" />);
      await click(await screen.findByRole('button', { name: PAY[locale] }));
      expect((await screen.findByTestId('action-error')).textContent).toBe(said);
    } finally {
      await setLocale('en');
    }
  });

  it.each([
    ['de', 'Die Rückerstattung kann höchstens 390\u00a0CHF betragen, so viel wurde bezahlt.', 'Die Rückerstattung kann höchstens 1.234,50\u00a0€ betragen, so viel wurde bezahlt.'],
    ['de-ch', 'Die Rückerstattung kann höchstens CHF\u00a0390 betragen, so viel wurde bezahlt.', "Die Rückerstattung kann höchstens EUR\u00a01'234.50 betragen, so viel wurde bezahlt."],
    ['fr', 'Le remboursement peut être au plus de 390\u00a0CHF, le montant payé.', 'Le remboursement peut être au plus de 1\u202f234,50\u00a0€, le montant payé.'],
  ] as const)('write an amount of money as the reader’s language does (%s), from minor units and currency', async (locale, chf, eur) => {
    await setLocale(locale);
    try {
      const refused = (amount: number, currency: string) => {
        const key = { key: 'validation.rule.refundmax', params: { amount: { amount, currency } } };
        const english = `The refund can be at most ${currency} ${amount / 100}, what was paid.`;
        return refusal(400, '', { message: english, code: 'VALIDATION_FAILED', errors: { refund_amount: [english] }, message_key: key, error_keys: { refund_amount: [key] } });
      };
      const inChf = refused(39000, 'CHF');
      expect([inChf.message, inChf.errors.refund_amount]).toEqual([chf, [chf]]);
      const inEur = refused(123450, 'EUR');
      expect(inEur.errors.refund_amount).toEqual([eur]);
    } finally {
      await setLocale('en');
    }
  });
});
