// Account settings screens and the user menu: loading, empty and error states, errors next to their field, the
// sessions list with confirmations, the paged notifications list.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { App } from '../../web/src/app/App';
import { userMenuItems } from '../../web/src/app/layout/userMenuItems';
import { pageCountOf, pageWindow } from '../../web/src/components/PagedList';
import { DROPDOWN_HIDE_DELAY_MS } from '../../web/src/components/outside-press';
import { t } from '../../web/src/lib/i18n';
import { describeUserAgent } from '../../web/src/features/account/device';
import { MODALS, ui } from '../../web/src/state/ui';
import { givenSession, renderAt, sessionResponse, setupDomTests, signedInUser, stubFetch } from './helpers';
import type { SessionUser } from '../../web/src/state/session';

setupDomTests();

const me = (overrides: Partial<SessionUser> = {}) => sessionResponse({ authenticated: true, data: signedInUser(overrides) });

/** Each test gets a fresh swr cache. */
const renderApp = (path: string) => renderAt(path, <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}><App /></SWRConfig>);

const bodyOf = (calls: { url: string; init: RequestInit }[], path: string) => {
  const call = calls.filter((c) => c.url === path).at(-1);
  return call ? JSON.parse(String(call.init.body)) : undefined;
};

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Clicks a button once it is idle again (loading buttons stay busy for at least 400 ms). */
async function press(root: HTMLElement, name: string) {
  const button = await waitFor(() => within(root).getByRole('button', { name }));
  await act(async () => {
    fireEvent.click(button);
  });
}

async function type(root: HTMLElement, label: string, value: string) {
  await act(async () => {
    fireEvent.change(within(root).getByLabelText(label), { target: { value } });
  });
}

const sessions = [
  { id: 'aaaaaaaaaaaaaaaa', current: true, created_at: '2026-04-01T08:00:00Z', last_seen_at: '2026-04-02T09:30:00Z', expires_at: '2026-05-01T08:00:00Z', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', ip: '127.0.0.1' },
  { id: 'bbbbbbbbbbbbbbbb', current: false, created_at: '2026-03-01T08:00:00Z', last_seen_at: '2026-03-02T09:30:00Z', expires_at: '2026-04-01T08:00:00Z', user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', ip: '10.0.0.2' },
];

describe('account settings home', () => {
  it('links to every settings screen', async () => {
    givenSession(me());
    renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    const main = within(screen.getByRole('main')).getAllByRole('list')[0]!;
    expect(within(main).getByRole('link', { name: /Personal details/ }).getAttribute('href')).toBe('/account/me/personal-details');
    expect(within(main).getByRole('link', { name: /Login & security/ }).getAttribute('href')).toBe('/account/me/login-security');
    expect(within(main).getByRole('link', { name: /Notifications/ }).getAttribute('href')).toBe('/account/me/notifications');
  });

  it('asks a visitor (allowed in before launch) to sign in, opening the dialog', async () => {
    givenSession(sessionResponse({}, { launch_mode: 'prelaunch' }));
    renderApp('/account/me/personal-details');
    const prompt = await screen.findByTestId('account-signed-out');
    await act(async () => {
      fireEvent.click(within(prompt).getByRole('button', { name: 'Sign in' }));
    });
    expect(ui.modal?.name).toBe(MODALS.signIn);
  });
});

describe('personal details', () => {
  it('saves the names, with errors under the field', async () => {
    givenSession(me());
    const { calls } = stubFetch({
      '/v1/users/me': { status: 400, body: { message: 'Please check the highlighted fields.', errors: { lastname: ['Your last name can be at most 100 characters long.'] } } },
    });
    renderApp('/account/me/personal-details');
    const section = await screen.findByTestId('names-section');
    expect((within(section).getByLabelText('First name') as HTMLInputElement).value).toBe('Anna');
    await type(section, 'Last name', 'Mustermann');
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(describedText(within(section).getByLabelText('Last name'))).toBe('Your last name can be at most 100 characters long.'));
    expect(bodyOf(calls, '/v1/users/me')).toEqual({ firstname: 'Anna', lastname: 'Mustermann' });

    await type(section, 'First name', '   ');
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBeNull());
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    });
    expect(describedText(within(section).getByLabelText('First name'))).toBe('Please enter your first name.');
  });

  it('shows the e-mail as not verified and sends a verification mail with an empty body', async () => {
    givenSession(me());
    const { calls } = stubFetch({ '/v1/auth/send-verify': { body: { message: 'We have sent you an e-mail with a confirmation link.' } } });
    renderApp('/account/me/personal-details');
    const section = await screen.findByTestId('email-section');
    expect(within(section).getByText('anna@example.com')).toBeTruthy();
    expect(within(section).getByTestId('badge-unverified').textContent).toContain('Not verified');
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Send verification e-mail' }));
    });
    await waitFor(() => expect(bodyOf(calls, '/v1/auth/send-verify')).toEqual({}));
    expect((await screen.findAllByText('Verification e-mail sent')).length).toBeGreaterThan(0);
  });

  it('shows a verified e-mail without the send button', async () => {
    givenSession(me({ email_verified: true }));
    renderApp('/account/me/personal-details');
    const section = await screen.findByTestId('email-section');
    expect(within(section).getByTestId('badge-verified').textContent).toContain('Verified');
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it.each([
    ['1', 'Your e-mail address is verified.', 'status'],
    ['0', 'E-mail not verified', 'alert'],
  ])('email_verified=%s shows a notification and leaves the URL clean', async (flag, title, role) => {
    givenSession(me());
    stubFetch({ '/v1/auth/session/user': { body: me({ email_verified: true }) } });
    const { location } = renderApp(`/account/me/personal-details?email_verified=${flag}`);
    await waitFor(() => expect(ui.notifications.map((n) => n.title)).toContain(title));
    expect(ui.notifications.find((n) => n.title === title)?.type).toBe(role === 'status' ? 'success' : 'error');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/account/me/personal-details'));
    expect(ui.notifications.filter((n) => n.title === title)).toHaveLength(1);
  });
});

