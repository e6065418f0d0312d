// The auth pages and the rules around them: complete-your-profile after 500 ms, password recovery, where to go
// after signing in (with the become-a-chef intent flag), the OAuth return page and the Turnstile loader.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../web/src/app/App';
import { ModalHost } from '../../web/src/app/ModalHost';
import { afterAuthTarget, safeReturnPath } from '../../web/src/features/auth/afterAuth';
import { canUpdatePassword, passwordsMismatch } from '../../web/src/features/auth/RecoveryPage';
import { setLocale } from '../../web/src/lib/i18n';
import { loadTurnstile, resetTurnstileLoader, TURNSTILE_SCRIPT_URL } from '../../web/src/lib/turnstile';
import { browser } from '../../web/src/lib/unsaved-changes';
import { BECOME_CHEF_INTENT_KEY, fetchSession, PROFILE_MODAL_DELAY_MS } from '../../web/src/state/session';
import { MODALS, ui } from '../../web/src/state/ui';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();

const bodyOf = (calls: { url: string; init: RequestInit }[], path: string) => {
  const call = calls.find((c) => c.url === path);
  return call ? JSON.parse(String(call.init.body)) : undefined;
};

async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

describe('complete-your-profile dialog', () => {
  it('is requested 500 ms after a fetch finds a blank name', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch({ '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser({ lastname: '  ' }) }) } });
    await fetchSession();
    expect(PROFILE_MODAL_DELAY_MS).toBe(500);
    vi.advanceTimersByTime(499);
    expect(ui.modal).toBeNull();
    vi.advanceTimersByTime(1);
    expect(ui.modal?.name).toBe(MODALS.completeProfile);
  });

  it('is not requested when both names are there, or for visitors', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch({ '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser() }) } });
    await fetchSession();
    stubFetch({ '/v1/auth/session/user': { body: sessionResponse() } });
    await fetchSession();
    vi.advanceTimersByTime(1000);
    expect(ui.modal).toBeNull();
  });

  it('keeps save disabled until both names are non-empty after trimming, and saves them trimmed', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ firstname: '', lastname: '' }) }));
    const { calls } = stubFetch({
      '/v1/users/me': { body: { message: 'Your profile was saved.', data: { firstname: 'Anna', lastname: 'Muster' } } },
      '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser() }) },
    });
    renderAt('/', <ModalHost />);
    await act(async () => {
      ui.modal = { name: MODALS.completeProfile, props: {} };
    });
    const dialog = await screen.findByRole('dialog', { name: 'Complete your profile' });
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await type('First name', '  Anna ');
    expect(save.disabled).toBe(true);
    await type('Last name', '   ');
    expect(save.disabled).toBe(true);
    await type('Last name', ' Muster  ');
    expect(save.disabled).toBe(false);
    await act(async () => {
      fireEvent.click(save);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls, '/v1/users/me')).toEqual({ firstname: 'Anna', lastname: 'Muster' });
    expect(calls.find((c) => c.url === '/v1/users/me')?.init.method).toBe('PUT');
  });

  it('shows server errors per field, and only logs other failures', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ firstname: '', lastname: '' }) }));
    const { calls } = stubFetch({ '/v1/users/me': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { lastname: ['This name cannot be used.'] } } } });
    renderAt('/', <ModalHost />);
    await act(async () => {
      ui.modal = { name: MODALS.completeProfile, props: {} };
    });
    const dialog = await screen.findByRole('dialog', { name: 'Complete your profile' });
    await type('First name', 'Anna');
    // The shared schema refuses a name the server would refuse before anything is sent.
    await type('Last name', 'M'.repeat(101));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(await within(dialog).findByText('Your last name can be at most 100 characters long.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await type('Last name', 'Muster');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await within(dialog).findByText('This name cannot be used.')).toBeTruthy();

    stubFetch({ '/v1/users/me': { status: 500, body: { request_id: 'r1' } } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBeNull());
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Complete your profile' })).toBeTruthy();
  });
});

const RECOVERY_EN = { heading: 'Choose a new password', password: 'New password', confirm: 'Confirm new password', submit: 'Update password' };

/** Types the new password twice on the recovery page (labelled in `texts`' language), sends it, and returns the failure box. */
async function submitRecovery(password: string, texts = RECOVERY_EN) {
  await screen.findByRole('heading', { level: 1, name: texts.heading });
  await type(texts.password, password);
  await type(texts.confirm, password);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: texts.submit }));
  });
  return screen.findByTestId('recovery-failure');
}

