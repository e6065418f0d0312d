// The sign-in and sign-up dialogs (seed §2, §4, §5, §8): the callback queue, one modal at a time, where errors show,
// the forgot-password alerts and the sign-up notifications.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../web/src/app/ModalHost';
import { GlobalAlert } from '../../web/src/components/GlobalAlert';
import { Notifications } from '../../web/src/components/Notifications';
import { setLocale } from '../../web/src/lib/i18n';
import { resetTurnstileLoader } from '../../web/src/lib/turnstile';
import { browser } from '../../web/src/lib/unsaved-changes';
import { session } from '../../web/src/state/session';
import { closeModal, MODALS, openModal, openSignIn, openSignUp, ui } from '../../web/src/state/ui';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';

setupDomTests();

const SIGNED_IN = { body: sessionResponse({ authenticated: true, data: signedInUser() }) };
const WRONG = 'These credentials do not match our records.';
const WRONG_CREDENTIALS = { '/v1/auth/signin': { status: 401, body: { message: WRONG, code: 'INVALID_CREDENTIALS', errors: { secret: [WRONG] } } } };

function renderHost() {
  return renderAt(
    '/',
    <>
      <GlobalAlert />
      <ModalHost />
      <Notifications />
    </>,
  );
}

const bodyOf = (calls: { url: string; init: RequestInit }[], path: string) => {
  const call = calls.find((c) => c.url === path);
  return call ? JSON.parse(String(call.init.body)) : undefined;
};

/** The error text tied to a field through aria-describedby. */
function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

async function openSignInDialog(callback?: () => void) {
  await act(async () => openSignIn(callback));
  return screen.findByRole('dialog', { name: 'Sign in' });
}

async function fill(label: string, value: string, root: HTMLElement = document.body) {
  await act(async () => {
    fireEvent.change(within(root).getByLabelText(label), { target: { value } });
  });
}

async function pressSignIn(dialog: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
  });
}

/** Types the e-mail and password into the sign-in dialog and presses "Sign in". */
async function signIn(dialog: HTMLElement, email: string, password: string) {
  await fill('E-mail', email, dialog);
  await fill('Password', password, dialog);
  await pressSignIn(dialog);
}

