// The shared schemas' messages in the visitor's language (shared/validation-messages.ts): the client runs the
// server's schema before sending, and a failed check is shown at its field in German or French, with its numbers and
// the field's name translated too; nothing is sent.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import BookingBeginPage from '../../web/src/features/bookings/BookingBeginPage';
import { draftKey } from '../../web/src/features/bookings/draft';
import { ProfileForm } from '../../web/src/features/chef-area/ProfileForm';
import { setLocale } from '../../web/src/lib/i18n';
import { defaultBookingSettings, updateBooking } from '../../web/src/state/booking';
import { availabilityResponse } from './booking-fixtures';
import { givenChef, ownProfile, press, renderFresh, setupChefTests, stubApi, type, vocabularyRoutes } from './chef-fixtures';
import { givenSession, sessionResponse, signedInUser } from './helpers';
import { DAY } from '#shared/time';

setupChefTests();
beforeEach(() => {
  sessionStorage.clear();
  updateBooking(defaultBookingSettings());
});
afterEach(() => setLocale('en'));

const fieldError = (name: string) => document.querySelector(`[data-field-error="${name}"]`)?.textContent;

describe('the booking form', () => {
  const menu = { id: 7, name: 'Herbstmenü', min_guests: 2, max_guests: 12, at_customer: true, at_chef: true, booking_mode: 'request' };
  const routes = {
    '/v1/menus/7': { body: { data: menu } },
    '/v1/menus/7/availability': { body: availabilityResponse() },
    '/v1/lists': { body: { data: { diet: [], allergy: [] } } },
    '/v1/bookings/quote': { status: 503, body: { message: 'later', code: 'UNAVAILABLE' } },
  };

  it('says in German what is wrong with the address and the notes, at their fields, and sends nothing', async () => {
    await setLocale('de');
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    const inFiveDays = new Date(Date.now() + 5 * DAY).toISOString();
    sessionStorage.setItem(draftKey('7'), JSON.stringify({ occasion: 'birthday', starts_at: inFiveDays, street: ' ', zip: '1', city: 'Zürich', kitchen_notes: 'x'.repeat(2001) }));
    const api = stubApi(routes);
    renderFresh('/booking/begin/7', <BookingBeginPage params={{ menuId: '7' }} />);
    const form = (await screen.findByLabelText('Straße und Hausnummer')).closest('form')!;
    await press(form, 'Buchungsanfrage senden');
    expect(fieldError('address.street')).toBe('Bitte gib Straße und Hausnummer ein.');
    expect(fieldError('address.zip')).toBe('Bitte gib eine gültige Postleitzahl ein.');
    expect(fieldError('kitchen_notes')).toBe('Der Hinweis für die Küche darf höchstens 2000 Zeichen lang sein.');
    expect(within(form).getByLabelText('Straße und Hausnummer').getAttribute('aria-invalid')).toBe('true');
    expect(api.sent('POST', '/v1/bookings')).toEqual([]);
  });
});

describe('the chef’s profile form', () => {
  const overlong = async (label: string, save: string) => {
    givenChef();
    const api = stubApi({ ...vocabularyRoutes });
    renderFresh('/account/me/chefprofile', <ProfileForm chef={ownProfile()} />);
    await type(screen.getByLabelText(label), 'Z'.repeat(121));
    await press(screen.getByTestId('profile-form'), save);
    expect(api.sent('PUT', '/v1/chefs/me')).toEqual([]);
    return fieldError('display_location');
  };

  it('names the field and its limit in German', async () => {
    await setLocale('de');
    expect(await overlong('Ort auf deinem Profil', 'Speichern')).toBe('⚠Der Ort auf deinem Profil darf höchstens 120 Zeichen lang sein.');
  });

  it('names the field and its limit in French', async () => {
    await setLocale('fr');
    expect(await overlong('Lieu affiché sur votre profil', 'Enregistrer')).toBe('⚠Le lieu affiché sur votre profil ne peut pas dépasser 120 caractères.');
  });
});