describe('password recovery page', () => {
  it('warns on a mismatch only when both are filled, equally long and different', () => {
    expect(passwordsMismatch('', '')).toBe(false);
    expect(passwordsMismatch('secret-1', '')).toBe(false);
    expect(passwordsMismatch('secret-1', 'secret-')).toBe(false);
    expect(passwordsMismatch('secret-1', 'secret-2')).toBe(true);
    expect(passwordsMismatch('secret-1', 'secret-1')).toBe(false);
    expect(canUpdatePassword('', 'x')).toBe(false);
    expect(canUpdatePassword('secret-1', 'secret-')).toBe(false);
    expect(canUpdatePassword('secret-1', 'secret-1')).toBe(true);
  });

  it('shows the e-mail and a disabled current-password field; update is disabled until the passwords match', async () => {
    givenSession();
    renderAt('/auth/recovery?email=anna%40example.com&token=abcdefghijkl', <App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('anna@example.com');
    expect((screen.getByLabelText('Current password') as HTMLInputElement).disabled).toBe(true);
    const update = screen.getByRole('button', { name: 'Update password' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);

    await type('New password', 'secret-1');
    expect(update.disabled).toBe(true);
    await type('Confirm new password', 'secret-');
    expect(screen.queryByTestId('recovery-mismatch')).toBeNull();
    await type('Confirm new password', 'secret-2');
    expect(screen.getByTestId('recovery-mismatch').textContent).toContain('The passwords do not match.');
    expect(update.disabled).toBe(true);
    await type('Confirm new password', 'secret-1');
    expect(screen.queryByTestId('recovery-mismatch')).toBeNull();
    expect(update.disabled).toBe(false);
  });

  it('submits email, token and password, then redirects to / with a full page load', async () => {
    givenSession();
    const { calls } = stubFetch({ '/v1/auth/recover': { body: { message: 'Signed in.', authenticated: true } } });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderAt('/auth/recovery?email=anna%40example.com&token=abcdefghijkl', <App />);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await type('New password', 'new-password');
    await type('Confirm new password', 'new-password');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(bodyOf(calls, '/v1/auth/recover')).toEqual({ email: 'anna@example.com', token: 'abcdefghijkl', password: 'new-password' });
  });

  it("shows the server's message for a bad link, never \"check the highlighted fields\" with nothing highlighted (issue 14)", async () => {
    givenSession();
    stubFetch({
      '/v1/auth/recover': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { token: ['This reset link is not valid.'] } } },
    });
    renderAt('/auth/recovery?email=anna%40example.com&token=short', <App />);
    const box = await submitRecovery('new-password');
    expect(box.textContent).toContain('This reset link is not valid.');
    expect(box.textContent).not.toContain('highlighted');
  });

  it('shows the failure box, titled with a sentence instead of the seed\'s "recovery fail", with the server message, or the password errors joined by line breaks', async () => {
    givenSession();
    stubFetch({
      '/v1/auth/recover': {
        status: 400,
        body: { message: 'This password reset link is invalid or has expired. Please request a new one.', code: 'INVALID_TOKEN', errors: { token: ['This password reset link is invalid or has expired. Please request a new one.'] } },
      },
    });
    renderAt('/auth/recovery?email=anna%40example.com&token=abcdefghijkl', <App />);
    const box = await submitRecovery('new-password');
    expect(box.querySelector('p')!.textContent).toBe('Your password could not be reset');
    expect(box.textContent).toContain('This password reset link is invalid or has expired. Please request a new one.');

    stubFetch({
      '/v1/auth/recover': {
        status: 400,
        body: { message: 'Please check the highlighted fields.', errors: { password: ['Your password must be at least 8 characters long.', 'Your password is too common.'] } },
      },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update password' }).getAttribute('aria-busy')).toBeNull());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    });
    await waitFor(() => expect(screen.getByTestId('recovery-failure').querySelectorAll('p')[1]!.textContent).toBe('Your password must be at least 8 characters long.\nYour password is too common.'));
  });

  it("says a bad link in the visitor's language, by its code (the server answers in English)", async () => {
    await setLocale('de');
    try {
      givenSession();
      const text = 'This password reset link is invalid or has expired. Please request a new one.';
      stubFetch({ '/v1/auth/recover': { status: 400, body: { message: text, code: 'INVALID_TOKEN', errors: { token: [text] } } } });
      renderAt('/auth/recovery?email=anna%40example.com&token=abcdefghijkl', <App />);
      const box = await submitRecovery('new-password', { heading: 'Neues Passwort wählen', password: 'Neues Passwort', confirm: 'Neues Passwort bestätigen', submit: 'Passwort ändern' });
      expect(box.querySelectorAll('p')[1]!.textContent).toBe('Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordere einen neuen an.');
    } finally {
      await setLocale('en');
    }
  });

  it('checks the new password with the shared rule before sending', async () => {
    givenSession();
    const { calls } = stubFetch({});
    renderAt('/auth/recovery?email=anna%40example.com&token=abcdefghijkl', <App />);
    expect((await submitRecovery('short')).textContent).toContain('Your password must be at least 8 characters long.');
    expect(calls.filter((c) => c.url.startsWith('/v1/auth/recover'))).toHaveLength(0);
  });
});

describe('after authentication', () => {
  const origin = 'http://localhost:3000';
  const target = (returnParam: string | null, referrer = '') => afterAuthTarget({ returnParam, referrer, origin });

  it("goes to chef onboarding for return 'becomechef' or '/become-a-chef', or a referrer containing /become-a-chef", () => {
    expect(target('becomechef')).toBe('/become-a-chef');
    expect(target('/become-a-chef')).toBe('/become-a-chef');
    expect(target(null, 'http://localhost:3000/become-a-chef?x=1')).toBe('/become-a-chef');
    expect(target(null)).toBe('/');
  });

  it("goes to chef onboarding when the intent flag is 'true', and clears the flag once used", () => {
    localStorage.setItem(BECOME_CHEF_INTENT_KEY, 'true');
    expect(target('/account/me')).toBe('/become-a-chef');
    expect(localStorage.getItem(BECOME_CHEF_INTENT_KEY)).toBeNull();
    expect(target('/account/me')).toBe('/account/me');
  });

  it("returns only to the app's own screens, never to auth pages, other hosts or paths that are no route", () => {
    expect(target('/account/me/bookings?tab=1#x')).toBe('/account/me/bookings?tab=1#x');
    expect(target('/booking/begin/12?guests=4')).toBe('/booking/begin/12?guests=4');
    expect(target('/chefs/anna-1/')).toBe('/chefs/anna-1/');
    // Not one of the app's routes: the API, files, made-up paths (the 404 page) go home, as the seed says.
    expect(target('/v1/users/me')).toBe('/');
    expect(target('/sitemap.xml')).toBe('/');
    expect(target('/account/me/nothing-here')).toBe('/');
    expect(target('/some/old/link')).toBe('/');
    expect(target('https://evil.example/steal')).toBe('/');
    expect(target('//evil.example/steal')).toBe('/');
    expect(target('/\\evil.example')).toBe('/');
    expect(target('javascript:alert(1)')).toBe('/');
    expect(safeReturnPath('/login?return=/x', origin)).toBeNull();
    expect(safeReturnPath('/auth/recovery', origin)).toBeNull();
    expect(safeReturnPath('/auth/external?provider=google', origin)).toBeNull();
    expect(safeReturnPath('/loginsomething', origin)).toBeNull();
  });

  it('signing in on /login goes to chef onboarding when the flag is set, and clears it', async () => {
    localStorage.setItem(BECOME_CHEF_INTENT_KEY, 'true');
    givenSession();
    stubFetch({
      '/v1/auth/signin': { body: { authenticated: true } },
      '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser() }) },
      '/v1/menus/featured': { body: { data: [] } },
    });
    const { location } = renderAt('/login', <App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    const form = screen.getByTestId('signin-form');
    await act(async () => {
      fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'anna@example.com' } });
      fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'correct-horse' } });
    });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/become-a-chef'));
    expect(localStorage.getItem(BECOME_CHEF_INTENT_KEY)).toBeNull();
  });

  it('signing up on /register goes to the return path and welcomes the user', async () => {
    givenSession();
    stubFetch({
      '/v1/auth/signup': { status: 201, body: { authenticated: true } },
      '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser() }) },
    });
    const { location } = renderAt('/register?return=%2Faccount%2Fme%2Fnotifications', <App />);
    const form = await screen.findByTestId('signup-form');
    expect(within(form.parentElement!).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?return=%2Faccount%2Fme%2Fnotifications');
    await act(async () => {
      fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Anna' } });
      fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Muster' } });
      fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'anna@example.com' } });
      fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'long-enough' } });
    });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Sign up' }));
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/me/notifications'));
  });
});