describe('sign-in dialog', () => {
  it('has e-mail, password, remember me, forgot password and a way to sign up; no OAuth buttons without providers', async () => {
    givenSession();
    renderHost();
    const dialog = await openSignInDialog();
    expect(within(dialog).getByLabelText('E-mail')).toBeTruthy();
    expect(within(dialog).getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(within(dialog).getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create an account' })).toBeTruthy();
    expect(within(dialog).queryByTestId('oauth-buttons')).toBeNull();
  });

  it('on a local instance names the providers without keys where their buttons would be', async () => {
    givenSession(sessionResponse({}, { app_env: 'development', oauth_providers: [] }));
    renderHost();
    let dialog = await openSignInDialog();
    expect(within(dialog).queryByRole('button', { name: /Continue with/ })).toBeNull();
    expect(within(dialog).getByTestId('oauth-not-configured').textContent).toBe(
      'Local instance: sign-in with Apple, Google, and Meta is not configured yet; the buttons appear here once the keys are set.',
    );
    await act(async () => closeModal());
    givenSession(sessionResponse({}, { app_env: 'development', oauth_providers: ['google'] }));
    dialog = await openSignInDialog();
    expect(within(dialog).getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(within(dialog).getByTestId('oauth-not-configured').textContent).toContain('sign-in with Apple and Meta is not configured');
  });

  it('in production shows neither buttons nor a note for providers without keys', async () => {
    givenSession(sessionResponse({}, { app_env: 'production', oauth_providers: [] }));
    renderHost();
    const dialog = await openSignInDialog();
    expect(within(dialog).queryByTestId('oauth-buttons')).toBeNull();
    expect(within(dialog).queryByTestId('oauth-not-configured')).toBeNull();
    await act(async () => openSignUp());
    const signUp = await screen.findByRole('dialog', { name: 'Create your account' });
    expect(within(signUp).queryByTestId('oauth-not-configured')).toBeNull();
    expect(within(signUp).queryByTestId('botcheck-disabled')).toBeNull();
    expect(within(signUp).queryByTestId('turnstile')).toBeNull();
  });

  it('shows only the configured providers, and a click leaves for the provider', async () => {
    givenSession(sessionResponse({}, { oauth_providers: ['google', 'facebook'] }));
    const { calls } = stubFetch({ '/v1/auth/oauth': { body: { redirect: 'https://accounts.google.com/o/oauth2/auth?x=1' } } });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderHost();
    const dialog = await openSignInDialog();
    expect(within(dialog).queryByRole('button', { name: 'Continue with Apple' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Continue with Meta' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with Google' }));
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    expect(bodyOf(calls, '/v1/auth/oauth')).toEqual({ provider: 'google' });
    expect(sessionStorage.getItem('auth-return')).toBe('/');
  });

  it('on success closes, refetches the session and then runs every queued callback', async () => {
    givenSession();
    const { calls } = stubFetch({ '/v1/auth/signin': { body: { message: 'Signed in.', authenticated: true } }, '/v1/auth/session/user': SIGNED_IN });
    renderHost();
    const seen: (string | null)[] = [];
    const first = vi.fn(() => seen.push(session.user?.firstname ?? null));
    const second = vi.fn();
    await act(async () => openSignIn(first));
    const dialog = await openSignInDialog(second);

    await fill('E-mail', ' Anna@Example.com ', dialog);
    await fill('Password', 'correct-horse', dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Remember me' }));
    });
    await pressSignIn(dialog);

    await waitFor(() => expect(second).toHaveBeenCalledOnce());
    expect(first).toHaveBeenCalledOnce();
    expect(seen).toEqual(['Anna']); // the user was refetched before the callbacks ran
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(calls, '/v1/auth/signin')).toEqual({ identifier: 'anna@example.com', secret: 'correct-horse', remember: true });
    expect(calls.map((c) => c.url)).toContain('/v1/auth/session/user');
  });

  it('closing it by hand clears the queued callbacks', async () => {
    givenSession();
    stubFetch({ '/v1/auth/signin': { body: { authenticated: true } }, '/v1/auth/session/user': SIGNED_IN });
    renderHost();
    const dropped = vi.fn();
    await openSignInDialog(dropped);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();

    const kept = vi.fn();
    const dialog = await openSignInDialog(kept);
    await signIn(dialog, 'anna@example.com', 'correct-horse');
    await waitFor(() => expect(kept).toHaveBeenCalledOnce());
    expect(dropped).not.toHaveBeenCalled();
  });

  it('shows one modal at a time: choosing sign-up swaps the dialogs and keeps the callbacks for the sign-up', async () => {
    givenSession();
    stubFetch({ '/v1/auth/signup': { status: 201, body: { message: 'Welcome!', authenticated: true } }, '/v1/auth/session/user': SIGNED_IN });
    renderHost();
    const callback = vi.fn();
    const dialog = await openSignInDialog(callback);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    });
    const signUp = await screen.findByRole('dialog', { name: 'Create your account' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(ui.modal?.name).toBe(MODALS.signUp);

    await fill('First name', 'Anna', signUp);
    await fill('Last name', 'Muster', signUp);
    await fill('E-mail', 'anna@example.com', signUp);
    await fill('Password', 'long-enough', signUp);
    await act(async () => {
      fireEvent.click(within(signUp).getByRole('button', { name: 'Sign up' }));
    });
    await waitFor(() => expect(callback).toHaveBeenCalledOnce());
  });

  it('another modal taking its place drops the callbacks', async () => {
    givenSession();
    renderHost();
    const callback = vi.fn();
    await openSignInDialog(callback);
    await act(async () => openModal(MODALS.locale));
    await screen.findByRole('dialog', { name: 'Language and currency' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    // Signing in later through a fresh dialog does not run the abandoned callback.
    stubFetch({ '/v1/auth/signin': { body: { authenticated: true } }, '/v1/auth/session/user': SIGNED_IN });
    const dialog = await openSignInDialog();
    await signIn(dialog, 'anna@example.com', 'correct-horse');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callback).not.toHaveBeenCalled();
  });

  it('shows the credentials error under the password field', async () => {
    givenSession();
    stubFetch(WRONG_CREDENTIALS);
    renderHost();
    const dialog = await openSignInDialog();
    await signIn(dialog, 'anna@example.com', 'wrong-password');
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(describedText(password)).toBe('These credentials do not match our records.'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeTruthy();
  });

  it("shows the credentials error in the visitor's language, by its code (the server answers in English)", async () => {
    await setLocale('de');
    try {
      givenSession();
      stubFetch(WRONG_CREDENTIALS);
      renderHost();
      await act(async () => openSignIn());
      const dialog = await screen.findByRole('dialog', { name: 'Anmelden' });
      await fill('E-Mail', 'anna@example.com', dialog);
      await fill('Passwort', 'wrong-password', dialog);
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Anmelden' }));
      });
      const password = within(dialog).getByLabelText('Passwort');
      await waitFor(() => expect(describedText(password)).toBe('Diese Zugangsdaten stimmen nicht mit unseren Daten überein.'));
      expect(document.activeElement).toBe(password);
    } finally {
      await setLocale('en');
    }
  });

  it('shows any other message under the password field alone, and a validation failure at its fields alone (seed §8: one or the other)', async () => {
    givenSession();
    stubFetch({ '/v1/auth/signin': { status: 429, body: { message: 'Too many attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED', errors: { identifier: ['Too many attempts for this account.'] } } } });
    renderHost();
    const dialog = await openSignInDialog();
    await signIn(dialog, 'anna@example.com', 'whatever-pw');
    await waitFor(() => expect(describedText(within(dialog).getByLabelText('Password'))).toBe('Too many attempts. Please wait a few minutes and try again.'));
    // The message, not also the errors map.
    expect(describedText(within(dialog).getByLabelText('E-mail'))).toBe('');
    expect(within(dialog).getByLabelText('E-mail').getAttribute('aria-invalid')).toBeNull();

    stubFetch({ '/v1/auth/signin': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { identifier: ['Unknown e-mail format.'] } } } });
    // The button keeps its loading state for at least 400 ms.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy')).toBeNull());
    await pressSignIn(dialog);
    await waitFor(() => expect(describedText(within(dialog).getByLabelText('E-mail'))).toBe('Unknown e-mail format.'));
    // The errors map, not also the summary under the password.
    expect(describedText(within(dialog).getByLabelText('Password'))).toBe('');
    expect(dialog.textContent).not.toContain('Please check the highlighted fields.');

    stubFetch({ '/v1/auth/signin': { status: 400, body: { code: 'VALIDATION_FAILED', errors: { identifier: ['Unknown e-mail format.'], secret: ['Too long.'] } } } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy')).toBeNull());
    await pressSignIn(dialog);
    await waitFor(() => expect(describedText(within(dialog).getByLabelText('Password'))).toBe('Too long.'));
    expect(describedText(within(dialog).getByLabelText('E-mail'))).toBe('Unknown e-mail format.');
  });

  it('says under the password field that the server could not be reached', async () => {
    givenSession();
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    renderHost();
    const dialog = await openSignInDialog();
    await signIn(dialog, 'anna@example.com', 'whatever-pw');
    await waitFor(() => expect(describedText(within(dialog).getByLabelText('Password'))).toBe('We could not reach the server. Check your connection and try again.'));
  });

  it('validates with the shared schema before calling the server', async () => {
    givenSession();
    const { calls } = stubFetch({});
    renderHost();
    const dialog = await openSignInDialog();
    await pressSignIn(dialog);
    expect(describedText(within(dialog).getByLabelText('E-mail'))).toBe('Please enter your email address');
    expect(describedText(within(dialog).getByLabelText('Password'))).toBe('Please enter your password.');
    expect(calls).toHaveLength(0);
  });

  it("reloads the page when the server says 'already logged in'", async () => {
    givenSession();
    stubFetch({ '/v1/auth/signin': { status: 400, body: { message: 'You are already logged in.', code: 'ALREADY_AUTHENTICATED' } } });
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderHost();
    const dialog = await openSignInDialog();
    await signIn(dialog, 'anna@example.com', 'correct-horse');
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
  });
});

describe('forgot password', () => {
  it("asks for the e-mail on the identifier field when there is none", async () => {
    givenSession();
    const { calls } = stubFetch({});
    renderHost();
    const dialog = await openSignInDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    });
    expect(describedText(within(dialog).getByLabelText('E-mail'))).toBe('Please enter your email address');
    expect(calls).toHaveLength(0);
    expect(ui.alert).toBeNull();
  });

  it('shows the info alert with a spinner while sending, then the success alert', async () => {
    givenSession();
    let release!: () => void;
    const { calls } = stubFetch({});
    const gate = new Promise<void>((r) => (release = r));
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(input), init });
      await gate;
      return new Response(JSON.stringify({ message: "Alright! We've sent you an email with further instructions." }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderHost();
    const dialog = await openSignInDialog();
    await fill('E-mail', 'Anna@Example.com', dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    });

    const alert = screen.getByTestId('global-alert');
    expect(alert.textContent).toContain('Password reset is being sent');
    expect(alert.querySelector('.animate-spin')).not.toBeNull();
    expect(ui.alert).toMatchObject({ type: 'info', busy: true });

    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('global-alert').textContent).toContain("Alright! We've sent you an email with further instructions."));
    expect(ui.alert).toMatchObject({ type: 'success', busy: false });
    expect(bodyOf(calls, '/v1/auth/forgot')).toEqual({ email: 'anna@example.com' });
  });

  it('shows the errors map on failure', async () => {
    givenSession();
    stubFetch({ '/v1/auth/forgot': { status: 400, body: { message: 'Please check the highlighted fields.', code: 'VALIDATION_FAILED', errors: { email: ['This e-mail address is too long.'] } } } });
    renderHost();
    const dialog = await openSignInDialog();
    await fill('E-mail', 'anna@example.com', dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    });
    await waitFor(() => expect(describedText(within(dialog).getByLabelText('E-mail'))).toBe('This e-mail address is too long.'));
    expect(ui.alert).toBeNull();
  });
});

