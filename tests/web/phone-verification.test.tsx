// The one phone verification flow (components/PhoneVerification.tsx), as the account's personal details and the chef
// application's personal step show it: number and country checked before sending, the server's errors next to the
// field, the code step, a reload during verification opening at the code field again, and the verified number.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../web/src/app/App';
import { PersonalStep } from '../../web/src/features/onboarding/steps/PersonalStep';
import { describedText, givenChef, ownProfile, press, renderFresh, setupChefTests, stubApi, type } from './chef-fixtures';
import { givenSession, sessionResponse, signedInUser } from './helpers';
import { setLocale } from '../../web/src/lib/i18n';
import type { SessionUser } from '../../web/src/state/session';

setupChefTests();

const PENDING = { data: { phone: '+41794445566', country: 'CH', expires_at: '2026-06-01T10:10:00.000Z', attempts_left: 5 } };
const me = (overrides: Partial<SessionUser> = {}) => sessionResponse({ authenticated: true, data: signedInUser(overrides) });
const field = (section: HTMLElement, label: string) => within(section).getByLabelText(label) as HTMLInputElement;
/** The error messages under a field (without its hint). */
const errorsOf = (section: HTMLElement, name: string) => section.querySelector(`[data-field-error="${name}"]`)?.textContent ?? '';

async function accountSection() {
  renderFresh('/account/me/personal-details', <App />);
  return screen.findByTestId('phone-section');
}

async function applicationSection(chef = ownProfile({ status: 0, status_name: 'New', phone: null, phone_verified: false })) {
  renderFresh('/account/me/becomechef', <PersonalStep chef={chef} />);
  return screen.findByTestId('phone-section');
}