describe('login & security', () => {
  it('lists the sessions with "This device" and signs another one out after a confirmation', async () => {
    givenSession(me());
    const { calls } = stubFetch({
      '/v1/users/me/sessions': { body: { data: sessions } },
      '/v1/users/me/sessions/bbbbbbbbbbbbbbbb': { body: { message: 'The session was signed out.' } },
      '/v1/users/me/sign-in-methods': { body: { data: { password: true, providers: [{ provider: 'google', email: 'anna@gmail.com', linked_at: '2026-04-01T08:00:00Z' }] } } },
    });
    renderApp('/account/me/login-security');
    const section = await screen.findByTestId('sessions-section');
    const rows = await within(section).findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('this-device').textContent).toBe('This device');
    expect(rows[0]!.textContent).toContain('Chrome on Linux');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('Safari on iOS');

    const methods = await screen.findByTestId('methods-section');
    expect(await within(methods).findByText('Google')).toBeTruthy();
    expect(within(methods).getByText('anna@gmail.com')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(rows[1]!).getByRole('button', { name: /Sign out/ }));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(calls.some((c) => c.init.method === 'DELETE')).toBe(false);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    });
    await waitFor(() => expect(calls.find((c) => c.init.method === 'DELETE')?.url).toBe('/v1/users/me/sessions/bbbbbbbbbbbbbbbb'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('signs out everywhere else only after confirming; cancelling sends nothing', async () => {
    givenSession(me());
    const { calls } = stubFetch({
      '/v1/users/me/sessions': { body: { data: sessions } },
      '/v1/users/me/sessions/revoke-others': { body: { message: 'You were signed out everywhere else.', revoked: 1 } },
      '/v1/users/me/sign-in-methods': { body: { data: { password: true, providers: [] } } },
    });
    renderApp('/account/me/login-security');
    const section = await screen.findByTestId('sessions-section');
    await within(section).findAllByTestId('session-row');
    const everywhere = within(section).getByRole('button', { name: 'Sign out everywhere else' });
    await act(async () => {
      fireEvent.click(everywhere);
    });
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Sign out everywhere else?' })).getByRole('button', { name: 'Cancel' }));
    });
    expect(calls.some((c) => c.url.endsWith('revoke-others'))).toBe(false);

    await act(async () => {
      fireEvent.click(everywhere);
    });
    await act(async () => {
      fireEvent.click(within(await screen.findByRole('dialog', { name: 'Sign out everywhere else?' })).getByRole('button', { name: 'Sign out everywhere else' }));
    });
    await waitFor(() => expect(bodyOf(calls, '/v1/users/me/sessions/revoke-others')).toEqual({}));
    expect(await screen.findByText('No linked accounts.')).toBeTruthy();
  });

  it('changes the password: mismatch under the confirmation, a wrong current password under its field', async () => {
    givenSession(me());
    const { calls } = stubFetch({
      '/v1/users/me/sessions': { body: { data: sessions } },
      '/v1/users/me/sign-in-methods': { body: { data: { password: true, providers: [] } } },
      '/v1/users/me/change_password': { status: 400, body: { message: 'Your current password is not correct.', code: 'WRONG_PASSWORD', errors: { old_password: ['Your current password is not correct.'] } } },
    });
    renderApp('/account/me/login-security');
    const section = await screen.findByTestId('password-section');
    await type(section, 'Current password', 'old-password');
    await type(section, 'New password', 'new-password');
    await type(section, 'Confirm new password', 'new-passwort');
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    });
    expect(describedText(within(section).getByLabelText('Confirm new password'))).toBe('The passwords do not match.');
    expect(calls.some((c) => c.url.endsWith('change_password'))).toBe(false);

    await type(section, 'Confirm new password', 'new-password');
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Change password' }).getAttribute('aria-busy')).toBeNull());
    await act(async () => {
      fireEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    });
    await waitFor(() => expect(describedText(within(section).getByLabelText('Current password'))).toBe('Your current password is not correct.'));
    expect(bodyOf(calls, '/v1/users/me/change_password')).toEqual({ old_password: 'old-password', password: 'new-password' });
  });

  it('shows an error with a retry when the sessions cannot be loaded', async () => {
    givenSession(me());
    stubFetch({ '/v1/users/me/sessions': { status: 500, body: { request_id: 'x' } }, '/v1/users/me/sign-in-methods': { body: { data: { password: true, providers: [] } } } });
    renderApp('/account/me/login-security');
    const section = await screen.findByTestId('sessions-section');
    expect(await within(section).findByText('This could not be loaded.')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('names devices from their user agent', () => {
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({ browser: 'Firefox', os: 'Windows' });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15')).toEqual({ browser: 'Safari', os: 'macOS' });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });
});

describe('notifications', () => {
  const item = (id: number, read = false) => ({ id, title: `Notice ${id}`, message: 'Hello', type: 'success', link: null, read, created_at: '2026-04-01T08:00:00Z' });

  it('shows "No data" when there are none', async () => {
    givenSession(me());
    stubFetch({ '/v1/users/me/notifications': { body: { data: [], total_count: 0, filter_count: 0, unread_count: 0 } } });
    renderApp('/account/me/notifications');
    expect(await screen.findByText('No data')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages 20 at a time with the range, total and pagination, and marks all as read', async () => {
    givenSession(me());
    const { calls } = stubFetch({
      '/v1/users/me/notifications': { body: { data: Array.from({ length: 20 }, (_, i) => item(i + 1)), total_count: 45, filter_count: 45, unread_count: 3 } },
      '/v1/users/me/notifications/read': { body: { updated: 3 } },
    });
    renderApp('/account/me/notifications');
    expect(await screen.findByTestId('paged-range')).toBeTruthy();
    expect(screen.getByTestId('paged-range').textContent).toBe('1–20 of 45');
    expect(calls[0]!.url).toBe('/v1/users/me/notifications?page=0&page_size=20&count=1');
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(nav).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/users/me/notifications?page=2&page_size=20&count=1')).toBe(true));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    });
    await waitFor(() => expect(bodyOf(calls, '/v1/users/me/notifications/read')).toEqual({ ids: 'all' }));
  });

  it('keeps paging within 1 and the page count', () => {
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(45, 20)).toBe(3);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
});

describe('user menu', () => {
  it('offers my chef profile to chefs, Admin to super-users, bookings with the unseen badge, settings and logout', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser({ is_chef: true, is_su: true, chef: { data: { id: 1, uri: 'anna-muster-1', status: 1, is_public: true } }, unseen_order_message_count: 2 }) }));
    const { calls } = stubFetch({ '/v1/auth/logout': { body: { message: 'Signed out.' } }, '/v1/auth/session/user': { body: sessionResponse() } });
    renderApp('/help');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /User menu/ }));
    });
    const menu = screen.getByRole('menu', { name: 'User menu' });
    const items = within(menu).getAllByRole('menuitem').map((el) => el.textContent);
    expect(items).toEqual(['My chef profile', 'Admin', 'My bookings2 unread messages', 'Settings', 'Log out']);
    expect(within(menu).getByRole('menuitem', { name: 'Settings' }).getAttribute('href')).toBe('/account');
    // The chef's public profile (session chef.data.uri), where "Edit profile" is one click away.
    expect(within(menu).getByRole('menuitem', { name: 'My chef profile' }).getAttribute('href')).toBe('/chefs/anna-muster-1');
    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/auth/logout' && c.init.method === 'POST')).toBe(true));
  });

  it('opens the chef area for a chef profile the public cannot see yet (an application, a paused profile)', () => {
    const items = userMenuItems({ is_chef: true, is_su: false, chef: { data: { id: 3, uri: 'new-chef-3', status: 1, is_public: false } }, unseen_order_message_count: 0 }, t);
    expect(items.find((i) => i.key === 'chefprofile')?.href).toBe('/account/me/chefprofile');
  });

  it('hides 400 ms after a press outside it, stays when the pointer comes back in time, and Escape closes it at once', async () => {
    givenSession(sessionResponse({ authenticated: true, data: signedInUser() }));
    stubFetch({});
    renderApp('/help');
    const button = await screen.findByRole('button', { name: /User menu/ });
    const open = async () => {
      await act(async () => {
        fireEvent.click(button);
      });
      return screen.getByRole('menu', { name: 'User menu' });
    };
    const menu = await open();
    const pressed = Date.now();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull(), { timeout: 2000, interval: 20 });
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(DROPDOWN_HIDE_DELAY_MS - 5);
    expect(menu.isConnected).toBe(false);

    await open();
    fireEvent.pointerDown(document.body);
    fireEvent.pointerEnter(button.parentElement!);
    await new Promise((r) => setTimeout(r, DROPDOWN_HIDE_DELAY_MS + 150));
    expect(screen.queryByRole('menu', { name: 'User menu' })).not.toBeNull();

    fireEvent.keyDown(screen.getByRole('menu', { name: 'User menu' }), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('header', () => {
  it('opens the sign-in and sign-up dialogs from its links', async () => {
    givenSession();
    stubFetch({ '/v1/menus/featured': { body: { data: [] } } });
    renderApp('/help');
    await screen.findByRole('heading', { level: 1, name: 'Help & FAQ' });
    await act(async () => {
      fireEvent.click(screen.getAllByRole('link', { name: 'Sign in' })[0]!);
    });
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getAllByRole('link', { name: 'Sign up' })[0]!);
    });
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