describe('sign-up dialog', () => {
  async function openSignUpDialog(callback?: () => void) {
    await act(async () => openSignUp(callback));
    return screen.findByRole('dialog', { name: 'Create your account' });
  }

  async function fillSignUp(dialog: HTMLElement) {
    await fill('First name', ' Anna ', dialog);
    await fill('Last name', 'Muster', dialog);
    await fill('E-mail', 'anna@example.com', dialog);
    await fill('Password', 'long-enough', dialog);
  }

  it('without a site key skips the bot check, says so and sends an empty cftoken; success closes, runs callbacks and welcomes', async () => {
    givenSession();
    const { calls } = stubFetch({ '/v1/auth/signup': { status: 201, body: { message: 'Welcome!', authenticated: true } }, '/v1/auth/session/user': SIGNED_IN });
    renderHost();
    const callback = vi.fn();
    const dialog = await openSignUpDialog(callback);
    expect(within(dialog).getByTestId('botcheck-disabled').textContent).toBe('Local instance: the bot check is not configured, so sign-up skips it. Its widget appears here once a Turnstile key is set.');
    expect(within(dialog).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    await fillSignUp(dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    });

    await waitFor(() => expect(callback).toHaveBeenCalledOnce());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(calls, '/v1/auth/signup')).toEqual({ firstname: 'Anna', lastname: 'Muster', email: 'anna@example.com', password: 'long-enough', cftoken: '' });
    const welcome = await screen.findByRole('status');
    expect(welcome.textContent).toContain('Welcome!');
    expect(welcome.textContent).toContain('We are glad to have you on board.');
  });

  it("shows the errors per field and the message in a 'Could not sign up' notification", async () => {
    givenSession();
    stubFetch({
      '/v1/auth/signup': {
        status: 409,
        body: { message: 'An account with this e-mail address already exists.', code: 'EMAIL_TAKEN', errors: { email: ['An account with this e-mail address already exists.'] } },
      },
    });
    renderHost();
    const dialog = await openSignUpDialog();
    await fillSignUp(dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    });
    await waitFor(() => expect(describedText(within(dialog).getByLabelText('E-mail'))).toBe('An account with this e-mail address already exists.'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not sign up');
    expect(alert.textContent).toContain('An account with this e-mail address already exists.');
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeTruthy();
  });

  it('checks the fields with the shared schema first', async () => {
    givenSession();
    const { calls } = stubFetch({});
    renderHost();
    const dialog = await openSignUpDialog();
    await fill('Password', 'short', dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    });
    expect(describedText(within(dialog).getByLabelText('First name'))).toBe('Please enter your first name.');
    expect(describedText(within(dialog).getByLabelText('Password'))).toContain('Your password must be at least 8 characters long.');
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("handles the seed's 'Failed to load Turnstile.': says the check could not be loaded, once, and sends nothing", async () => {
    givenSession(sessionResponse({}, { turnstile_site_key: '1x00000000000000000000AA' }));
    const { calls } = stubFetch({});
    resetTurnstileLoader();
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => node);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderHost();
    const dialog = await openSignUpDialog();
    await waitFor(() => expect(append).toHaveBeenCalledOnce());
    expect(within(dialog).getByTestId('turnstile')).toBeTruthy();
    await act(async () => (append.mock.calls[0]![0] as HTMLScriptElement).dispatchEvent(new Event('error')));
    const failed = 'The bot check could not be loaded. Please reload the page.';
    expect(await within(dialog).findByText(failed)).toBeTruthy();
    expect(log).toHaveBeenCalledWith(new Error('Failed to load Turnstile.'));

    await fillSignUp(dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    });
    expect(within(dialog).getAllByText(failed)).toHaveLength(1);
    expect(within(dialog).queryByText('Please confirm that you are not a robot.')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('renders Turnstile with the site key and action signup, sends its token and resets it after 295 s', async () => {
    givenSession(sessionResponse({}, { turnstile_site_key: '1x00000000000000000000AA' }));
    const { calls } = stubFetch({ '/v1/auth/signup': { status: 201, body: { authenticated: true } }, '/v1/auth/session/user': SIGNED_IN });
    let issue: (token: string) => void = () => undefined;
    const turnstile = {
      render: vi.fn((_el: HTMLElement, options: { callback?: (t: string) => void }) => {
        issue = options.callback!;
        return 'widget-1';
      }),
      reset: vi.fn(),
      remove: vi.fn(),
    };
    vi.stubGlobal('turnstile', turnstile);
    renderHost();
    const dialog = await openSignUpDialog();
    await waitFor(() => expect(turnstile.render).toHaveBeenCalledOnce());
    expect(turnstile.render.mock.calls[0]![1]).toMatchObject({ sitekey: '1x00000000000000000000AA', action: 'signup' });
    expect(within(dialog).queryByTestId('botcheck-disabled')).toBeNull();

    // No token yet: the form asks for the check instead of calling the server.
    await fillSignUp(dialog);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    });
    expect(within(dialog).getByText('Please confirm that you are not a robot.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => issue('token-1'));
    await act(async () => {
      vi.advanceTimersByTime(294_999);
    });
    expect(turnstile.reset).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(turnstile.reset).toHaveBeenCalledWith('widget-1');
    vi.useRealTimers();

    await act(async () => issue('token-2'));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    });
    await waitFor(() => expect(bodyOf(calls, '/v1/auth/signup')?.cftoken).toBe('token-2'));
  });
});