describe('the number step', () => {
  it('checks number and country like the server before sending, then shows the server’s refusal at the number', async () => {
    givenSession(me());
    const api = stubApi({
      '/v1/auth/confirm/mobile': { body: { data: null } },
      'POST /v1/auth/send-verify/mobile': { status: 429, body: { message: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' } },
    });
    const section = await accountSection();
    const country = field(section, 'Country') as unknown as HTMLSelectElement;
    // The countries the product serves, from the server's own list.
    expect(Array.from(country.options).map((o) => o.value)).toEqual(['CH', 'DE', 'AT', 'FR', 'IT']);
    expect(country.options[0]!.textContent).toBe('Switzerland (+41)');
    expect(describedText(field(section, 'Mobile number'))).toBe('For example 079 123 45 67.');

    await press(section, 'Send code');
    expect(errorsOf(section, 'phone')).toBe('⚠Please enter your mobile number.');
    await type(field(section, 'Mobile number'), '12');
    await act(async () => {
      fireEvent.change(country, { target: { value: 'DE' } });
    });
    await press(section, 'Send code');
    expect(errorsOf(section, 'phone')).toBe('⚠Please enter a valid mobile number.');
    // A number of another country is refused before anything is sent, the same way the server refuses it.
    await type(field(section, 'Mobile number'), '+41 79 123 45 67');
    await press(section, 'Send code');
    expect(errorsOf(section, 'phone')).toBe('⚠This is not a mobile number of the country you chose.');
    expect(api.sent('POST', '/v1/auth/send-verify/mobile')).toHaveLength(0);

    await type(field(section, 'Mobile number'), '0170 1234567');
    await press(section, 'Send code');
    await waitFor(() => expect(errorsOf(section, 'phone')).toBe('⚠Too many attempts. Please wait a few minutes and try again.'));
    expect(api.sent('POST', '/v1/auth/send-verify/mobile')[0]!.body).toEqual({ phone: '0170 1234567', country: 'DE' });
    expect(within(section).queryByLabelText('6-digit code')).toBeNull();
  });

  it('puts the server’s field errors on their fields, an SMS the provider did not take and a lost connection on the number', async () => {
    givenChef(0);
    let reply: { status: number; body: unknown } = { status: 400, body: { message: 'Invalid input', code: 'VALIDATION', errors: { country: ['Please choose a country.'] } } };
    stubApi({ '/v1/auth/confirm/mobile': { body: { data: null } }, 'POST /v1/auth/send-verify/mobile': () => reply });
    const section = await applicationSection();
    await type(field(section, 'Mobile number'), '079 123 45 67');
    await press(section, 'Send code');
    await waitFor(() => expect(errorsOf(section, 'country')).toBe('⚠Please choose a country.'));
    expect(errorsOf(section, 'phone')).toBe('');
    // The focus is on the field to fix.
    expect(document.activeElement).toBe(field(section, 'Country'));

    reply = { status: 502, body: { message: 'We could not send the SMS. Please try again later.', code: 'SMS_NOT_SENT', errors: { phone: ['We could not send the SMS. Please try again later.'] } } };
    await press(section, 'Send code');
    // The client's own words for the code, in the visitor's language, at the number it was sent to.
    await waitFor(() => expect(errorsOf(section, 'phone')).toBe('⚠The SMS could not be sent just now. Your number is fine: please try again in a few minutes.'));
    expect(errorsOf(section, 'country')).toBe('');

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await press(section, 'Send code');
    await waitFor(() => expect(errorsOf(section, 'phone')).toBe('⚠We could not reach the server. Check your connection and try again.'));
  });

  it('starts with the country of the chef’s home region', async () => {
    givenChef(0);
    stubApi({ '/v1/auth/confirm/mobile': { body: { data: null } } });
    const chef = ownProfile({ status: 0, status_name: 'New', phone: null, phone_verified: false });
    const home = { data: { ...chef.home_region!.data, country_code: 'DE' } } as typeof chef.home_region;
    const section = await applicationSection({ ...chef, home_region: home });
    expect((field(section, 'Country') as unknown as HTMLSelectElement).value).toBe('DE');
  });
});

describe('the code step', () => {
  it('sends the code, keeps only digits, shows a wrong code at the code field and the verified number after', async () => {
    givenSession(me());
    let verified = false;
    const api = stubApi({
      '/v1/auth/confirm/mobile': { body: { data: null } },
      'POST /v1/auth/send-verify/mobile': { body: { message: 'We have sent you a code by SMS.', phone: '+491701234567' } },
      'POST /v1/auth/confirm/mobile': (call) => {
        if ((call.body as { code: string }).code !== '654321') return { status: 400, body: { message: 'Wrong (server text).', code: 'WRONG_CODE', errors: { code: ['Wrong (server text).'] } } };
        verified = true;
        return { body: { message: 'Your mobile number is verified.' } };
      },
      '/v1/auth/session/user': () => ({ body: me(verified ? { phone: '+491701234567', phone_verified: true } : {}) }),
    });
    const section = await accountSection();
    await act(async () => {
      fireEvent.change(field(section, 'Country'), { target: { value: 'DE' } });
    });
    await type(field(section, 'Mobile number'), '0170 1234567');
    await press(section, 'Send code');
    expect(await within(section).findByText('We have sent a code by SMS to +491701234567.')).toBeTruthy();
    expect(within(section).queryByLabelText('Mobile number')).toBeNull();

    await press(section, 'Confirm number');
    expect(errorsOf(section, 'code')).toBe('⚠The code has 6 digits.');
    expect(document.activeElement).toBe(field(section, '6-digit code'));
    expect(api.sent('POST', '/v1/auth/confirm/mobile')).toHaveLength(0);
    await type(field(section, '6-digit code'), '12a3456');
    expect(field(section, '6-digit code').value).toBe('123456');
    within(section).getByRole('button', { name: 'Confirm number' }).focus();
    await press(section, 'Confirm number');
    // The code's text, not the server's, at the code field, with the focus on it.
    await waitFor(() => expect(errorsOf(section, 'code')).toBe('⚠This code is not correct or has expired.'));
    expect(document.activeElement).toBe(field(section, '6-digit code'));

    await type(field(section, '6-digit code'), '654321');
    await press(section, 'Confirm number');
    expect(await within(section).findByText('Your mobile number is verified.')).toBeTruthy();
    expect(api.sent('POST', '/v1/auth/confirm/mobile').map((c) => c.body)).toEqual([{ code: '123456' }, { code: '654321' }]);
    // The session is read again: the number shows as verified, with a way to change it.
    await waitFor(() => expect(within(section).getByTestId('phone-verified').textContent).toContain('+491701234567'));
    expect(within(section).getByTestId('badge-verified').textContent).toContain('Verified');
    expect(within(section).queryByLabelText('6-digit code')).toBeNull();
    await press(section, 'Change number');
    expect(field(section, 'Mobile number').value).toBe('');
  });

  it('shows a failed new code at the code field, and goes back to the number on request', async () => {
    givenChef(0);
    stubApi({
      '/v1/auth/confirm/mobile': { body: PENDING },
      'POST /v1/auth/send-verify/mobile': { status: 429, body: { message: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' } },
    });
    const section = await applicationSection();
    await within(section).findByLabelText('6-digit code');
    await press(section, 'Send a new code');
    await waitFor(() => expect(errorsOf(section, 'code')).toBe('⚠Too many attempts. Please wait a few minutes and try again.'));
    await press(section, 'Use another number');
    expect(field(section, 'Mobile number').value).toBe('+41794445566');
    expect(errorsOf(section, 'phone')).toBe('');
  });
});

describe('in the visitor’s language', () => {
  afterEach(() => setLocale('en'));

  it('shows the shared schema’s messages in German and French', async () => {
    await setLocale('de');
    givenChef(0);
    stubApi({ '/v1/auth/confirm/mobile': { body: { data: null } } });
    const section = await applicationSection();
    await press(section, 'Code senden');
    expect(errorsOf(section, 'phone')).toBe('⚠Bitte gib deine Handynummer ein.');
    await type(field(section, 'Handynummer'), '+49 170 1234567');
    await press(section, 'Code senden');
    expect(errorsOf(section, 'phone')).toBe('⚠Das ist keine Handynummer des gewählten Landes.');

    cleanup();
    await setLocale('fr');
    await applicationSection();
    const names = screen.getByLabelText('Prénom').closest('form')!;
    await type(screen.getByLabelText('Prénom'), '   ');
    await press(names, 'Enregistrer le nom');
    expect(names.querySelector('[data-field-error="firstname"]')?.textContent).toBe('⚠Veuillez saisir votre prénom.');
  });
});

describe('refusals by their code (issue 16)', () => {
  afterEach(() => setLocale('en'));

  it('says a used-up code, a lost session and an unknown failure in the visitor’s words, never the server’s', async () => {
    await setLocale('de');
    givenChef(0);
    let reply: { status: number; body: unknown } = { status: 400, body: { message: 'Too many (server text).', code: 'CODE_ATTEMPTS_USED', errors: { code: ['Too many (server text).'] } } };
    stubApi({ '/v1/auth/confirm/mobile': { body: PENDING }, 'POST /v1/auth/confirm/mobile': () => reply });
    const section = await applicationSection();
    const code = await within(section).findByLabelText('6-stelliger Code');
    await type(code as HTMLInputElement, '123456');
    await press(section, 'Nummer bestätigen');
    await waitFor(() => expect(errorsOf(section, 'code')).toBe('⚠Zu viele falsche Codes. Bitte fordere einen neuen Code an.'));

    reply = { status: 401, body: { message: 'Please sign in to continue.', code: 'UNAUTHENTICATED' } };
    await press(section, 'Nummer bestätigen');
    await waitFor(() => expect(errorsOf(section, 'code')).toBe('⚠Bitte melde dich erneut an, um deine Nummer zu bestätigen.'));

    reply = { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' } };
    await press(section, 'Nummer bestätigen');
    await waitFor(() => expect(errorsOf(section, 'code')).toBe('⚠Etwas ist schiefgelaufen. Bitte versuche es erneut.'));
  });
});

describe('after a reload during verification (issue 14)', () => {
  it('opens the account’s form at the code field when a code is still waiting, and confirms it', async () => {
    givenSession(me());
    const api = stubApi({
      '/v1/auth/confirm/mobile': { body: PENDING },
      'POST /v1/auth/confirm/mobile': { body: { message: 'Your mobile number is verified.' } },
      '/v1/auth/session/user': { body: me({ phone: '+41794445566', phone_verified: true }) },
    });
    const section = await accountSection();
    expect(await within(section).findByText('We have sent a code by SMS to +41794445566.')).toBeTruthy();
    expect(within(section).queryByLabelText('Mobile number')).toBeNull();
    await type(field(section, '6-digit code'), '123456');
    await press(section, 'Confirm number');
    await waitFor(() => expect(api.sent('POST', '/v1/auth/confirm/mobile').map((c) => c.body)).toEqual([{ code: '123456' }]));
  });

  it('opens the application’s step at the code field, and sends a new code to the same number', async () => {
    givenChef(0);
    const api = stubApi({
      '/v1/auth/confirm/mobile': { body: PENDING },
      'POST /v1/auth/send-verify/mobile': { body: { message: 'We have sent you a code by SMS.', phone: '+41794445566' } },
    });
    const section = await applicationSection();
    expect(await within(section).findByLabelText('6-digit code')).toBeTruthy();
    expect(within(section).queryByLabelText('Mobile number')).toBeNull();
    await press(section, 'Send a new code');
    expect(api.sent('POST', '/v1/auth/send-verify/mobile')[0]!.body).toEqual({ phone: '+41794445566', country: 'CH' });
  });

  it('starts at the number when no code is waiting, and shows a verified number without a form', async () => {
    givenSession(me());
    stubApi({ '/v1/auth/confirm/mobile': { body: { data: null } } });
    let section = await accountSection();
    await waitFor(() => expect(field(section, 'Mobile number')).toBeTruthy());
    expect(within(section).queryByLabelText('6-digit code')).toBeNull();
    expect(within(section).getByText('No mobile number yet.')).toBeTruthy();

    document.body.innerHTML = '';
    givenChef(0);
    section = await applicationSection(ownProfile({ status: 0, status_name: 'New', phone: '+41791234567', phone_verified: true }));
    expect(within(section).getByTestId('phone-verified').textContent).toContain('+41791234567');
    expect(within(section).queryByLabelText('Mobile number')).toBeNull();
  });
});