describe('external sign-in return', () => {
  it("shows 'Signing in...', completes with code, state and provider, and goes on", async () => {
    givenSession();
    sessionStorage.setItem('auth-return', '/chefs/anna-muster-1');
    const { calls } = stubFetch({
      '/v1/auth/oauth': { body: { authenticated: true } },
      '/v1/auth/session/user': { body: sessionResponse({ authenticated: true, data: signedInUser() }) },
      '/v1/chefs/anna-muster-1': { body: { data: null } },
    });
    const { location } = renderAt('/auth/external?code=c0de&state=st4te&provider=google', <App />);
    expect(await screen.findByText('Signing in...')).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/chefs/anna-muster-1'));
    expect(bodyOf(calls, '/v1/auth/oauth')).toEqual({ provider: 'google', code: 'c0de', state: 'st4te' });
    expect(sessionStorage.getItem('auth-return')).toBeNull();
  });

  it('only logs a failure and sends the user to the sign-in page', async () => {
    givenSession();
    stubFetch({ '/v1/auth/oauth': { status: 400, body: { message: 'The sign-in request expired.', code: 'OAUTH_STATE_MISMATCH' } } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { location } = renderAt('/auth/external?code=other&state=st4te&provider=facebook', <App />);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/login'));
    expect(log).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Turnstile loader', () => {
  it("loads Cloudflare's script explicitly and rejects with 'Failed to load Turnstile.' when it cannot", async () => {
    resetTurnstileLoader();
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => node);
    const pending = loadTurnstile();
    const script = append.mock.calls[0]![0] as HTMLScriptElement;
    expect(script.src).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
    expect(TURNSTILE_SCRIPT_URL).toBe(script.src);
    script.dispatchEvent(new Event('error'));
    await expect(pending).rejects.toThrow('Failed to load Turnstile.');
    // A later call tries again.
    void loadTurnstile().catch(() => undefined);
    expect(append).toHaveBeenCalledTimes(2);
  });
});
